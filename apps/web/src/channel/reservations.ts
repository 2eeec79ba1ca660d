/**
 * The channel view's model: from the engine's visual events, the reservations of each
 * wavelength of the fiber link directions being watched (BurstOnLink, kind 2), the bursts
 * that found no room on them (BurstDropped, kind 3, charged to the link they were about
 * to take), and what is worth marking: void filling and FDL delays.
 *
 * Events arrive in the order the engine made its decisions (a core reserves when it has
 * processed the burst's control packet, before the burst arrives), so "reserved before"
 * is "seen before" here. A burst is placed by void filling when it starts before the end
 * of a reservation made earlier on the same wavelength: it went into a gap left in front
 * of an existing reservation (LAUC-VF), which FFUC and LAUC never do.
 */
import { EventKind, type EventRing } from '../sim/visualStore';
import { unreadRows } from '../sim/unreadRows';
import { BurstPathTable } from './burstPaths';

export interface Reservation {
  id: number;
  lane: number;
  /** Seconds: first and last bit at the link's near end. */
  t0: number;
  t1: number;
  /** 0 data, 1 ACK, 2 background. */
  cls: number;
  /** FDL delay the core before this link added (seconds, 0 if none). */
  fdl: number;
  /** Placed into a void before an earlier reservation on its wavelength. */
  voidFilled: boolean;
}

export interface DropMark {
  id: number;
  /** When the drop was decided (the node processed the control packet, or the edge sent it). */
  t: number;
  cls: number;
  /** 0 injected, 1 contention, 2 late. */
  reason: number;
  node: number;
}

/** Float tolerance: picosecond times turned into seconds. */
const EPS = 1e-12;

/** One direction of one fiber link: its wavelengths' reservations and its drops. */
export class LinkTrack {
  reservations: Reservation[] = [];
  drops: DropMark[] = [];
  /** Per wavelength: the latest end reserved so far (in decision order). */
  private laneEnd: number[] = [];
  /** Highest wavelength index seen + 1. */
  lanesSeen = 0;
  voidFilled = 0;
  fdlDelayed = 0;

  constructor(
    readonly link: number,
    readonly dir: number,
    private readonly capacity = 50_000,
  ) {}

  addReservation(id: number, lane: number, t0: number, t1: number, cls: number, fdl: number): Reservation {
    const end = this.laneEnd[lane] ?? -Infinity;
    const voidFilled = t0 < end - EPS;
    if (!(t1 <= end)) this.laneEnd[lane] = t1;
    if (lane + 1 > this.lanesSeen) this.lanesSeen = lane + 1;
    const r: Reservation = { id, lane, t0, t1, cls, fdl, voidFilled };
    if (voidFilled) this.voidFilled++;
    if (fdl > 0) this.fdlDelayed++;
    this.reservations.push(r);
    if (this.reservations.length > this.capacity * 1.25) this.reservations.splice(0, this.reservations.length - this.capacity);
    return r;
  }

  addDrop(d: DropMark): void {
    this.drops.push(d);
    if (this.drops.length > this.capacity * 1.25) this.drops.splice(0, this.drops.length - this.capacity);
  }
}

export const trackKey = (link: number, dir: number) => `${link}:${dir}`;

type RingLike = Pick<EventRing, 'length' | 'overwritten' | 'get'>;

/**
 * The tracks of the link directions being watched, fed incrementally from the visual
 * store's `recent` ring. Changing what is watched rebuilds from what the ring still holds.
 */
export class ChannelModel {
  readonly tracks = new Map<string, LinkTrack>();
  private seen = 0;
  private generation = -1;
  /** Events the ring overwrote before this model read them. */
  missed = 0;
  /** Each recent burst's optical path, from its formed event (whatever link is watched). */
  readonly paths = new BurstPathTable();

  constructor(watch: ReadonlyArray<{ link: number; dir: number }> = []) {
    this.watch(watch);
  }

  watch(dirs: ReadonlyArray<{ link: number; dir: number }>): void {
    this.tracks.clear();
    for (const { link, dir } of dirs) this.tracks.set(trackKey(link, dir), new LinkTrack(link, dir));
    this.seen = 0; // re-read the ring from its oldest row
    this.missed = 0;
    this.paths.clear();
  }

  track(link: number, dir: number): LinkTrack | undefined {
    return this.tracks.get(trackKey(link, dir));
  }

  /** Reads the rows the ring gained since the last call; true if any was watched. */
  sync(ring: RingLike, generation: number): boolean {
    let changed = false;
    if (generation !== this.generation) {
      this.generation = generation;
      const dirs = [...this.tracks.values()].map((t) => ({ link: t.link, dir: t.dir }));
      this.watch(dirs);
      changed = true;
    }
    const rows = unreadRows(ring, this.seen);
    this.missed += rows.missed;
    if (this.tracks.size > 0) {
      for (let g = rows.from; g < rows.to; g++) {
        const i = g - rows.firstKept;
        const kind = ring.get(i, 'kind');
        if (kind === EventKind.BurstFormed) {
          this.paths.remember(ring.get(i, 'id'), ring.get(i, 'link'));
          continue;
        }
        if (kind !== EventKind.BurstOnLink && kind !== EventKind.BurstDropped) continue;
        const track = this.tracks.get(trackKey(ring.get(i, 'link'), ring.get(i, 'dir')));
        if (!track) continue;
        changed = true;
        if (kind === EventKind.BurstOnLink) {
          track.addReservation(
            ring.get(i, 'id'),
            ring.get(i, 'lane'),
            ring.get(i, 't0'),
            ring.get(i, 't1'),
            ring.get(i, 'cls'),
            ring.get(i, 'value'),
          );
        } else {
          track.addDrop({
            id: ring.get(i, 'id'),
            t: ring.get(i, 't0'),
            cls: ring.get(i, 'cls'),
            reason: ring.get(i, 'reason'),
            node: ring.get(i, 'node'),
          });
        }
      }
    }
    this.seen = rows.to;
    return changed;
  }
}

/** Reservations overlapping [from, to], grouped per wavelength and sorted by start. */
export function visibleByLane(track: LinkTrack, from: number, to: number, lanes: number): Reservation[][] {
  const out: Reservation[][] = Array.from({ length: Math.max(lanes, track.lanesSeen) }, () => []);
  for (const r of track.reservations) {
    if (r.t1 >= from && r.t0 - r.fdl <= to) out[r.lane].push(r);
  }
  for (const lane of out) lane.sort((a, b) => a.t0 - b.t0);
  return out;
}

/** The gaps between consecutive reservations of one wavelength (sorted by start): its voids. */
export function voidsOf(sorted: readonly Reservation[]): Array<[number, number]> {
  const gaps: Array<[number, number]> = [];
  let end = -Infinity;
  for (const r of sorted) {
    if (end > -Infinity && r.t0 > end + EPS) gaps.push([end, r.t0]);
    if (r.t1 > end) end = r.t1;
  }
  return gaps;
}

/** Where an FDL delay is drawn: a bracket from when the burst would have left to when it did. */
export function fdlMarker(r: Reservation): { from: number; to: number; delay: number } | null {
  return r.fdl > 0 ? { from: r.t0 - r.fdl, to: r.t0, delay: r.fdl } : null;
}

// ---- rows of the Gantt ----

export interface GanttTrackSpec {
  link: number;
  dir: number;
  /** "f1  E1 → C1" */
  label: string;
  /** Wavelengths the scenario gives the link (the track may have seen more after a live change). */
  wavelengths: number;
}

// ---- the time window ----

const NICE = [1, 2, 5];

/** The 1-2-5 value at or above x (x > 0). */
export function niceCeil(x: number): number {
  const p = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [...NICE, 10]) if (m * p >= x * (1 - 1e-9)) return m * p;
  return 10 * p;
}

/** The next 1-2-5 value up (+1) or down (-1) from a 1-2-5 value. */
export function niceStep(x: number, steps: number): number {
  let v = niceCeil(x);
  for (let i = 0; i < Math.abs(steps); i++) {
    const p = Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
    const m = Math.round(v / p);
    if (steps > 0) v = m === 1 ? 2 * p : m === 2 ? 5 * p : 10 * p;
    else v = m === 1 ? 0.5 * p : m === 2 ? p : 2 * p;
  }
  return v;
}

export const MIN_WINDOW = 1e-6;
export const MAX_WINDOW = 2;

/**
 * A window that fits the link's load: bars at least `minBarPx` wide on average, and no
 * more than about `maxBars` of them per wavelength, from the latest `sample` reservations.
 * Busier links get shorter windows. Rounded up to 1-2-5 so it does not flicker.
 */
export function autoWindow(tracks: readonly LinkTrack[], widthPx: number, opts = { minBarPx: 6, maxBars: 30, sample: 200 }): number {
  let n = 0;
  let durations = 0;
  let first = Infinity;
  let last = -Infinity;
  let lanes = 1;
  for (const track of tracks) {
    const rs = track.reservations;
    const from = Math.max(0, rs.length - opts.sample);
    for (let i = from; i < rs.length; i++) {
      n++;
      durations += rs[i].t1 - rs[i].t0;
      if (rs[i].t0 < first) first = rs[i].t0;
      if (rs[i].t0 > last) last = rs[i].t0;
    }
    lanes = Math.max(lanes, track.lanesSeen);
  }
  if (n < 2 || !(last > first)) return niceCeil(10e-3);
  const meanDuration = durations / n;
  const ratePerLane = (n - 1) / (last - first) / (lanes * Math.max(1, tracks.length));
  const byWidth = (meanDuration * Math.max(100, widthPx)) / opts.minBarPx;
  const byCount = opts.maxBars / ratePerLane;
  const w = Math.min(byWidth, byCount);
  return Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, niceCeil(w)));
}

/** Where a held window is pinned: simulated time `t` sits at fraction `at` of the width. */
export interface HeldAt {
  t: number;
  at: number;
}

/** Following, "now" sits at 80 % of the width so reservations made ahead of it show. */
export const FOLLOW_AT = 0.8;

/** The shown interval [from, to]: following now, or pinned (zooming keeps the pin in place). */
export function windowBounds(now: number, width: number, held: HeldAt | null): [number, number] {
  const { t, at } = held ?? { t: now, at: FOLLOW_AT };
  const from = t - at * width;
  return [from, from + width];
}
