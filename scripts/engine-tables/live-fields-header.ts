// wasm-core/src/generated/live_fields.h: the fields a live change may touch, from the
// schema's live table (packages/scenario/src/schema/live.ts, which reads fields.ts):
// each field's path split by the path grammar, the kind of element that has it, its
// bounds, and the words the engine refuses a value with.
import { LINK_KINDS, NODE_KINDS, TCP_VARIANTS, type NumberRule } from '../../packages/scenario/src/schema/fields';
import { LIVE_RULES, LIVE_TARGETS, VARIANT_INDEX_RULE, liveTargetOf } from '../../packages/scenario/src/schema/live';
import { MIN_INTERVAL } from '../../packages/scenario/src/schema/limits';
import { ITEM_NAMES, MAX_INDEX_DIGITS, splitElementPath } from '../../packages/scenario/src/path-grammar';
import { generatedHeader, doubleLiteral, stringLiteral } from './cpp';

/** "a", "b" or "c", as the engine lists choices (json_reader.cc, listChoices). */
function choiceList(values: readonly string[]): string {
  const quoted = values.map((v) => `"${v}"`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** The engine's refusal of a value outside the rule, without the path: "must be a probability between 0 and 1". */
export function refusalOf(rule: NumberRule): string {
  const { min, max } = rule;
  if (rule === VARIANT_INDEX_RULE) return `must be an integer from ${min} to ${max}, the index of ${choiceList(TCP_VARIANTS)}`;
  if (rule.quantity === 'percent') return `must be a probability between ${min} and ${max}`;
  if (rule.quantity === 'time') {
    const floor = min === MIN_INTERVAL ? " (the engine's shortest interval)" : '';
    return `must be a number of seconds from ${doubleLiteral(min)}${floor} to ${doubleLiteral(max)}`;
  }
  if (rule.quantity === 'bytes')
    return `must be a number of bytes in ${rule.minExclusive ? '(' : '['}${doubleLiteral(min)}, ${doubleLiteral(max)}]`;
  if (rule.integer)
    return rule.counts ? `must be a whole number of ${rule.counts} from ${min} to ${max}` : `must be an integer between ${min} and ${max}`;
  throw new Error(`the engine has no words for a live ${rule.label} (${rule.quantity})`);
}

interface Where {
  /** '' for the scenario's own fields (obs.*). */
  list: string;
  /** After the element, or the whole path of the scenario's own fields. */
  field: string;
}

function whereOf(generic: string): Where {
  const split = splitElementPath(generic);
  return split ? { list: split.list, field: split.field } : { list: '', field: generic };
}

/** Live paths of one target, shortened as people write them: "obs.burstLoss.data|ack", "links[i].loss". */
function pathsText(generics: string[]): string {
  const shown = generics.map((g) => g.replace('[]', '[i]'));
  const dot = shown[0].lastIndexOf('.');
  const parent = shown[0].slice(0, dot + 1);
  if (shown.length > 1 && shown.every((p) => p.startsWith(parent) && !p.slice(parent.length).includes('.')))
    return parent + shown.map((p) => p.slice(parent.length)).join('|');
  return shown.join(', ');
}

const enumName = (list: string) => (list === '' ? 'None' : list.charAt(0).toUpperCase() + list.slice(1));

export function liveFieldsHeader(): string {
  const byTarget = LIVE_TARGETS.map((t) => ({ target: t, generics: [] as string[] }));
  for (const generic of Object.keys(LIVE_RULES)) {
    const target = liveTargetOf(generic);
    if (!target) throw new Error(`no engine target applies the live field ${generic} (schema/live.ts, LIVE_TARGETS)`);
    byTarget[LIVE_TARGETS.indexOf(target)].generics.push(generic);
  }
  const lists = [''];
  const fields: string[] = [];
  for (const { target, generics } of byTarget) {
    if (generics.length === 0) throw new Error(`the engine target ${target.name} has no live field`);
    const family = whereOf(target.family);
    if (!lists.includes(family.list)) lists.push(family.list);
    for (const generic of generics) {
      const rule = LIVE_RULES[generic];
      const where = whereOf(generic);
      if ((rule.kinds?.length ?? 0) > 1) throw new Error(`${generic}: the engine's table takes one kind of element per live field`);
      fields.push(
        `    {LiveTarget::${target.name}, LiveList::${enumName(where.list)}, ${stringLiteral(where.field)}, ${stringLiteral(family.field)}, ` +
          `${stringLiteral(rule.kinds?.[0] ?? '')}, ${doubleLiteral(rule.min)}, ${doubleLiteral(rule.max)}, ${!!rule.minExclusive}, ` +
          `${!!rule.integer}, ${stringLiteral(refusalOf(rule))}},`,
      );
    }
  }
  const listInfo = lists.map((l) => `{${stringLiteral(l)}, ${stringLiteral(l === '' ? '' : (ITEM_NAMES[l]?.[0] ?? l))}}`);
  const names = (values: readonly string[]) => values.map((v) => stringLiteral(v)).join(', ');
  return generatedHeader(
    'packages/scenario/src/schema/live.ts and fields.ts',
    `// The fields a live change may touch (docs/engine-api.md, "Live paths"): resolveLivePath
// (scenario/live_path.cc) takes their paths, element kinds, bounds and refusals from here.
#pragma once

namespace obs {

// How a live change is applied. The number is the code a live change's event carries
// (the app reads it: apps/web/src/log/describe.ts).
enum class LiveTarget { ${LIVE_TARGETS.map((t) => t.name).join(', ')} };

// The list whose element a live path names; None: a field of the scenario itself (obs.*).
enum class LiveList { ${lists.map(enumName).join(', ')} };

struct LiveListName {
  const char* list;  // "links"
  const char* noun;  // "link"
};
// Indexed by LiveList.
inline constexpr LiveListName kLiveListNames[] = {${listInfo.join(', ')}};
// Digits of an element's index in a path: "links[123456].loss" at most.
constexpr int kMaxIndexDigits = ${MAX_INDEX_DIGITS};

struct LiveField {
  LiveTarget target;
  LiveList list;
  const char* field;   // after the element ("burstLoss.data"), or the whole path (obs.*)
  const char* family;  // its target's fields start with this, written the same way ("burstLoss")
  const char* kind;    // the one kind of element that has it ("fiber"), or "" for every kind
  double min;
  double max;
  bool minExclusive;
  bool integer;
  const char* refusal;  // the rule a value outside [min, max] breaks, without the path
};

// In the order of their targets, then of the field table.
inline constexpr LiveField kLiveFields[] = {
${fields.join('\n')}
};

// Every live path, for the refusal of any other.
inline constexpr const char* kLivePathsText =
    ${stringLiteral(byTarget.map((t) => pathsText(t.generics)).join(', '))};

// Element kinds by their enums' order (scenario.h NodeKind, LinkKind), for the kinds above.
inline constexpr const char* kNodeKindNames[] = {${names(NODE_KINDS)}};
inline constexpr const char* kLinkKindNames[] = {${names(LINK_KINDS)}};

}  // namespace obs
`,
  );
}
