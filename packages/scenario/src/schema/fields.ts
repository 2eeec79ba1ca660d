// Every field of scenario format v1 that holds a number or a choice: its label, unit,
// range, the engine's default and whether it changes while running. Written once here;
// the zod schema (schema.ts), the editor, share links, live changes and the sweep picker
// all read it. Paths are generic: indices replaced by [] ("links[].delay").
import {
  MAX_CONVERSION_RANGE,
  MAX_COST,
  MAX_DEFLECTIONS,
  MAX_FLOW_INSTANCES,
  MAX_RATE,
  MAX_SECONDS,
  MIN_INTERVAL,
  MIN_PACKET_LINK_RATE,
} from './limits';
import { formatValue, type Quantity } from './units';
import { genericPath } from '../path-grammar';

export { genericPath };

/** How a number is shown: a unit family, or 'plain' for counts and ratios. */
export type FieldUnit = Quantity | 'plain';

/** How a numeric field is shown and bounded. */
export interface NumberRule {
  /** Capitalised, for a field's label: "Data-burst loss". */
  label: string;
  /** Friendly unit family, or 'plain' for counts and ratios. */
  quantity: FieldUnit;
  min: number;
  max: number;
  /** min itself is refused (the engine's "must be > 0"). */
  minExclusive?: boolean;
  integer?: boolean;
  /** Unit a zero is shown in. */
  zeroUnit?: string;
  /** Word after plain numbers in hints ("segments"). */
  suffix?: string;
  /** What a whole number of it counts, in the engine's refusal: "must be a whole number of bursts". */
  counts?: string;
  /** The engine's value when the field is absent; absent: required, or (nodes[].assembly) inherited. */
  default?: number;
  /** The engine takes a change of it while running (docs/engine-api.md, live paths). */
  live?: boolean;
  /** Only on these kinds of its element (links[].wavelengths: fiber). */
  kinds?: readonly string[];
  /** Not offered to sweeps (the seed is swept by "seeds", the duration set apart; positions and samples change no result). */
  noSweep?: boolean;
}

/** A field that takes one of a list of words. */
export interface ChoiceRule {
  label: string;
  values: readonly string[];
  /** The engine's choice when the field is absent; absent: required. */
  default?: string;
}

export const TCP_VARIANTS = ['tahoe', 'reno', 'newreno', 'sack', 'hstcp', 'stcp', 'bic', 'cubic', 'htcp', 'vegas', 'westwood'] as const;
export const LOSS_RECOVERIES = ['tahoe', 'reno', 'newreno', 'sack'] as const;
export const NODE_KINDS = ['host', 'router', 'edge', 'core'] as const;
export const LINK_KINDS = ['packet', 'fiber'] as const;
export const APP_KINDS = ['bulk', 'file', 'cbr'] as const;
export const ASSEMBLY_POLICIES = ['time', 'size', 'hybrid'] as const;
export const ASSEMBLY_QUEUES = ['per-class', 'mixed'] as const;
export const RESERVATIONS = ['jet', 'jit'] as const;
export const SCHEDULERS = ['ffuc', 'lauc', 'lauc-vf'] as const;
export const BACKGROUND_MODELS = ['poisson', 'self-similar'] as const;
/** A core's wavelength conversion in words (docs/mesh.md section 1); `{ "range": d }` is the third form. */
export const CONVERSIONS = ['full', 'none'] as const;
/** The ingress edge's rule for a burst's wavelength on paths without full conversion (docs/mesh.md section 1). */
export const WAVELENGTH_CHOICES = ['first-fit', 'random'] as const;
/** The burst classes a `drops` rule on an edge names. */
export const DROP_CLASSES = ['data', 'ack'] as const;

const R = (label: string, quantity: FieldUnit, min: number, max: number, extra: Partial<NumberRule> = {}): NumberRule => ({
  label,
  quantity,
  min,
  max,
  ...extra,
});
const prob = (label: string, extra: Partial<NumberRule> = {}) => R(label, 'percent', 0, 1, { default: 0, ...extra });
const FIBER = ['fiber'] as const;
const PACKET = ['packet'] as const;
const CORE = ['core'] as const;
const EDGE = ['edge'] as const;

/** obs.assembly's numbers; an edge's own (nodes[].assembly) inherit from them, field by field. */
function assemblyRules(prefix: string, own: boolean): Record<string, NumberRule> {
  const d = (v: number) => (own ? {} : { default: v });
  const kinds = own ? { kinds: EDGE } : {};
  return {
    [`${prefix}.maxTime`]: R('Assembly time', 'time', MIN_INTERVAL, 10, { ...d(1e-3), live: true, ...kinds }),
    [`${prefix}.maxBytes`]: R('Maximum burst size', 'bytes', 0, 1e9, { minExclusive: true, ...d(40000), live: true, ...kinds }),
    [`${prefix}.minBytes`]: R('Minimum burst size', 'bytes', 0, 1e9, { ...d(0), live: true, ...kinds }),
  };
}

/** One side of a flow's `access` (docs/routing.md): each copy's own packet link there. */
function accessRules(side: 'src' | 'dst', word: string): Record<string, NumberRule> {
  const prefix = `flows[].access.${side}`;
  return {
    [`${prefix}.rate`]: R(`${word} access rate`, 'rate', MIN_PACKET_LINK_RATE, MAX_RATE),
    [`${prefix}.delay`]: R(`${word} access delay`, 'time', 0, MAX_SECONDS, { zeroUnit: 'µs' }),
    [`${prefix}.queue`]: R(`${word} access queue`, 'plain', 0, 1e6, { integer: true, suffix: 'packets', default: 1000 }),
  };
}

/** Numeric fields by generic path, in the order the engine reads them. */
export const NUMBER_RULES: Readonly<Record<string, NumberRule>> = Object.freeze({
  seed: R('Seed', 'plain', 0, 4294967295, { integer: true, default: 1, noSweep: true }),
  // Sweeps set the run's length apart (overrides.duration); samples change no result.
  duration: R('Duration', 'time', 0, MAX_SECONDS, { minExclusive: true, default: 10, noSweep: true }),
  sampleInterval: R('Sample interval', 'time', MIN_INTERVAL, MAX_SECONDS, { default: 0.01, noSweep: true }),
  ...assemblyRules('obs.assembly', false),
  'obs.controlProcessing': R('Control processing', 'time', 0, 1, { zeroUnit: 'µs', default: 1e-5 }),
  'obs.offset': R('Offset', 'time', 0, 1, { zeroUnit: 'µs' }),
  'obs.burstLoss.data': prob('Data-burst loss', { live: true }),
  'obs.burstLoss.ack': prob('ACK-burst loss', { live: true }),
  // Deflection routing (docs/mesh.md section 6): deflections per burst over its whole path.
  'obs.maxDeflections': R('Deflections per burst', 'plain', 1, MAX_DEFLECTIONS, { integer: true, default: 1 }),
  'nodes[].x': R('x', 'plain', -1e6, 1e6, { default: 0, noSweep: true }),
  'nodes[].y': R('y', 'plain', -1e6, 1e6, { default: 0, noSweep: true }),
  'nodes[].setupTime': R('Switch setup time', 'time', 0, 1, { zeroUnit: 'ns', default: 0, kinds: CORE }),
  'nodes[].fdl.count': R('Fiber delay lines', 'plain', 0, 64, { integer: true, default: 0, kinds: CORE }),
  'nodes[].fdl.unit': R('Delay-line unit', 'time', 0, 1, { zeroUnit: 'µs', default: 0, kinds: CORE }),
  // `conversion: { "range": d }` (docs/mesh.md section 1); "full" or "none" are CHOICE_RULES'.
  'nodes[].conversion.range': R('Conversion range', 'plain', 1, MAX_CONVERSION_RANGE, {
    integer: true,
    suffix: 'channels',
    kinds: CORE,
  }),
  ...assemblyRules('nodes[].assembly', true),
  // A fiber's rate is at least MIN_FIBER_RATE (rateRule).
  'links[].rate': R('Rate', 'rate', MIN_PACKET_LINK_RATE, MAX_RATE),
  'links[].delay': R('Delay', 'time', 0, MAX_SECONDS, { zeroUnit: 'µs' }),
  'links[].queue': R('Queue', 'plain', 0, 1e6, { integer: true, suffix: 'packets', default: 1000, kinds: PACKET }),
  'links[].loss': prob('Loss', { live: true, kinds: PACKET }),
  'links[].loss.ab': prob('Loss a→b', { kinds: PACKET }),
  'links[].loss.ba': prob('Loss b→a', { kinds: PACKET }),
  'links[].arq.retries': R('Retries', 'plain', 0, 100, { integer: true, default: 0, kinds: PACKET }),
  'links[].arq.retryDelay': R('Retry delay', 'time', 0, 10, { zeroUnit: 'ms', default: 0, kinds: PACKET }),
  'links[].wavelengths': R('Wavelengths', 'plain', 1, 1024, { integer: true, default: 1, live: true, kinds: FIBER }),
  'links[].burstLoss.data': prob('Data-burst loss', { live: true, kinds: FIBER }),
  'links[].burstLoss.ack': prob('ACK-burst loss', { live: true, kinds: FIBER }),
  // `cost` (docs/routing.md): absent, a direction costs the link's delay.
  'links[].cost': R('Routing cost', 'plain', 0, MAX_COST),
  'links[].cost.ab': R('Routing cost a→b', 'plain', 0, MAX_COST),
  'links[].cost.ba': R('Routing cost b→a', 'plain', 0, MAX_COST),
  'flows[].count': R('Copies', 'plain', 1, MAX_FLOW_INSTANCES, { integer: true, default: 1 }),
  'flows[].start': R('Start', 'time', 0, MAX_SECONDS, { zeroUnit: 's', default: 0 }),
  'flows[].startSpread': R('Start spread', 'time', 0, MAX_SECONDS, { zeroUnit: 's', default: 0 }),
  ...accessRules('src', 'Source'),
  ...accessRules('dst', 'Sink'),
  'flows[].tcp.mss': R('MSS', 'bytes', 1, 65495, { integer: true, default: 512 }),
  'flows[].tcp.maxWindow': R('Maximum window', 'plain', 1, 1e6, { integer: true, suffix: 'segments', default: 128 }),
  'flows[].tcp.initialCwnd': R('Initial cwnd', 'plain', 1, 1e6, { suffix: 'segments', default: 1 }),
  'flows[].tcp.initialSsthresh': R('Initial ssthresh', 'plain', 2, 1e9, { suffix: 'segments', default: 65535 }),
  'flows[].tcp.dupAckThreshold': R('Duplicate-ACK threshold', 'plain', 1, 1000, { integer: true, default: 3 }),
  'flows[].tcp.rto.initial': R('Initial RTO', 'time', MIN_INTERVAL, 600, { default: 1 }),
  'flows[].tcp.rto.min': R('Minimum RTO', 'time', 0, 600, { zeroUnit: 'ms', default: 0.2 }),
  'flows[].tcp.rto.max': R('Maximum RTO', 'time', MIN_INTERVAL, 3600, { default: 60 }),
  'flows[].tcp.rto.fixed': R('Fixed RTO', 'time', MIN_INTERVAL, 600),
  'flows[].app.bytes': R('File size', 'bytes', 1, 1e12, { integer: true, kinds: ['file'] }),
  'flows[].app.rate': R('CBR rate', 'rate', 1, 1e12, { kinds: ['cbr'] }),
  'background[].load': R('Load', 'plain', 0, 10),
  'background[].meanBytes': R('Mean burst size', 'bytes', 0, 1e9, { minExclusive: true, default: 40000 }),
  'background[].hurst': R('Hurst parameter', 'plain', 0.5, 0.99, { kinds: ['self-similar'], default: 0.8 }),
  // QoS by extra offset (docs/mesh.md section 8); not with enterAssembly.
  'background[].extraOffset': R('Extra offset', 'time', 0, 1, { zeroUnit: 'µs', default: 0 }),
  // `traffic` (docs/mesh.md section 3): a background source per pair of edges, scaled to a network load.
  'traffic.load': R('Network load', 'plain', 0, 10),
  'traffic.meanBytes': R('Mean burst size', 'bytes', 0, 1e9, { minExclusive: true, default: 40000 }),
  'traffic.hurst': R('Hurst parameter', 'plain', 0.5, 0.99, { kinds: ['self-similar'], default: 0.8 }),
  'traffic.extraOffset': R('Extra offset', 'time', 0, 1, { zeroUnit: 'µs', default: 0 }),
  'liveChanges[].at': R('Time of the change', 'time', 0, MAX_SECONDS, { zeroUnit: 's', noSweep: true }),
  // The measurement window (docs/model.md section 5): what the summary counts, not what runs.
  // Within the run: the schema checks that across fields (schema.ts), as the engine does.
  'measure.from': R('Measured from', 'time', 0, MAX_SECONDS, { zeroUnit: 's', default: 0 }),
  'measure.to': R('Measured to', 'time', 0, MAX_SECONDS, { minExclusive: true, zeroUnit: 's' }),
  // Deterministic losses (docs/deterministic-loss.md): which losses, not how much; no sweep.
  'drops[].transmission': R('Transmission', 'plain', 1, 1000, { integer: true, default: 1, noSweep: true }),
  // At most the duration: the schema checks that across fields (schema.ts, dropIssue).
  'drops[].after': R('Drop after', 'time', 0, MAX_SECONDS, { zeroUnit: 's', noSweep: true }),
});

/**
 * A field's value as the editor shows it: "100 µs", "1.25 Gbit/s", "40 KB", "1 %"; a plain
 * number bare ("128": the field's label or hint says what it counts).
 */
export function formatByRule(value: number, rule: NumberRule): string {
  if (rule.quantity === 'plain') return String(value);
  return formatValue(value, rule.quantity, rule.zeroUnit);
}

/** The rate rule of a link of this kind: a fiber is at least 1 Mbit/s per wavelength. */
export function rateRule(kind: string): NumberRule {
  const rule = NUMBER_RULES['links[].rate'];
  return kind === 'fiber' ? { ...rule, min: 1e6 } : rule;
}

/** Fields that take one word of a list, by generic path. */
export const CHOICE_RULES = Object.freeze({
  'obs.assembly.policy': { label: 'Assembly policy', values: ASSEMBLY_POLICIES, default: 'time' },
  'obs.assembly.queues': { label: 'Assembly queues', values: ASSEMBLY_QUEUES, default: 'per-class' },
  'obs.reservation': { label: 'Reservation', values: RESERVATIONS, default: 'jet' },
  'obs.scheduling': { label: 'Scheduling', values: SCHEDULERS, default: 'lauc-vf' },
  'obs.wavelengthChoice': { label: 'Wavelength choice', values: WAVELENGTH_CHOICES, default: 'first-fit' },
  'nodes[].kind': { label: 'Kind', values: NODE_KINDS },
  // Or `{ "range": d }`: the number is NUMBER_RULES' 'nodes[].conversion.range'.
  'nodes[].conversion': { label: 'Wavelength conversion', values: CONVERSIONS, default: 'full' },
  'nodes[].assembly.policy': { label: 'Assembly policy', values: ASSEMBLY_POLICIES },
  'nodes[].assembly.queues': { label: 'Assembly queues', values: ASSEMBLY_QUEUES },
  'links[].kind': { label: 'Kind', values: LINK_KINDS },
  'flows[].tcp.variant': { label: 'TCP variant', values: TCP_VARIANTS, default: 'reno' },
  'flows[].tcp.recovery': { label: 'Loss recovery', values: LOSS_RECOVERIES },
  'flows[].app.kind': { label: 'Application', values: APP_KINDS },
  'background[].model': { label: 'Model', values: BACKGROUND_MODELS, default: 'poisson' },
  'traffic.model': { label: 'Traffic model', values: BACKGROUND_MODELS, default: 'poisson' },
  'drops[].class': { label: 'Burst class', values: DROP_CLASSES },
} as const satisfies Record<string, ChoiceRule>);

/** Labels of the other fields, for messages. */
export const OTHER_LABELS: Readonly<Record<string, string>> = Object.freeze({
  version: 'Version',
  name: 'The name',
  nodes: 'Nodes',
  links: 'Links',
  flows: 'Flows',
  background: 'Background traffic',
  traffic: 'Traffic matrix',
  'traffic.matrix': 'Traffic matrix',
  liveChanges: 'Live changes',
  drops: 'Deterministic losses',
  measure: 'Measurement window',
  'drops[].flow': 'Flow',
  'drops[].edge': 'Edge',
  'drops[].segments': 'Segments',
  'drops[].packets': 'Packets',
  'drops[].bursts': 'Bursts',
  'nodes[].id': 'The id',
  'links[].id': 'The id',
  'flows[].id': 'The id',
  'links[].a': 'End a',
  'links[].b': 'End b',
  'flows[].src': 'Source',
  'flows[].dst': 'Destination',
  'flows[].route': 'Route',
  'flows[].ackRoute': 'ACK route',
  'flows[].access': 'Access',
  'background[].src': 'Source',
  'background[].dst': 'Destination',
  'flows[].tcp.delayedAck': 'Delayed ACK',
  'background[].enterAssembly': 'Entering assembly',
  // docs/mesh.md sections 6 and 7: true or false, false when absent.
  'nodes[].deflection': 'Deflection routing',
  'nodes[].segmentation': 'Burst segmentation',
  'liveChanges[].path': 'The changed field',
  'liveChanges[].value': 'The new value',
});

/** Fields the engine reads only on some kinds of their element: what it says of the others. */
export const KIND_ONLY: Readonly<Record<string, string>> = Object.freeze({
  'nodes[].setupTime': 'applies to core nodes only',
  'nodes[].fdl': 'applies to core nodes only',
  'nodes[].conversion': 'applies to core nodes only',
  'nodes[].deflection': 'applies to core nodes only',
  'nodes[].segmentation': 'applies to core nodes only',
  'nodes[].assembly': 'applies to edge nodes only',
  'links[].wavelengths': 'applies to fiber links only',
  'links[].burstLoss': 'applies to fiber links only',
  'links[].queue': 'applies to packet links only',
  'links[].loss': 'applies to packet links only',
  'links[].arq': 'applies to packet links only',
  'flows[].app.bytes': 'applies to the "file" application only',
  'flows[].app.rate': 'applies to the "cbr" application only',
  'background[].hurst': 'applies to the "self-similar" model only',
  'traffic.hurst': 'applies to the "self-similar" model only',
});

export function ruleFor(path: string): NumberRule | undefined {
  return NUMBER_RULES[genericPath(path)];
}

/** The label of any field, for messages: its rule's, else the last key. */
export function labelOf(path: string): string {
  const g = genericPath(path);
  return NUMBER_RULES[g]?.label ?? choiceRuleFor(g)?.label ?? OTHER_LABELS[g] ?? (path === '' ? 'The scenario' : lastKey(path));
}

/** The choice rule at a generic path, if the field takes one word of a list. */
export function choiceRuleFor(generic: string): ChoiceRule | undefined {
  return (CHOICE_RULES as Readonly<Record<string, ChoiceRule>>)[generic];
}

function lastKey(path: string): string {
  const m = /([^.[\]]+)(?:\[\d+\])?$/.exec(path);
  return m ? m[1] : path;
}

/** A label inside a sentence: "data-burst loss", but "ACK-burst loss", "MSS". */
export function inSentence(label: string): string {
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
