/**
 * The editor's validation: the engine's parser rules (wasm-core/src/scenario/
 * scenario_parser.cc, json_reader.cc) repeated field by field, so an invalid value is
 * refused inline with its reason before anything reaches the engine. The engine stays
 * the judge: whatever slips through here is refused there with its own message.
 *
 * Paths are the engine's: "links[3].delay", "flows[0].tcp.rto.min".
 */
import { formatValue, type Quantity } from './units';
import { assemblyOf, TCP_VARIANTS, type Scenario } from './types';

/** How a numeric field is shown and bounded. */
export interface NumberRule {
  label: string;
  /** Friendly unit family, or 'plain' for counts and ratios. */
  quantity: Quantity | 'plain';
  min: number;
  max: number;
  /** min itself is refused (the engine's "must be > 0"). */
  minExclusive?: boolean;
  integer?: boolean;
  /** Unit a zero is shown in. */
  zeroUnit?: string;
  /** Word after plain numbers in hints ("segments"). */
  suffix?: string;
}

const MAX_SECONDS = 1e6;
// The engine's lower bounds (wasm-core/src/scenario/limits.h): the shortest interval it
// repeats (1 ns, 1000 ticks of its picosecond clock), the slowest lines.
const MIN_INTERVAL = 1e-9;
const MIN_PACKET_LINK_RATE = 1e3;
const MIN_FIBER_RATE = 1e6;
const MAX_SAMPLE_ROWS = 1e8;
const MAX_EVENT_RATE = 1e9; // one per MIN_INTERVAL, written exactly
const R = (label: string, quantity: NumberRule['quantity'], min: number, max: number, extra: Partial<NumberRule> = {}): NumberRule => ({
  label,
  quantity,
  min,
  max,
  ...extra,
});
const prob = (label: string) => R(label, 'percent', 0, 1);
const assemblyRules = (prefix: string): Record<string, NumberRule> => ({
  [`${prefix}.maxTime`]: R('Assembly time', 'time', MIN_INTERVAL, 10),
  [`${prefix}.maxBytes`]: R('Maximum burst size', 'bytes', 0, 1e9, { minExclusive: true }),
  [`${prefix}.minBytes`]: R('Minimum burst size', 'bytes', 0, 1e9),
});

/** Numeric fields by generic path (indices replaced by []). */
export const NUMBER_RULES: Record<string, NumberRule> = {
  seed: R('Seed', 'plain', 0, 4294967295, { integer: true }),
  duration: R('Duration', 'time', 0, MAX_SECONDS, { minExclusive: true }),
  sampleInterval: R('Sample interval', 'time', MIN_INTERVAL, MAX_SECONDS),
  'nodes[].x': R('x', 'plain', -1e6, 1e6),
  'nodes[].y': R('y', 'plain', -1e6, 1e6),
  'nodes[].setupTime': R('Switch setup time', 'time', 0, 1, { zeroUnit: 'ns' }),
  'nodes[].fdl.count': R('Fiber delay lines', 'plain', 0, 64, { integer: true }),
  'nodes[].fdl.unit': R('Delay-line unit', 'time', 0, 1, { zeroUnit: 'µs' }),
  ...assemblyRules('nodes[].assembly'),
  ...assemblyRules('obs.assembly'),
  'obs.controlProcessing': R('Control processing', 'time', 0, 1, { zeroUnit: 'µs' }),
  'obs.offset': R('Offset', 'time', 0, 1, { zeroUnit: 'µs' }),
  'obs.burstLoss.data': prob('Data-burst drop probability'),
  'obs.burstLoss.ack': prob('ACK-burst drop probability'),
  'links[].rate': R('Rate', 'rate', MIN_PACKET_LINK_RATE, 1e13),
  'links[].delay': R('Delay', 'time', 0, MAX_SECONDS, { zeroUnit: 'µs' }),
  'links[].queue': R('Queue', 'plain', 0, 1e6, { integer: true, suffix: 'packets' }),
  'links[].loss': prob('Loss'),
  'links[].loss.ab': prob('Loss a→b'),
  'links[].loss.ba': prob('Loss b→a'),
  'links[].arq.retries': R('Retries', 'plain', 0, 100, { integer: true }),
  'links[].arq.retryDelay': R('Retry delay', 'time', 0, 10, { zeroUnit: 'ms' }),
  'links[].wavelengths': R('Wavelengths', 'plain', 1, 1024, { integer: true }),
  'links[].burstLoss.data': prob('Data-burst loss'),
  'links[].burstLoss.ack': prob('ACK-burst loss'),
  'flows[].count': R('Copies', 'plain', 1, 100000, { integer: true }),
  'flows[].start': R('Start', 'time', 0, MAX_SECONDS, { zeroUnit: 's' }),
  'flows[].tcp.mss': R('MSS', 'bytes', 1, 65495, { integer: true }),
  'flows[].tcp.maxWindow': R('Maximum window', 'plain', 1, 1e6, { integer: true, suffix: 'segments' }),
  'flows[].tcp.initialCwnd': R('Initial cwnd', 'plain', 1, 1e6, { suffix: 'segments' }),
  'flows[].tcp.initialSsthresh': R('Initial ssthresh', 'plain', 2, 1e9, { suffix: 'segments' }),
  'flows[].tcp.dupAckThreshold': R('Duplicate-ACK threshold', 'plain', 1, 1000, { integer: true }),
  'flows[].tcp.rto.initial': R('Initial RTO', 'time', MIN_INTERVAL, 600),
  'flows[].tcp.rto.min': R('Minimum RTO', 'time', 0, 600, { zeroUnit: 'ms' }),
  'flows[].tcp.rto.max': R('Maximum RTO', 'time', MIN_INTERVAL, 3600),
  'flows[].tcp.rto.fixed': R('Fixed RTO', 'time', MIN_INTERVAL, 600),
  'flows[].app.bytes': R('File size', 'bytes', 1, 1e12, { integer: true }),
  'flows[].app.rate': R('CBR rate', 'rate', 1, 1e12),
  'background[].load': R('Load', 'plain', 0, 10),
  'background[].meanBytes': R('Mean burst size', 'bytes', 0, 1e9, { minExclusive: true }),
  'background[].hurst': R('Hurst parameter', 'plain', 0.5, 0.99),
};

/** "links[3].delay" -> "links[].delay". */
export function genericPath(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}

export function ruleFor(path: string): NumberRule | undefined {
  return NUMBER_RULES[genericPath(path)];
}

function bound(v: number, rule: NumberRule): string {
  if (v === 0) return '0';
  if (rule.quantity === 'plain') return rule.suffix ? `${v} ${rule.suffix}` : String(v);
  return formatValue(v, rule.quantity, rule.zeroUnit);
}

/** The reason a number is refused by `rule`, or null if it is fine. */
export function checkNumber(value: number, rule: NumberRule): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${rule.label} must be a number`;
  if (rule.integer && !Number.isInteger(value)) return `${rule.label} must be a whole number`;
  if (rule.minExclusive ? value <= rule.min : value < rule.min) {
    return `${rule.label} must be ${rule.minExclusive ? '>' : '≥'} ${bound(rule.min, rule)}`;
  }
  if (value > rule.max) return `${rule.label} must be at most ${bound(rule.max, rule)}`;
  return null;
}

/** The reason an id is refused: empty, too long, taken by another element of its list. */
export function checkId(id: string, others: Iterable<string>, what: string, opts: { noHash?: boolean } = {}): string | null {
  if (id.trim() === '') return 'The id must not be empty';
  if (id.length > 64) return 'The id must be at most 64 characters';
  if (opts.noHash && id.includes('#')) return "The id must not contain '#' (kept for copies: id#0, id#1 ...)";
  for (const o of others) if (o === id) return `"${id}" is already used by another ${what}`;
  return null;
}

export interface Issue {
  /** Engine-style path of the offending field. */
  path: string;
  message: string;
}

/**
 * Every rule of the parser, and the route check of the engine's load, over a whole
 * scenario. Empty when the engine should accept it.
 */
export function validateScenario(s: Scenario): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const num = (path: string, value: unknown) => {
    const rule = ruleFor(path);
    if (!rule) return;
    const why = checkNumber(value as number, rule);
    if (why) add(path, why);
  };

  if (s.name.length > 200) add('name', 'The name must be at most 200 characters');
  num('seed', s.seed);
  num('duration', s.duration);
  num('sampleInterval', s.sampleInterval);
  if (s.duration > 0 && s.sampleInterval > 0 && s.duration / s.sampleInterval > 2e6) {
    add('sampleInterval', 'Sample interval is too small for the duration (at most 2,000,000 samples per flow)');
  }

  // obs
  for (const k of ['maxTime', 'maxBytes', 'minBytes'] as const) num(`obs.assembly.${k}`, s.obs.assembly[k]);
  num('obs.controlProcessing', s.obs.controlProcessing);
  if (s.obs.offset !== 'auto') num('obs.offset', s.obs.offset);
  num('obs.burstLoss.data', s.obs.burstLoss.data);
  num('obs.burstLoss.ack', s.obs.burstLoss.ack);

  // nodes
  if (s.nodes.length === 0) add('nodes', 'The network needs at least one node');
  const kindOf = new Map<string, string>();
  s.nodes.forEach((n, i) => {
    const p = `nodes[${i}]`;
    const idWhy = checkId(n.id, kindOf.keys(), 'node');
    if (idWhy) add(`${p}.id`, idWhy);
    kindOf.set(n.id, n.kind);
    num(`${p}.x`, n.x);
    num(`${p}.y`, n.y);
    if (n.kind === 'core') {
      num(`${p}.setupTime`, n.setupTime);
      num(`${p}.fdl.count`, n.fdl.count);
      num(`${p}.fdl.unit`, n.fdl.unit);
      if (n.fdl.count > 0 && !(n.fdl.unit > 0)) {
        add(`${p}.fdl.unit`, 'Delay-line unit must be > 0 when there are delay lines');
      }
    }
    const a = assemblyOf(n);
    if (a) {
      if (n.kind !== 'edge') add(`${p}.assembly`, 'Assembly settings apply to edge nodes only');
      for (const k of ['maxTime', 'maxBytes', 'minBytes'] as const) if (a[k] !== undefined) num(`${p}.assembly.${k}`, a[k]);
    }
  });

  // links
  const linkIds: string[] = [];
  const adjacency = new Map<string, string[]>();
  s.links.forEach((l, i) => {
    const p = `links[${i}]`;
    const idWhy = checkId(l.id, linkIds, 'link');
    if (idWhy) add(`${p}.id`, idWhy);
    linkIds.push(l.id);
    const ka = kindOf.get(l.a);
    const kb = kindOf.get(l.b);
    if (ka === undefined) add(`${p}.a`, `End a refers to an unknown node "${l.a}"`);
    if (kb === undefined) add(`${p}.b`, `End b refers to an unknown node "${l.b}"`);
    if (l.a === l.b) add(`${p}.b`, 'A link joins two different nodes');
    num(`${p}.rate`, l.rate);
    if (l.kind === 'fiber' && l.rate >= MIN_PACKET_LINK_RATE && l.rate < MIN_FIBER_RATE) {
      add(`${p}.rate`, `Rate of a fiber link must be ≥ ${formatValue(MIN_FIBER_RATE, 'rate')} (a 4 GB burst then lasts 9.5 hours)`);
    }
    num(`${p}.delay`, l.delay);
    if (l.kind === 'packet') {
      if (ka === 'core' || kb === 'core') {
        add(`${p}.kind`, 'A packet link cannot attach to a core node (a core node is optical; use a fiber link from an edge node)');
      }
      num(`${p}.queue`, l.queue);
      if (typeof l.loss === 'number') num(`${p}.loss`, l.loss);
      else {
        num(`${p}.loss.ab`, l.loss.ab);
        num(`${p}.loss.ba`, l.loss.ba);
      }
      num(`${p}.arq.retries`, l.arq.retries);
      num(`${p}.arq.retryDelay`, l.arq.retryDelay);
    } else {
      for (const k of [ka, kb]) {
        if (k !== undefined && k !== 'edge' && k !== 'core') {
          add(`${p}.kind`, `A fiber link joins edge or core nodes only, not a ${k} (attach hosts and routers to an edge node with a packet link)`);
          break;
        }
      }
      num(`${p}.wavelengths`, l.wavelengths);
      num(`${p}.burstLoss.data`, l.burstLoss.data);
      num(`${p}.burstLoss.ack`, l.burstLoss.ack);
    }
    if (ka !== undefined && kb !== undefined && l.a !== l.b) {
      adjacency.set(l.a, [...(adjacency.get(l.a) ?? []), l.b]);
      adjacency.set(l.b, [...(adjacency.get(l.b) ?? []), l.a]);
    }
  });

  // flows
  const flowIds: string[] = [];
  let instances = 0;
  s.flows.forEach((f, i) => {
    const p = `flows[${i}]`;
    const idWhy = checkId(f.id, flowIds, 'flow', { noHash: true });
    if (idWhy) add(`${p}.id`, idWhy);
    flowIds.push(f.id);
    const ends = endpoints(p, f.src, f.dst, 'host', kindOf, add);
    num(`${p}.count`, f.count);
    num(`${p}.start`, f.start);
    const t = f.tcp;
    if (!TCP_VARIANTS.includes(t.variant)) add(`${p}.tcp.variant`, `Unknown TCP variant "${t.variant}"`);
    for (const k of ['mss', 'maxWindow', 'initialCwnd', 'initialSsthresh', 'dupAckThreshold'] as const) num(`${p}.tcp.${k}`, t[k]);
    num(`${p}.tcp.rto.initial`, t.rto.initial);
    num(`${p}.tcp.rto.min`, t.rto.min);
    num(`${p}.tcp.rto.max`, t.rto.max);
    if (t.rto.fixed !== null) num(`${p}.tcp.rto.fixed`, t.rto.fixed);
    if (t.rto.min > t.rto.max) add(`${p}.tcp.rto.min`, 'Minimum RTO must not exceed the maximum RTO');
    if (f.app.kind === 'file') num(`${p}.app.bytes`, f.app.bytes);
    if (f.app.kind === 'cbr') {
      num(`${p}.app.rate`, f.app.rate);
      // One segment per nanosecond at most: a CBR source schedules one hand-over each.
      if (f.app.rate / (8 * t.mss) > MAX_EVENT_RATE) {
        add(`${p}.app.rate`, `CBR rate must be at most ${formatValue(8 * t.mss * MAX_EVENT_RATE, 'rate')} with this MSS (one segment per nanosecond)`);
      }
    }
    if (Number.isInteger(f.count) && f.count > 0) {
      instances += f.count;
      if (instances > 100000) add(`${p}.count`, 'Copies bring the total number of flows above 100000');
    }
    if (ends && !reachable(f.src, f.dst, adjacency, kindOf)) {
      add(`${p}.dst`, `No path of links leads from "${f.src}" to "${f.dst}"`);
    }
  });
  const rows = instances * (s.duration / s.sampleInterval + 1);
  const perFlowRefused = issues.some((i) => i.path === 'sampleInterval');
  if (!perFlowRefused && s.duration > 0 && s.sampleInterval > 0 && rows > MAX_SAMPLE_ROWS) {
    add('sampleInterval', `Sample interval is too small for ${instances} flows over ${formatValue(s.duration, 'time')} (at most 100,000,000 sample rows)`);
  }

  // background
  s.background.forEach((b, i) => {
    const p = `background[${i}]`;
    endpoints(p, b.src, b.dst, 'edge', kindOf, add);
    num(`${p}.load`, b.load);
    num(`${p}.meanBytes`, b.meanBytes);
    if (b.model === 'self-similar') num(`${p}.hurst`, b.hurst ?? 0.8);
  });

  return issues;
}

function endpoints(
  p: string,
  src: string,
  dst: string,
  kind: 'host' | 'edge',
  kindOf: Map<string, string>,
  add: (path: string, message: string) => void,
): boolean {
  let ok = true;
  const label = kind === 'host' ? 'a host' : 'an edge node';
  for (const [key, id] of [['src', src], ['dst', dst]] as const) {
    const k = kindOf.get(id);
    if (k === undefined) {
      add(`${p}.${key}`, `${key === 'src' ? 'Source' : 'Destination'} refers to an unknown node "${id}"`);
      ok = false;
    } else if (k !== kind) {
      add(`${p}.${key}`, `${key === 'src' ? 'Source' : 'Destination'} must be ${label} ("${id}" is a ${k})`);
      ok = false;
    }
  }
  if (ok && src === dst) {
    add(`${p}.dst`, 'Destination must differ from the source');
    ok = false;
  }
  return ok;
}

/** Breadth-first over links; hosts never forward (docs/model.md §2). */
function reachable(src: string, dst: string, adjacency: Map<string, string[]>, kindOf: Map<string, string>): boolean {
  const seen = new Set([src]);
  const queue = [src];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of adjacency.get(at) ?? []) {
      if (next === dst) return true;
      if (seen.has(next) || kindOf.get(next) === 'host') continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return false;
}

/** The engine names the field first ("links[3].wavelengths must be ..."): that path, if any. */
export function pathInMessage(message: string): string | null {
  const m = /\b((?:nodes|links|flows|background)\[\d+\](?:\.[A-Za-z]+)*|obs(?:\.[A-Za-z]+)+|seed|duration|sampleInterval|name)(?![\w[])/.exec(message);
  if (!m) return null;
  // "flows[0]: no path ..." names the flow; point at its destination.
  return /^\w+\[\d+\]$/.test(m[1]) && /no path/.test(message) ? `${m[1]}.dst` : m[1];
}
