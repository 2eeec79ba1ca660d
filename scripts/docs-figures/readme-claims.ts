// The README's word on validation and conformance, read from the documents that hold the
// verdicts (docs/validation.md's summary table, docs/conformance.md's count), never typed:
// the README's text between `<!-- verdicts: validation -->` (or `conformance`) and
// `<!-- /verdicts -->` is written by scripts/gen-docs-figures.mjs, and readme-claims.test.ts
// fails while it says anything else.
import { wrap } from './wrap';

/** Each paper's verdicts in docs/validation.md's summary table, in the table's order. */
export function validationVerdicts(validationMd: string): Map<string, { agrees: number; trend: number; differs: number }> {
  const summary = validationMd.split(/^## Summary$/m)[1]?.split(/^## /m)[0];
  if (!summary) throw new Error('docs/validation.md has no "## Summary" table');
  const counts = new Map<string, { agrees: number; trend: number; differs: number }>();
  for (const line of summary.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | paper | claim | paper's | ours | verdict |: a row of the table, not its head or rule.
    if (cells.length !== 7 || !/^(\d{3}|theory)$/.test(cells[1])) continue;
    const verdict = cells[5].split(':')[0].split(';')[0].trim();
    const tally = counts.get(cells[1]) ?? { agrees: 0, trend: 0, differs: 0 };
    if (verdict === 'agrees') tally.agrees++;
    else if (verdict === 'agrees in trend') tally.trend++;
    else tally.differs++;
    counts.set(cells[1], tally);
  }
  if (counts.size === 0) throw new Error("docs/validation.md's summary table has no verdicts");
  return counts;
}

const some = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "paper 000: 1 agrees, 2 agree in trend; ...", the theory last. */
export function validationSentence(validationMd: string): string {
  const counts = validationVerdicts(validationMd);
  const papers = [...counts.keys()].sort((a, b) => (a === 'theory' ? 1 : b === 'theory' ? -1 : a.localeCompare(b)));
  const total = [...counts.values()].reduce((n, c) => n + c.agrees + c.trend + c.differs, 0);
  const parts = papers.map((paper) => {
    const c = counts.get(paper)!;
    const said = [
      c.agrees && some(c.agrees, 'agrees', 'agree'),
      c.trend && some(c.trend, 'agrees in trend', 'agree in trend'),
      c.differs && some(c.differs, 'differs', 'differ'),
    ].filter(Boolean);
    return `${paper === 'theory' ? 'the theory' : `paper ${paper}`}: ${said.join(', ')}`;
  });
  return `Today its summary table holds ${total} claims; ${parts.join('; ')}.`;
}

/** "141 of 148 comparisons agree", as docs/conformance.md says it. */
export function conformanceSentence(conformanceMd: string): string {
  const match = /^\*\*(\d+) of (\d+) comparisons agree\.\*\*$/m.exec(conformanceMd);
  if (!match) throw new Error('docs/conformance.md does not say "**N of M comparisons agree.**"');
  return `Today ${match[1]} of ${match[2]} comparisons agree.`;
}

/**
 * How close Reno's send rate came to the Mathis and Padhye models, from docs/validation.md's
 * table of the theory section (one segment per burst: | p | ... | sim / Mathis | sim / Padhye | ...):
 * Mathis' law holds only while timeouts are rare, so it is quoted up to p = 1 % (where the
 * document's verdict stops), Padhye's over every p.
 */
export function mathisSentence(validationMd: string): string {
  const head = /^\| p \| RTT \(ms\) \| send rate[^\n]*\n\|[- |]+\n((?:\|[^\n]*\n)+)/m.exec(validationMd);
  if (!head) throw new Error('docs/validation.md has no table "| p | RTT (ms) | send rate ..." (theory: Mathis and Padhye)');
  const header = head[0]
    .split('\n')[0]
    .split('|')
    .map((c) => c.trim());
  const [pAt, mathisAt, padhyeAt] = ['p', 'sim / Mathis', 'sim / Padhye'].map((name) => header.indexOf(name));
  if (mathisAt < 0 || padhyeAt < 0) throw new Error("docs/validation.md's Mathis table has no sim / Mathis or sim / Padhye column");
  const rows = head[1]
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((c) => c.trim()))
    .map((cells) => ({ p: Number(cells[pAt].replace(' %', '')), mathis: Number(cells[mathisAt]), padhye: Number(cells[padhyeAt]) }));
  const upTo1 = rows.filter((r) => r.p <= 1);
  const span = (xs: number[]) => `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`;
  const off = (xs: number[]) => Math.round(Math.max(...xs.map((x) => Math.abs(1 - x))) * 100);
  const ps = rows.map((r) => r.p);
  return (
    `Reno's send rate is within ${off(upTo1.map((r) => r.mathis))} % of the Mathis law for loss from ` +
    `${Math.min(...upTo1.map((r) => r.p))} % to 1 % (${span(upTo1.map((r) => r.mathis))} times it; beyond, timeouts take over) ` +
    `and within ${off(rows.map((r) => r.padhye))} % of Padhye's model from ${Math.min(...ps)} % to ${Math.max(...ps)} % ` +
    '(one Reno flow, one segment per burst; docs/validation.md, theory (b)).'
  );
}

const MARK = /(<!-- verdicts: (validation|conformance|mathis) -->\n)[\s\S]*?(\n<!-- \/verdicts -->)/g;

/** `readme` with its verdict sentences written anew from the two documents. */
export function withReadmeVerdicts(readme: string, validationMd: string, conformanceMd: string): string {
  const text = {
    validation: wrap(validationSentence(validationMd)),
    conformance: conformanceSentence(conformanceMd),
    mathis: wrap(`- ${mathisSentence(validationMd)}`, '  '),
  };
  return readme.replace(
    MARK,
    (_, open: string, which: 'validation' | 'conformance' | 'mathis', close: string) => `${open}${text[which]}${close}`,
  );
}
