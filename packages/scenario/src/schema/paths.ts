// The numeric fields a scenario has, by path and name: what the sweep picker offers.
import { NUMBER_RULES, inSentence, type NumberRule } from './fields';
import { isLivePath } from './live';

export interface NumericPath {
  /** The engine's path: "links[3].delay". */
  path: string;
  /** The same field by its element's id where it has one ("links[f1].delay"), as sweeps write it. */
  idPath: string;
  /** For a sentence, with its element: "delay of f1". */
  label: string;
  /** The element it belongs to, by id or place ("f1", "background source 2"); '' for the scenario's own fields. */
  owner: string;
  rule: NumberRule;
  live: boolean;
}

type Json = Record<string, unknown>;

/**
 * Every number a scenario holds at a path of the field table, in the table's order
 * (positions and the seed left out: see NumberRule.noSweep). Fields absent from the
 * scenario are left out too: a sweep sets a value where one is.
 */
export function numericPaths(scenario: unknown): NumericPath[] {
  const out: NumericPath[] = [];
  for (const [generic, rule] of Object.entries(NUMBER_RULES)) {
    if (rule.noSweep) continue;
    walk(scenario, generic.split('.'), '', '', '', (path, idPath, owner) => {
      const label = inSentence(rule.label) + (owner ? ` of ${owner}` : '');
      out.push({ path, idPath, label, owner, rule, live: isLivePath(path, scenario as never) });
    });
  }
  return out;
}

function walk(
  here: unknown,
  keys: string[],
  path: string,
  idPath: string,
  owner: string,
  found: (path: string, idPath: string, owner: string) => void,
): void {
  if (keys.length === 0) {
    if (typeof here === 'number') found(path, idPath, owner);
    return;
  }
  if (here === null || typeof here !== 'object' || Array.isArray(here)) return;
  const [head, ...rest] = keys;
  const join = (p: string, k: string) => (p === '' ? k : `${p}.${k}`);
  if (head.endsWith('[]')) {
    const key = head.slice(0, -2);
    const list = (here as Json)[key];
    if (!Array.isArray(list)) return;
    const ids = list.map((item) => (item !== null && typeof item === 'object' ? (item as Json).id : undefined));
    list.forEach((item, i) => {
      const id = ids[i];
      // An id names its element in a sweep path if it is unique and needs no escaping.
      const byId =
        typeof id === 'string' && /^[^\][.]+$/.test(id) && !/^\d+$/.test(id) && ids.indexOf(id) === i && ids.lastIndexOf(id) === i;
      const name = byId ? (id as string) : `${key === 'background' ? 'background source' : key.slice(0, -1)} ${i + 1}`;
      walk(item, rest, `${join(path, key)}[${i}]`, `${join(idPath, key)}[${byId ? id : i}]`, name, found);
    });
    return;
  }
  if (!Object.prototype.hasOwnProperty.call(here, head)) return;
  walk((here as Json)[head], rest, join(path, head), join(idPath, head), owner, found);
}
