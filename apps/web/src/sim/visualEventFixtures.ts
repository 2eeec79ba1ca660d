/**
 * Visual events made by hand, for the tests of the views that read them (animation,
 * channel, log, narration, lessons, exports): one event with every field it does not
 * name at its "does not apply" value, the columns a frame carries, and a ring.
 */
import { EVENT_COLUMNS, EventRing, type EventRows, type VisualEvent } from './visualStore';

/** An event: kind 0 at t = 0 unless `patch` says otherwise; -1 where a field does not apply. */
export function visualEvent(patch: Partial<VisualEvent>): VisualEvent {
  return {
    kind: 0,
    t0: 0,
    t1: 0,
    id: -1,
    node: -1,
    link: -1,
    dir: -1,
    lane: -1,
    cls: 0,
    reason: 0,
    bytes: 0,
    segments: 0,
    value: 0,
    ...patch,
  };
}

/** An instant event of `kind` at `t` about flow or burst 0 (the lessons' tests' shorthand). */
export function instantEvent(kind: number, t: number, patch: Partial<VisualEvent> = {}): VisualEvent {
  return visualEvent({ kind, t0: t, t1: t, id: 0, ...patch });
}

/** The events as the columns of one frame. */
export function eventRows(events: VisualEvent[]): EventRows {
  return Object.fromEntries(EVENT_COLUMNS.map((c) => [c, Float64Array.from(events.map((e) => e[c]))])) as unknown as EventRows;
}

/** A ring holding the events, pushed one by one as frames would. */
export function ringOf(events: VisualEvent[], capacity = 1024): EventRing {
  const ring = new EventRing(capacity);
  for (const e of events) ring.push(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, [e[c]]])) as never, 0);
  return ring;
}
