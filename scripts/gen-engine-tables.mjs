// Writes the engine's tables generated from the scenario schema (scripts/engine-tables/):
// `node --import tsx scripts/gen-engine-tables.mjs`. The native and wasm builds run it
// first; a file is rewritten only when its text changes, so an unchanged table rebuilds nothing.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_TABLES } from './engine-tables/tables.ts';
import { writeIfChanged } from './write-if-changed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const { path, render } of ENGINE_TABLES) writeIfChanged(root, path, render(), 'gen-engine-tables');
