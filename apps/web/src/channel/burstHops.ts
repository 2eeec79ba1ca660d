/**
 * One burst's route hop by hop, with the wavelength it had on each hop, so wavelength
 * continuity (docs/mesh.md section 1) can be seen: "E1→C1 λ3 · C1→C2 λ3 · C2→E2 λ1".
 *
 * The engine logs a BurstOnLink event per hop (link, direction, lane = wavelength index)
 * when that hop's reservation is made, and a BurstDropped event charged to the hop the
 * burst could not take. A core that deflects the burst (docs/mesh.md section 6) logs a
 * BurstDeflected after the BurstOnLink of the hop it took instead; one that cuts it short
 * (section 7) logs a BurstSegmented before the BurstOnLink of the part that went on.
 * BurstHopTrace collects those of one burst from the visual store's ring, incrementally;
 * hopList lines them up with the burst's optical path, or, once the burst left that path,
 * in the order they happened.
 */
import type { EventRing } from '../sim/visualStore';
import { EventKind } from '../sim/visualStore';
import type { Names } from '@obs-tcp-sim/engine';
import { formatBytes, ordinal } from '../log/describe';

type RingLike = Pick<EventRing, 'length' | 'overwritten' | 'get'>;

export interface HopEvent {
  link: number;
  dir: number;
  /** Wavelength index (0-based; shown as λ lane + 1, as the Gantt's rows). */
  lane: number;
  /** Seconds: first bit at the hop's near end. */
  t0: number;
  /** FDL delay the core before this hop added (seconds). */
  fdl: number;
}

export interface HopDrop {
  link: number;
  dir: number;
  /** 0 injected, 1 contention, 2 late. */
  reason: number;
}

export interface HopDeflection {
  /** The core that deflected the burst (node index). */
  node: number;
  /** The direction that had no room. */
  link: number;
  dir: number;
  /** The link the burst was sent on instead. */
  taken: number;
  /** The burst's deflections so far, this one included. */
  count: number;
}

export interface HopCut {
  /** The core that cut the burst (node index). */
  node: number;
  /** The direction the burst got onto in part. */
  link: number;
  dir: number;
  /** Bytes and packets cut off. */
  bytes: number;
  segments: number;
}

/** The events of one burst, read from the ring as it grows. */
export class BurstHopTrace {
  id = -1;
  cls = -1;
  hops: HopEvent[] = [];
  drop: HopDrop | null = null;
  deflections: HopDeflection[] = [];
  cuts: HopCut[] = [];
  /** The burst's optical path (its BurstFormed event's link), -1 until seen. */
  path = -1;
  private seen = 0;
  private generation = -1;

  /** Follows burst `id` (-1: none), reading the ring again from its oldest row. */
  follow(id: number): void {
    this.id = id;
    this.cls = -1;
    this.hops = [];
    this.drop = null;
    this.deflections = [];
    this.cuts = [];
    this.path = -1;
    this.seen = 0;
  }

  /** Reads the rows the ring gained; true if any concerned the burst. */
  sync(ring: RingLike, generation: number): boolean {
    if (generation !== this.generation) {
      // A new run (not the first read): its ids start again, so the burst followed is gone.
      if (this.generation >= 0 && this.id >= 0) this.follow(-1);
      this.generation = generation;
    }
    const first = ring.overwritten;
    const total = ring.length + first;
    let changed = false;
    for (let g = Math.max(this.seen, first); this.id >= 0 && g < total; g++) {
      const i = g - first;
      if (ring.get(i, 'id') !== this.id) continue;
      const kind = ring.get(i, 'kind');
      if (kind === EventKind.BurstFormed) {
        this.path = ring.get(i, 'link');
      } else if (kind === EventKind.BurstOnLink) {
        this.cls = ring.get(i, 'cls');
        this.hops.push({
          link: ring.get(i, 'link'),
          dir: ring.get(i, 'dir'),
          lane: ring.get(i, 'lane'),
          t0: ring.get(i, 't0'),
          fdl: ring.get(i, 'value'),
        });
      } else if (kind === EventKind.BurstDropped) {
        this.cls = ring.get(i, 'cls');
        this.drop = { link: ring.get(i, 'link'), dir: ring.get(i, 'dir'), reason: ring.get(i, 'reason') };
      } else if (kind === EventKind.BurstDeflected) {
        this.deflections.push({
          node: ring.get(i, 'node'),
          link: ring.get(i, 'link'),
          dir: ring.get(i, 'dir'),
          taken: ring.get(i, 'lane'),
          count: ring.get(i, 'reason'),
        });
      } else if (kind === EventKind.BurstSegmented) {
        this.cuts.push({
          node: ring.get(i, 'node'),
          link: ring.get(i, 'link'),
          dir: ring.get(i, 'dir'),
          bytes: ring.get(i, 'bytes'),
          segments: ring.get(i, 'segments'),
        });
      } else continue;
      changed = true;
    }
    this.seen = total;
    return changed;
  }
}

/**
 * What happened to the burst on one hop of its path. `deflected`: the hop its route named
 * had no room at that core, so it left on another (the next hop in the list).
 */
export type HopState = 'used' | 'dropped' | 'deflected' | 'not reached' | 'pending';

/** A cut on a hop the burst got onto only in part: where, and how much was lost. */
export interface HopCutWords {
  at: string;
  bytes: number;
  segments: number;
}

export interface Hop {
  from: string;
  to: string;
  state: HopState;
  /** Wavelength index on this hop when used. */
  lane: number | null;
  /** FDL delay before this hop (seconds), 0 if none. */
  fdl: number;
  /** Why it was dropped here (0 injected, 1 contention, 2 late). */
  reason: number | null;
  /** A `deflected` hop: the core, and the burst's deflections so far. */
  deflected?: { at: string; count: number };
  /** A used hop it got onto only in part (segmentation). */
  cut?: HopCutWords;
}

type TraceView = Pick<BurstHopTrace, 'hops' | 'drop'> & Partial<Pick<BurstHopTrace, 'deflections' | 'cuts'>>;

/**
 * The burst's hops in path order: each with its wavelength when reserved, the one it was
 * dropped at, the ones after it not reached, and ones not reserved yet (the control packet
 * is still on its way, or the event fell out of the ring) pending. Without a known path,
 * or once a core deflected the burst off it, the hops it was seen on, in the order seen.
 * A hop the burst got onto only in part carries its cut.
 */
export function hopList(trace: TraceView, pathNodes: readonly string[] | null, names: Names): Hop[] {
  const ends = (link: number, dir: number) => [names.linkFrom(link, dir), names.linkTo(link, dir)] as const;
  const cutOn = (h: HopEvent): HopCutWords | undefined => {
    const c = trace.cuts?.find((x) => x.link === h.link && x.dir === h.dir);
    return c ? { at: names.node(c.node), bytes: c.bytes, segments: c.segments } : undefined;
  };
  const usedHop = (h: HopEvent, from: string, to: string): Hop => {
    const hop: Hop = { from, to, state: 'used', lane: h.lane, fdl: h.fdl, reason: null };
    const cut = cutOn(h);
    if (cut) hop.cut = cut;
    return hop;
  };
  const dropAt = trace.drop ? ends(trace.drop.link, trace.drop.dir) : null;
  const deflections = trace.deflections ?? [];
  if (!pathNodes || pathNodes.length < 2 || deflections.length > 0) {
    const seen: Hop[] = [];
    for (const h of trace.hops) {
      const [from, to] = ends(h.link, h.dir);
      // The hop its route named comes first, then the one the core sent it on instead.
      const d = deflections.find((x) => x.taken === h.link && names.node(x.node) === from);
      if (d) {
        const [bFrom, bTo] = ends(d.link, d.dir);
        seen.push({ from: bFrom, to: bTo, state: 'deflected', lane: null, fdl: 0, reason: null, deflected: { at: from, count: d.count } });
      }
      seen.push(usedHop(h, from, to));
    }
    if (dropAt && trace.drop)
      seen.push({ from: dropAt[0], to: dropAt[1], state: 'dropped', lane: null, fdl: 0, reason: trace.drop.reason });
    return seen;
  }
  const out: Hop[] = [];
  let lost = false;
  for (let k = 0; k + 1 < pathNodes.length; k++) {
    const from = pathNodes[k];
    const to = pathNodes[k + 1];
    const used = trace.hops.find((h) => {
      const [a, b] = ends(h.link, h.dir);
      return a === from && b === to;
    });
    if (used) out.push(usedHop(used, from, to));
    else if (!lost && dropAt && dropAt[0] === from && dropAt[1] === to) {
      out.push({ from, to, state: 'dropped', lane: null, fdl: 0, reason: trace.drop!.reason });
      lost = true;
    } else out.push({ from, to, state: lost ? 'not reached' : 'pending', lane: null, fdl: 0, reason: null });
  }
  return out;
}

const DROP_WORDS = ['dropped (injected)', 'dropped (no wavelength)', 'dropped (late)'];

/** "cut at C2: 3 segments", "cut at C2: 4.5 KB" (a background burst carries no packets). */
export function cutText(cut: HopCutWords): string {
  const what = cut.segments > 0 ? `${cut.segments} ${cut.segments === 1 ? 'segment' : 'segments'}` : formatBytes(cut.bytes);
  return `cut at ${cut.at}: ${what}`;
}

/**
 * One hop in words: "C1→C2 λ3", "C1→C2 dropped (no wavelength)", "C2→E2 not yet",
 * "C3→C4 full, deflected at C3 (1st)", "C2→C4 λ2, cut at C2: 3 segments".
 */
export function hopText(h: Hop): string {
  const arrow = `${h.from}→${h.to}`;
  if (h.state === 'used') return `${arrow} λ${h.lane! + 1}${h.cut ? `, ${cutText(h.cut)}` : ''}`;
  if (h.state === 'deflected' && h.deflected) return `${arrow} full, deflected at ${h.deflected.at} (${ordinal(h.deflected.count)})`;
  if (h.state === 'dropped') return `${arrow} ${DROP_WORDS[h.reason ?? 1] ?? 'dropped'}`;
  return `${arrow} ${h.state === 'pending' ? 'not yet' : 'not reached'}`;
}

/** The whole route: "E1→C1 λ3 · C1→C2 λ3 · C2→E2 λ1". */
export function hopWords(hops: readonly Hop[]): string {
  return hops.map(hopText).join(' · ');
}

/** The nodes where the burst's wavelength changed between two hops it used (a converter, or the ingress edge's choice). */
export function wavelengthChanges(hops: readonly Hop[]): string[] {
  const at: string[] = [];
  for (let k = 1; k < hops.length; k++) {
    const a = hops[k - 1];
    const b = hops[k];
    if (a.state === 'used' && b.state === 'used' && a.lane !== b.lane) at.push(b.from);
  }
  return at;
}
