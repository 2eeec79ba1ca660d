// wasm-core/src/generated/limits.h: the engine's limits on a scenario, from the schema's
// limits.ts (their reasons are written there), and the bounds of each numeric field from
// its field table (fields.ts, NUMBER_RULES), which the parser checks values against.
import * as LIMITS from '../../packages/scenario/src/schema/limits';
import { NUMBER_RULES } from '../../packages/scenario/src/schema/fields';
import { generatedHeader, constantName, doubleLiteral, fieldConstantName, int64Literal, intLiteral } from './cpp';

/** links[].queue -> kLinksQueueBounds, flows[].tcp.rto.min -> kFlowsTcpRtoMinBounds. */
export function boundsName(generic: string): string {
  return fieldConstantName(generic, 'Bounds');
}

function limitLines(): string[] {
  const ints = new Set(LIMITS.ENGINE_INT_LIMITS);
  const lines: string[] = [];
  // By name: a module's exports have no order every loader keeps.
  for (const [name, value] of Object.entries(LIMITS).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (typeof value !== 'number') continue;
    lines.push(
      ints.has(name)
        ? `constexpr int ${constantName(name)} = ${intLiteral(value)};`
        : `constexpr double ${constantName(name)} = ${doubleLiteral(value)};`,
    );
  }
  for (const name of ints)
    if (typeof (LIMITS as Record<string, unknown>)[name] !== 'number') throw new Error(`ENGINE_INT_LIMITS names no limit ${name}`);
  return lines;
}

/** One line per numeric field, in the table's order: integer fields' bounds as integers. */
function boundsLines(): string[] {
  const seen = new Set<string>();
  return Object.entries(NUMBER_RULES).map(([generic, rule]) => {
    const name = boundsName(generic);
    if (seen.has(name)) throw new Error(`two fields would be named ${name}`);
    seen.add(name);
    return rule.integer
      ? `constexpr IntegerBounds ${name}{${int64Literal(rule.min)}, ${int64Literal(rule.max)}};  // ${generic}`
      : `constexpr NumberBounds ${name}{${doubleLiteral(rule.min)}, ${doubleLiteral(rule.max)}};  // ${generic}`;
  });
}

export function limitsHeader(): string {
  return generatedHeader(
    'packages/scenario/src/schema/limits.ts and fields.ts',
    "// The engine's limits on a scenario; limits.ts says why each is what it is.\n" +
      '#pragma once\n#include <cstdint>\n\nnamespace obs {\n\n' +
      limitLines().join('\n') +
      `

// The bounds of each numeric field, by its generic path (fields.ts, NUMBER_RULES):
// inclusive, but a field whose table refuses min itself (minExclusive) is read as a number > 0.
struct NumberBounds {
  double min;
  double max;
};
struct IntegerBounds {
  std::int64_t min;
  std::int64_t max;
};
` +
      boundsLines().join('\n') +
      '\n\n}  // namespace obs\n',
  );
}
