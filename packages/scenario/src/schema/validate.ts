// A scenario checked by the schema: every refusal as the field's path (the engine's:
// "links[3].delay") and a sentence naming the field and the rule.
import type { z } from 'zod';
import { KIND_ONLY, choiceRuleFor, genericPath, labelOf } from './fields';
import { KIND_ONLY_SLOTS, inEngineOrder, rankOf, type RankKey } from './order';
import { scenarioSchema } from './schema';
import { typeName } from './checks';

export { typeName };

export interface Issue {
  /** Engine-style path of the offending field; '' for the scenario as a whole. */
  path: string;
  message: string;
}

/** ["links", 3, "delay"] -> "links[3].delay". */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/**
 * Every rule of the engine's parser and of its load (the routes), over a whole
 * scenario: empty when the engine accepts it (but for the rules in engine-only.ts). The
 * first issue is the one the engine names when a single field is wrong.
 */
export function validateScenario(scenario: unknown): Issue[] {
  const result = scenarioSchema.safeParse(scenario);
  return result.success ? [] : issuesOf(result.error.issues, scenario);
}

/** zod's issues as ours, words for people, paths as the engine writes them, in its order. */
export function issuesOf(issues: readonly z.core.$ZodIssue[], input: unknown): Issue[] {
  const ranked: { issue: Issue; rank: RankKey[] }[] = [];
  collect(issues, [], input, ranked);
  return inEngineOrder(ranked, (r) => r.rank).map((r) => r.issue);
}

function collect(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[],
  input: unknown,
  out: { issue: Issue; rank: RankKey[] }[],
): void {
  for (const issue of issues) {
    const at = [...prefix, ...issue.path] as RankKey[];
    const path = formatPath(at);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const keyPath = path === '' ? key : `${path}.${key}`;
        const only = KIND_ONLY[genericPath(keyPath)];
        const slot = only ? (KIND_ONLY_SLOTS[genericPath(keyPath)] ?? key) : '#finish';
        out.push({
          issue: { path: keyPath, message: only ? `${labelOf(keyPath)} ${only}` : `${keyPath} is not a known field` },
          rank: rankOf([...at, key], slot),
        });
      }
      continue;
    }
    const branch = branchOfType(issue);
    if (branch) {
      collect(branch, at, input, out);
      continue;
    }
    const params = issue.code === 'custom' ? (issue.params as { slot?: string; top?: string } | undefined) : undefined;
    out.push({ issue: { path, message: messageOf(issue, at, path, input) }, rank: rankOf(at, params?.slot, params?.top) });
  }
}

/**
 * A number or an object (links[].loss): the engine reads what the value is, so a union's
 * issues are those of the branch of the value's type, when one branch has that type.
 */
export function branchOfType(issue: z.core.$ZodIssue): readonly z.core.$ZodIssue[] | null {
  if (issue.code !== 'invalid_union' || 'discriminator' in issue || issue.errors.length === 0) return null;
  const typed = issue.errors.filter((branch) => !branch.some((i) => i.code === 'invalid_type' && i.path.length === 0));
  return typed.length === 1 && typed[0].length > 0 ? typed[0] : null;
}

function messageOf(issue: z.core.$ZodIssue, at: readonly PropertyKey[], path: string, input: unknown): string {
  const label = labelOf(path);
  if (issue.code === 'custom') return issue.message;
  if (at.length > 0 && !present(input, at)) return `${label} is required`;
  switch (issue.code) {
    case 'invalid_type':
      return `${label} must be ${article(issue.expected)}, not ${typeName(valueAt(input, at))}`;
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v));
      return `${label} must be ${values.length === 1 ? values[0] : `one of ${values.join(', ')}`}`;
    }
    case 'invalid_union': {
      if (genericPath(path) === 'nodes[].conversion') return 'Wavelength conversion must be "full", "none" or { "range": d }';
      const choices = choiceRuleFor(genericPath(path))?.values ?? ('options' in issue ? (issue.options as string[]) : undefined);
      if (choices) return `${label} must be one of ${choices.map((c) => `"${c}"`).join(', ')}`;
      if (genericPath(path) === 'obs.offset') return 'Offset must be "auto" or a number of seconds';
      if (genericPath(path) === 'links[].loss') return 'Loss must be a probability or { "ab": p, "ba": q }';
      return `${label} has the wrong type`;
    }
    case 'too_small':
      return path === 'nodes' ? 'The network needs at least one node' : `${label} must list at least ${String(issue.minimum)}`;
    case 'too_big':
      return `${label} must list at most ${String(issue.maximum)}`;
    default:
      return `${label}: ${issue.message}`;
  }
}

/** The value at a zod issue's path, or undefined where the path leaves the data. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let here = root;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

/** Whether the last key of `path` exists on its parent (a missing field, not a bad value). */
function present(root: unknown, path: readonly PropertyKey[]): boolean {
  const parent = valueAt(root, path.slice(0, -1));
  return parent !== null && typeof parent === 'object' && Object.prototype.hasOwnProperty.call(parent, path[path.length - 1]);
}

function article(expected: string): string {
  if (expected === 'boolean') return 'true or false';
  if (expected === 'array' || expected === 'object') return `an ${expected}`;
  return `a ${expected}`;
}

/** The field an engine message names first ("links[3].wavelengths must be ..."), if any. */
export function pathInMessage(message: string): string | null {
  const m =
    /\b((?:nodes|links|flows|background|liveChanges|drops)\[\d+\](?:\.[A-Za-z]+)*|obs(?:\.[A-Za-z]+)+|traffic(?:\.[A-Za-z]+(?:\[\d+\])*)?|version|seed|duration|sampleInterval|name|nodes|links|flows|background|liveChanges|drops)(?![\w[])/.exec(
      message,
    );
  if (!m) return null;
  // "flows[0]: no path ..." names the flow; point at its destination.
  return /^\w+\[\d+\]$/.test(m[1]) && /no path/.test(message) ? `${m[1]}.dst` : m[1];
}
