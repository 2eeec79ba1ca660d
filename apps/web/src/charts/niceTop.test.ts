import { describe, expect, it } from 'vitest';
import { niceTop } from './niceTop';

describe('niceTop', () => {
  it('rounds up to 1, 2, 2.5, 5 or 10 times a power of ten', () => {
    expect(niceTop(7)).toBe(10);
    expect(niceTop(10)).toBe(10);
    expect(niceTop(11)).toBe(20);
    expect(niceTop(21)).toBe(25);
    expect(niceTop(134.4)).toBe(200);
    expect(niceTop(0.31)).toBeCloseTo(0.5);
  });
  it('is 0 for empty or invalid input', () => {
    expect(niceTop(0)).toBe(0);
    expect(niceTop(NaN)).toBe(0);
  });
});
