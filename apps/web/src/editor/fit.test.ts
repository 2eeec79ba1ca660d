import { describe, expect, it } from 'vitest';
import { apply, fitTransform, invert } from './fit';

describe('fitTransform', () => {
  it('fits a row of nodes inside the padding, centred', () => {
    const t = fitTransform(
      [
        { x: 60, y: 200 },
        { x: 740, y: 200 },
      ],
      { width: 800, height: 200, padding: 40 },
    );
    const [ax, ay] = apply(t, 60, 200);
    const [bx, by] = apply(t, 740, 200);
    expect([ax, ay, bx, by].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([40, 100, 760, 100]);
  });
  it('keeps the aspect ratio and caps the zoom of tiny drawings', () => {
    const t = fitTransform(
      [
        { x: 0, y: 0 },
        { x: 10, y: 10 },
      ],
      { width: 800, height: 200, padding: 40 },
    );
    expect(t.k).toBe(2);
    const one = fitTransform([{ x: 5, y: 5 }], { width: 100, height: 100, padding: 10 });
    expect(apply(one, 5, 5)).toEqual([50, 50]);
  });
  it('invert undoes apply', () => {
    const t = { k: 1.7, x: -30, y: 12 };
    const [x, y] = invert(t, ...apply(t, 123, -45));
    expect(x).toBeCloseTo(123, 9);
    expect(y).toBeCloseTo(-45, 9);
  });
});
