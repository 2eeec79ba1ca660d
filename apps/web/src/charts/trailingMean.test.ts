import { describe, expect, it } from 'vitest';
import { trailingMean } from './trailingMean';

describe('trailingMean', () => {
  it('averages the samples of the last window seconds, never later ones', () => {
    const ts = [0, 0.1, 0.2, 0.3, 0.4];
    const ys = [10, 20, 30, 40, 1000];
    const out = trailingMean(ts, ys, 4, 0.2, new Float64Array(5));
    // window 0.2 s: samples with t > t_i - 0.2
    expect(Array.from(out.slice(0, 4))).toEqual([10, 15, 25, 35]);
    expect(out[4]).toBe(0); // beyond length: untouched
  });
});
