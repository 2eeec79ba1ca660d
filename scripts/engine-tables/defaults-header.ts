// wasm-core/src/generated/defaults.h: the value the engine gives each field a scenario
// leaves out, from the schema's field table (fields.ts, each rule's `default`), so the
// parser, the engine's structs (scenario/scenario.h) and the schema cannot disagree.
import { CHOICE_RULES, NUMBER_RULES, type ChoiceRule } from '../../packages/scenario/src/schema/fields';
import { generatedHeader, doubleLiteral, fieldConstantName, intLiteral } from './cpp';

/** links[].queue -> kLinksQueueDefault, flows[].tcp.variant -> kFlowsTcpVariantDefault. */
export function defaultName(generic: string): string {
  return fieldConstantName(generic, 'Default');
}

/** Numeric fields with a default, in the table's order: integer fields' as ints, as the engine holds them. */
function numberLines(): string[] {
  const lines: string[] = [];
  for (const [generic, rule] of Object.entries(NUMBER_RULES)) {
    if (rule.default === undefined) continue;
    lines.push(
      rule.integer
        ? `constexpr int ${defaultName(generic)} = ${intLiteral(rule.default)};  // ${generic}`
        : `constexpr double ${defaultName(generic)} = ${doubleLiteral(rule.default)};  // ${generic}`,
    );
  }
  return lines;
}

/** Choice fields with a default: the index of its word among the field's words. */
function choiceLines(): string[] {
  const lines: string[] = [];
  for (const [generic, rule] of Object.entries(CHOICE_RULES as Readonly<Record<string, ChoiceRule>>)) {
    if (rule.default === undefined) continue;
    const index = rule.values.indexOf(rule.default);
    if (index < 0) throw new Error(`${generic}: its default "${rule.default}" is not one of its values`);
    lines.push(`constexpr int ${defaultName(generic)} = ${intLiteral(index)};  // ${generic}: "${rule.default}"`);
  }
  return lines;
}

export function defaultsHeader(): string {
  return generatedHeader(
    'packages/scenario/src/schema/fields.ts',
    `// The engine's value of each field a scenario leaves out, by its generic path (fields.ts,
// NUMBER_RULES and CHOICE_RULES). A field without one here is required, inherited
// (nodes[].assembly) or stands for something else when absent (scenario/scenario.h says what).
#pragma once

namespace obs {

// Numeric fields.
${numberLines().join('\n')}

// Choice fields: the index of the default among the field's words, which the engine's
// enum (scenario/scenario.h) and the parser's list of words follow in order.
${choiceLines().join('\n')}

}  // namespace obs
`,
  );
}
