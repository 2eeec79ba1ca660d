/**
 * Where the drawing highlights a step's moment: the event the caption narrates (narrate.ts),
 * as a focus (sim/focusStore.ts), so the network marks its link or node the way it marks a row
 * picked in the event log.
 */
import type { FocusInput } from '../sim/focusStore';
import type { Names } from '@obs-tcp-sim/engine';
import { EventKind, type VisualEvent } from '../sim/visualStore';

/** The event a step's sentence is about: for "burst" the burst formed, else the last one. */
export function narratedEvent(kind: 'event' | 'burst', events: readonly VisualEvent[]): VisualEvent | undefined {
  if (kind === 'burst') {
    const formed = [...events].reverse().find((e) => e.kind === EventKind.BurstFormed);
    if (formed) return formed;
  }
  return events.at(-1);
}

const ON_A_LINK = new Set<number>([
  EventKind.ControlPacket,
  EventKind.BurstOnLink,
  EventKind.PacketOnLink,
  EventKind.BurstDropped,
  EventKind.PacketDropped,
  EventKind.BurstDeflected,
  EventKind.BurstSegmented,
]);
const OF_A_BURST = new Set<number>([
  EventKind.BurstFormed,
  EventKind.ControlPacket,
  EventKind.BurstOnLink,
  EventKind.BurstDropped,
  EventKind.BurstDeflected,
  EventKind.BurstSegmented,
]);

export function stepFocus(kind: 'event' | 'burst', events: readonly VisualEvent[], names: Pick<Names, 'flowSource'>): FocusInput | null {
  const e = narratedEvent(kind, events);
  if (!e) return null;
  const onLink = ON_A_LINK.has(e.kind) && e.link >= 0;
  let node = -1;
  if (e.kind === EventKind.BurstFormed) node = e.node;
  else if (e.kind === EventKind.TcpEvent) node = names.flowSource(e.id);
  if (!onLink && node < 0) return null;
  const flow = e.kind === EventKind.TcpEvent || e.kind === EventKind.PacketOnLink ? e.id : -1;
  return {
    time: e.t0,
    flow,
    node,
    link: onLink ? e.link : -1,
    dir: onLink ? e.dir : -1,
    kind: e.kind,
    burst: OF_A_BURST.has(e.kind) ? e.id : -1,
    source: 'step',
  };
}
