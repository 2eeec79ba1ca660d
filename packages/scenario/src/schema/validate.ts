// A scenario checked by the schema: every refusal as the field's path (the engine's:
// "links[3].delay") and a sentence naming the field and the rule.
import type { z } from 'zod';
import { CHOICE_RULES, KIND_ONLY, genericPath, labelOf } from './fields';
import { scenarioSchema } from './schema';

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

/** zod's issues as ours, words for people, paths as the engine writes them. */
export function issuesOf(issues: readonly z.core.$ZodIssue[], input: unknown): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    const path = formatPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const at = path === '' ? key : `${path}.${key}`;
        const only = KIND_ONLY[genericPath(at)];
        out.push({ path: at, message: only ? `${labelOf(at)} ${only}` : `${at} is not a known field` });
      }
      continue;
    }
    out.push({ path, message: messageOf(issue, path, input) });
  }
  return out;
}

function messageOf(issue: z.core.$ZodIssue, path: string, input: unknown): string {
  const label = labelOf(path);
  if (issue.code === 'custom') return issue.message;
  if (issue.path.length > 0 && !present(input, issue.path)) return `${label} is required`;
  switch (issue.code) {
    case 'invalid_type':
      return `${label} must be ${article(issue.expected)}, not ${typeName(valueAt(input, issue.path))}`;
    case 'invalid_value':
      return `${label} must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'invalid_union': {
      const choices = CHOICE_RULES[genericPath(path)]?.values ?? ('options' in issue ? (issue.options as string[]) : undefined);
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

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
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

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'boolean') return 'a boolean';
  return `a ${typeof v}`;
}

/** The field an engine message names first ("links[3].wavelengths must be ..."), if any. */
export function pathInMessage(message: string): string | null {
  const m = /\b((?:nodes|links|flows|background|liveChanges)\[\d+\](?:\.[A-Za-z]+)*|obs(?:\.[A-Za-z]+)+|version|seed|duration|sampleInterval|name|nodes|links|flows|background|liveChanges)(?![\w[])/.exec(message);
  if (!m) return null;
  // "flows[0]: no path ..." names the flow; point at its destination.
  return /^\w+\[\d+\]$/.test(m[1]) && /no path/.test(message) ? `${m[1]}.dst` : m[1];
}
