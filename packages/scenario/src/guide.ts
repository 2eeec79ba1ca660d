// What a guided step asks of the page: a speed, a view and a moment of the run to pause
// at. Shared by the presets' "What to look for" points (their *Show me*) and the app's
// lessons (apps/web/src/lessons), so both are written in one vocabulary and checked by one
// set of rules. Plain data and pure functions: no DOM, no engine.
//
// Every check returns null or one sentence naming the field at fault, in the form the
// lesson validator and the preset tests print: `steps[2].pauseAt.event must be one of ...`.
import { quoteInput } from './safe-text';
import { setAtPath } from './path-access';
import type { Scenario } from './scenario';
import { validateScenario } from './schema/index';

/** The speed control's choices, simulated seconds per wall second ('max': as fast as possible). */
export const GUIDE_SPEEDS = [2e-5, 1e-3, 0.1, 1, 10, 'max'] as const;
export type GuideSpeed = (typeof GUIDE_SPEEDS)[number];

/**
 * The results tabs and the single charts a step may show (apps/web/src/view/viewStore.ts).
 * 'timespace' is the time-space diagram of one optical path (apps/web/src/timespace).
 * 'loss' (the loss matrix) is offered only where paths join more than one pair of edges or
 * the run has QoS classes or cores that deflect or cut (App.tsx).
 */
export const GUIDE_TABS = ['charts', 'channels', 'timespace', 'loss', 'log', 'compare', 'sweep'] as const;
export const GUIDE_CHARTS = ['all', 'cwnd', 'throughput', 'rtt'] as const;

export interface GuideView {
  tab?: (typeof GUIDE_TABS)[number];
  /** One chart at a time, or 'all'. */
  chart?: (typeof GUIDE_CHARTS)[number];
  /** The network gets most of the height (true) or the results (false). */
  bigNetwork?: boolean;
}

export const BURST_CLASSES = ['data', 'ack', 'background'] as const;
export const BURST_DROP_REASONS = ['injected', 'contention', 'late'] as const;
export const PACKET_DROP_REASONS = ['queue', 'random'] as const;

/**
 * A moment of the run, found in the engine's visual events: the first one after the
 * condition is set. `time` is the one condition not tied to an event: the clock passing `at`.
 */
export type PauseCondition =
  | ({ event: 'burst-sent'; node?: string; class?: 'data' | 'ack' | 'background' } & NotBefore)
  | ({
      event: 'burst-dropped';
      node?: string;
      class?: 'data' | 'ack' | 'background';
      reason?: (typeof BURST_DROP_REASONS)[number];
    } & NotBefore)
  | ({ event: 'burst-deflected' | 'burst-cut'; node?: string; class?: 'data' | 'ack' | 'background' } & NotBefore)
  | ({ event: 'packet-dropped'; flow?: string; reason?: (typeof PACKET_DROP_REASONS)[number] } & NotBefore)
  | ({ event: 'fast-retransmit' | 'rto' | 'recovery-exit'; flow?: string } & NotBefore)
  | { event: 'time'; at: number };

/** An event condition may skip what happens before a time: "the first data burst after 1 s" (its bursts are full by then). */
interface NotBefore {
  /** Seconds of simulated time; events earlier than this do not count. */
  after?: number;
}

export const PAUSE_EVENTS = [
  'burst-sent',
  'burst-dropped',
  // A core sent a burst off its route (docs/mesh.md section 6) or cut part of it off (section 7).
  'burst-deflected',
  'burst-cut',
  'packet-dropped',
  'fast-retransmit',
  'rto',
  'recovery-exit',
  'time',
] as const;
export type PauseEvent = (typeof PAUSE_EVENTS)[number];

/** Which optional filters each event takes (a filter the event cannot have is refused, not ignored). */
const FILTERS: Record<PauseEvent, readonly string[]> = {
  'burst-sent': ['node', 'class', 'after'],
  'burst-dropped': ['node', 'class', 'reason', 'after'],
  'burst-deflected': ['node', 'class', 'after'],
  'burst-cut': ['node', 'class', 'after'],
  'packet-dropped': ['flow', 'reason', 'after'],
  'fast-retransmit': ['flow', 'after'],
  rto: ['flow', 'after'],
  'recovery-exit': ['flow', 'after'],
  time: ['at'],
};

/** Scenario fields to change, by path (`obs.burstLoss.data`, `flows[0].tcp.variant`, `links[f1].wavelengths`). */
export type ScenarioSet = Record<string, unknown>;

/** What a *Show me* does: the speed, the view and the moment to pause at, and scenario fields to change first. */
export interface ShowMe {
  speed?: GuideSpeed;
  view?: GuideView;
  pauseAt?: PauseCondition;
  set?: ScenarioSet;
}

/** A "What to look for" point: its sentence, and what *Show me* does for it. */
export type LookForPoint = string | { text: string; show: ShowMe };

/** The sentence of a point, whichever form it has. */
export function lookForText(point: LookForPoint): string {
  return typeof point === 'string' ? point : point.text;
}

/** The *Show me* of a point, or null for a point without one. */
export function lookForShow(point: LookForPoint): ShowMe | null {
  return typeof point === 'string' ? null : point.show;
}

// ---- words ----

const CLASS_WORDS = { data: 'data-burst', ack: 'ACK-burst', background: 'background-burst' } as const;
const BURST_CLASS_WORDS = { data: 'data burst', ack: 'ACK burst', background: 'background burst' } as const;
const REASON_WORDS = { injected: 'injected', contention: 'contention', late: 'late', queue: 'queue-full', random: 'random' } as const;

/**
 * "the first data-burst drop", "the first burst sent by E1", "t = 1.5 s": what the page
 * says it waits for. `next` for a run that goes on from an earlier moment: "the next
 * fast retransmit".
 */
export function describePauseCondition(c: PauseCondition, ordinal: 'first' | 'next' = 'first'): string {
  const words = describeEvent(c).replace(/^the first /, `the ${ordinal} `);
  if (c.event !== 'time' && c.after !== undefined && c.after > 0) return `${words} after ${formatSeconds(c.after)}`;
  return words;
}

function describeEvent(c: PauseCondition): string {
  switch (c.event) {
    case 'time':
      return `t = ${formatSeconds(c.at)}`;
    case 'burst-sent': {
      const what = c.class ? BURST_CLASS_WORDS[c.class] : 'burst';
      return `the first ${what} sent${c.node ? ` by ${c.node}` : ''}`;
    }
    case 'burst-dropped': {
      const reason = c.reason ? `${REASON_WORDS[c.reason]} ` : '';
      const cls = c.class ? `${CLASS_WORDS[c.class]} ` : 'burst ';
      return `the first ${reason}${cls}drop${c.node ? ` at ${c.node}` : ''}`;
    }
    case 'burst-deflected':
      return `the first ${c.class ? `${BURST_CLASS_WORDS[c.class]} ` : 'burst '}deflected${c.node ? ` at ${c.node}` : ''}`;
    case 'burst-cut':
      return `the first ${c.class ? `${BURST_CLASS_WORDS[c.class]} ` : 'burst '}cut short${c.node ? ` at ${c.node}` : ''}`;
    case 'packet-dropped':
      return `the first ${c.reason ? `${REASON_WORDS[c.reason]} ` : ''}packet drop${c.flow ? ` of ${c.flow}` : ''}`;
    case 'fast-retransmit':
      return `the first fast retransmit${c.flow ? ` of ${c.flow}` : ''}`;
    case 'rto':
      return `the first timeout (RTO)${c.flow ? ` of ${c.flow}` : ''}`;
    case 'recovery-exit':
      return `the first exit from fast recovery${c.flow ? ` of ${c.flow}` : ''}`;
  }
}

/** "1.5 s", "4.2 ms", "20 µs". */
function formatSeconds(t: number): string {
  if (t === 0 || t >= 1) return `${Number(t.toPrecision(6))} s`;
  if (t >= 1e-3) return `${Number((t * 1e3).toPrecision(6))} ms`;
  return `${Number((t * 1e6).toPrecision(6))} µs`;
}

// ---- checks (shape) ----

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const list = (items: readonly unknown[]) => items.map((i) => (typeof i === 'string' ? i : String(i))).join(', ');
const got = (v: unknown) => (v === undefined ? 'it is missing' : `got ${quoteInput(v, 40)}`);

/** Refuses keys an object may not have (a misspelt key would otherwise be ignored in silence). */
function unknownKey(value: Json, allowed: readonly string[], at: string): string | null {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) return `${at} has an unknown field ${quoteInput(key, 40)} (allowed: ${list(allowed)})`;
  }
  return null;
}

function oneOf(value: unknown, choices: readonly unknown[], at: string): string | null {
  return choices.includes(value as never) ? null : `${at} must be one of ${list(choices)} (${got(value)})`;
}

export function checkGuideSpeed(value: unknown, at: string): string | null {
  if (GUIDE_SPEEDS.includes(value as never)) return null;
  return `${at} must be one of the speed control's choices, in simulated seconds per second: ${list(GUIDE_SPEEDS.slice(0, -1))} or "max" (${got(value)})`;
}

export function checkGuideView(value: unknown, at: string): string | null {
  if (!isObject(value)) return `${at} must be an object with tab, chart and/or bigNetwork (${got(value)})`;
  return (
    unknownKey(value, ['tab', 'chart', 'bigNetwork'], at) ??
    (value.tab === undefined ? null : oneOf(value.tab, GUIDE_TABS, `${at}.tab`)) ??
    (value.chart === undefined ? null : oneOf(value.chart, GUIDE_CHARTS, `${at}.chart`)) ??
    (value.bigNetwork === undefined || typeof value.bigNetwork === 'boolean'
      ? null
      : `${at}.bigNetwork must be true or false (${got(value.bigNetwork)})`)
  );
}

export function checkPauseCondition(value: unknown, at: string): string | null {
  if (!isObject(value)) return `${at} must be an object such as { "event": "burst-dropped", "class": "data" } (${got(value)})`;
  const bad = oneOf(value.event, PAUSE_EVENTS, `${at}.event`);
  if (bad) return bad;
  const event = value.event as PauseEvent;
  const extra = unknownKey(value, ['event', ...FILTERS[event]], at);
  if (extra) return extra;
  if (event === 'time') {
    const t = value.at;
    return typeof t === 'number' && Number.isFinite(t) && t >= 0 ? null : `${at}.at must be a time in seconds, 0 or more (${got(t)})`;
  }
  if (value.after !== undefined && !(typeof value.after === 'number' && Number.isFinite(value.after) && value.after >= 0)) {
    return `${at}.after must be a time in seconds, 0 or more (${got(value.after)})`;
  }
  for (const key of ['node', 'flow'] as const) {
    if (value[key] !== undefined && (typeof value[key] !== 'string' || value[key] === ''))
      return `${at}.${key} must be the id of a ${key} (${got(value[key])})`;
  }
  if (value.class !== undefined) {
    const classes = event.startsWith('burst-') ? BURST_CLASSES : [];
    const wrong = oneOf(value.class, classes, `${at}.class`);
    if (wrong) return wrong;
  }
  if (value.reason !== undefined)
    return oneOf(value.reason, event === 'packet-dropped' ? PACKET_DROP_REASONS : BURST_DROP_REASONS, `${at}.reason`);
  return null;
}

export function checkScenarioSet(value: unknown, at: string): string | null {
  if (!isObject(value) || Object.keys(value).length === 0)
    return `${at} must map scenario paths to values, e.g. { "obs.burstLoss.data": 0 } (${got(value)})`;
  return null;
}

export function checkShowMe(value: unknown, at: string): string | null {
  if (!isObject(value)) return `${at} must be an object with speed, view, pauseAt and/or set (${got(value)})`;
  const extra = unknownKey(value, ['speed', 'view', 'pauseAt', 'set'], at);
  if (extra) return extra;
  if (Object.keys(value).length === 0) return `${at} does nothing: give it a speed, a view, a pauseAt or a set`;
  return (
    (value.speed === undefined ? null : checkGuideSpeed(value.speed, `${at}.speed`)) ??
    (value.view === undefined ? null : checkGuideView(value.view, `${at}.view`)) ??
    (value.pauseAt === undefined ? null : checkPauseCondition(value.pauseAt, `${at}.pauseAt`)) ??
    (value.set === undefined ? null : checkScenarioSet(value.set, `${at}.set`))
  );
}

// ---- checks against a scenario ----

/**
 * The scenario with `set` applied (paths as sweeps write them: `flows[0].tcp.mss`,
 * `links[f1].wavelengths`). Throws Error naming the path that leads nowhere.
 */
export function applyScenarioSet(scenario: Scenario, set: ScenarioSet): Scenario {
  let out = scenario;
  for (const [path, value] of Object.entries(set)) {
    try {
      out = setAtPath(out, path, structuredClone(value));
    } catch (error) {
      throw new Error(`the path ${quoteInput(path, 60)} leads nowhere: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
  return out;
}

/** The ids a condition names must be in the scenario it watches: a typo would never pause. */
export function checkConditionNames(c: PauseCondition, scenario: Scenario, at: string): string | null {
  if ('node' in c && c.node !== undefined) {
    const node = scenario.nodes.find((n) => n.id === c.node);
    if (!node)
      return `${at}.node names no node of the scenario: ${quoteInput(c.node, 40)} (nodes are ${list(scenario.nodes.map((n) => n.id))})`;
    if (c.event === 'burst-sent' && node.kind !== 'edge')
      return `${at}.node must be an edge node (bursts are sent by edges): ${c.node} is a ${node.kind}`;
    if ((c.event === 'burst-deflected' || c.event === 'burst-cut') && node.kind !== 'core')
      return `${at}.node must be a core node (cores deflect and cut bursts): ${c.node} is ${node.kind === 'edge' ? 'an' : 'a'} ${node.kind}`;
  }
  // A core that neither deflects nor cuts never gives the event: the run would play to its end.
  const resolving = (field: 'deflection' | 'segmentation', node?: string) =>
    scenario.nodes.some((n) => n.kind === 'core' && n[field] === true && (node === undefined || n.id === node));
  if (c.event === 'burst-deflected' && !resolving('deflection', c.node))
    return `${at} waits for a deflection, but ${c.node ?? 'no core'}${c.node ? ' has no' : ' has'} deflection on (nodes[].deflection)`;
  if (c.event === 'burst-cut' && !resolving('segmentation', c.node))
    return `${at} waits for a cut, but ${c.node ?? 'no core'}${c.node ? ' has no' : ' has'} segmentation on (nodes[].segmentation)`;
  if ('flow' in c && c.flow !== undefined && !scenario.flows.some((f) => f.id === c.flow)) {
    return `${at}.flow names no flow of the scenario: ${quoteInput(c.flow, 40)} (flows are ${list(scenario.flows.map((f) => f.id))})`;
  }
  if (c.event === 'time' && c.at > scenario.duration) return `${at}.at is ${c.at} s, after the end of the run (${scenario.duration} s)`;
  if (c.event !== 'time' && c.after !== undefined && c.after >= scenario.duration)
    return `${at}.after is ${c.after} s, not before the end of the run (${scenario.duration} s)`;
  return null;
}

/**
 * The scenario a step or a *Show me* runs once its `set` is applied, or the reason it
 * cannot: a path that leads nowhere, or a value the scenario's schema refuses (named by
 * its path, as the editor names it).
 */
export function scenarioAfterSet(scenario: Scenario, set: ScenarioSet | undefined, at: string): { scenario: Scenario } | { error: string } {
  if (set === undefined) return { scenario };
  let out: Scenario;
  try {
    out = applyScenarioSet(scenario, set);
  } catch (error) {
    return { error: `${at}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const issues = validateScenario(out);
  if (issues.length > 0) return { error: `${at} makes the scenario invalid: ${issues[0].message} (${issues[0].path})` };
  return { scenario: out };
}

/** A *Show me* checked against the scenario it is for: its `set` applies, and its pause names what that scenario has. */
export function checkShowMeAgainst(show: ShowMe, scenario: Scenario, at: string): string | null {
  const after = scenarioAfterSet(scenario, show.set, `${at}.set`);
  if ('error' in after) return after.error;
  return show.pauseAt ? checkConditionNames(show.pauseAt, after.scenario, `${at}.pauseAt`) : null;
}
