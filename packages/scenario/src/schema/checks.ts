// One field at a time: a number against its rule, an id, the name. The sentences a person
// reads under a field ("Delay must be ≥ 0"); the schema (schema.ts) files them under the
// field's path.
import { findUnsafe } from '../safe-text';
import type { NumberRule } from './fields';
import { MAX_ID_BYTES, MAX_NAME_BYTES } from './limits';
import { formatValue } from './units';

function bound(v: number, rule: NumberRule): string {
  if (v === 0) return '0';
  if (rule.quantity === 'plain') return rule.suffix ? `${v} ${rule.suffix}` : String(v);
  return formatValue(v, rule.quantity, rule.zeroUnit);
}

/** The reason a number is refused by `rule`, or null if it is fine. */
export function checkNumber(value: number, rule: NumberRule): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${rule.label} must be a number`;
  if (rule.integer && !Number.isInteger(value)) return `${rule.label} must be a whole number`;
  if (rule.minExclusive ? value <= rule.min : value < rule.min) {
    return `${rule.label} must be ${rule.minExclusive ? '>' : '≥'} ${bound(rule.min, rule)}`;
  }
  if (value > rule.max) return `${rule.label} must be at most ${bound(rule.max, rule)}`;
  return null;
}

/** Length in UTF-8 bytes, as the engine counts the lengths of ids and the name. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one code point past U+FFFF
      i++;
    } else bytes += 3; // the rest of the BMP (a lone surrogate is refused as unsafe anyway)
  }
  return bytes;
}

/** Why a text is refused anywhere the engine shows it (ids, the name): control, format or bidi characters. */
export function unsafeTextReason(text: string): string | null {
  const bad = findUnsafe(text);
  if (!bad) return null;
  const code = bad.char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return `must not contain control, format or bidirectional characters (found U+${code} at character ${bad.index + 1})`;
}

/** The reason a name is refused, or null. */
export function checkName(name: string): string | null {
  if (utf8Length(name) > MAX_NAME_BYTES) return `The name must be at most ${MAX_NAME_BYTES} bytes long (UTF-8; an accented letter takes 2)`;
  const unsafe = unsafeTextReason(name);
  return unsafe ? `The name ${unsafe}` : null;
}

/**
 * The reason an id is refused: empty, too long, with unsafe characters or (flows) '#',
 * taken by another element of its list. The engine's rules: any other text is an id.
 */
export function checkId(id: string, others: Iterable<string>, what: string, opts: { noHash?: boolean } = {}): string | null {
  if (id === '') return 'The id must not be empty';
  if (utf8Length(id) > MAX_ID_BYTES) return `The id must be at most ${MAX_ID_BYTES} bytes long (UTF-8; an accented letter takes 2)`;
  const unsafe = unsafeTextReason(id);
  if (unsafe) return `The id ${unsafe}`;
  if (opts.noHash && id.includes('#')) return "The id must not contain '#' (kept for copies: id#0, id#1 ...)";
  for (const o of others) if (o === id) return `"${id}" is already used by another ${what}`;
  return null;
}

/** "a number", "an array", "null" ... for messages about a value of the wrong type. */
export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'boolean') return 'a boolean';
  return `a ${typeof v}`;
}
