/**
 * Reading and immutably writing a scenario field by its engine path ("links[3].delay",
 * "flows[0].tcp.rto.min"). Writing copies only the objects on the way to the field.
 * Paths are split by the scenario package's path grammar; an element here is named by
 * its index, never by its id.
 */
import { parsePath as parseSteps } from '@obs-tcp-sim/scenario';

type Key = string | number;

export function parsePath(path: string): Key[] {
  return parseSteps(path).map((step) => {
    if ('key' in step) return step.key;
    if ('index' in step) return step.index;
    throw new Error(`bad path "${path}": the editor names elements by index`);
  });
}

export function getPath(obj: unknown, path: string): unknown {
  let at: unknown = obj;
  for (const k of parsePath(path)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<Key, unknown>)[k];
  }
  return at;
}

/** A copy of `obj` with the field at `path` set to `value` (undefined deletes it). */
export function setPath<T>(obj: T, path: string, value: unknown): T {
  return setKeys(obj, parsePath(path), value) as T;
}

function setKeys(obj: unknown, keys: Key[], value: unknown): unknown {
  const [k, ...rest] = keys;
  const base = obj ?? (typeof k === 'number' ? [] : {});
  const child = (base as Record<Key, unknown>)[k];
  const next = rest.length === 0 ? value : setKeys(child, rest, value);
  if (Array.isArray(base)) {
    const copy = base.slice();
    copy[k as number] = next;
    return copy;
  }
  const copy = { ...(base as Record<string, unknown>) };
  if (next === undefined) delete copy[k as string];
  else copy[k as string] = next;
  return copy;
}
