/**
 * One sentence for what a step (Next event, Next burst) did, from the visual events the
 * engine recorded during it: what a teacher would say while walking a class through one
 * burst's life. Next event runs on to the next event something on screen draws (the
 * engine's runner), and the sentence says how many it ran through ("after 4 events with
 * nothing to draw"), or "nothing to draw" rather than stay silent when none drew anything.
 */
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { describeBurstDropped, describeBurstFormed, describeEvent } from '../log/describe';
import type { Names } from '@obs-tcp-sim/engine';

const CLASS_WORD = ['data', 'ACK', 'background'];

function laneWord(e: VisualEvent): string {
  return e.lane >= 0 ? ` on λ${e.lane + 1}` : '';
}

/** One event as a clause ("burst 512 leaves E1 on λ1 toward C1"). */
export function describeStepEvent(e: VisualEvent, names: Names): string {
  switch (e.kind) {
    case EventKind.BurstFormed:
      return describeBurstFormed(e, names);
    case EventKind.ControlPacket:
      return `the control packet of burst ${e.id} leaves ${names.linkFrom(e.link, e.dir)} for ${names.linkTo(e.link, e.dir)}`;
    case EventKind.BurstOnLink:
      return `burst ${e.id} (${CLASS_WORD[e.cls] ?? 'burst'}) leaves ${names.linkFrom(e.link, e.dir)}${laneWord(e)} toward ${names.linkTo(e.link, e.dir)}`;
    case EventKind.PacketOnLink:
      return `a ${e.cls === 1 ? 'ACK' : 'data packet'} of ${names.flow(e.id)} leaves ${names.linkFrom(e.link, e.dir)} for ${names.linkTo(e.link, e.dir)}`;
    case EventKind.BurstDropped:
      return describeBurstDropped(e, names);
    default:
      return describeEvent(e, names);
  }
}

/**
 * The sentence for a step. `events` are those of the step, in order; `kind` is what was
 * asked for; `ran`, how many engine events the step ran (null: not told). For "burst": the
 * burst formed and when its control packet went ahead of it.
 */
export function narrateStep(
  kind: 'event' | 'burst',
  events: readonly VisualEvent[],
  names: Names,
  at: number,
  ran: number | null = null,
): string {
  const when = `At ${formatStepTime(at)}`;
  if (kind === 'burst') {
    const formed = [...events].reverse().find((e) => e.kind === EventKind.BurstFormed);
    if (formed) {
      // The offset is in the burst's description; say what it is for.
      const offset =
        formed.value > 0 ? '; its control packet goes ahead of it by that offset, so each core is set up before the burst arrives' : '';
      return `${when}: ${describeBurstFormed(formed, names)}${offset}.`;
    }
  }
  const last = events.at(-1);
  // Next event's own count; Next burst runs through many events by design and says nothing of them.
  const through = kind === 'event' && ran !== null && ran > 1 ? ran : 0;
  if (!last) {
    if (through > 0) return `${when}: ${count(through)} with nothing to draw (timers, samples, packets not drawn at this speed).`;
    return `${when}: an event with nothing to draw (a timer or a sample).`;
  }
  const more = events.length > 1 ? ` (and ${events.length - 1} more event${events.length > 2 ? 's' : ''} at this moment)` : '';
  // The last event ran is the one drawn: those before it drew nothing.
  const skipped = through > 0 ? `, after ${count(through - 1)} with nothing to draw` : '';
  return `${when}: ${describeStepEvent(last, names)}${more}${skipped}.`;
}

/** "1 event", "1,000 events". */
function count(n: number): string {
  return `${n.toLocaleString('en-US')} event${n === 1 ? '' : 's'}`;
}

/** Enough digits to see one step: 1.912345 s, 20.000001 ms apart reads as different. */
export function formatStepTime(t: number): string {
  return `${t.toFixed(6)} s`;
}
