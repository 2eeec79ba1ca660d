/**
 * Whether A and B differ by more than the noise of their seeds: the 95 % interval of the
 * difference of their means (Welch's, for samples of unequal spread), and a plain sentence.
 * One seed a side gives no interval: the sentence says the difference may be noise.
 */
import { describeSamples, tQuantile975 } from '@obs-tcp-sim/sweep';

export interface Difference {
  /** mean(B) - mean(A). */
  diff: number;
  /** 95 % interval of the difference; null with one seed on a side. */
  low: number | null;
  high: number | null;
}

export function differenceOf(a: readonly number[], b: readonly number[]): Difference | null {
  const sa = describeSamples(a);
  const sb = describeSamples(b);
  if (sa.mean === null || sb.mean === null) return null;
  const diff = sb.mean - sa.mean;
  if (sa.sd === null || sb.sd === null) return { diff, low: null, high: null };
  const va = (sa.sd * sa.sd) / sa.n;
  const vb = (sb.sd * sb.sd) / sb.n;
  const se = Math.sqrt(va + vb);
  if (se === 0) return { diff, low: diff, high: diff };
  // Welch-Satterthwaite degrees of freedom, rounded down (a wider interval, never narrower).
  const df = Math.max(1, Math.floor((va + vb) ** 2 / ((va * va) / (sa.n - 1) + (vb * vb) / (sb.n - 1))));
  const half = tQuantile975(df) * se;
  return { diff, low: diff - half, high: diff + half };
}

/** True when the interval holds 0 (or there is none): the difference may be noise. */
export function withinNoise(d: Difference): boolean {
  return d.low === null || d.high === null || (d.low <= 0 && d.high >= 0);
}

/**
 * "With 5 seeds each, the goodput of B is 35 % lower than that of A, more than the noise
 * (95 % interval of the difference: -4.1 to -2.9 Mbit/s)."
 */
export function differenceSentence(
  what: string,
  names: readonly [string, string],
  a: readonly number[],
  b: readonly number[],
  format: (x: number) => string,
): string {
  const d = differenceOf(a, b);
  if (!d) return '';
  const seeds = a.length === b.length ? `${a.length} seed${a.length === 1 ? '' : 's'} each` : `${a.length} and ${b.length} seeds`;
  const meanA = d.diff === 0 ? 0 : describeSamples(a).mean!;
  const pct = meanA === 0 ? null : (Math.abs(d.diff) / Math.abs(meanA)) * 100;
  const howMuch =
    d.diff === 0
      ? 'the same as'
      : `${pct === null ? format(Math.abs(d.diff)) : `${pct < 10 ? pct.toFixed(1) : pct.toFixed(0)} %`} ${d.diff > 0 ? 'higher' : 'lower'} than`;
  const head = `With ${seeds}, the ${what} of ${names[1]} is ${howMuch} that of ${names[0]}`;
  if (d.low === null || d.high === null) return `${head}: one seed cannot tell this from noise; run more seeds.`;
  const interval = `95 % interval of the difference: ${format(d.low)} to ${format(d.high)}`;
  return withinNoise(d) ? `${head}, within the noise (${interval}, which holds 0).` : `${head}, more than the noise (${interval}).`;
}
