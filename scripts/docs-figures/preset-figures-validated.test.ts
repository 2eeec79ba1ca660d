// docs/presets.md's paragraphs measured by `npm run validate` are what its cache holds
// (preset-figures-validated.ts; regenerate: node --import tsx scripts/gen-docs-figures.mjs,
// or npm run validate -- --only presets to run them again). No run here: the cache is read.
import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { MEASURED_FROM_VALIDATION, PRESET_SPECS, PRESET_TABLE, cacheAt, withValidatedFigures } from './preset-figures-validated';

const root = new URL('../../', import.meta.url);
const doc = readFileSync(new URL('docs/presets.md', root), 'utf8');

it("every paragraph of docs/presets.md measured by validate is what validate's cache gives (else: node --import tsx scripts/gen-docs-figures.mjs)", () => {
  expect(withValidatedFigures(doc, cacheAt(root))).toBe(doc);
});

it('every paragraph has its block in the doc, and every run it reads is cached with the engine that made it', () => {
  for (const id of Object.keys(MEASURED_FROM_VALIDATION)) expect(doc).toContain(`<!-- measured by validate: ${id} -->\n`);
  for (const spec of [...PRESET_SPECS, PRESET_TABLE]) {
    expect(existsSync(new URL(`validation/results/${spec}.json`, root)), spec).toBe(true);
    expect(cacheAt(root).engine(spec), spec).toMatch(/^[0-9a-f]{12,16}$/);
  }
  for (const spec of PRESET_SPECS) expect(existsSync(new URL(`validation/specs/${spec}.json`, root)), spec).toBe(true);
});
