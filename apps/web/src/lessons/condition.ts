/**
 * A pause condition (packages/scenario guide.ts: "the first data-burst drop", "the first
 * fast retransmit of tcp1", "t = 1.5 s") turned into a test of the engine's visual events,
 * with the names of the scenario that runs. The engine's codes (visualStore.ts): burst
 * class 0 data, 1 ACK, 2 background; burst drop 0 injected, 1 contention, 2 late; packet
 * drop 0 queue full, 1 random loss; TCP event 0 RTO, 1 fast retransmit, 2 recovery exit.
 */
import { BURST_CLASSES, BURST_DROP_REASONS, PACKET_DROP_REASONS, type PauseCondition } from '@obs-tcp-sim/scenario';
import { EventKind, type VisualEvent } from '../sim/visualStore';

/** What a condition needs to know about the run: node ids by index, and the expanded flow ids. */
export interface RunNames {
  nodes: readonly string[];
  /** As the engine reports them: "tcp1", or "tcp1#0".."tcp1#79" for a flow with count 80. */
  flowIds: readonly string[];
}

export type CompiledCondition = { kind: 'event'; matches(e: VisualEvent): boolean } | { kind: 'time'; at: number };

const TCP_REASON = { rto: 0, 'fast-retransmit': 1, 'recovery-exit': 2 } as const;

/** The flow group a flow index belongs to: "tcp1#3" -> "tcp1". */
function flowGroup(flowIds: readonly string[], index: number): string | undefined {
  const id = flowIds[index];
  if (id === undefined) return undefined;
  const hash = id.lastIndexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
}

export function compileCondition(c: PauseCondition, names: RunNames): CompiledCondition {
  if (c.event === 'time') return { kind: 'time', at: c.at };
  const event = compileEvent(c, names);
  const after = c.after;
  if (after === undefined || event.kind !== 'event') return event;
  return { kind: 'event', matches: (e) => e.t0 >= after && event.matches(e) };
}

function compileEvent(c: Exclude<PauseCondition, { event: 'time' }>, names: RunNames): CompiledCondition {
  // An id the scenario does not have matches nothing (index -2 is no node): the lesson
  // validator refuses such ids, so this only happens in a scenario edited since.
  const nodeIndex = 'node' in c && c.node !== undefined ? names.nodes.indexOf(c.node) : -1;
  const wantNode = (e: VisualEvent) => !('node' in c) || c.node === undefined || (nodeIndex >= 0 && e.node === nodeIndex);
  const wantFlow = (e: VisualEvent) => !('flow' in c) || c.flow === undefined || flowGroup(names.flowIds, e.id) === c.flow;
  const wantClass = (e: VisualEvent) => !('class' in c) || c.class === undefined || e.cls === BURST_CLASSES.indexOf(c.class);
  switch (c.event) {
    case 'burst-sent':
      return { kind: 'event', matches: (e) => e.kind === EventKind.BurstFormed && wantNode(e) && wantClass(e) };
    case 'burst-dropped': {
      const reason = c.reason === undefined ? -1 : BURST_DROP_REASONS.indexOf(c.reason);
      return {
        kind: 'event',
        matches: (e) => e.kind === EventKind.BurstDropped && wantNode(e) && wantClass(e) && (reason < 0 || e.reason === reason),
      };
    }
    case 'burst-deflected':
      return { kind: 'event', matches: (e) => e.kind === EventKind.BurstDeflected && wantNode(e) && wantClass(e) };
    case 'burst-cut':
      return { kind: 'event', matches: (e) => e.kind === EventKind.BurstSegmented && wantNode(e) && wantClass(e) };
    case 'packet-dropped': {
      const reason = c.reason === undefined ? -1 : PACKET_DROP_REASONS.indexOf(c.reason);
      return { kind: 'event', matches: (e) => e.kind === EventKind.PacketDropped && wantFlow(e) && (reason < 0 || e.reason === reason) };
    }
    case 'fast-retransmit':
    case 'rto':
    case 'recovery-exit': {
      const reason = TCP_REASON[c.event];
      return { kind: 'event', matches: (e) => e.kind === EventKind.TcpEvent && e.reason === reason && wantFlow(e) };
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
