/** 1, 2, 2.5 or 5 times a power of ten, at least v: tick-friendly and stable. */
export function niceTop(v: number): number {
  if (!(v > 0)) return 0;
  const p = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}
