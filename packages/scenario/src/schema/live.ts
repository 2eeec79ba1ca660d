// The fields the engine changes while running (docs/engine-api.md, "Live paths"): which
// paths of a scenario are live, the values each takes, and how a change is named ("data-
// burst loss 1 % → 0 %"). The paths are setLive's: `links[3].loss`, indices only.
import { inSentence, NUMBER_RULES, TCP_VARIANTS, type FieldUnit, type NumberRule } from './fields';
import { MAX_DROP_NEXT } from './limits';
import { elementPath, genericPath, splitElementPath } from '../path-grammar';
import { checkNumber } from './checks';
import { formatValue } from './units';

/** setLive's value for `flows[i].tcp.variant`: the variant's index in TCP_VARIANTS. */
export const VARIANT_INDEX_RULE: NumberRule = Object.freeze({
  label: 'TCP variant',
  quantity: 'plain',
  min: 0,
  max: TCP_VARIANTS.length - 1,
  integer: true,
  live: true,
});

/**
 * setLive's `nodes[i].dropNext.data|ack` (an edge): it loses its next n bursts of the class
 * from now (0: none). Not a field of the scenario: a scheduled one is a `liveChanges` entry
 * (docs/deterministic-loss.md); the app's "Drop next data burst" sets 1.
 */
const dropNextRule = (cls: string): NumberRule =>
  Object.freeze({
    label: `Next ${cls} bursts to drop`,
    quantity: 'plain',
    min: 0,
    max: MAX_DROP_NEXT,
    integer: true,
    counts: 'bursts',
    live: true,
    kinds: ['edge'],
  });
export const DROP_NEXT_RULES: Readonly<Record<string, NumberRule>> = Object.freeze({
  'nodes[].dropNext.data': dropNextRule('data'),
  'nodes[].dropNext.ack': dropNextRule('ACK'),
});

/** Live fields by generic path: the numbers the field table marks live, the variant, and the drops of next bursts. */
export const LIVE_RULES: Readonly<Record<string, NumberRule>> = Object.freeze({
  ...Object.fromEntries(Object.entries(NUMBER_RULES).filter(([, rule]) => rule.live)),
  'flows[].tcp.variant': VARIANT_INDEX_RULE,
  ...DROP_NEXT_RULES,
});

/** The generic live paths ("links[].wavelengths"), for lists and hints. */
export const LIVE_GENERIC_PATHS: readonly string[] = Object.freeze(Object.keys(LIVE_RULES));

/**
 * How the engine applies a live change (its LiveTarget), in the order of their codes: the
 * event log's live change carries the code (apps/web/src/log/describe.ts). A target takes
 * the live fields at its family path and under it ("obs.assembly": obs.assembly.maxTime ...).
 */
export const LIVE_TARGETS: readonly { name: string; family: string }[] = Object.freeze([
  { name: 'ObsBurstLoss', family: 'obs.burstLoss' },
  { name: 'ObsAssembly', family: 'obs.assembly' },
  { name: 'NodeAssembly', family: 'nodes[].assembly' },
  { name: 'LinkLoss', family: 'links[].loss' },
  { name: 'LinkBurstLoss', family: 'links[].burstLoss' },
  { name: 'LinkWavelengths', family: 'links[].wavelengths' },
  { name: 'FlowVariant', family: 'flows[].tcp.variant' },
  { name: 'NodeDropNext', family: 'nodes[].dropNext' },
]);

/** The target that applies a generic live path; undefined for none (then the engine could not apply it). */
export function liveTargetOf(generic: string): { name: string; family: string } | undefined {
  return LIVE_TARGETS.find((t) => generic === t.family || generic.startsWith(`${t.family}.`));
}

type ListName = 'nodes' | 'links' | 'flows';
interface LiveTarget {
  generic: string;
  rule: NumberRule;
  element?: { list: ListName; index: number };
}

function target(path: string): LiveTarget | null {
  const split = splitElementPath(path);
  if (split && split.index === null) return null; // a generic path names no field of this scenario
  const generic = split ? genericPath(path) : path;
  if (!Object.prototype.hasOwnProperty.call(LIVE_RULES, generic) || (!split && generic.includes('['))) return null;
  const rule = LIVE_RULES[generic];
  return split ? { generic, rule, element: { list: split.list as ListName, index: split.index as number } } : { generic, rule };
}

interface ScenarioLists {
  nodes: readonly { id: string; kind: string }[];
  links: readonly { id: string; kind: string }[];
  flows: readonly { id: string }[];
}

function elementOf(t: LiveTarget, scenario: ScenarioLists): { id: string; kind?: string } | undefined {
  return t.element ? scenario[t.element.list][t.element.index] : undefined;
}

/** Whether setLive takes `path` on this scenario: a live field of an element that has it. */
export function isLivePath(path: string, scenario: ScenarioLists): boolean {
  const t = target(path);
  if (!t) return false;
  if (!t.element) return true;
  const element = elementOf(t, scenario);
  if (!element) return false;
  return !t.rule.kinds || (element.kind !== undefined && t.rule.kinds.includes(element.kind));
}

/** Every live path of a scenario, in the order of the field table. */
export function livePathsOf(scenario: ScenarioLists): string[] {
  const out: string[] = [];
  for (const generic of LIVE_GENERIC_PATHS) {
    const split = splitElementPath(generic);
    if (!split) {
      out.push(generic);
      continue;
    }
    scenario[split.list as ListName].forEach((_, i) => {
      const path = elementPath(split.list, i, split.field);
      if (isLivePath(path, scenario)) out.push(path);
    });
  }
  return out;
}

/** The rule a live value is checked by (the variant: its index), or undefined if the path is not live. */
export function liveRuleOf(path: string): NumberRule | undefined {
  return target(path)?.rule;
}

/** Why setLive would refuse `value` at a live `path`, or null. */
export function liveValueReason(path: string, value: number): string | null {
  const rule = liveRuleOf(path);
  if (!rule) return `${path} cannot be changed while running`;
  return checkNumber(value, rule);
}

/** A live field's unit: a number's, or a choice (the variant) shown by name. */
export type LiveUnit = FieldUnit | 'choice';

export interface LiveField {
  /** For a sentence: "data-burst loss", or with the scenario "data-burst loss on f1". */
  label: string;
  unit: LiveUnit;
  /** 0.01 -> "1 %"; a variant's index -> its name. */
  format(value: number): string;
}

const PLACE: Record<ListName, string> = { nodes: 'at', links: 'on', flows: 'of' };

/**
 * How a live path is named and its values shown, for texts like "data-burst loss 1 % → 0 %";
 * null if the path is not live. With the scenario, the label names the element ("on f1").
 */
export function liveFieldOf(path: string, scenario?: ScenarioLists): LiveField | null {
  const t = target(path);
  if (!t) return null;
  const { rule } = t;
  const element = scenario ? elementOf(t, scenario) : undefined;
  const label = inSentence(rule.label) + (t.element && element ? ` ${PLACE[t.element.list]} ${element.id}` : '');
  if (rule === VARIANT_INDEX_RULE) {
    return { label, unit: 'choice', format: (v) => TCP_VARIANTS[v] ?? `#${v}` };
  }
  const format = (v: number) =>
    rule.quantity === 'plain' ? (rule.suffix ? `${v} ${rule.suffix}` : String(v)) : formatValue(v, rule.quantity, rule.zeroUnit);
  return { label, unit: rule.quantity, format };
}
