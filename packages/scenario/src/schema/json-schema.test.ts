// The generated references of the format are what the field table says now: the JSON
// Schema (packages/scenario/scenario.schema.json) and docs/format.md's field reference
// (written by scripts/gen-format.mjs), and the schema says what a file may hold.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets';
import { NUMBER_RULES } from './fields';
import { scenarioJsonSchema } from './json-schema';
import { withFieldReference } from './format-doc';

const read = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');
const STALE = 'stale: run node --import tsx scripts/gen-format.mjs';

describe('the format, generated from the field table', () => {
  it('scenario.schema.json is the JSON Schema of the engine schema and the field table', () => {
    expect(read('packages/scenario/scenario.schema.json'), STALE).toBe(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
  });

  it("docs/format.md's field reference is the field table's", () => {
    const doc = read('docs/format.md');
    expect(doc, STALE).toBe(withFieldReference(doc));
  });

  it('every numeric field of the table has its range in the JSON Schema, wherever it stands', () => {
    const text = read('packages/scenario/scenario.schema.json');
    for (const [path, rule] of Object.entries(NUMBER_RULES)) {
      const label = `"description": "${rule.label}`;
      expect(text.includes(label), `${path}: "${rule.label}" in the schema`).toBe(true);
    }
  });

  it("holds every preset's keys (no key a preset writes is missing from the schema)", () => {
    const schema = scenarioJsonSchema() as { properties: Record<string, unknown> };
    for (const preset of PRESETS)
      for (const key of Object.keys(preset.scenario)) expect(schema.properties, `${preset.id}: ${key}`).toHaveProperty(key);
  });
});
