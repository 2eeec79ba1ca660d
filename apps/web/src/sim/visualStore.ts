/**
 * The engine's visual events (docs/engine-api.md §1, VisualEventColumns) as the app keeps
 * them: a ring of the most recent rows for what is drawn now (animation, channel view),
 * and a longer record of the notable ones (drops, TCP events, bursts formed) for the event
 * log and the chart markers.
 *
 * Like the series store it lives outside React: frames append, views read in their
 * redraw. `version` moves on every append, `generation` on every clear (a new run).
 */

/** The engine's event kinds (VisualEventKind in @obs-tcp-sim/engine), by name. */
export const EventKind = {
  BurstFormed: 0,
  ControlPacket: 1,
  BurstOnLink: 2,
  BurstDropped: 3,
  PacketOnLink: 4,
  PacketDropped: 5,
  TcpEvent: 6,
  BurstDelivered: 7,
} as const;

/** Burst classes (cls of burst events). */
export const BurstClassName = ['data', 'ACK', 'background'] as const;
/** Burst drop reasons (reason of BurstDropped). */
export const BurstDropReason = ['injected', 'contention', 'late'] as const;
/** Packet drop reasons (reason of PacketDropped). */
export const PacketDropReason = ['queue full', 'random loss'] as const;
/** TCP events (reason of TcpEvent). */
export const TcpEventName = ['RTO', 'fast retransmit', 'recovery exit'] as const;

export const EVENT_COLUMNS = [
  'kind', 't0', 't1', 'id', 'node', 'link', 'dir', 'lane', 'cls', 'reason', 'bytes', 'segments', 'value',
] as const;
export type EventColumn = (typeof EVENT_COLUMNS)[number];

/** What a frame brings (the engine's VisualEventColumns; `lost` optional). */
export type EventRows = Record<EventColumn, ArrayLike<number>> & { lost?: number };

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
  private cols: Record<EventColumn, Float64Array>;
  private start = 0;
  length = 0;
  /** Rows overwritten since the last clear. */
  overwritten = 0;

  constructor(readonly capacity: number) {
    this.cols = Object.fromEntries(EVENT_COLUMNS.map((c) => [c, new Float64Array(capacity)])) as Record<
      EventColumn,
      Float64Array
    >;
  }

  clear(): void {
    this.start = 0;
    this.length = 0;
    this.overwritten = 0;
  }

  push(rows: EventRows, i: number): void {
    let slot: number;
    if (this.length < this.capacity) {
      slot = (this.start + this.length) % this.capacity;
      this.length++;
    } else {
      slot = this.start;
      this.start = (this.start + 1) % this.capacity;
      this.overwritten++;
    }
    for (const c of EVENT_COLUMNS) this.cols[c][slot] = rows[c][i];
  }

  /** Column value of the i-th kept row (0 = oldest). */
  get(i: number, column: EventColumn): number {
    return this.cols[column][(this.start + i) % this.capacity];
  }

  event(i: number): VisualEvent {
    const slot = (this.start + i) % this.capacity;
    const e = {} as VisualEvent;
    for (const c of EVENT_COLUMNS) e[c] = this.cols[c][slot];
    return e;
  }
}

/** Kinds kept in the long record: what the event log lists and the charts mark. */
const NOTABLE = new Set<number>([EventKind.BurstFormed, EventKind.BurstDropped, EventKind.PacketDropped, EventKind.TcpEvent]);

export class VisualStore {
  /** Every event, most recent `recentCapacity` of them: what is on the wire now. */
  readonly recent: EventRing;
  /** Drops, TCP events and bursts formed, most recent `notableCapacity`: the log. */
  readonly notable: EventRing;
  /** TCP events of the whole run (RTOs, fast retransmits, recovery exits), for chart markers. */
  tcpEvents: VisualEvent[] = [];
  /** Events the engine overwrote before a frame took them (its ring was full). */
  engineLost = 0;
  version = 0;
  generation = 0;

  constructor(recentCapacity = 1 << 17, notableCapacity = 1 << 16, private readonly tcpEventCap = 100_000) {
    this.recent = new EventRing(recentCapacity);
    this.notable = new EventRing(notableCapacity);
  }

  clear(): void {
    this.recent.clear();
    this.notable.clear();
    this.tcpEvents = [];
    this.engineLost = 0;
    this.version++;
    this.generation++;
  }

  append(rows: EventRows): void {
    const n = rows.kind.length;
    if (typeof rows.lost === 'number') this.engineLost = rows.lost;
    if (n === 0) return;
    for (let i = 0; i < n; i++) {
      this.recent.push(rows, i);
      const kind = rows.kind[i];
      if (NOTABLE.has(kind)) this.notable.push(rows, i);
      if (kind === EventKind.TcpEvent && this.tcpEvents.length < this.tcpEventCap) {
        this.tcpEvents.push(this.notable.event(this.notable.length - 1));
      }
    }
    this.version++;
  }
}
