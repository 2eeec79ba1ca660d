/**
 * The engine's visual events (docs/engine-api.md §1, VisualEventColumns) as the app keeps
 * them: a ring of the most recent rows for what is drawn now (animation, channel view),
 * and a longer record of the notable ones (drops, TCP events, bursts formed) for the event
 * log and the chart markers.
 *
 * Like the series store it lives outside React: frames append, views read in their
 * redraw. `version` moves on every append, `generation` on every clear (a new run).
 */

import { VISUAL_EVENT_COLUMNS, VisualEventKind } from '@obs-tcp-sim/engine';

/** The engine's event kinds, by name (VisualEventKind of @obs-tcp-sim/engine). */
export const EventKind = VisualEventKind;

/** Burst classes (cls of burst events). */
export const BurstClassName = ['data', 'ACK', 'background'] as const;
/** Burst drop reasons (reason of BurstDropped). */
export const BurstDropReason = ['injected', 'contention', 'late'] as const;
/** Packet drop reasons (reason of PacketDropped). */
export const PacketDropReason = ['queue full', 'random loss'] as const;
/** TCP events (reason of TcpEvent). */
export const TcpEventName = ['RTO', 'fast retransmit', 'recovery exit'] as const;

/** The columns of a frame's visual events, in the engine's order. */
export const EVENT_COLUMNS = VISUAL_EVENT_COLUMNS;
export type EventColumn = (typeof EVENT_COLUMNS)[number];

/** What a frame brings (the engine's VisualEventColumns; `lost` optional). */
export type EventRows = Record<EventColumn, ArrayLike<number>> & { lost?: number; lostNotable?: number };

/** One event, decoded; what the log and the markers hold. */
export interface VisualEvent {
  kind: number;
  t0: number;
  t1: number;
  id: number;
  node: number;
  link: number;
  dir: number;
  lane: number;
  cls: number;
  reason: number;
  bytes: number;
  segments: number;
  value: number;
}

/** A fixed-capacity ring of event rows, oldest overwritten. Index 0 is the oldest kept. */
export class EventRing {
  /** One column per EVENT_COLUMNS entry, in that order (arrays, not a keyed object: hot). */
  private readonly cols: Float64Array[];
  private start = 0;
  length = 0;
  /** Rows overwritten since the last clear. */
  overwritten = 0;

  constructor(readonly capacity: number) {
    this.cols = EVENT_COLUMNS.map(() => new Float64Array(capacity));
  }

  clear(): void {
    this.start = 0;
    this.length = 0;
    this.overwritten = 0;
  }

  /** Appends rows [from, to) of a frame, column by column with typed-array copies. */
  pushRange(rows: EventRows, from: number, to: number): void {
    let n = to - from;
    if (n <= 0) return;
    if (n > this.capacity) {
      // Only the newest `capacity` rows can be kept; the rest are overwritten at once.
      this.overwritten += n - this.capacity;
      from = to - this.capacity;
      n = this.capacity;
    }
    const free = this.capacity - this.length;
    const dropped = Math.max(0, n - free);
    this.overwritten += dropped;
    const firstSlot = (this.start + this.length) % this.capacity;
    const head = Math.min(n, this.capacity - firstSlot);
    for (let c = 0; c < EVENT_COLUMNS.length; c++) {
      const src = rows[EVENT_COLUMNS[c]];
      const dst = this.cols[c];
      copyInto(dst, firstSlot, src, from, from + head);
      if (head < n) copyInto(dst, 0, src, from + head, from + n);
    }
    this.length += n - dropped;
    this.start = (this.start + dropped) % this.capacity;
  }

  /** Appends the rows of a frame at the given indices. */
  pushIndices(rows: EventRows, indices: ArrayLike<number>): void {
    const n = indices.length;
    if (n === 0) return;
    const slot = (this.start + this.length) % this.capacity;
    for (let c = 0; c < EVENT_COLUMNS.length; c++) {
      const src = rows[EVENT_COLUMNS[c]];
      const dst = this.cols[c];
      let s = slot;
      for (let k = 0; k < n; k++) {
        dst[s] = src[indices[k]];
        s = s + 1 === this.capacity ? 0 : s + 1;
      }
    }
    const free = this.capacity - this.length;
    const dropped = Math.max(0, n - free);
    this.overwritten += dropped;
    this.length = Math.min(this.capacity, this.length + n);
    this.start = (this.start + dropped) % this.capacity;
  }

  /** Appends one row of a frame. */
  push(rows: EventRows, i: number): void {
    this.pushIndices(rows, [i]);
  }

  /** Column value of the i-th kept row (0 = oldest). */
  get(i: number, column: EventColumn): number {
    return this.cols[COLUMN_INDEX[column]][(this.start + i) % this.capacity];
  }

  event(i: number): VisualEvent {
    const slot = (this.start + i) % this.capacity;
    const e = {} as VisualEvent;
    for (let c = 0; c < EVENT_COLUMNS.length; c++) e[EVENT_COLUMNS[c]] = this.cols[c][slot];
    return e;
  }
}

const COLUMN_INDEX = Object.fromEntries(EVENT_COLUMNS.map((c, i) => [c, i])) as Record<EventColumn, number>;

function copyInto(dst: Float64Array, at: number, src: ArrayLike<number>, from: number, to: number): void {
  if (ArrayBuffer.isView(src)) {
    dst.set((src as unknown as Float64Array).subarray(from, to), at);
  } else {
    for (let i = from; i < to; i++) dst[at + i - from] = src[i];
  }
}

/**
 * Kinds kept in the long record: what the event log lists and the charts mark. The engine
 * sets the same kinds aside when its ring is full (visualStore.engine.test.ts holds the two equal).
 */
export const NOTABLE_MASK =
  (1 << EventKind.BurstFormed) |
  (1 << EventKind.BurstDropped) |
  (1 << EventKind.PacketDropped) |
  (1 << EventKind.TcpEvent) |
  (1 << EventKind.LiveChange) |
  (1 << EventKind.BurstDeflected) |
  (1 << EventKind.BurstSegmented);

export class VisualStore {
  /** Every event, most recent `recentCapacity` of them: what is on the wire now. */
  readonly recent: EventRing;
  /** Drops, TCP events and bursts formed, most recent `notableCapacity`: the log. */
  readonly notable: EventRing;
  /** TCP events of the whole run (RTOs, fast retransmits, recovery exits), for chart markers. */
  tcpEvents: VisualEvent[] = [];
  /** Events the engine overwrote before a frame took them (its ring was full): all kinds, and the notable ones (the log's). */
  engineLost = 0;
  engineLostNotable = 0;
  version = 0;
  generation = 0;

  constructor(
    recentCapacity = 1 << 17,
    notableCapacity = 1 << 16,
    private readonly tcpEventCap = 100_000,
  ) {
    this.recent = new EventRing(recentCapacity);
    this.notable = new EventRing(notableCapacity);
  }

  clear(): void {
    this.recent.clear();
    this.notable.clear();
    this.tcpEvents = [];
    this.engineLost = 0;
    this.engineLostNotable = 0;
    this.version++;
    this.generation++;
  }

  append(rows: EventRows): void {
    const n = rows.kind.length;
    if (typeof rows.lost === 'number') this.engineLost = rows.lost;
    if (typeof rows.lostNotable === 'number') this.engineLostNotable = rows.lostNotable;
    if (n === 0) return;
    this.recent.pushRange(rows, 0, n);
    const notable: number[] = [];
    for (let i = 0; i < n; i++) if ((NOTABLE_MASK >> rows.kind[i]) & 1) notable.push(i);
    this.notable.pushIndices(rows, notable);
    for (const i of notable) {
      if (rows.kind[i] === EventKind.TcpEvent && this.tcpEvents.length < this.tcpEventCap) {
        this.tcpEvents.push(rowEvent(rows, i));
      }
    }
    this.version++;
  }
}

/** Row i of a frame's event columns, decoded. */
export function rowEvent(rows: EventRows, i: number): VisualEvent {
  const e = {} as VisualEvent;
  for (const c of EVENT_COLUMNS) e[c] = rows[c][i];
  return e;
}
