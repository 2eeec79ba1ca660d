import { scaleLinear } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import { niceTop } from './niceTop';

describe('niceTop', () => {
  it('rounds up to a round number not far above (4 ticks)', () => {
    expect(niceTop(7, 4)).toBe(8);
    expect(niceTop(10, 4)).toBe(10);
    expect(niceTop(11, 4)).toBe(12);
    expect(niceTop(21, 4)).toBe(25);
    expect(niceTop(134.4, 4)).toBe(150);
    expect(niceTop(0.31, 4)).toBe(0.4);
    expect(niceTop(97.65, 4)).toBe(100);
  });
  it('ends the axis on its last tick, for the ticks it shows', () => {
    // The former hand-made steps (1, 1.2, 1.5, ... 8) gave 80 for 61 whatever the axis:
    // with 5 ticks (0, 20, ... 80) fine, with 2 (0, 50) the top 30 was unlabelled.
    expect(niceTop(61, 5)).toBe(70);
    expect(niceTop(61, 2)).toBe(100);
    expect(niceTop(3.1, 6)).toBe(3.5);
    for (const ticks of [2, 3, 4, 5, 6]) {
      for (const v of [0.0123, 0.31, 1.05, 3.1, 7, 43.2, 61, 134.4, 1234, 4.2e9]) {
        const top = niceTop(v, ticks);
        expect(top).toBeGreaterThanOrEqual(v);
        expect(scaleLinear().domain([0, top]).ticks(ticks).at(-1)).toBeCloseTo(top, 9);
      }
    }
  });
  it('is 0 for empty or invalid input', () => {
    expect(niceTop(0, 4)).toBe(0);
    expect(niceTop(NaN, 4)).toBe(0);
  });
});
