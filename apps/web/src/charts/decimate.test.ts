import { describe, expect, it } from 'vitest';
import { m4Indices } from './decimate';

const identity = (x: number) => x;

describe('m4Indices', () => {
  it('keeps every sample when there are few per pixel', () => {
    const xs = [0, 1, 2, 3];
    expect(Array.from(m4Indices(xs, [5, 6, 7, 8], 4, identity, 100))).toEqual([0, 1, 2, 3]);
  });

  it('keeps first, last, min and max of each pixel column, in order', () => {
    // 1000 samples over 10 pixel columns.
    const n = 1000;
    const xs = Float64Array.from({ length: n }, (_, i) => i / 100);
    const ys = Float64Array.from({ length: n }, (_, i) => Math.sin(i * 0.37) * (i % 97));
    const keep = m4Indices(xs, ys, n, identity, 10);
    expect(keep.length).toBeLessThanOrEqual(40);
    for (let k = 1; k < keep.length; k++) expect(keep[k]).toBeGreaterThan(keep[k - 1]);
    for (let c = 0; c < 10; c++) {
      const idx = Array.from({ length: 100 }, (_, j) => c * 100 + j);
      const lo = idx.reduce((a, b) => (ys[b] < ys[a] ? b : a));
      const hi = idx.reduce((a, b) => (ys[b] > ys[a] ? b : a));
      const kept = new Set(keep);
      expect(kept.has(c * 100)).toBe(true);
      expect(kept.has(c * 100 + 99)).toBe(true);
      expect(kept.has(lo)).toBe(true);
      expect(kept.has(hi)).toBe(true);
    }
  });

  it('only reads the first `length` samples', () => {
    const xs = Float64Array.from({ length: 100 }, (_, i) => i);
    const ys = new Float64Array(100).fill(1);
    ys[90] = 1e9; // beyond length, must not appear
    const keep = m4Indices(xs, ys, 50, (x) => x / 10, 1);
    expect(Math.max(...keep)).toBe(49);
  });
});
