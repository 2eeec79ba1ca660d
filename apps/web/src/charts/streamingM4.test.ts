import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { m4Range } from './decimate';
import { StreamingM4 } from './streamingM4';

const toPixel = (x: number) => x / 7;

/**
 * M4 by its definition, always decimating (m4Range keeps every sample of a short range):
 * per pixel column its first, minimum, maximum and last sample, a NaN never the minimum
 * or maximum while the column has a number.
 */
function m4Reference(xs: ArrayLike<number>, ys: ArrayLike<number>, from: number, to: number): number[] {
  const out: number[] = [];
  let i = from;
  while (i < to) {
    const column = Math.floor(toPixel(xs[i]));
    let j = i;
    while (j < to && Math.floor(toPixel(xs[j])) === column) j++;
    const members = Array.from({ length: j - i }, (_, k) => i + k);
    const numbers = members.filter((k) => !Number.isNaN(ys[k]));
    const pool = numbers.length > 0 ? numbers : [i];
    // Ties go to the earliest sample.
    const min = pool.reduce((a, b) => (ys[b] < ys[a] ? b : a));
    const max = pool.reduce((a, b) => (ys[b] > ys[a] ? b : a));
    for (const k of [...new Set([i, min, max, j - 1])].sort((a, b) => a - b)) out.push(k);
    i = j;
  }
  return out;
}

describe('StreamingM4', () => {
  it('gives m4Range its picks where that decimates (one pass, no state kept)', () => {
    const xs = Float64Array.from({ length: 3000 }, (_, i) => i / 10);
    const ys = Float64Array.from({ length: 3000 }, (_, i) => Math.sin(i * 0.37) * (i % 97));
    expect(Array.from(m4Range(xs, ys, 0, 3000, toPixel, 10))).toEqual(m4Reference(xs, ys, 0, 3000));
    expect(Array.from(m4Range(xs, ys, 100, 2000, toPixel, 10))).toEqual(m4Reference(xs, ys, 100, 2000));
  });

  it('picks what a full M4 pass picks, however the samples arrive', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(NaN)), { minLength: 1, maxLength: 400 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.double({ min: 0, max: 30, noNaN: true }), { minLength: 1, maxLength: 400 }),
        (ys, chunks, steps) => {
          const n = ys.length;
          // Sorted times with repeats (several samples per column, and columns skipped).
          const xs = new Float64Array(n);
          for (let i = 1; i < n; i++) xs[i] = xs[i - 1] + steps[i % steps.length] * (i % 3 === 0 ? 0 : 1);
          const m4 = new StreamingM4();
          let to = 0;
          for (const c of [...chunks, n]) {
            to = Math.min(n, to + c);
            m4.resumeAt('view', 0, to);
            expect(Array.from(m4.update(xs, ys, toPixel))).toEqual(m4Reference(xs, ys, 0, to));
          }
        },
      ),
    );
  });

  it('reads again the open column, whose newest row may still change', () => {
    const xs = Float64Array.from([0, 1, 2, 10, 11]);
    const ys = Float64Array.from([5, 6, 7, 1, 2]);
    const m4 = new StreamingM4();
    expect(m4.resumeAt('v', 0, 5)).toBe(0);
    expect(Array.from(m4.update(xs, ys, toPixel))).toEqual([0, 2, 3, 4]);
    // Column 0 (samples 0-2) is settled; column 1 (3-4) is read again.
    expect(m4.resumeAt('v', 0, 5)).toBe(3);
    ys[4] = 0; // the open row filled up: now the minimum
    expect(Array.from(m4.update(xs, ys, toPixel))).toEqual([0, 2, 3, 4]);
    ys[3] = 9;
    expect(Array.from(m4.update(xs, ys, toPixel))).toEqual([0, 2, 3, 4]);
  });

  it('starts over when the view, the first sample or the run changes', () => {
    const xs = Float64Array.from({ length: 50 }, (_, i) => i);
    const ys = Float64Array.from({ length: 50 }, (_, i) => (i * 37) % 11);
    const m4 = new StreamingM4();
    m4.resumeAt('a', 0, 50);
    m4.update(xs, ys, toPixel);
    expect(m4.resumeAt('a', 0, 50)).toBeGreaterThan(0);
    expect(m4.resumeAt('b', 0, 50)).toBe(0);
    m4.update(xs, ys, toPixel);
    expect(m4.resumeAt('b', 5, 50)).toBe(5);
    m4.update(xs, ys, toPixel);
    // Fewer samples than last time: a new run in the same view.
    expect(m4.resumeAt('b', 5, 20)).toBe(5);
    expect(Array.from(m4.update(xs, ys, toPixel))).toEqual(m4Reference(xs, ys, 5, 20));
  });
});
