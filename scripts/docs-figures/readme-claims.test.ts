// The README says of validation and conformance what their documents' verdicts say
// (readme-claims.ts; regenerate: node --import tsx scripts/gen-docs-figures.mjs).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validationSentence, validationVerdicts, withReadmeVerdicts } from './readme-claims';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const [readme, validation, conformance] = ['README.md', 'docs/validation.md', 'docs/conformance.md'].map(read);

describe("the README's verdicts", () => {
  it("are the documents' own (else: node --import tsx scripts/gen-docs-figures.mjs)", () => {
    expect(withReadmeVerdicts(readme, validation, conformance)).toBe(readme);
    expect(readme).toMatch(/<!-- verdicts: validation -->\nToday its summary table holds \d+ claims/);
    expect(readme).toMatch(/<!-- verdicts: conformance -->\nToday \d+ of \d+ comparisons agree\./);
  });

  it('counts every row of the summary table, a verdict that is neither kind of agreement as differing', () => {
    const table = [
      '## Summary',
      '',
      '| paper | claim | paper | ours | verdict |',
      '| --- | --- | --- | --- | --- |',
      '| 000 | a | 1 | 1 | agrees |',
      '| 000 | b | 1 | 2 | agrees in trend: harsher here |',
      '| 003 | c | 1 | 3 | level differs (2.4x); same level for every Wm agrees |',
      '| theory | d | f | 1 | agrees |',
      '',
      '## Paper 000',
      '| 000 | not in the summary | 1 | 1 | agrees |',
    ].join('\n');
    expect(Object.fromEntries(validationVerdicts(table))).toEqual({
      '000': { agrees: 1, trend: 1, differs: 0 },
      '003': { agrees: 0, trend: 0, differs: 1 },
      theory: { agrees: 1, trend: 0, differs: 0 },
    });
    expect(validationSentence(table)).toBe(
      'Today its summary table holds 4 claims; paper 000: 1 agrees, 1 agrees in trend; paper 003: 1 differs; the theory: 1 agrees.',
    );
  });
});
