/**
 * The figures a lesson text quotes, and whether a page shows them (issue 36): numbers with a
 * unit ("36 %", "13.0 Mbit/s", "70,000 B", "1.5 KB", "0.2 s") or counted things ("27 of its
 * bursts", "16 bursts"), read into one base unit per kind so "1.5 KB" in a text matches
 * "1,500 B" on the page. Pure functions: the spec (lesson-figures.spec.ts) reads the page.
 */

export type Kind = 'percent' | 'rate' | 'time' | 'bytes' | 'count' | 'pkt-rate';

export interface Figure {
  /** As written: "13.0 Mbit/s". */
  text: string;
  kind: Kind;
  /** In the kind's base unit: %, bit/s, s, B, a count, packets per second. */
  value: number;
  /**
   * Half a unit of the last digit written, in the base unit: "13.0 Mbit/s" is 13.0 ± 0.05
   * Mbit/s; "about 45 segments" (or "some", "nearly") rounds in words, to a tenth of itself.
   */
  half: number;
}

// Words that round a figure: "about 45 segments", "some fifteen", "nearly 2 %".
const ROUNDING_WORDS = /\b(?:about|some|nearly|around) $/;

function halfOf(text: string, at: number, digitHalf: number, value: number): number {
  return ROUNDING_WORDS.test(text.slice(Math.max(0, at - 8), at)) ? Math.max(digitHalf, 0.1 * Math.abs(value)) : digitHalf;
}

const UNITS: Record<string, { kind: Kind; scale: number }> = {
  '%': { kind: 'percent', scale: 1 },
  'Tbit/s': { kind: 'rate', scale: 1e12 },
  'Gbit/s': { kind: 'rate', scale: 1e9 },
  'Mbit/s': { kind: 'rate', scale: 1e6 },
  'kbit/s': { kind: 'rate', scale: 1e3 },
  'bit/s': { kind: 'rate', scale: 1 },
  'pkt/s': { kind: 'pkt-rate', scale: 1 },
  s: { kind: 'time', scale: 1 },
  ms: { kind: 'time', scale: 1e-3 },
  µs: { kind: 'time', scale: 1e-6 },
  ns: { kind: 'time', scale: 1e-9 },
  B: { kind: 'bytes', scale: 1 },
  KB: { kind: 'bytes', scale: 1e3 },
  kB: { kind: 'bytes', scale: 1e3 },
  MB: { kind: 'bytes', scale: 1e6 },
  GB: { kind: 'bytes', scale: 1e9 },
};

// A number: "1,172", "0.7", "36"; not the digits inside a name (C1, E2, N24, 6582 in "RFC 6582").
const NUMBER = String.raw`(?<![\w.\-/])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?`;
const UNIT = String.raw`\s?(Tbit/s|Gbit/s|Mbit/s|kbit/s|bit/s|pkt/s|µs|ns|ms|s|KB|kB|MB|GB|B|%)(?![\w/])`;
// Counted things: "27 bursts", "16 of the flow's bursts", "27 of its bursts", "3 fast retransmits".
const COUNTED = String.raw`\s(?:of (?:its|the flow's|the flow’s|the) )?(?:data |ACK |background )?(bursts?|segments?|fast retransmits?|timeouts?|retransmissions?)\b`;

function parseNumber(whole: string, fraction: string | undefined): { value: number; decimals: number } {
  return { value: Number(whole.replace(/,/g, '') + (fraction ?? '')), decimals: fraction ? fraction.length - 1 : 0 };
}

/** The figures of a text, in the order written. */
export function quotedFigures(text: string): Figure[] {
  const out: Figure[] = [];
  for (const m of text.matchAll(new RegExp(NUMBER + UNIT, 'g'))) {
    const { value, decimals } = parseNumber(m[1], m[2]);
    const unit = UNITS[m[3]];
    const base = value * unit.scale;
    out.push({ text: m[0], kind: unit.kind, value: base, half: halfOf(text, m.index, (0.5 * unit.scale) / 10 ** decimals, base) });
  }
  for (const m of text.matchAll(new RegExp(NUMBER + COUNTED, 'g'))) {
    const { value } = parseNumber(m[1], m[2]);
    if (m[2]) continue;
    out.push({ text: m[0], kind: 'count', value, half: halfOf(text, m.index, 0.5, value) });
  }
  return out;
}

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
      out.push({ text: m[0], kind: 'count', value, half: 0.5 / 10 ** decimals });
    }
  }
  return out;
}

/**
 * Whether the page shows a quoted figure within the rounding of the coarser of the two:
 * "13.0 Mbit/s" matches "13.04 Mbit/s" and "13 Mbit/s" on screen, not "12.9 Mbit/s".
 */
export function shows(shown: Figure[], quoted: Figure): boolean {
  return shown.some((s) => {
    if (s.kind !== quoted.kind) return false;
    const half = Math.max(s.half, quoted.half);
    return Math.abs(s.value - quoted.value) <= half * (1 + 1e-9);
  });
}
