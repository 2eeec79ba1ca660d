/**
 * Friendly units (the scenario schema, packages/scenario/src/schema: SI inside, ms / Gbit/s / KB / % outside), for the field
 * rules' messages, the names of live changes and the editor's inputs. Conversions shift
 * the decimal exponent of the number's text instead of multiplying, so what is shown
 * parses back to exactly the stored double (format -> parse is the identity;
 * property-tested).
 *
 * Bytes use decimal prefixes (1 KB = 1000 B, as the rates do); "KiB" and "MiB" are accepted
 * when typed.
 */

export type Quantity = 'time' | 'rate' | 'bytes' | 'percent';

interface UnitDef {
  /** The unit as shown. */
  label: string;
  /** Spellings accepted when typed (case-insensitive), the label included. */
  aliases: string[];
  /** Decimal exponent: value in SI = number x 10^exp (ignored when `factor` is set). */
  exp: number;
  /** A non-decimal factor (KiB, MiB): accepted when typed, never chosen for display. */
  factor?: number;
}

const UNITS: Record<Quantity, UnitDef[]> = {
  // Largest first: format picks the first unit the value reaches.
  time: [
    { label: 's', aliases: ['s', 'sec', 'second', 'seconds'], exp: 0 },
    { label: 'ms', aliases: ['ms', 'msec'], exp: -3 },
    { label: 'µs', aliases: ['µs', 'μs', 'us', 'usec'], exp: -6 },
    { label: 'ns', aliases: ['ns', 'nsec'], exp: -9 },
  ],
  rate: [
    { label: 'Tbit/s', aliases: ['tbit/s', 'tbps', 'tb/s'], exp: 12 },
    { label: 'Gbit/s', aliases: ['gbit/s', 'gbps', 'gb/s'], exp: 9 },
    { label: 'Mbit/s', aliases: ['mbit/s', 'mbps', 'mb/s'], exp: 6 },
    { label: 'kbit/s', aliases: ['kbit/s', 'kbps', 'kb/s'], exp: 3 },
    { label: 'bit/s', aliases: ['bit/s', 'bps', 'b/s'], exp: 0 },
  ],
  bytes: [
    { label: 'GB', aliases: ['gb', 'gbyte', 'gbytes'], exp: 9 },
    { label: 'MB', aliases: ['mb', 'mbyte', 'mbytes'], exp: 6 },
    { label: 'KB', aliases: ['kb', 'kbyte', 'kbytes'], exp: 3 },
    { label: 'B', aliases: ['b', 'byte', 'bytes'], exp: 0 },
    { label: 'MiB', aliases: ['mib'], exp: 0, factor: 1048576 },
    { label: 'KiB', aliases: ['kib'], exp: 0, factor: 1024 },
  ],
  percent: [{ label: '%', aliases: ['%', 'percent'], exp: -2 }],
};

/** The unit labels a quantity can be shown in (for hints). */
export function unitLabels(q: Quantity): string[] {
  return UNITS[q].filter((u) => u.factor === undefined).map((u) => u.label);
}

/** `digits` x 10^`shift` as decimal text, without going through a float product. */
export function shiftDecimal(value: number, shift: number): string {
  if (value === 0) return '0';
  const [mantissa, expText] = value.toExponential().split('e');
  const exp = Number(expText) + shift;
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  // digits = d0 d1 d2 ...; the decimal point goes after d0, i.e. at index 1 + exp.
  const point = 1 + exp;
  let text: string;
  if (point <= 0) text = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) text = digits + '0'.repeat(point - digits.length);
  else text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? '-' : '') + text;
}

/** The display unit for a value: the largest whose number is at least 1. */
function displayUnit(value: number, q: Quantity, zeroUnit?: string): UnitDef {
  const units = UNITS[q].filter((u) => u.factor === undefined);
  if (value === 0 || !Number.isFinite(value)) {
    return units.find((u) => u.label === zeroUnit) ?? units[units.length - 1];
  }
  const abs = Math.abs(value);
  for (const u of units) if (abs >= 10 ** u.exp) return u;
  return units[units.length - 1];
}

/**
 * 1e-4 -> "100 µs"; 1.25e9 -> "1.25 Gbit/s"; 40000 -> "40 KB"; 0.01 (percent) -> "1 %".
 * `zeroUnit` names the unit 0 is shown in (a delay field shows "0 µs", a retry delay "0 ms").
 */
export function formatValue(value: number, q: Quantity, zeroUnit?: string): string {
  const unit = displayUnit(value, q, zeroUnit);
  return `${shiftDecimal(value, -unit.exp)} ${unit.label}`;
}

/** The unit a formatted value is shown in: a bare number typed later is read in it. */
export function unitOf(value: number, q: Quantity, zeroUnit?: string): string {
  return displayUnit(value, q, zeroUnit).label;
}

export type ParseResult =
  | {
      ok: true;
      value: number;
      /** The unit the number was read in when none was typed ("200" in a field shown in µs): the field says so. */
      unitAssumed?: string;
    }
  | { ok: false; reason: string };

const NUMBER = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(.*)$/i;

/**
 * "10 ms" -> 0.01; "1.25 Gbit/s" -> 1.25e9; "64 KB" -> 64000; "1 %" -> 0.01.
 * A number without a unit is read in `defaultUnit` (the unit the field showed), else in
 * the quantity's SI unit.
 */
export function parseValue(text: string, q: Quantity, defaultUnit?: string): ParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'Enter a value' };
  const m = NUMBER.exec(trimmed);
  if (!m) return { ok: false, reason: `"${trimmed}" is not a number${hint(q)}` };
  const [, num, rawUnit] = m;
  const unitText = rawUnit.trim().toLowerCase();
  const units = UNITS[q];
  let unit: UnitDef | undefined;
  if (unitText === '') {
    unit = units.find((u) => u.label === defaultUnit) ?? units.find((u) => u.exp === 0 && !u.factor) ?? units[0];
  } else {
    unit = units.find((u) => u.aliases.includes(unitText) || u.label.toLowerCase() === unitText);
    // Case matters only between bits and bytes, which are different quantities here.
    if (!unit) return { ok: false, reason: `Unknown unit "${rawUnit.trim()}"${hint(q)}` };
  }
  const assumed = unitText === '' ? { unitAssumed: unit.label } : {};
  if (unit.factor !== undefined) {
    const value = Number(num) * unit.factor;
    if (!Number.isFinite(value)) return { ok: false, reason: 'The number is too large' };
    return { ok: true, value, ...assumed };
  }
  // Shift the decimal exponent of the text: Number("1.5e-3") is the correctly rounded
  // double of that decimal, so what formatValue shows parses back to the same double.
  const [mant, e = '0'] = num.toLowerCase().split('e');
  const value = Number(`${mant}e${Number(e) + unit.exp}`);
  if (!Number.isFinite(value)) return { ok: false, reason: 'The number is too large' };
  return { ok: true, value, ...assumed };
}

function hint(q: Quantity): string {
  return ` (e.g. ${EXAMPLES[q]})`;
}

const EXAMPLES: Record<Quantity, string> = {
  time: '10 ms, 100 µs, 1 s',
  rate: '100 Mbit/s, 1.25 Gbit/s',
  bytes: '1500 B, 40 KB, 1 MB',
  percent: '1 %, 0.5 %',
};

/** Plain numbers (counts, segments): "128" -> 128; refuses units and junk. */
export function parsePlain(text: string): ParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'Enter a value' };
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(trimmed)) {
    return { ok: false, reason: `"${trimmed}" is not a number` };
  }
  const v = Number(trimmed);
  if (!Number.isFinite(v)) return { ok: false, reason: 'The number is too large' };
  return { ok: true, value: v };
}
