// docs/presets.md's measured paragraphs are what their runs give today
// (preset-figures.ts; regenerate: node --import tsx scripts/gen-docs-figures.mjs).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { MEASURED, withMeasuredFigures } from './preset-figures';

const doc = readFileSync(new URL('../../docs/presets.md', import.meta.url), 'utf8');

it('every measured paragraph of docs/presets.md is what its runs give (else: node --import tsx scripts/gen-docs-figures.mjs)', async () => {
  expect(await withMeasuredFigures(doc)).toBe(doc);
});

it('every preset with runs here has its paragraph in the doc, and the paragraphs are not empty', () => {
  for (const id of Object.keys(MEASURED)) expect(doc).toMatch(new RegExp(`<!-- measured: ${id} -->\\nMeasured \\(`));
});
