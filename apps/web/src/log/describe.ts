/**
 * Sentences for the event log: one pure function per event kind, from the engine's
 * visual event (wasm-core/src/metrics/visual_event_log.h) and the names of the scenario.
 *
 *   0.512 s: E1 sends burst 77 to E2 via C1 (data, 61 segments of tcp1, 31.2 KB, offset 30 µs)
 *   1.234 s: burst 512 (data, 61 segments of tcp1) dropped at C2 on its way to E2: no free wavelength (contention)
 *   1.260 s: tcp1 RTO, cwnd 1
 */
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { LIVE_GENERIC_PATHS, LIVE_TARGETS, elementPath, liveFieldOf, liveTargetOf, splitElementPath } from '@obs-tcp-sim/scenario';
import type { Names } from '@obs-tcp-sim/engine';

/** What the log knows about a burst from its "formed" event (the drop event lacks flows). */
export interface BurstOrigin {
  /** The flow with most packets in it, -1 if none (background). */
  mainFlow: number;
  /** How many distinct flows it carries. */
  flows: number;
  /** Its optical path (index in the engine's routes.opticalPaths); absent or -1 if unknown. */
  path?: number;
}

const CLASS = ['data', 'ACK', 'background'];

/** "1.234 s" — the log's clock: milliseconds are what a class can follow. */
export function formatLogTime(t: number): string {
  return `${t.toFixed(3)} s`;
}

/** Bytes for people, SI: 512 B, 31.2 KB, 1.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  if (bytes < 1e6) return `${trim(bytes / 1e3)} KB`;
  if (bytes < 1e9) return `${trim(bytes / 1e6)} MB`;
  return `${trim(bytes / 1e9)} GB`;
}

/** Durations for people: 30 µs, 1.5 ms, 2 s (0 -> "0 µs"). */
export function formatDuration(seconds: number): string {
  const a = Math.abs(seconds);
  if (a >= 1) return `${trim(seconds)} s`;
  if (a >= 1e-3) return `${trim(seconds * 1e3)} ms`;
  if (a >= 1e-6 || a === 0) return `${trim(seconds * 1e6)} µs`;
  return `${trim(seconds * 1e9)} ns`;
}

function trim(x: number): string {
  return String(Number(x.toPrecision(3)));
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "61 segments of tcp1", "12 ACKs of tcp1", "48 segments of 3 flows, mostly tcp1". */
function contents(e: VisualEvent, origin: BurstOrigin | undefined, names: Names): string | null {
  if (e.cls === 2) return null; // background bursts carry no packets
  const unit = e.cls === 1 ? plural(e.segments, 'ACK', 'ACKs') : plural(e.segments, 'segment', 'segments');
  if (!origin || origin.mainFlow < 0) return unit;
  if (origin.flows > 1) return `${unit} of ${origin.flows} flows, mostly ${names.flow(origin.mainFlow)}`;
  return `${unit} of ${names.flow(origin.mainFlow)}`;
}

/** " to E2 via C1, C3", " to E2 direct" (no core between the edges), "" if the path is unknown. */
function towardsVia(path: number, names: Names): string {
  const p = path >= 0 ? names.opticalPath(path) : null;
  if (!p) return '';
  return ` to ${p.egress} ${p.via.length > 0 ? `via ${p.via.join(', ')}` : 'direct'}`;
}

/** "E1 → C1 → E2", null if the path is unknown. */
export function pathWords(path: number, names: Names): string | null {
  const p = path >= 0 ? names.opticalPath(path) : null;
  return p ? p.nodes.join(' → ') : null;
}

export function describeBurstFormed(e: VisualEvent, names: Names): string {
  const origin: BurstOrigin = { mainFlow: e.lane, flows: e.dir, path: e.link };
  const parts = [CLASS[e.cls] ?? 'burst'];
  const what = contents(e, origin, names);
  if (what) parts.push(what);
  parts.push(formatBytes(e.bytes), `offset ${formatDuration(e.value)}`);
  return `${names.node(e.node)} sends burst ${e.id}${towardsVia(e.link, names)} (${parts.join(', ')})`;
}

export const DROP_REASON_TEXT = [
  'injected loss',
  'no free wavelength (contention)',
  'arrived before its control packet was processed (late)',
];

export function describeBurstDropped(e: VisualEvent, names: Names, origin?: BurstOrigin): string {
  // No path here: "dropped at C1 on its way to E2" already says where, and lessons quote
  // this sentence word for word (docs/lessons.md); the burst's formed row names its path.
  const what = contents(e, origin, names);
  const label = what ? `${CLASS[e.cls] ?? 'burst'}, ${what}` : (CLASS[e.cls] ?? 'burst');
  const where = e.node >= 0 ? ` at ${names.node(e.node)}` : '';
  const towards = e.link >= 0 ? ` on its way to ${names.linkTo(e.link, e.dir)}` : '';
  const why = DROP_REASON_TEXT[e.reason] ?? `reason ${e.reason}`;
  return `burst ${e.id} (${label}) dropped${where}${towards}: ${why}`;
}

export const PACKET_DROP_TEXT = ['queue full', 'random loss'];

export function describePacketDropped(e: VisualEvent, names: Names): string {
  const what = e.cls === 1 ? 'ACK' : `data segment ${e.segments}`;
  const link = e.link >= 0 ? ` on link ${names.link(e.link)} (${names.linkFrom(e.link, e.dir)} → ${names.linkTo(e.link, e.dir)})` : '';
  const why = PACKET_DROP_TEXT[e.reason] ?? `reason ${e.reason}`;
  return `${names.flow(e.id)} ${what} lost${link}: ${why}`;
}

function formatCwnd(cwnd: number): string {
  return String(Number(cwnd.toFixed(cwnd < 10 ? 1 : 0)));
}

export function describeTcpEvent(e: VisualEvent, names: Names): string {
  const flow = names.flow(e.id);
  const cwnd = `cwnd ${formatCwnd(e.value)}`;
  switch (e.reason) {
    case 0:
      return `${flow} RTO, ${cwnd}`;
    case 1:
      return `${flow} fast retransmit, ${cwnd}`;
    case 2:
      return `${flow} leaves fast recovery, ${cwnd}`;
    default:
      return `${flow} TCP event ${e.reason}, ${cwnd}`;
  }
}

const ASSEMBLY_FIELDS = ['maxTime', 'maxBytes', 'minBytes'];
const lastKey = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/** The engine's LiveTarget a LiveChange event names by its code (schema/live.ts, LIVE_TARGETS). */
function targetOfEvent(e: VisualEvent): { name: string; family: string } {
  return LIVE_TARGETS[e.reason] ?? LIVE_TARGETS.find((t) => t.name === 'FlowVariant')!;
}

/**
 * The live path a LiveChange event names (its fields: wasm-core/src/metrics/
 * visual_event_log.h; reason = the engine's LiveTarget). A target of several fields tells
 * them apart by dir (an assembly field) or cls (a burst class).
 */
export function livePathOfEvent(e: VisualEvent): string {
  const target = targetOfEvent(e);
  const fields = LIVE_GENERIC_PATHS.filter((g) => liveTargetOf(g) === target);
  const cls = e.cls === 1 ? 'ack' : 'data';
  const generic = fields.find((g) => lastKey(g) === ASSEMBLY_FIELDS[e.dir]) ?? fields.find((g) => lastKey(g) === cls) ?? fields[0];
  const element = splitElementPath(generic);
  return element ? elementPath(element.list, e.lane, element.field) : generic;
}

/** "live change: data-burst loss → 0 %" (the schema names the field and formats the value). */
export function describeLiveChange(e: VisualEvent, names: Names): string {
  const target = targetOfEvent(e);
  if (target.name === 'NodeDropNext') {
    // Drop next burst (docs/deterministic-loss.md): an action more than a value.
    const cls = e.cls === 1 ? 'ACK' : 'data';
    const n = e.value;
    const what =
      n === 0
        ? `keeps its next ${cls} bursts (nothing more to drop)`
        : n === 1
          ? `drops its next ${cls} burst`
          : `drops its next ${n} ${cls} bursts`;
    return `live change: ${names.node(e.lane)} ${what}`;
  }
  const path = livePathOfEvent(e);
  const field = liveFieldOf(path);
  if (!field) return `live change: ${path} → ${e.value}`;
  // The schema's label without a scenario is the field's own; the element comes from the names.
  const list = splitElementPath(target.family)?.list;
  const where =
    list === 'nodes'
      ? ` at ${names.node(e.lane)}`
      : list === 'links'
        ? ` on ${names.link(e.lane)}`
        : list === 'flows'
          ? ` of ${names.flowGroup(e.lane)}`
          : '';
  return `live change: ${field.label}${where} → ${field.format(e.value)}`;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "C3→C4": a link direction as a hop from one node to the next. */
function hopWords(link: number, dir: number, names: Names): string {
  return `${names.linkFrom(link, dir)}→${names.linkTo(link, dir)}`;
}

/** The hop from `node` over `link` (the node at its other end), "C3→C7". */
function hopFrom(node: number, link: number, names: Names): string {
  const [a, b] = names.linkEnds(link);
  const dir = b === node && a !== node ? 1 : 0;
  return hopWords(link, dir, names);
}

/**
 * "burst 123 deflected at C3: C3→C4 full, sent on C3→C7 (1st deflection)". Fields
 * (docs/mesh.md section 6): node the core, link/dir the direction with no room, lane the
 * link taken instead, reason the burst's deflections so far, this one included.
 */
export function describeBurstDeflected(e: VisualEvent, names: Names): string {
  const blocked = e.link >= 0 ? `${hopWords(e.link, e.dir, names)} full` : 'its output full';
  const taken = e.lane >= 0 ? `, sent on ${hopFrom(e.node, e.lane, names)}` : '';
  return `burst ${e.id} deflected at ${names.node(e.node)}: ${blocked}${taken} (${ordinal(Math.max(1, e.reason))} deflection)`;
}

/**
 * "burst 123 segmented at C2: 3 segments (4.5 KB) cut on C2→C4, the rest goes on". Fields
 * (docs/mesh.md section 7): node the core, link/dir the direction it got onto in part,
 * bytes the bytes cut off, segments the packets in them (none in a background burst).
 */
export function describeBurstSegmented(e: VisualEvent, names: Names): string {
  const size = formatBytes(e.bytes);
  const packets = e.cls === 1 ? plural(e.segments, 'ACK', 'ACKs') : plural(e.segments, 'segment', 'segments');
  const what = e.cls === 2 || e.segments === 0 ? size : `${packets} (${size})`;
  const where = e.link >= 0 ? ` on ${hopWords(e.link, e.dir, names)}` : '';
  return `burst ${e.id} segmented at ${names.node(e.node)}: ${what} cut${where}, the rest goes on`;
}

/** "burst 77 (data) delivered at E2 via C1" when the log saw it formed. */
export function describeBurstDelivered(e: VisualEvent, names: Names, origin?: BurstOrigin): string {
  const p = origin && (origin.path ?? -1) >= 0 ? names.opticalPath(origin.path!) : null;
  const via = p ? (p.via.length > 0 ? ` via ${p.via.join(', ')}` : ' direct') : '';
  return `burst ${e.id} (${CLASS[e.cls] ?? 'burst'}) delivered at ${names.node(e.node)}${via}`;
}

/** The sentence for any notable event, without the time. */
export function describeEvent(e: VisualEvent, names: Names, origin?: BurstOrigin): string {
  switch (e.kind) {
    case EventKind.BurstFormed:
      return describeBurstFormed(e, names);
    case EventKind.BurstDropped:
      return describeBurstDropped(e, names, origin);
    case EventKind.PacketDropped:
      return describePacketDropped(e, names);
    case EventKind.TcpEvent:
      return describeTcpEvent(e, names);
    case EventKind.BurstDelivered:
      return describeBurstDelivered(e, names, origin);
    case EventKind.LiveChange:
      return describeLiveChange(e, names);
    case EventKind.BurstDeflected:
      return describeBurstDeflected(e, names);
    case EventKind.BurstSegmented:
      return describeBurstSegmented(e, names);
    default:
      return `event of kind ${e.kind}`;
  }
}

/** "1.234 s: tcp1 RTO, cwnd 1" */
export function logLine(e: VisualEvent, names: Names, origin?: BurstOrigin): string {
  return `${formatLogTime(e.t0)}: ${describeEvent(e, names, origin)}`;
}
