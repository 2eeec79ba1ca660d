/**
 * What a page shows, read as figures (issue 36), to hold against the figures a lesson text
 * quotes. The text's side, the parser and the comparison, is the app's
 * (apps/web/src/lessons/quotedFigures.ts: its strip of quoted settings reads texts the same
 * way). Pure functions: the spec (lesson-figures.spec.ts) reads the page.
 */
import { NUMBER, parseNumber, quotedFigures, shows, type Figure } from '../apps/web/src/lessons/quotedFigures';

export { quotedFigures, shows, type Figure };

/**
 * Every number a page shows, read as each kind it could be: "1,500 B" is bytes, "9" beside
 * "Data bursts dropped" is a count (a bare number counts as a count), "5.00 s" a time.
 */
export function shownFigures(texts: string[]): Figure[] {
  const out: Figure[] = [];
  for (const t of texts) {
    out.push(...quotedFigures(t));
    for (const m of t.matchAll(new RegExp(NUMBER, 'g'))) {
      const { value, decimals } = parseNumber(m[1], m[2]);
      out.push({ text: m[0], kind: 'count', value, half: 0.5 / 10 ** decimals, approximate: false, moment: false, at: m.index });
    }
  }
  return out;
}
