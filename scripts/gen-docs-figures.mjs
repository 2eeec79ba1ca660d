// Writes the figures docs/presets.md quotes from runs (scripts/docs-figures/preset-figures.ts):
// `node --import tsx scripts/gen-docs-figures.mjs`; preset-figures.test.ts fails while one is stale.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withMeasuredFigures } from './docs-figures/preset-figures.ts';
import { writeIfChanged } from './write-if-changed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const doc = readFileSync(join(root, 'docs/presets.md'), 'utf8');
writeIfChanged(root, 'docs/presets.md', await withMeasuredFigures(doc), 'gen-docs-figures');
