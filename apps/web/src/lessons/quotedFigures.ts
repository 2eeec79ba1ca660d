/**
 * The figures a lesson text quotes (issue 36): numbers with a unit ("36 %", "13.0 Mbit/s",
 * "70,000 B", "1.5 KB", "0.2 s") or counted things ("27 of its bursts", "16 bursts"), read
 * into one base unit per kind so "1.5 KB" in a text matches "1,500 B" elsewhere. Pure: the
 * lesson panel's strip of settings (quotedSettings.ts) matches them against the scenario's
 * fields, and e2e/lesson-figures.spec.ts against what the page shows.
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
  /** Rounded in words ("about 35 ms"): a reading of the run or a reckoning, never a setting quoted. */
  approximate: boolean;
  /** A moment on the run's clock ("reached C1 at 9.2 ms", "t = 5 s"), not a length of time a setting could hold. */
  moment: boolean;
  /** Where it begins in its text. */
  at: number;
  /** What a count counts, singular ("segment", "burst"); absent for a bare number. */
  counted?: string;
}

// Words that round a figure: "about 45 segments", "some fifteen", "nearly 2 %".
const ROUNDING_WORDS = /\b(?:about|some|nearly|around) $/;

function roundedInWords(text: string, at: number): boolean {
  return ROUNDING_WORDS.test(text.slice(Math.max(0, at - 8), at));
}

// Words before a moment: "reached C1 at 9.2 ms", "pauses at 5 s", "to t = 5 s"; but "fixed at 0.5 ms" gives a value.
const MOMENT_WORDS = /(?:(?<!fixed )\bat|\bt =) $/;

function namesAMoment(text: string, at: number, kind: Kind): boolean {
  return kind === 'time' && MOMENT_WORDS.test(text.slice(Math.max(0, at - 10), at));
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
export const NUMBER = String.raw`(?<![\w.\-/])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?`;
const UNIT = String.raw`\s?(Tbit/s|Gbit/s|Mbit/s|kbit/s|bit/s|pkt/s|µs|ns|ms|s|KB|kB|MB|GB|B|%)(?![\w/])`;
// Counted things: "27 bursts", "16 of the flow's bursts", "27 of its bursts", "3 fast retransmits".
const COUNTED = String.raw`\s(?:of (?:its|the flow's|the flow’s|the) )?(?:data |ACK |background )?(bursts?|segments?|fast retransmits?|timeouts?|retransmissions?)\b`;

/** "1,172" and ".5" as a number, and how many decimals were written. */
export function parseNumber(whole: string, fraction: string | undefined): { value: number; decimals: number } {
  return { value: Number(whole.replace(/,/g, '') + (fraction ?? '')), decimals: fraction ? fraction.length - 1 : 0 };
}

/** The figures of a text, in the order written. */
export function quotedFigures(text: string): Figure[] {
  const out: Figure[] = [];
  for (const m of text.matchAll(new RegExp(NUMBER + UNIT, 'g'))) {
    const { value, decimals } = parseNumber(m[1], m[2]);
    const unit = UNITS[m[3]];
    const base = value * unit.scale;
    const approximate = roundedInWords(text, m.index);
    const digitHalf = (0.5 * unit.scale) / 10 ** decimals;
    out.push({
      text: m[0],
      kind: unit.kind,
      value: base,
      half: approximate ? Math.max(digitHalf, 0.1 * Math.abs(base)) : digitHalf,
      approximate,
      moment: namesAMoment(text, m.index, unit.kind),
      at: m.index,
    });
  }
  for (const m of text.matchAll(new RegExp(NUMBER + COUNTED, 'g'))) {
    const { value } = parseNumber(m[1], m[2]);
    if (m[2]) continue;
    const approximate = roundedInWords(text, m.index);
    out.push({
      text: m[0],
      kind: 'count',
      value,
      half: approximate ? Math.max(0.5, 0.1 * value) : 0.5,
      approximate,
      moment: false,
      at: m.index,
      counted: m[3].replace(/s$/, ''),
    });
  }
  return out;
}

/**
 * Whether `quoted` is one of `shown` within the rounding of the coarser of the two:
 * "13.0 Mbit/s" matches "13.04 Mbit/s" and "13 Mbit/s", not "12.9 Mbit/s". Counts of
 * different things never match ("10 segments" is not "10 bursts"); a bare number counts
 * anything.
 */
export function shows(shown: Figure[], quoted: Figure): boolean {
  return shown.some((s) => {
    if (s.kind !== quoted.kind) return false;
    if (s.counted && quoted.counted && s.counted !== quoted.counted) return false;
    const half = Math.max(s.half, quoted.half);
    return Math.abs(s.value - quoted.value) <= half * (1 + 1e-9);
  });
}
