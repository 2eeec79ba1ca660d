// Reading and writing a scenario or a summary at a path: `obs.burstLoss.data`,
// `links[f1].wavelengths`, `flows[0].tcp.mss` (the grammar is path-grammar.ts). The lesson
// format applies its edits with it, sweeps set their axes and read their outputs with it.
// Pure TypeScript without Node or DOM APIs.
//
// Paths, keys and ids come from files anyone can write: inside a message they are shown
// through showInput (unsafe characters escaped, long ones cut), quoted values through
// quoteInput, so no spec or scenario can make a message long, multi-line or reordered.

import { escapeUnsafe, quoteInput } from './safe-text';
import { ITEM_NAMES, parsePath } from './path-grammar';

/**
 * Finds where each step of a path leads. Throws Error naming the first step that leads
 * nowhere (`links[f9] names no link (links are f1, f2)`). `allowNewLastKey` lets the last
 * key be absent from its object.
 */
export function locate(root: unknown, path: string, options: { allowNewLastKey?: boolean } = {}): { value: unknown; found: boolean } {
  const steps = parsePath(path);
  let here: unknown = root;
  let where = '';
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s];
    const last = s === steps.length - 1;
    if ('key' in step) {
      if (here === null || typeof here !== 'object' || Array.isArray(here)) {
        throw new Error(`${showInput(where)} is ${describeValue(here)}, so it has no field ${showInput(step.key)}`);
      }
      const next = where === '' ? step.key : `${where}.${step.key}`;
      if (!Object.prototype.hasOwnProperty.call(here, step.key)) {
        if (last && options.allowNewLastKey) return { value: undefined, found: false };
        throw new Error(
          `${showInput(next)} does not exist (${where === '' ? 'the top level' : showInput(where)} has ${listNames(Object.keys(here)) || 'no fields'})`,
        );
      }
      here = (here as Record<string, unknown>)[step.key];
      where = next;
    } else {
      const label = 'index' in step ? String(step.index) : step.id;
      const next = `${where}[${label}]`;
      if (!Array.isArray(here))
        throw new Error(`${showInput(where)} is ${describeValue(here)}, not a list, so ${showInput(next)} means nothing`);
      const [one, many] = itemNames(where);
      if ('index' in step) {
        if (step.index >= here.length) {
          throw new Error(
            `${showInput(next)} is out of range (${here.length === 0 ? `there are no ${many}` : `${showInput(where)} has ${here.length} ${here.length === 1 ? one : many}: 0 to ${here.length - 1}`})`,
          );
        }
        here = here[step.index];
      } else {
        const ids = here.map((item) => (item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined));
        if (!ids.some((id) => typeof id === 'string'))
          throw new Error(`${showInput(next)}: ${many} have no id here; use an index, like ${showInput(where)}[0]`);
        const at = ids.indexOf(step.id);
        if (at < 0)
          throw new Error(
            `${showInput(next)} names no ${one} (${many} are ${listNames(ids.map((id) => (typeof id === 'string' ? id : '(no id)')))})`,
          );
        here = here[at];
      }
      where = next;
    }
  }
  return { value: here, found: true };
}

/**
 * The value at a path. Throws Error naming the step that leads nowhere.
 */
export function getAtPath(root: unknown, path: string): unknown {
  return locate(root, path).value;
}

/**
 * A copy of `root` with `value` at `path`; `root` is not changed (objects and arrays on
 * the way are copied, everything else is shared). The path must exist, except that the
 * last key may be new on an existing object.
 */
export function setAtPath<T>(root: T, path: string, value: unknown): T {
  locate(root, path, { allowNewLastKey: true }); // throws the message naming the bad step
  const steps = parsePath(path);
  // locate() above checked that each step leads to an object (a key) or a list (a selector).
  const set = (here: unknown, s: number): unknown => {
    if (s === steps.length) return value;
    const step = steps[s];
    if ('key' in step) {
      const record = here as Record<string, unknown>;
      return { ...record, [step.key]: set(record[step.key], s + 1) };
    }
    const list = here as unknown[];
    const at = 'index' in step ? step.index : list.findIndex((item) => (item as { id?: unknown } | null)?.id === step.id);
    const copy = list.slice();
    copy[at] = set(list[at], s + 1);
    return copy;
  };
  return set(root, 0) as T;
}

function itemNames(where: string): readonly [string, string] {
  const last =
    where
      .replace(/\[[^\]]*\]$/, '')
      .split('.')
      .pop() ?? '';
  return ITEM_NAMES[last] ?? ['item', 'items'];
}

/** The first names or ids (at most a dozen, about 240 characters), each shown safely, and how many more. */
function listNames(names: string[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const name of names.slice(0, 12)) {
    const one = showInput(name, 40);
    if (shown.length > 0 && length + one.length > 240) break;
    shown.push(one);
    length += one.length + 2;
  }
  return names.length > shown.length ? `${shown.join(', ')} and ${names.length - shown.length} more` : shown.join(', ');
}

/**
 * A path, key or id from outside, unquoted inside a message (`links[f9] names no link`):
 * control, bidirectional and format characters escaped, cut after `max` characters.
 */
export function showInput(text: unknown, max = 100): string {
  const s = String(text);
  if (s.length <= max && !UNSAFE_CHAR.test(s)) return s;
  // Escaped piece by piece, so the result, escapes included, stays within `max`.
  let shown = '';
  let i = 0;
  while (i < s.length) {
    const code = s.charCodeAt(i);
    const width = code >= 0xd800 && code <= 0xdbff && i + 1 < s.length ? 2 : 1;
    const piece = escapeUnsafe(s.slice(i, i + width));
    if (shown.length + piece.length > max) break;
    shown += piece;
    i += width;
  }
  return i < s.length ? `${shown}... (${s.length - i} more characters)` : shown;
}

/** Whether escapeUnsafe would change anything: a quick test before the careful path. */
const UNSAFE_CHAR = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff]/;

/** "a number", "an object", "null", "a string ("auto")". */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'absent';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `a string (${quoteInput(value, 40)})`;
  return `a ${typeof value}`;
}
