import { describe, expect, it } from 'vitest';
import { formatClock, formatDelay, formatEventRate, formatThroughput, formatPercent, formatRate, formatSeconds } from './format';

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
    // Paused, the clock shows µs whatever the speed: a step of 2 µs is seen.
    expect(formatClock(1.91, 1, true)).toBe('1.910000 s');
    expect(formatClock(1.910002, 1, true)).not.toBe(formatClock(1.91, 1, true));
    expect(formatClock(1.91, 1)).toBe('1.91 s');
    expect(formatThroughput(1.234e8)).toBe('123.4 Mbit/s');
    expect(formatThroughput(2.188e10)).toBe('21.9 Gbit/s');
    expect(formatThroughput(undefined)).toBe('–');
  });
  it('shows delays in µs, ms or s', () => {
    expect(formatDelay(1e-5)).toBe('10 µs');
    expect(formatDelay(1e-4)).toBe('100 µs');
    expect(formatDelay(0.005)).toBe('5 ms');
  });
});

describe('clock and engine rate', () => {
  it('shows microseconds when watching single bursts, hundredths otherwise', () => {
    expect(formatClock(0.000123456, 20e-6)).toBe('0.000123 s');
    expect(formatClock(0.0123456, 1e-3)).toBe('0.0123 s');
    expect(formatClock(12.3456, 1)).toBe('12.35 s');
    expect(formatClock(12.3456, Infinity)).toBe('12.35 s');
  });
  it('says events per second in M or k', () => {
    expect(formatEventRate(2.34e6)).toBe('2.3 M events/s');
    expect(formatEventRate(45_600)).toBe('45.6 k events/s');
    expect(formatEventRate(12)).toBe('12 events/s');
    expect(formatEventRate(0)).toBe('–');
  });
});
