import { describe, expect, it } from 'vitest';
import { formatDelay, formatMbps, formatPercent, formatRate, formatSeconds } from './format';

describe('format', () => {
  it('shows rates with SI prefixes', () => {
    expect(formatRate(1e8)).toBe('100 Mbit/s');
    expect(formatRate(1.25e9)).toBe('1.25 Gbit/s');
    expect(formatRate(512)).toBe('512 bit/s');
  });
  it('shows probabilities as percent and times with fixed decimals', () => {
    expect(formatPercent(0.01)).toBe('1.0 %');
    expect(formatPercent(0.075)).toBe('7.5 %');
    expect(formatSeconds(3.14159)).toBe('3.14 s');
    expect(formatMbps(1.234e8)).toBe('123.4 Mbit/s');
    expect(formatMbps(undefined)).toBe('–');
  });
  it('shows delays in µs, ms or s', () => {
    expect(formatDelay(1e-5)).toBe('10 µs');
    expect(formatDelay(1e-4)).toBe('100 µs');
    expect(formatDelay(0.005)).toBe('5 ms');
  });
});
