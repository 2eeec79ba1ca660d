// The README's figures are what their runs give today (readme-figures.ts; regenerate:
// node --import tsx scripts/gen-docs-figures.mjs).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { README_FIGURES, withReadmeFigures } from './readme-figures';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

it('every measured text of the README is what its runs give (else: node --import tsx scripts/gen-docs-figures.mjs)', async () => {
  expect(await withReadmeFigures(readme)).toBe(readme);
  for (const id of README_FIGURES) expect(readme).toMatch(new RegExp(`<!-- measured: ${id} -->\\n- \\S`));
});
