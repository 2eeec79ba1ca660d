// Writes the figures docs/presets.md quotes from runs (scripts/docs-figures/preset-figures.ts,
// and from validate's cache for the long ones: preset-figures-validated.ts)
// and the README's verdicts from docs/validation.md and docs/conformance.md (readme-claims.ts),
// and docs/performance.md's page timings from recorded bench runs (bench-figures.ts):
// `node --import tsx scripts/gen-docs-figures.mjs`; their tests fail while one is stale.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withMeasuredFigures } from './docs-figures/preset-figures.ts';
import { cacheAt, withValidatedFigures } from './docs-figures/preset-figures-validated.ts';
import { withReadmeVerdicts } from './docs-figures/readme-claims.ts';
import { withReadmeFigures } from './docs-figures/readme-figures.ts';
import { withBenchFigures } from './docs-figures/bench-figures.ts';
import { writeIfChanged } from './write-if-changed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const doc = readFileSync(join(root, 'docs/presets.md'), 'utf8');
// The short runs run here; the long ones are read from validate's cache (validation/results/).
const presets = withValidatedFigures(await withMeasuredFigures(doc), cacheAt(pathToFileURL(`${root}/`)));
writeIfChanged(root, 'docs/presets.md', presets, 'gen-docs-figures');
const read = (path) => readFileSync(join(root, path), 'utf8');
writeIfChanged(
  root,
  'README.md',
  withReadmeVerdicts(await withReadmeFigures(read('README.md')), read('docs/validation.md'), read('docs/conformance.md')),
  'gen-docs-figures',
);
writeIfChanged(
  root,
  'docs/performance.md',
  withBenchFigures(read('docs/performance.md'), pathToFileURL(`${root}/docs/figures/bench/`)),
  'gen-docs-figures',
);
