/**
 * The scenario format as a JSON Schema (draft 2020-12), for editors' completion and checks:
 * zod's rendering of the engine's schema (schema.ts), with each field's label, unit,
 * range, integer-ness and live-ness added from the field table (fields.ts), which zod
 * keeps in refinements it cannot render. Written to packages/scenario/scenario.schema.json
 * by scripts/gen-format.mjs; json-schema.test.ts fails while that file is stale.
 *
 * What it cannot say (cross-field rules: a flow's hosts exist, a route's links connect, a
 * drop's time within the run) the engine and `validateScenario` still check.
 */
import { z } from '../zod';
import { CHOICE_RULES, NUMBER_RULES, type ChoiceRule, type FieldUnit, type NumberRule } from './fields';
import { scenarioSchema } from './schema';

/** What a number of each unit family is in the file (the app shows friendlier units). */
export const FILE_UNITS: Readonly<Record<FieldUnit, string>> = {
  time: 'seconds',
  rate: 'bit/s',
  bytes: 'bytes',
  percent: 'a probability, 0 to 1',
  plain: '',
};

/** One line on a numeric field: its label, its unit in the file, where it applies, whether it is live. */
export function numberDescription(rule: NumberRule): string {
  const unit = FILE_UNITS[rule.quantity] || rule.suffix || '';
  const parts = [unit ? `${rule.label}, ${unit}` : rule.label];
  if (rule.kinds) parts.push(`only on ${rule.kinds.join(' or ')} elements`);
  if (rule.live) parts.push('can change while running');
  return `${parts.join('; ')}.`;
}

type JsonSchemaNode = { [key: string]: unknown };

function enrich(node: unknown, path: string): void {
  if (node === null || typeof node !== 'object') return;
  const n = node as JsonSchemaNode;
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(n[key])) for (const branch of n[key] as unknown[]) enrich(branch, path);
  const numberRule: NumberRule | undefined = NUMBER_RULES[path];
  // A nullable number (flows[].tcp.rto.fixed) is ["number", "null"].
  const types = Array.isArray(n.type) ? (n.type as string[]) : [n.type];
  if (numberRule && types.some((t) => t === 'number' || t === 'integer')) {
    if (numberRule.integer) n.type = Array.isArray(n.type) ? types.map((t) => (t === 'number' ? 'integer' : t)) : 'integer';
    if (numberRule.minExclusive) n.exclusiveMinimum = numberRule.min;
    else n.minimum = numberRule.min;
    n.maximum = numberRule.max;
    n.description = numberDescription(numberRule);
  }
  const choiceRule = (CHOICE_RULES as Readonly<Record<string, ChoiceRule>>)[path];
  if (choiceRule && Array.isArray(n.enum)) n.description = `${choiceRule.label}.`;
  if (n.properties && typeof n.properties === 'object')
    for (const [key, child] of Object.entries(n.properties as Record<string, unknown>)) enrich(child, path === '' ? key : `${path}.${key}`);
  if (n.items) enrich(n.items, `${path}[]`);
}

/** The JSON Schema of format v1, as scenario.schema.json holds it. */
export function scenarioJsonSchema(): JsonSchemaNode {
  const schema = z.toJSONSchema(scenarioSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  enrich(schema, '');
  return {
    $schema: schema.$schema,
    $id: 'https://obs-tcp-sim/scenario.schema.json',
    title: 'obs-tcp-sim scenario, format v1',
    description:
      'A scenario for obs-tcp-sim (docs/format.md). Ranges and units come from the field table; rules across fields (ids that must exist, routes that must connect) are checked by the engine.',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
