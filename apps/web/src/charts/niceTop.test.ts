import { describe, expect, it } from 'vitest';
import { niceTop } from './niceTop';

describe('niceTop', () => {
  it('rounds up to a round number not far above', () => {
    expect(niceTop(7)).toBe(8);
    expect(niceTop(10)).toBe(10);
    expect(niceTop(11)).toBe(12);
    expect(niceTop(21)).toBe(25);
    expect(niceTop(134.4)).toBe(150);
    expect(niceTop(0.31)).toBe(0.4);
    expect(niceTop(97.65)).toBe(100);
  });
  it('is 0 for empty or invalid input', () => {
    expect(niceTop(0)).toBe(0);
    expect(niceTop(NaN)).toBe(0);
  });
});
