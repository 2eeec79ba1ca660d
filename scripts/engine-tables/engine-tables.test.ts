import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { constantName, doubleLiteral, int64Literal, stringLiteral } from './cpp';
import { defaultName, defaultsHeader } from './defaults-header';
import { boundsName } from './limits-header';
import { refusalOf } from './live-fields-header';
import { ENGINE_TABLES } from './tables';
import { LIVE_RULES } from '../../packages/scenario/src/schema/live';
import { CHOICE_RULES, NUMBER_RULES, type ChoiceRule } from '../../packages/scenario/src/schema/fields';

const root = join(__dirname, '..', '..');

describe("the engine's generated tables", () => {
  for (const { path, render } of ENGINE_TABLES) {
    it(`${path} is what the schema gives (else: node --import tsx scripts/gen-engine-tables.mjs)`, () => {
      expect(readFileSync(join(root, path), 'utf8')).toBe(render());
    });
  }

  it('spells every double as a literal of the same double', () => {
    for (const v of [1e-9, 1e9, 4294967295, 1e13, 2e6, 0.5, 0.99, 1024, 0, 1 / 3]) {
      const literal = doubleLiteral(v);
      expect(Number(literal), literal).toBe(v);
    }
    expect(doubleLiteral(1e9)).toBe('1e9');
    expect(doubleLiteral(1024)).toBe('1024');
  });

  it('names constants and quotes strings as C++ does', () => {
    expect(constantName('MAX_DROP_NEXT')).toBe('kMaxDropNext');
    expect(stringLiteral('the index of "reno"')).toBe('"the index of \\"reno\\""');
    expect(() => stringLiteral('a\nb')).toThrow(/printable/);
  });

  it("names each field's bounds after its generic path, integers exactly", () => {
    expect(boundsName('links[].queue')).toBe('kLinksQueueBounds');
    expect(boundsName('flows[].tcp.rto.min')).toBe('kFlowsTcpRtoMinBounds');
    expect(boundsName('seed')).toBe('kSeedBounds');
    expect(int64Literal(1e12)).toBe('1000000000000');
    expect(int64Literal(4294967295)).toBe('4294967295');
    expect(() => int64Literal(0.5)).toThrow(/safe integer/);
    expect(() => int64Literal(2 ** 60)).toThrow(/safe integer/);
  });

  it("gives every field with a default in the table its constant, a choice's as its word's index", () => {
    expect(defaultName('flows[].tcp.maxWindow')).toBe('kFlowsTcpMaxWindowDefault');
    const header = defaultsHeader();
    const value = (generic: string) => new RegExp(`constexpr \\w+ ${defaultName(generic)} = ([^;]+);`).exec(header)?.[1];
    for (const [generic, rule] of Object.entries(NUMBER_RULES))
      expect(value(generic) === undefined ? undefined : Number(value(generic)), generic).toBe(rule.default);
    for (const [generic, rule] of Object.entries(CHOICE_RULES as Readonly<Record<string, ChoiceRule>>)) {
      const index = value(generic);
      expect(index === undefined ? undefined : rule.values[Number(index)], generic).toBe(rule.default);
    }
  });

  it("words each live field's refusal as the engine did before the table", () => {
    expect(refusalOf(LIVE_RULES['obs.assembly.maxTime'])).toBe(
      "must be a number of seconds from 1e-9 (the engine's shortest interval) to 10",
    );
    expect(refusalOf(LIVE_RULES['obs.assembly.maxBytes'])).toBe('must be a number of bytes in (0, 1e9]');
    expect(refusalOf(LIVE_RULES['links[].wavelengths'])).toBe('must be an integer between 1 and 1024');
    expect(refusalOf(LIVE_RULES['nodes[].dropNext.data'])).toBe('must be a whole number of bursts from 0 to 1000000');
    expect(refusalOf(LIVE_RULES['flows[].tcp.variant'])).toMatch(
      /^must be an integer from 0 to 10, the index of "tahoe", .* or "westwood"$/,
    );
    expect(() => refusalOf(NUMBER_RULES['flows[].tcp.initialCwnd'])).toThrow(/no words/);
  });
});
