// Writes a generated file only when its text changes (an unchanged table rebuilds nothing),
// saying so on stderr as `<tool>: wrote <path>`. For scripts/gen-*.mjs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** @param {string} root @param {string} path relative to root @param {string} text @param {string} tool */
export function writeIfChanged(root, path, text, tool) {
  const file = join(root, path);
  let old = null;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    // not written yet
  }
  if (old === text) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.error(`${tool}: wrote ${path}`);
}
