import { describe, expect, it } from 'vitest';
import { windowedRate } from './rate';

describe('windowedRate', () => {
  // A sample every 10 ms; 50,000 bytes arrive every 4th interval (a burst): 10 Mbit/s mean.
  const n = 400;
  const t = Float64Array.from({ length: n }, (_, i) => (i + 1) * 0.01);
  const goodput = Float64Array.from({ length: n }, (_, i) => (i % 4 === 3 ? 40e6 : 0));
  const delivered = new Float64Array(n);
  for (let i = 0, d = 0; i < n; i++) delivered[i] = d += (goodput[i] * 0.01) / 8;

  it('smooths a comb of bursts into its mean', () => {
    const out = windowedRate(t, delivered, goodput, 0, n, 0.2, new Float64Array(n));
    for (let i = 40; i < n; i++) expect(out[i]).toBeCloseTo(10e6, -3);
  });

  it('counts from t = 0 before one window has passed', () => {
    const out = windowedRate(t, delivered, goodput, 0, n, 1, new Float64Array(n));
    expect(out[3]).toBeCloseTo((50_000 * 8) / 0.04, 3);
    expect(out[1]).toBe(0);
  });

  it('gives the same values for a sub-range as for the whole', () => {
    const all = windowedRate(t, delivered, goodput, 0, n, 0.5, new Float64Array(n));
    const part = windowedRate(t, delivered, goodput, 150, 220, 0.5, new Float64Array(n));
    for (let i = 150; i < 220; i++) expect(part[i]).toBe(all[i]);
  });

  it('a window of 0 is the per-interval goodput', () => {
    const out = windowedRate(t, delivered, goodput, 0, n, 0, new Float64Array(n));
    expect(Array.from(out.subarray(0, 4))).toEqual([0, 0, 0, 40e6]);
  });
});
