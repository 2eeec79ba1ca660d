/**
 * The rows of the channel Gantt and the labels in its left margin. For each watched link
 * direction: a header (only when there are several, i.e. a core node), one row per
 * wavelength (λ1..λn) and a "no room" row for its drops.
 *
 * A core node with three fibers of seven wavelengths has 21 lanes to fit in the 160 px a
 * 1280x720 projector leaves the view. So the layout first tries roomy sizes, then tight
 * ones, then lanes as thin as a line; and the margin's labels never sit on each other:
 * every lane is named while lanes are as tall as a label, every few lanes while they are
 * at least `STRIDE_MIN_LANE` px, and the range ("λ1–7") once when they are thinner.
 */
import type { GanttTrackSpec } from './reservations';

export type GanttRow =
  | { type: 'header'; track: number; y: number; h: number; label: string }
  | { type: 'lane'; track: number; lane: number; y: number; h: number; label: string }
  | { type: 'noroom'; track: number; y: number; h: number; label: string };

export interface RowSizes {
  header: number;
  noRoom: number;
  gap: number;
  /** Lanes never taller than this (one wavelength does not become a slab). */
  maxLane: number;
}

/** Height a margin label takes (14 px text), px. Header and "no room" rows are at least this. */
export const LABEL_H = 16;
export const ROOMY: RowSizes = { header: 22, noRoom: 30, gap: 8, maxLane: 64 };
export const TIGHT: RowSizes = { header: LABEL_H, noRoom: LABEL_H, gap: 0, maxLane: 64 };

/** Lanes thinner than this stay readable as bars but not one by one: the range is named once. */
export const STRIDE_MIN_LANE = 6;
/** Below this the roomy sizes give up room to the lanes. */
const COMFORT_LANE = 10;
const MIN_LANE = 2;

/**
 * Rows for the watched directions in `height` px. The result fits `height` whenever the
 * thinnest possible layout does; otherwise it is as short as it can be (the caller makes
 * room: the view scrolls). Each track's lanes together are at least LABEL_H tall, so
 * its label always fits beside them.
 */
export function layoutRows(specs: readonly GanttTrackSpec[], lanesSeen: readonly number[], height: number): GanttRow[] {
  const laneCounts = specs.map((s, i) => Math.max(1, s.wavelengths, lanesSeen[i] ?? 0));
  const headers = specs.length > 1;
  const fixedOf = (z: RowSizes) =>
    specs.length * z.noRoom + (headers ? specs.length * z.header : 0) + Math.max(0, specs.length - 1) * z.gap;

  const roomy = laneHeights(laneCounts, height - fixedOf(ROOMY), ROOMY.maxLane);
  const sizes = Math.min(...roomy) >= COMFORT_LANE || specs.length === 0 ? ROOMY : TIGHT;
  const lanes = sizes === ROOMY ? roomy : laneHeights(laneCounts, height - fixedOf(TIGHT), TIGHT.maxLane);

  const rows: GanttRow[] = [];
  let y = 0;
  specs.forEach((s, t) => {
    if (headers) {
      rows.push({ type: 'header', track: t, y, h: sizes.header, label: s.label });
      y += sizes.header;
    }
    for (let lane = 0; lane < laneCounts[t]; lane++) {
      rows.push({ type: 'lane', track: t, lane, y, h: lanes[t], label: `λ${lane + 1}` });
      y += lanes[t];
    }
    rows.push({ type: 'noroom', track: t, y, h: sizes.noRoom, label: 'no room' });
    y += sizes.noRoom + (t < specs.length - 1 ? sizes.gap : 0);
  });
  return rows;
}

/**
 * One lane height per track: the same for all as far as `room` allows, but never so thin
 * that a track's lanes together are shorter than a label.
 */
function laneHeights(laneCounts: readonly number[], room: number, maxLane: number): number[] {
  const total = laneCounts.reduce((a, b) => a + b, 0);
  const floorFor = (n: number) => Math.max(MIN_LANE, Math.ceil(LABEL_H / n));
  const heights = (u: number) => laneCounts.map((n) => Math.min(maxLane, Math.max(u, floorFor(n))));
  const used = (hs: number[]) => hs.reduce((a, h, i) => a + h * laneCounts[i], 0);
  let u = Math.min(maxLane, Math.floor(room / Math.max(1, total)));
  while (u > MIN_LANE && used(heights(u)) > room) u--;
  return heights(Math.max(MIN_LANE, u));
}

/** The height the rows take, px. */
export function rowsHeight(rows: readonly GanttRow[]): number {
  return rows.reduce((a, r) => Math.max(a, r.y + r.h), 0);
}

export interface MarginLabel {
  text: string;
  /** Vertical centre, px, in the rows' coordinates. */
  y: number;
  kind: 'header' | 'lane' | 'noroom';
}

/**
 * The left-margin labels: each header and "no room" row's own, and the lanes' as the lane
 * height allows (see the file comment). No two lane labels are closer than LABEL_H, and
 * each stays within its track's lanes.
 */
export function marginLabels(rows: readonly GanttRow[]): MarginLabel[] {
  const out: MarginLabel[] = [];
  const byTrack = new Map<number, Array<Extract<GanttRow, { type: 'lane' }>>>();
  for (const r of rows) {
    if (r.type === 'lane') (byTrack.get(r.track) ?? byTrack.set(r.track, []).get(r.track)!).push(r);
    else out.push({ text: r.label, y: r.y + r.h / 2, kind: r.type });
  }
  for (const lanes of byTrack.values()) out.push(...laneLabels(lanes));
  return out.sort((a, b) => a.y - b.y);
}

function laneLabels(lanes: ReadonlyArray<Extract<GanttRow, { type: 'lane' }>>): MarginLabel[] {
  const top = lanes[0].y;
  const bottom = lanes.at(-1)!.y + lanes.at(-1)!.h;
  const h = lanes[0].h;
  const half = LABEL_H / 2;
  if (bottom - top < LABEL_H) return [];
  if (h < STRIDE_MIN_LANE || lanes.length === 1) {
    const text = lanes.length === 1 ? lanes[0].label : `λ${lanes[0].lane + 1}–${lanes.at(-1)!.lane + 1}`;
    return [{ text, y: (top + bottom) / 2, kind: 'lane' }];
  }
  // Every `stride`-th lane, its label on the lane while it fits there, pushed down past the
  // one above otherwise; one that would leave the track is left out.
  const stride = Math.ceil(LABEL_H / h);
  const out: MarginLabel[] = [];
  let last = -Infinity;
  for (let i = 0; i < lanes.length; i += stride) {
    const y = Math.max(lanes[i].y + h / 2, top + half, last + LABEL_H);
    if (y + half > bottom) break;
    out.push({ text: lanes[i].label, y, kind: 'lane' });
    last = y;
  }
  return out;
}
