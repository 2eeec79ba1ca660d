/**
 * A pause condition (packages/scenario guide.ts: "the first data-burst drop", "the first
 * fast retransmit of tcp1", "t = 1.5 s") turned into a test of the engine's visual events,
 * with the names of the scenario that runs. The engine's codes (visualStore.ts): burst
 * class 0 data, 1 ACK, 2 background; burst drop 0 injected, 1 contention, 2 late; packet
 * drop 0 queue full, 1 random loss; TCP event 0 RTO, 1 fast retransmit, 2 recovery exit.
 */
import { BURST_CLASSES, BURST_DROP_REASONS, PACKET_DROP_REASONS, type PauseCondition } from '@obs-tcp-sim/scenario';
import type { PauseMoment, VisualStop } from '@obs-tcp-sim/engine';
import { EventKind, type VisualEvent } from '../sim/visualStore';

/** What a condition needs to know about the run: node ids by index, and the expanded flow ids. */
export interface RunNames {
  nodes: readonly string[];
  /** As the engine reports them: "tcp1", or "tcp1#0".."tcp1#79" for a flow with count 80. */
  flowIds: readonly string[];
}

/**
 * `matches` tests an event the page has seen; `moment` is the same condition as the engine
 * matches it (PauseMoment), so the run pauses itself right after that event at any speed.
 */
export type CompiledCondition =
  { kind: 'event'; matches(e: VisualEvent): boolean; moment: PauseMoment } | { kind: 'time'; at: number; moment: PauseMoment };

const TCP_REASON = { rto: 0, 'fast-retransmit': 1, 'recovery-exit': 2 } as const;

/** The flow group a flow index belongs to: "tcp1#3" -> "tcp1". */
function flowGroup(flowIds: readonly string[], index: number): string | undefined {
  const id = flowIds[index];
  if (id === undefined) return undefined;
  const hash = id.lastIndexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
}

export function compileCondition(c: PauseCondition, names: RunNames): CompiledCondition {
  if (c.event === 'time') return { kind: 'time', at: c.at, moment: { time: c.at } };
  const matches = compileEvent(c, names);
  const stop = engineStop(c, names);
  const after = c.after;
  if (after === undefined) return { kind: 'event', matches, moment: { stop } };
  return { kind: 'event', matches: (e) => e.t0 >= after && matches(e), moment: { stop: { ...stop, after } } };
}

const NO_NODE = 0x7fffffff;

const STOP_KIND: Record<Exclude<PauseCondition, { event: 'time' }>['event'], number> = {
  'burst-sent': EventKind.BurstFormed,
  'burst-dropped': EventKind.BurstDropped,
  'burst-deflected': EventKind.BurstDeflected,
  'burst-cut': EventKind.BurstSegmented,
  'packet-dropped': EventKind.PacketDropped,
  'fast-retransmit': EventKind.TcpEvent,
  rto: EventKind.TcpEvent,
  'recovery-exit': EventKind.TcpEvent,
};

/**
 * The condition as the engine's stop (wasm-core VisualStop): the same kind, node, class,
 * reason and flows as compileEvent tests. A flow group is the range of its flows' indexes;
 * were they ever not contiguous the range would take in others too, and the watch, which
 * tests what the engine stopped at, plays on (PauseWatch.onFrame).
 */
function engineStop(c: Exclude<PauseCondition, { event: 'time' }>, names: RunNames): VisualStop {
  const stop: VisualStop = { kind: STOP_KIND[c.event] };
  if ('node' in c && c.node !== undefined) {
    // An id the scenario does not have matches nothing: an index no node has (the engine reads -1 as "any").
    const index = names.nodes.indexOf(c.node);
    stop.node = index >= 0 ? index : NO_NODE;
  }
  if ('class' in c && c.class !== undefined) stop.cls = BURST_CLASSES.indexOf(c.class);
  if (c.event === 'burst-dropped' && c.reason !== undefined) stop.reason = BURST_DROP_REASONS.indexOf(c.reason);
  if (c.event === 'packet-dropped' && c.reason !== undefined) stop.reason = PACKET_DROP_REASONS.indexOf(c.reason);
  if (c.event === 'fast-retransmit' || c.event === 'rto' || c.event === 'recovery-exit') stop.reason = TCP_REASON[c.event];
  if ('flow' in c && c.flow !== undefined) {
    const indexes = names.flowIds.flatMap((_, i) => (flowGroup(names.flowIds, i) === c.flow ? [i] : []));
    // A flow the run does not have matches nothing: an empty range.
    [stop.idFirst, stop.idLast] = indexes.length > 0 ? [indexes[0], indexes[indexes.length - 1]] : [0, -1];
  }
  return stop;
}

function compileEvent(c: Exclude<PauseCondition, { event: 'time' }>, names: RunNames): (e: VisualEvent) => boolean {
  // An id the scenario does not have matches nothing (index -2 is no node): the lesson
  // validator refuses such ids, so this only happens in a scenario edited since.
  const nodeIndex = 'node' in c && c.node !== undefined ? names.nodes.indexOf(c.node) : -1;
  const wantNode = (e: VisualEvent) => !('node' in c) || c.node === undefined || (nodeIndex >= 0 && e.node === nodeIndex);
  const wantFlow = (e: VisualEvent) => !('flow' in c) || c.flow === undefined || flowGroup(names.flowIds, e.id) === c.flow;
  const wantClass = (e: VisualEvent) => !('class' in c) || c.class === undefined || e.cls === BURST_CLASSES.indexOf(c.class);
  switch (c.event) {
    case 'burst-sent':
      return (e) => e.kind === EventKind.BurstFormed && wantNode(e) && wantClass(e);
    case 'burst-dropped': {
      const reason = c.reason === undefined ? -1 : BURST_DROP_REASONS.indexOf(c.reason);
      return (e) => e.kind === EventKind.BurstDropped && wantNode(e) && wantClass(e) && (reason < 0 || e.reason === reason);
    }
    case 'burst-deflected':
      return (e) => e.kind === EventKind.BurstDeflected && wantNode(e) && wantClass(e);
    case 'burst-cut':
      return (e) => e.kind === EventKind.BurstSegmented && wantNode(e) && wantClass(e);
    case 'packet-dropped': {
      const reason = c.reason === undefined ? -1 : PACKET_DROP_REASONS.indexOf(c.reason);
      return (e) => e.kind === EventKind.PacketDropped && wantFlow(e) && (reason < 0 || e.reason === reason);
    }
    case 'fast-retransmit':
    case 'rto':
    case 'recovery-exit': {
      const reason = TCP_REASON[c.event];
      return (e) => e.kind === EventKind.TcpEvent && e.reason === reason && wantFlow(e);
    }
  }
}

/** The event kinds any condition can match: what is worth keeping while a step waits. */
export const CONDITION_KINDS: ReadonlySet<number> = new Set([
  EventKind.BurstFormed,
  EventKind.BurstDropped,
  EventKind.BurstDeflected,
  EventKind.BurstSegmented,
  EventKind.PacketDropped,
  EventKind.TcpEvent,
]);
