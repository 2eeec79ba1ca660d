/**
 * The bar under the pointer in the channel Gantt, with the geometry drawGantt.ts draws it
 * in (the plot starts at GANTT_MARGIN.left/top; a bar spans t0..t1, at least 2 px wide),
 * so hovering a burst can say which it is and which route it took.
 */
import { GANTT_MARGIN } from './drawGantt';
import { visibleByLane, type LinkTrack, type Reservation } from './reservations';
import type { GanttRow } from './rowLayout';

export interface GanttGeometry {
  width: number;
  rows: readonly GanttRow[];
  tracks: ReadonlyArray<LinkTrack | undefined>;
  wavelengths: readonly number[];
  from: number;
  to: number;
}

export interface BarHit {
  /** Index of the watched track (into `tracks`). */
  track: number;
  reservation: Reservation;
}

/** Pixels either side of a bar that still count as on it (thin bars are hard to hit). */
const SLOP = 3;

export function barAt(g: GanttGeometry, px: number, py: number): BarHit | null {
  const m = GANTT_MARGIN;
  const innerW = Math.max(1, g.width - m.left - m.right);
  if (px < m.left || px > m.left + innerW || !(g.to > g.from)) return null;
  const row = g.rows.find((r) => r.type === 'lane' && py >= r.y + m.top && py < r.y + m.top + r.h);
  if (!row || row.type !== 'lane') return null;
  const track = g.tracks[row.track];
  if (!track) return null;
  const scale = innerW / (g.to - g.from);
  const xOf = (t: number) => m.left + (t - g.from) * scale;
  const bars = visibleByLane(track, g.from, g.to, g.wavelengths[row.track] ?? 1)[row.lane] ?? [];
  let best: BarHit | null = null;
  let bestDistance = Infinity;
  for (const r of bars) {
    const xa = xOf(r.t0);
    const xb = xa + Math.max(2, xOf(r.t1) - xa);
    const d = px < xa ? xa - px : px > xb ? px - xb : 0;
    if (d <= SLOP && d < bestDistance) {
      best = { track: row.track, reservation: r };
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Where barAt finds a reservation: the middle of its bar, in canvas pixels, or null when
 * it is outside the window or its lane has no row. The view writes the newest visible
 * bar's point on its figure, so a test (or a tour) can click a burst it did not choose.
 */
export function barCenter(g: GanttGeometry, track: number, r: Pick<Reservation, 'lane' | 't0' | 't1'>): { x: number; y: number } | null {
  const m = GANTT_MARGIN;
  const innerW = Math.max(1, g.width - m.left - m.right);
  if (!(g.to > g.from) || r.t1 < g.from || r.t0 > g.to) return null;
  const row = g.rows.find((x) => x.type === 'lane' && x.track === track && x.lane === r.lane);
  if (!row) return null;
  const scale = innerW / (g.to - g.from);
  const xa = m.left + (Math.max(r.t0, g.from) - g.from) * scale;
  const xb = m.left + (Math.min(r.t1, g.to) - g.from) * scale;
  return { x: (xa + Math.max(xa + 2, xb)) / 2, y: row.y + m.top + row.h / 2 };
}
