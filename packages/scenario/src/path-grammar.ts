// The one grammar of paths into a scenario or a summary: `obs.burstLoss.data`,
// `links[3].loss`, `links[f1].wavelengths`, and the field table's generic `links[].loss`.
// Sweeps, the field table, live changes, the app's store and editor, and the engine's
// generated live-path table (scripts/engine-tables/) all split paths here.
// Pure TypeScript without Node or DOM APIs.
import { quoteInput } from './safe-text';

/** One step of a path: a key, an index into a list, or the id of a list's element. */
export type PathStep = { key: string } | { index: number } | { id: string };

const NAME_PATTERN = '[A-Za-z_$][A-Za-z0-9_$]*';
const NAME = new RegExp(`^${NAME_PATTERN}$`);

/**
 * Digits the engine reads in an element's index (live_path.cc): a million elements is far
 * past every list's limit, and six digits cannot overflow its int.
 */
export const MAX_INDEX_DIGITS = 6;

/** What one element of a well-known list is called in a message: "link", "links". */
export const ITEM_NAMES: Readonly<Record<string, readonly [string, string]>> = Object.freeze({
  nodes: ['node', 'nodes'],
  links: ['link', 'links'],
  flows: ['flow', 'flows'],
  background: ['background source', 'background sources'],
});

/**
 * Splits a path into keys (strings) and selectors ({ index } or { id }).
 * Throws Error with the rule broken when the path is malformed.
 */
export function parsePath(path: string): PathStep[] {
  if (typeof path !== 'string' || path === '') throw new Error('a path must be a non-empty string');
  const steps: PathStep[] = [];
  for (const part of splitDots(path)) {
    const bracket = part.indexOf('[');
    const name = bracket < 0 ? part : part.slice(0, bracket);
    if (!NAME.test(name))
      throw new Error(
        `${quoteInput(path)} is not a path: ${quoteInput(part)} should start with a field name (like obs.burstLoss.data or links[f1].wavelengths)`,
      );
    steps.push({ key: name });
    let rest = bracket < 0 ? '' : part.slice(bracket);
    while (rest !== '') {
      const close = rest.indexOf(']');
      if (rest[0] !== '[' || close < 0) throw new Error(`${quoteInput(path)} is not a path: unbalanced brackets in ${quoteInput(part)}`);
      const inner = rest.slice(1, close);
      if (inner === '') throw new Error(`${quoteInput(path)} is not a path: empty brackets in ${quoteInput(part)}`);
      steps.push(/^[0-9]+$/.test(inner) ? { index: Number(inner) } : { id: inner });
      rest = rest.slice(close + 1);
    }
  }
  return steps;
}

/** Splits at dots outside brackets (an id may hold a dot). */
function splitDots(path: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '[') depth++;
    else if (path[i] === ']') depth = Math.max(0, depth - 1);
    else if (path[i] === '.' && depth === 0) {
      parts.push(path.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(path.slice(start));
  return parts;
}

/** "links[3].delay" -> "links[].delay": the field table's path of a field of any element. */
export function genericPath(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}

/** A path into one element of a top-level list, or (index null) into every element. */
export interface ElementPath {
  /** "links" */
  list: string;
  /** 3 in "links[3].loss"; null in the generic "links[].loss". */
  index: number | null;
  /** What follows the element: "loss", "burstLoss.data"; '' for the element itself. */
  field: string;
}

const ELEMENT = new RegExp(`^(${NAME_PATTERN})\\[(\\d{1,${MAX_INDEX_DIGITS}})?\\](?:\\.(.+))?$`);

/**
 * "links[3].loss" -> links, 3, "loss"; "links[].loss" -> links, null, "loss"; null for a
 * path that starts with no list element ("obs.assembly.maxTime") or an index of more than
 * MAX_INDEX_DIGITS digits.
 */
export function splitElementPath(path: string): ElementPath | null {
  const m = ELEMENT.exec(path);
  if (!m) return null;
  return { list: m[1], index: m[2] === undefined ? null : Number(m[2]), field: m[3] ?? '' };
}

/** The inverse of splitElementPath: ("links", 3, "loss") -> "links[3].loss"; a null index gives the generic path. */
export function elementPath(list: string, index: number | null, field: string): string {
  const element = `${list}[${index ?? ''}]`;
  return field === '' ? element : `${element}.${field}`;
}
