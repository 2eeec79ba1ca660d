import { describe, expect, it } from 'vitest';
import { canBeLog, clampTo, tickLabel, whyNotLog, xScale, yScale } from './plotScales';

describe('the sweep plot axes', () => {
  it('a log axis only for values all above 0', () => {
    expect(canBeLog([0.01, 0.1, 1])).toBe(true);
    expect(canBeLog([0, 0.1])).toBe(false);
    expect(canBeLog([NaN, 1])).toBe(false);
    expect(canBeLog([])).toBe(false);
    expect(whyNotLog([0, 0.5, 1], 'value')).toBe('a log axis needs every value above 0 (0 is not)');
    expect(whyNotLog([0.5, 1], 'value')).toBeNull();
  });

  it('log x: decades equally apart; linear otherwise, and when log cannot be', () => {
    const log = xScale([0.01, 0.1, 1], 200, true);
    expect(log(0.01)).toBeCloseTo(0, 9);
    expect(log(0.1)).toBeCloseTo(100, 9);
    expect(log(1)).toBeCloseTo(200, 9);
    const lin = xScale([0, 0.5, 1], 200, true);
    expect(lin(0.5)).toBeCloseTo(100, 9);
    // One value (from = to) gets room either way.
    expect(xScale([3], 200, false)(3)).toBeCloseTo(100, 9);
    expect(xScale([3], 200, true)(3)).toBeCloseTo(100, 9);
  });

  it('linear y from 0: a closed form joins the range near the points only', () => {
    expect(yScale([10, 20], [30], 100, false).domain()[1]).toBeGreaterThanOrEqual(30);
    expect(yScale([10, 20], [300], 100, false).domain()[1]).toBeLessThan(30);
    expect(yScale([10, 20], [], 100, false).domain()[0]).toBe(0);
  });

  it('log y spans the positive values, the model ones too; an interval end at 0 goes to the bottom', () => {
    const y = yScale([5, 50], [400], 100, true);
    const [lo, hi] = y.domain() as number[];
    expect(lo).toBeLessThanOrEqual(5 / 1.25);
    expect(hi).toBeGreaterThanOrEqual(400 * 1.25);
    expect(clampTo(y, -3)).toBe(lo);
    expect(clampTo(y, 1e9)).toBe(hi);
  });

  it('log tick labels name only some ticks; linear ones every tick, four digits', () => {
    const y = yScale([0.002, 0.9], [], 100, true);
    const label = tickLabel(y, 5, true);
    const named = y
      .ticks(5)
      .map(label)
      .filter((t) => t !== '');
    expect(named.length).toBeGreaterThan(0);
    expect(named.length).toBeLessThan(y.ticks(5).length);
    expect(named).toContain('0.01');
    expect(tickLabel(xScale([0, 1], 100, false), 5, false)(0.123456)).toBe('0.1235');
  });
});
