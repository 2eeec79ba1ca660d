/**
 * The event log's model: entries decoded from the visual store's `notable` ring (read
 * incrementally, like every view), their sentences built lazily and cached, and the
 * filters (kind, flow, node, search text) applied to give the rows to show.
 */
import { EventKind, type EventRing, type VisualEvent } from '../sim/visualStore';
import { describeEvent, formatLogTime, type BurstOrigin } from './describe';
import type { FocusInput } from '../sim/focusStore';
import type { Names } from '@obs-tcp-sim/engine';

/** `contention`: a core deflected a burst or cut it short (docs/mesh.md sections 6, 7). */
export type LogCategory = 'formed' | 'drops' | 'tcp' | 'changes' | 'contention';

export function categoryOf(kind: number): LogCategory | null {
  switch (kind) {
    case EventKind.BurstFormed:
      return 'formed';
    case EventKind.BurstDropped:
    case EventKind.PacketDropped:
      return 'drops';
    case EventKind.TcpEvent:
      return 'tcp';
    case EventKind.LiveChange:
      return 'changes';
    case EventKind.BurstDeflected:
    case EventKind.BurstSegmented:
      return 'contention';
    default:
      return null;
  }
}

export interface LogEntry {
  /** Position in the run's notable sequence (0 = first notable event of the run). */
  seq: number;
  event: VisualEvent;
  /** For drops and deliveries: what its "formed" event said (the flows in it, its optical path). */
  origin?: BurstOrigin;
  /** Cached sentence (without time) and its lower-case form for the search box. */
  text?: string;
  lower?: string;
}

export interface LogFilter {
  categories: Record<LogCategory, boolean>;
  /** Flow index, -1 = any. */
  flow: number;
  /** Node index, -1 = any. */
  node: number;
  search: string;
}

export const DEFAULT_FILTER: LogFilter = {
  categories: { formed: false, drops: true, tcp: true, changes: true, contention: true },
  flow: -1,
  node: -1,
  search: '',
};

/** `filter` with the category of events of `kind` shown (itself if it already is, or the kind is not listed). */
export function showingKind(filter: LogFilter, kind: number): LogFilter {
  const category = categoryOf(kind);
  if (category === null || filter.categories[category]) return filter;
  return { ...filter, categories: { ...filter.categories, [category]: true } };
}

/** The flow an entry concerns (-1 if none / unknown). */
export function entryFlow(entry: LogEntry): number {
  const e = entry.event;
  switch (e.kind) {
    case EventKind.BurstFormed:
      return e.lane;
    case EventKind.BurstDropped:
    case EventKind.BurstDeflected:
    case EventKind.BurstSegmented:
      return entry.origin?.mainFlow ?? -1;
    case EventKind.PacketDropped:
    case EventKind.TcpEvent:
      return e.id;
    default:
      return -1;
  }
}

/** Nodes an entry happened at: the edge or core; a packet link's two ends; a TCP sender. */
export function entryNodes(entry: LogEntry, names: Names): number[] {
  const e = entry.event;
  switch (e.kind) {
    case EventKind.BurstFormed:
    case EventKind.BurstDropped:
    case EventKind.BurstDeflected:
    case EventKind.BurstSegmented:
      return [e.node];
    case EventKind.PacketDropped:
      return e.link >= 0 ? names.linkEnds(e.link) : [];
    case EventKind.TcpEvent:
      return [names.flowSource(e.id)];
    default:
      return e.node >= 0 ? [e.node] : [];
  }
}

export function entryText(entry: LogEntry, names: Names): string {
  if (entry.text === undefined) {
    entry.text = describeEvent(entry.event, names, entry.origin);
    entry.lower = `${formatLogTime(entry.event.t0)}: ${entry.text}`.toLowerCase();
  }
  return entry.text;
}

export function matches(entry: LogEntry, filter: LogFilter, names: Names): boolean {
  const cat = categoryOf(entry.event.kind);
  if (cat === null || !filter.categories[cat]) return false;
  if (filter.flow >= 0 && entryFlow(entry) !== filter.flow) return false;
  if (filter.node >= 0 && !entryNodes(entry, names).includes(filter.node)) return false;
  const q = filter.search.trim().toLowerCase();
  if (q !== '') {
    entryText(entry, names);
    // Every word must appear ("drop c1" finds drops at C1).
    for (const word of q.split(/\s+/)) if (!entry.lower!.includes(word)) return false;
  }
  return true;
}

/**
 * What each recent burst carried, by burst id: a drop's sentence names the flows its burst
 * carried. A fixed table indexed by id modulo its size (burst ids are sequential per run),
 * so remembering one is O(1) with no allocation; an entry overwritten by a much newer burst
 * is simply not found (the sentence then gives only the class and the size).
 */
class BurstOriginTable {
  private readonly ids: Float64Array;
  private readonly mainFlows: Int32Array;
  private readonly flowCounts: Int32Array;
  private readonly paths: Int32Array;

  constructor(private readonly size: number) {
    this.ids = new Float64Array(size).fill(-1);
    this.mainFlows = new Int32Array(size);
    this.flowCounts = new Int32Array(size);
    this.paths = new Int32Array(size);
  }

  clear(): void {
    this.ids.fill(-1);
  }

  remember(id: number, mainFlow: number, flows: number, path: number): void {
    const slot = id % this.size;
    this.ids[slot] = id;
    this.mainFlows[slot] = mainFlow;
    this.flowCounts[slot] = flows;
    this.paths[slot] = path;
  }

  find(id: number): BurstOrigin | undefined {
    const slot = id % this.size;
    if (!(id >= 0) || this.ids[slot] !== id) return undefined;
    return { mainFlow: this.mainFlows[slot], flows: this.flowCounts[slot], path: this.paths[slot] };
  }
}

/**
 * Every notable event of the run that is still kept, oldest first, appended incrementally
 * from the ring; at most `capacity` entries (the ring's own capacity is the natural one).
 */
export class LogModel {
  entries: LogEntry[] = [];
  /** Notable events seen in the ring so far (its length + overwritten). */
  private seen = 0;
  private generation = -1;
  /** Entries dropped from the front (the ring overwrote them before we read them, or our cap). */
  missed = 0;
  private readonly origins: BurstOriginTable;
  private nextSeq = 0;
  /** Bursts formed that got no entry because they came faster than a sync builds rows. */
  formedNotListed = 0;
  /** Kept entries per category (the filter chips show them). */
  counts: Record<LogCategory, number> = { formed: 0, drops: 0, tcp: 0, changes: 0, contention: 0 };

  constructor(private readonly capacity = 1 << 16) {
    this.origins = new BurstOriginTable(Math.max(1024, capacity * 2));
  }

  /** True when the last sync left rows of the ring unread (its row budget ran out). */
  get behind(): boolean {
    return this.unread > 0;
  }
  private unread = 0;

  /**
   * Reads what the ring gained, at most `maxRows` entries built per call (opening the log
   * on a long run finds tens of thousands: built at once, they made one long task; the
   * rest waits for the next call, see `behind`). Returns true if anything changed.
   */
  sync(ring: Pick<EventRing, 'length' | 'overwritten' | 'event' | 'get'>, generation: number, maxRows = Infinity): boolean {
    let changed = false;
    if (generation !== this.generation) {
      this.generation = generation;
      this.entries = [];
      this.seen = 0;
      this.missed = 0;
      this.formedNotListed = 0;
      this.origins.clear();
      this.nextSeq = 0;
      this.counts = { formed: 0, drops: 0, tcp: 0, changes: 0, contention: 0 };
      changed = true;
    }
    const total = ring.length + ring.overwritten;
    const firstKept = ring.overwritten;
    let g = this.seen;
    if (g < firstKept) {
      this.missed += firstKept - g;
      g = firstKept;
    }
    // At full speed a sync can find tens of thousands of new rows, more than the log keeps.
    // Rows that would be cut at once get no entry; only their bursts' contents are noted
    // (a later drop may name them). Building entries only to discard them took 0.5 s.
    const skipTo = total - this.capacity;
    if (g < skipTo) {
      this.missed += skipTo - g;
      for (; g < skipTo; g++) {
        const i = g - firstKept;
        if (ring.get(i, 'kind') === EventKind.BurstFormed) {
          this.origins.remember(ring.get(i, 'id'), ring.get(i, 'lane'), ring.get(i, 'dir'), ring.get(i, 'link'));
        }
      }
      changed = true;
    }
    // Entries are numbered by their place in the run's notable sequence, gaps included.
    // At full speed far more rows arrive between syncs than `maxRows`, nearly all of them
    // bursts formed. Rows older than the newest `maxRows` (the surplus) get an entry only
    // if they are a drop or a TCP event; a burst formed there is noted (a later drop may
    // name its flows) and counted in `formedNotListed`. Building every one of them, 3,000
    // every 16 ms, was most of the main thread's garbage (50 MB/s) at full speed.
    const surplusEnd = Math.max(g, total - maxRows);
    let built = 0;
    for (; g < surplusEnd && built < maxRows; g++) {
      const i = g - firstKept;
      if (ring.get(i, 'kind') === EventKind.BurstFormed) {
        this.origins.remember(ring.get(i, 'id'), ring.get(i, 'lane'), ring.get(i, 'dir'), ring.get(i, 'link'));
        this.formedNotListed++;
      } else {
        this.nextSeq = g;
        this.add(ring.event(i));
        built++;
      }
      changed = true;
    }
    for (; g >= surplusEnd && g < total && built < maxRows; g++) {
      this.nextSeq = g;
      this.add(ring.event(g - firstKept));
      built++;
      changed = true;
    }
    this.seen = g;
    this.unread = total - g;
    return changed;
  }

  private count(entry: LogEntry, by: number): void {
    const cat = categoryOf(entry.event.kind);
    if (cat) this.counts[cat] += by;
  }

  /** Forgets the cached sentences (names changed: a new scenario or flow list). */
  forgetTexts(): void {
    for (const e of this.entries) {
      e.text = undefined;
      e.lower = undefined;
    }
  }

  add(event: VisualEvent): void {
    const entry: LogEntry = { seq: this.nextSeq++, event };
    if (event.kind === EventKind.BurstFormed) {
      this.origins.remember(event.id, event.lane, event.dir, event.link);
    } else if (
      event.kind === EventKind.BurstDropped ||
      event.kind === EventKind.BurstDelivered ||
      event.kind === EventKind.BurstDeflected ||
      event.kind === EventKind.BurstSegmented
    ) {
      entry.origin = this.origins.find(event.id);
    }
    this.entries.push(entry);
    this.count(entry, 1);
    if (this.entries.length > this.capacity * 1.25) {
      const cut = this.entries.length - this.capacity;
      for (let i = 0; i < cut; i++) this.count(this.entries[i], -1);
      this.entries.splice(0, cut);
      this.missed += cut;
    }
  }
}

/** What clicking an entry points the other views at (sim/focusStore.ts). */
export function focusOf(entry: LogEntry, names: Names): FocusInput {
  const e = entry.event;
  const isBurst =
    e.kind === EventKind.BurstFormed ||
    e.kind === EventKind.BurstDropped ||
    e.kind === EventKind.BurstDeflected ||
    e.kind === EventKind.BurstSegmented;
  let node = -1;
  if (isBurst) node = e.node;
  else if (e.kind === EventKind.TcpEvent) node = names.flowSource(e.id);
  // A deflection points at the direction that was full, a cut at the one it got onto.
  const hasLink =
    e.kind === EventKind.BurstDropped ||
    e.kind === EventKind.PacketDropped ||
    e.kind === EventKind.BurstDeflected ||
    e.kind === EventKind.BurstSegmented;
  return {
    time: e.t0,
    flow: entryFlow(entry),
    node,
    link: hasLink ? e.link : -1,
    dir: hasLink ? e.dir : -1,
    kind: e.kind,
    burst: isBurst ? e.id : -1,
    source: 'log',
  };
}

/** The entries that pass the filter, from index `from` on (incremental use). */
export function filterEntries(entries: readonly LogEntry[], filter: LogFilter, names: Names, from = 0): LogEntry[] {
  const out: LogEntry[] = [];
  for (let i = from; i < entries.length; i++) if (matches(entries[i], filter, names)) out.push(entries[i]);
  return out;
}
