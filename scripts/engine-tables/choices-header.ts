// wasm-core/src/generated/choices.h: the words of every choice field but the TCP ones
// (tcp-choices-header.ts), from the schema's lists (packages/scenario/src/schema/fields.ts),
// for the parser to read them by; and, for each list the engine holds as an enum, a check
// at compile time that enumerator i is word i (the parser turns the word's index into the
// enum, and defaults.h gives a default as an index). Included at the end of scenario.h,
// after the enums.
import {
  APP_KINDS,
  ASSEMBLY_POLICIES,
  ASSEMBLY_QUEUES,
  BACKGROUND_MODELS,
  CONVERSIONS,
  DROP_CLASSES,
  LINK_KINDS,
  NODE_KINDS,
  RESERVATIONS,
  SCHEDULERS,
  WAVELENGTH_CHOICES,
} from '../../packages/scenario/src/schema/fields';
import { constantName, generatedHeader, stringLiteral } from './cpp';

/** Each list by its name in fields.ts, with the engine's enum for it (null: an index is all it needs). */
const LISTS: ReadonlyArray<{ name: string; words: readonly string[]; cppEnum: string | null }> = [
  { name: 'NODE_KINDS', words: NODE_KINDS, cppEnum: 'NodeKind' },
  { name: 'LINK_KINDS', words: LINK_KINDS, cppEnum: 'LinkKind' },
  { name: 'APP_KINDS', words: APP_KINDS, cppEnum: 'AppKind' },
  { name: 'ASSEMBLY_POLICIES', words: ASSEMBLY_POLICIES, cppEnum: 'AssemblyPolicyKind' },
  { name: 'ASSEMBLY_QUEUES', words: ASSEMBLY_QUEUES, cppEnum: 'AssemblyQueues' },
  { name: 'RESERVATIONS', words: RESERVATIONS, cppEnum: 'Reservation' },
  { name: 'SCHEDULERS', words: SCHEDULERS, cppEnum: 'SchedulingKind' },
  { name: 'BACKGROUND_MODELS', words: BACKGROUND_MODELS, cppEnum: 'BackgroundModel' },
  // ConversionKind has a third value, Range, for `{ "range": d }`: after the two words.
  { name: 'CONVERSIONS', words: CONVERSIONS, cppEnum: 'ConversionKind' },
  { name: 'WAVELENGTH_CHOICES', words: WAVELENGTH_CHOICES, cppEnum: 'WavelengthChoice' },
  { name: 'DROP_CLASSES', words: DROP_CLASSES, cppEnum: null },
];

/** "lauc-vf" -> LaucVf: the enumerator the engine names a word by. */
export function enumeratorName(word: string): string {
  return word
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

function listLines({ name, words, cppEnum }: (typeof LISTS)[number]): string[] {
  const array = `${constantName(name)}Words`;
  const lines = [`inline constexpr std::array<const char*, ${words.length}> ${array}{${words.map(stringLiteral).join(', ')}};`];
  if (cppEnum)
    words.forEach((word, i) =>
      lines.push(
        `static_assert(static_cast<int>(${cppEnum}::${enumeratorName(word)}) == ${i}, "${array}[${i}] is ${cppEnum}::${enumeratorName(word)}");`,
      ),
    );
  return lines;
}

export function choicesHeader(): string {
  return generatedHeader(
    'packages/scenario/src/schema/fields.ts',
    `// The words of the choice fields, in the schema's order, and the engine's enums held to it.
#pragma once
#include <array>

namespace obs {

${LISTS.flatMap(listLines).join('\n')}

}  // namespace obs
`,
  );
}
