import { describe, expect, it } from 'vitest';
import { describeSamples, tQuantile975 } from './index';

describe('tQuantile975', () => {
  it('matches published t tables', () => {
    // Closed forms: df 1 is tan(0.475 pi), df 2 is 0.95 / sqrt(2 * 0.975 * 0.025).
    expect(tQuantile975(1)).toBeCloseTo(Math.tan(0.475 * Math.PI), 12);
    expect(tQuantile975(2)).toBeCloseTo(0.95 / Math.sqrt(2 * 0.975 * 0.025), 12);
    const table: [number, number][] = [
      [3, 3.182],
      [4, 2.776],
      [5, 2.571],
      [9, 2.262],
      [10, 2.228],
      [20, 2.086],
      [30, 2.042],
      [60, 2.0],
      [120, 1.98],
    ];
    for (const [df, t] of table) expect(tQuantile975(df), `df ${df}`).toBeCloseTo(t, 3);
  });

  it('joins the table smoothly and tends to the normal quantile', () => {
    // mpmath values beyond the table, where the Cornish-Fisher series takes over.
    const reference: [number, number][] = [
      [61, 1.9996235849949398],
      [100, 1.9839715185235522],
      [200, 1.9718962236339095],
      [1000, 1.9623390808264085],
    ];
    for (const [df, t] of reference) expect(Math.abs(tQuantile975(df) - t) / t, `df ${df}`).toBeLessThan(5e-10);
    for (let df = 1; df < 500; df++) expect(tQuantile975(df + 1)).toBeLessThan(tQuantile975(df));
    expect(tQuantile975(1e9)).toBeCloseTo(1.959963984540054, 8);
  });

  it('refuses what is not a degree of freedom', () => {
    for (const df of [0, -1, 1.5, Number.NaN]) expect(() => tQuantile975(df)).toThrow(RangeError);
  });
});

describe('describeSamples', () => {
  it('gives n, mean, sample sd and the t half-width', () => {
    const s = describeSamples([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.n).toBe(8);
    expect(s.mean).toBe(5);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 14);
    expect(s.ci95).toBeCloseTo((2.3646242515927853 * Math.sqrt(32 / 7)) / Math.sqrt(8), 14);
    // Five samples: t(0.975, 4) = 2.776.
    const five = describeSamples([10, 12, 9, 11, 13]);
    expect(five.ci95).toBeCloseTo((2.7764451051977943 * Math.sqrt(2.5)) / Math.sqrt(5), 12);
  });

  it('has no spread below two samples', () => {
    expect(describeSamples([])).toEqual({ n: 0, mean: null, sd: null, ci95: null });
    expect(describeSamples([3])).toEqual({ n: 1, mean: 3, sd: null, ci95: null });
    expect(describeSamples([3, 3])).toEqual({ n: 2, mean: 3, sd: 0, ci95: 0 });
  });
});
