import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatValue, parsePlain, parseValue, shiftDecimal, unitOf, type Quantity } from './units';

const ok = (text: string, q: Quantity, unit?: string) => {
  const r = parseValue(text, q, unit);
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};

describe('parseValue', () => {
  it('reads the friendly units of each quantity', () => {
    expect(ok('10 ms', 'time')).toBe(0.01);
    expect(ok('100 µs', 'time')).toBe(1e-4);
    expect(ok('100us', 'time')).toBe(1e-4);
    expect(ok('2 s', 'time')).toBe(2);
    expect(ok('50 ns', 'time')).toBe(5e-8);
    expect(ok('1.25 Gbit/s', 'rate')).toBe(1.25e9);
    expect(ok('100 Mbps', 'rate')).toBe(1e8);
    expect(ok('64 KB', 'bytes')).toBe(64000);
    expect(ok('64 KiB', 'bytes')).toBe(65536);
    expect(ok('1.5 MB', 'bytes')).toBe(1.5e6);
    expect(ok('1 %', 'percent')).toBe(0.01);
    expect(ok('0.5%', 'percent')).toBe(0.005);
    expect(ok('1e-3 s', 'time')).toBe(1e-3);
  });

  it('reads a bare number in the unit the field showed', () => {
    expect(ok('200', 'time', 'µs')).toBe(2e-4);
    expect(ok('3', 'rate', 'Gbit/s')).toBe(3e9);
    expect(ok('7', 'percent')).toBe(0.07);
    expect(ok('1500', 'bytes')).toBe(1500);
  });

  it('refuses junk and unknown units with a reason', () => {
    const junk = parseValue('fast', 'time');
    expect(junk.ok).toBe(false);
    if (!junk.ok) expect(junk.reason).toMatch(/not a number/);
    const unit = parseValue('10 parsecs', 'time');
    expect(unit.ok).toBe(false);
    if (!unit.ok) expect(unit.reason).toMatch(/Unknown unit "parsecs"/);
    expect(parseValue('', 'rate').ok).toBe(false);
    expect(parseValue('10 ms', 'rate').ok).toBe(false);
    expect(parseValue('1e999 s', 'time').ok).toBe(false);
  });
});

describe('formatValue', () => {
  it('picks the largest unit the value reaches', () => {
    expect(formatValue(1e-4, 'time')).toBe('100 µs');
    expect(formatValue(0.001, 'time')).toBe('1 ms');
    expect(formatValue(20, 'time')).toBe('20 s');
    expect(formatValue(1e-7, 'time')).toBe('100 ns');
    expect(formatValue(1.25e9, 'rate')).toBe('1.25 Gbit/s');
    expect(formatValue(1e8, 'rate')).toBe('100 Mbit/s');
    expect(formatValue(40000, 'bytes')).toBe('40 KB');
    expect(formatValue(512, 'bytes')).toBe('512 B');
    expect(formatValue(0.01, 'percent')).toBe('1 %');
    expect(formatValue(0.123, 'percent')).toBe('12.3 %');
  });

  it('shows zero in the unit asked for', () => {
    expect(formatValue(0, 'time', 'µs')).toBe('0 µs');
    expect(formatValue(0, 'time', 'ms')).toBe('0 ms');
    expect(formatValue(0, 'percent')).toBe('0 %');
    expect(unitOf(0, 'time', 'ms')).toBe('ms');
  });

  it('shifts decimals as text', () => {
    expect(shiftDecimal(1.25, 2)).toBe('125');
    expect(shiftDecimal(1e-4, 6)).toBe('100');
    expect(shiftDecimal(0.1, -3)).toBe('0.0001');
    expect(shiftDecimal(-12.5, -1)).toBe('-1.25');
  });
});

describe('round trip: format -> parse is the identity', () => {
  const quantities: Quantity[] = ['time', 'rate', 'bytes', 'percent'];
  it('for any finite double, in every quantity', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), fc.constantFrom(...quantities), (v, q) => {
        const shown = formatValue(v, q);
        const back = parseValue(shown, q);
        return back.ok && Object.is(back.value === 0 ? 0 : back.value, v === 0 ? 0 : v);
      }),
      { numRuns: 3000 },
    );
  });

  it('for values people type (short decimals)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: -12, max: 12 }), fc.constantFrom(...quantities), (m, e, q) => {
        const v = Number(`${m}e${e}`);
        const back = parseValue(formatValue(v, q), q);
        return back.ok && back.value === v;
      }),
    );
  });
});

describe('parsePlain', () => {
  it('reads plain numbers and refuses units', () => {
    expect(parsePlain(' 128 ')).toEqual({ ok: true, value: 128 });
    expect(parsePlain('1.5')).toEqual({ ok: true, value: 1.5 });
    expect(parsePlain('12 segments').ok).toBe(false);
    expect(parsePlain('').ok).toBe(false);
  });
});
