// Writes the engine's tables generated from the scenario schema (scripts/engine-tables/):
// `node --import tsx scripts/gen-engine-tables.mjs`. The native and wasm builds run it
// first; a file is rewritten only when its text changes, so an unchanged table rebuilds nothing.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_TABLES } from './engine-tables/tables.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const { path, render } of ENGINE_TABLES) {
  const file = join(root, path);
  const text = render();
  let old = null;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    // not written yet
  }
  if (old === text) continue;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.error(`gen-engine-tables: wrote ${path}`);
}
