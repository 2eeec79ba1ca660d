// A preset's scenario file through the schema, at module load: its type is what the schema
// gives (no cast), and a preset the schema refuses stops the import with the preset's id
// and the field. A preset writes every field out (the form the app's shape check asks of a
// scenario from outside), so the schema fills in nothing: the scenario that runs is the
// file, value for value, and in the file's order of keys (what a download shows).
import { canonicalJson } from './canonical-json';
import type { Scenario } from './scenario';
import { scenarioSchema } from './schema/schema';
import { formatPath, issuesOf } from './schema/validate';

/** The scenario of preset `id` from its JSON file; throws naming the preset and the field. */
export function presetScenario(id: string, json: unknown): Scenario {
  const result = scenarioSchema.safeParse(json);
  if (!result.success) {
    const [first] = issuesOf(result.error.issues, json);
    throw new Error(`preset ${id}: ${first.path === '' ? 'the scenario' : first.path}: ${first.message}`);
  }
  const filled = firstDifference(json, result.data, []);
  if (filled !== null)
    throw new Error(
      `preset ${id}: ${filled === '' ? 'the scenario' : filled} is left to the schema's default; a preset writes every field`,
    );
  return inKeyOrderOf(result.data, json);
}

/** The path of the first place `a` and `b` differ as JSON, or null when they are equal. */
function firstDifference(a: unknown, b: unknown, at: PropertyKey[]): string | null {
  if (canonicalJson(a) === canonicalJson(b)) return null;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], [...at, i]);
      if (d !== null) return d;
    }
  } else if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[key], b[key], [...at, key]);
      if (d !== null) return d;
    }
  }
  return formatPath(at);
}

/** `value` (equal to `order` as JSON) with the keys of each object in `order`'s order. */
function inKeyOrderOf<T>(value: T, order: unknown): T {
  if (Array.isArray(value) && Array.isArray(order)) return value.map((item, i) => inKeyOrderOf(item, order[i])) as T;
  if (isRecord(value) && isRecord(order)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(order)) out[key] = inKeyOrderOf(value[key], order[key]);
    return out as T;
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
