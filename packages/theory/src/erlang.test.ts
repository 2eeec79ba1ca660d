import { describe, expect, it } from 'vitest';
import { erlangBOrNull } from './erlang';

describe('Erlang-B', () => {
  it('hand values: B(1, A) = A/(1+A), B(2, 1) = 0.2, B(2, 2) = 0.4, B(10, 5) = 0.018385', () => {
    expect(erlangBOrNull(1, 0.7)).toBeCloseTo(0.7 / 1.7, 14);
    expect(erlangBOrNull(2, 1)).toBeCloseTo(0.2, 14);
    expect(erlangBOrNull(2, 2)).toBeCloseTo(0.4, 14);
    expect(erlangBOrNull(10, 5)).toBeCloseTo(0.0183846, 6);
  });

  it('limits: no servers lose everything, no load loses nothing, more servers lose less, more load more', () => {
    expect(erlangBOrNull(0, 3)).toBe(1);
    expect(erlangBOrNull(4, 0)).toBe(0);
    expect(erlangBOrNull(8, 6)!).toBeLessThan(erlangBOrNull(7, 6)!);
    expect(erlangBOrNull(8, 7)!).toBeGreaterThan(erlangBOrNull(8, 6)!);
    expect(erlangBOrNull(4, 1e6)!).toBeGreaterThan(0.999);
  });

  it('stays finite where A^k / k! would overflow (1024 wavelengths at load 0.9)', () => {
    const b = erlangBOrNull(1024, 0.9 * 1024)!;
    expect(b).toBeGreaterThan(0);
    expect(b).toBeLessThan(0.01);
  });

  it('refuses fractional or negative servers and bad loads', () => {
    expect(erlangBOrNull(2.5, 1)).toBeNull();
    expect(erlangBOrNull(-1, 1)).toBeNull();
    expect(erlangBOrNull(2, -1)).toBeNull();
    expect(erlangBOrNull(2, NaN)).toBeNull();
    expect(erlangBOrNull(1e9, 1)).toBeNull();
  });
});
