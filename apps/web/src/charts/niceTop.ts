/**
 * The smallest "round" number at least v (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a
 * power of ten): fine enough not to waste a third of the chart, round enough for ticks.
 */
const STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

export function niceTop(v: number): number {
  if (!(v > 0)) return 0;
  const p = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of STEPS) if (m * p >= v * (1 - 1e-12)) return Number((m * p).toPrecision(12));
  return 10 * p;
}
