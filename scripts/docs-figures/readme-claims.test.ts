// The README says of validation and conformance what their documents' verdicts say
// (readme-claims.ts; regenerate: node --import tsx scripts/gen-docs-figures.mjs).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mathisSentence, validationSentence, validationVerdicts, withReadmeVerdicts } from './readme-claims';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const [readme, validation, conformance] = ['README.md', 'docs/validation.md', 'docs/conformance.md'].map(read);

describe("the README's verdicts", () => {
  it("are the documents' own (else: node --import tsx scripts/gen-docs-figures.mjs)", () => {
    expect(withReadmeVerdicts(readme, validation, conformance)).toBe(readme);
    expect(readme).toMatch(/<!-- verdicts: validation -->\nToday its summary table holds \d+ claims/);
    expect(readme).toMatch(/<!-- verdicts: conformance -->\nToday \d+ of \d+ comparisons agree\./);
    expect(readme).toMatch(/<!-- verdicts: mathis -->\n- Reno's send rate is within \d+ % of the Mathis law/);
  });

  it("reads the Mathis and Padhye ratios from the theory's table: Mathis up to 1 %, Padhye over every p", () => {
    const table = [
      '| p | RTT (ms) | send rate, Mbit/s (95 % CI) | Mathis | Padhye | sim / Mathis | sim / Padhye | RTOs |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      '| 0.1 % | 44 | 10 | 10 | 10 | 1.05 | 1.02 | 1 |',
      '| 1.0 % | 44 | 2.6 | 3.2 | 2.9 | 0.90 | 0.89 | 9 |',
      '| 5.0 % | 44 | 0.86 | 1.45 | 0.94 | 0.59 | 0.97 | 30 |',
      '',
    ].join('\n');
    expect(mathisSentence(table)).toBe(
      "Reno's send rate is within 10 % of the Mathis law for loss from 0.1 % to 1 % (0.90-1.05 times it; beyond, timeouts take over) and within 11 % of Padhye's model from 0.1 % to 5 % (one Reno flow, one segment per burst; docs/validation.md, theory (b)).",
    );
    expect(() => mathisSentence('no table here')).toThrow('has no table');
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
