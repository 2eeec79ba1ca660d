/**
 * The time-space diagram's model: for the path shown (pathSpec.ts), the story of each
 * burst that crossed it, read incrementally from the visual store's `recent` ring:
 *
 * - BurstFormed: where and when it was sent, its offset, what it carries;
 * - ControlPacket on a hop of the path: its BHP leaving one column, reaching the next;
 * - BurstOnLink on a hop: the burst's first to last bit at the hop's near end (and the FDL
 *   delay the core there added); on a link leaving the path: a deflection's way out or in;
 * - BurstDropped, BurstDeflected, BurstSegmented, BurstDelivered at a column.
 *
 * Nothing is computed here that the engine decides: times are the events' own. Stories
 * older than the view can show are let go (`prune`), and a new run (generation) starts over.
 */
import { EventKind, type EventRing } from '../sim/visualStore';
import { unreadRows } from '../sim/unreadRows';
import type { PathSpec } from './pathSpec';

/** A BHP or a burst between two adjacent columns. */
export interface Crossing {
  /** Index of the hop (between columns hop and hop + 1). */
  hop: number;
  /** True when it runs right to left (against the path's direction). */
  back: boolean;
  /** BHP: leaves the near column, reaches the far one. Burst: first and last bit at the near column. */
  t0: number;
  t1: number;
}

export interface BandCrossing extends Crossing {
  lane: number;
  /** The FDL delay the core at the near column added before it, seconds (0 if none). */
  fdl: number;
}

/** A hop of a deflected burst off the path, from or to a column. */
export interface SideHop {
  column: number;
  /** The node at the other end (off the path). */
  other: string;
  /** True: leaves the column; false: reaches it. */
  leaving: boolean;
  /** First and last bit at the column (leaving: as it leaves; reaching: as it arrives). */
  t0: number;
  t1: number;
  /** The side link's propagation delay, seconds. */
  delay: number;
}

export interface Formed {
  t: number;
  /** The ingress edge's column, -1 if it is not on the path. */
  column: number;
  node: number;
  offset: number;
  segments: number;
  bytes: number;
  /** The flow with most packets in it, -1 if none. */
  mainFlow: number;
  flows: number;
  /** Its optical path (routes.opticalPaths index). */
  path: number;
}

export interface BurstStory {
  id: number;
  cls: number;
  formed: Formed | null;
  bhps: Crossing[];
  bands: BandCrossing[];
  side: SideHop[];
  drop: { column: number; node: number; t: number; reason: number; link: number; dir: number } | null;
  deflections: Array<{ column: number; t: number; link: number }>;
  cuts: Array<{ column: number; t: number; bytes: number; segments: number }>;
  delivered: { column: number; t: number } | null;
  /** Latest time anything of it happens (seconds): what pruning goes by. */
  last: number;
}

type RingLike = Pick<EventRing, 'length' | 'overwritten' | 'get'>;

/** At most this many stories are kept, the oldest let go first. */
export const MAX_STORIES = 20_000;

export class TimeSpaceModel {
  /** By burst id, in the order first seen (ids rise with time at each edge). */
  readonly stories = new Map<number, BurstStory>();
  private spec: PathSpec | null = null;
  private seen = 0;
  private generation = -1;
  /** Events the ring overwrote before this model read them. */
  missed = 0;
  /** The longest burst seen on the path, seconds (for the auto window). */
  longestBurst = 0;
  /** The largest offset of a burst sent from a column, seconds (for the auto window). */
  largestOffset = 0;

  constructor(private readonly capacity = MAX_STORIES) {}

  /** Draw this path from now on: what the ring still holds is read again for it. */
  watch(spec: PathSpec | null): void {
    this.spec = spec;
    this.clear();
  }

  get watched(): PathSpec | null {
    return this.spec;
  }

  private clear(): void {
    this.stories.clear();
    this.seen = 0;
    this.missed = 0;
    this.longestBurst = 0;
    this.largestOffset = 0;
  }

  private story(id: number, cls: number): BurstStory {
    let s = this.stories.get(id);
    if (!s) {
      s = { id, cls, formed: null, bhps: [], bands: [], side: [], drop: null, deflections: [], cuts: [], delivered: null, last: -Infinity };
      this.stories.set(id, s);
      if (this.stories.size > this.capacity) {
        const oldest = this.stories.keys().next().value as number;
        this.stories.delete(oldest);
      }
    }
    return s;
  }

  /** Reads the rows the ring gained since the last call; true if any concerned the path. */
  sync(ring: RingLike, generation: number): boolean {
    let changed = false;
    if (generation !== this.generation) {
      this.generation = generation;
      this.clear();
      changed = true;
    }
    const rows = unreadRows(ring, this.seen);
    this.missed += rows.missed;
    const spec = this.spec;
    if (spec) {
      for (let g = rows.from; g < rows.to; g++) if (this.read(spec, ring, g - rows.firstKept)) changed = true;
    }
    this.seen = rows.to;
    return changed;
  }

  private read(spec: PathSpec, ring: RingLike, i: number): boolean {
    const kind = ring.get(i, 'kind');
    switch (kind) {
      case EventKind.BurstFormed: {
        const node = ring.get(i, 'node');
        const column = spec.columnOfNode.get(node);
        // Only bursts sent along a path that shares a hop with this one.
        if (column === undefined || !spec.crossingPaths.has(ring.get(i, 'link'))) return false;
        const s = this.story(ring.get(i, 'id'), ring.get(i, 'cls'));
        const t = ring.get(i, 't0');
        const offset = ring.get(i, 'value');
        s.formed = {
          t,
          column,
          node,
          offset,
          segments: ring.get(i, 'segments'),
          bytes: ring.get(i, 'bytes'),
          mainFlow: ring.get(i, 'lane'),
          flows: ring.get(i, 'dir'),
          path: ring.get(i, 'link'),
        };
        if (offset > this.largestOffset) this.largestOffset = offset;
        s.last = Math.max(s.last, t);
        return true;
      }
      case EventKind.ControlPacket: {
        const hop = spec.hopOfLink.get(ring.get(i, 'link'));
        if (hop === undefined) return false;
        const s = this.story(ring.get(i, 'id'), ring.get(i, 'cls'));
        const t1 = ring.get(i, 't1');
        s.bhps.push({ hop, back: ring.get(i, 'dir') !== spec.hops[hop].forwardDir, t0: ring.get(i, 't0'), t1 });
        // A BHP that reaches a core is processed there: the story lasts at least that long.
        s.last = Math.max(s.last, t1 + spec.controlProcessing);
        return true;
      }
      case EventKind.BurstOnLink: {
        const link = ring.get(i, 'link');
        const dir = ring.get(i, 'dir');
        const hop = spec.hopOfLink.get(link);
        const t0 = ring.get(i, 't0');
        const t1 = ring.get(i, 't1');
        if (hop !== undefined) {
          const s = this.story(ring.get(i, 'id'), ring.get(i, 'cls'));
          s.bands.push({ hop, back: dir !== spec.hops[hop].forwardDir, t0, t1, lane: ring.get(i, 'lane'), fdl: ring.get(i, 'value') });
          if (t1 - t0 > this.longestBurst) this.longestBurst = t1 - t0;
          s.last = Math.max(s.last, t1 + spec.hops[hop].delay);
          return true;
        }
        const side = spec.sideLinks.get(link);
        if (!side) return false;
        const s = this.story(ring.get(i, 'id'), ring.get(i, 'cls'));
        const leaving = dir === side.awayDir;
        const shift = leaving ? 0 : side.delay;
        s.side.push({ column: side.column, other: side.other, leaving, t0: t0 + shift, t1: t1 + shift, delay: side.delay });
        s.last = Math.max(s.last, t1 + side.delay);
        return true;
      }
      case EventKind.BurstDropped: {
        const node = ring.get(i, 'node');
        const link = ring.get(i, 'link');
        const column = spec.columnOfNode.get(node);
        // On its way along a link of the path, or a burst already seen on it (dropped at a
        // column on its way elsewhere, after a deflection): not one passing a column only.
        if (!spec.hopOfLink.has(link) && !(column !== undefined && this.stories.has(ring.get(i, 'id')))) return false;
        const s = this.story(ring.get(i, 'id'), ring.get(i, 'cls'));
        const t = ring.get(i, 't0');
        s.drop = { column: column ?? -1, node, t, reason: ring.get(i, 'reason'), link, dir: ring.get(i, 'dir') };
        s.last = Math.max(s.last, t);
        return true;
      }
      case EventKind.BurstDeflected: {
        const column = spec.columnOfNode.get(ring.get(i, 'node'));
        // Turned off a link of the path (or off its way after an earlier deflection).
        if (column === undefined || !(spec.hopOfLink.has(ring.get(i, 'link')) || this.stories.has(ring.get(i, 'id')))) return false;
        const s = this.story(ring.get(i, 'id'), ring.get(i, 'cls'));
        const t = ring.get(i, 't0');
        s.deflections.push({ column, t, link: ring.get(i, 'lane') });
        s.last = Math.max(s.last, t);
        return true;
      }
      case EventKind.BurstSegmented: {
        const column = spec.columnOfNode.get(ring.get(i, 'node'));
        if (column === undefined || !(spec.hopOfLink.has(ring.get(i, 'link')) || this.stories.has(ring.get(i, 'id')))) return false;
        const s = this.story(ring.get(i, 'id'), ring.get(i, 'cls'));
        const t = ring.get(i, 't0');
        s.cuts.push({ column, t, bytes: ring.get(i, 'bytes'), segments: ring.get(i, 'segments') });
        s.last = Math.max(s.last, t);
        return true;
      }
      case EventKind.BurstDelivered: {
        const column = spec.columnOfNode.get(ring.get(i, 'node'));
        if (column === undefined) return false;
        // Only a burst already seen on the path: another path may end at the same edge.
        const s = this.stories.get(ring.get(i, 'id'));
        if (!s) return false;
        const t = ring.get(i, 't0');
        s.delivered = { column, t };
        s.last = Math.max(s.last, t);
        return true;
      }
      default:
        return false;
    }
  }

  /** Lets go of the stories that ended before `t` (nothing of them can be in a window after it). */
  prune(t: number): void {
    for (const [id, s] of this.stories) {
      if (s.last >= t) continue;
      this.stories.delete(id);
    }
  }
}
