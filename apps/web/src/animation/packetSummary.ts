/**
 * Packets too many or too fast to follow one by one: when a link direction is summarised,
 * and the band that stands for them (thickness for the rate, a chevron for the direction,
 * the rate in words).
 */
import { pointAt, type LinkGeom } from './geometry';
import { SUMMARY_COLOR } from './style';
import type { DrawList } from './drawPrimitives';

/** A packet must stay on screen this long (wall seconds) to be drawn as itself. */
export const MIN_PACKET_WALL_SECONDS = 0.2;
/** A fiber crossed in less wall time than this (3 frames) also shows how busy each wavelength is. */
export const MIN_BURST_WALL_SECONDS = 0.05;
/** Packets closer than this (px) on average along a link are summarised. */
const MIN_PACKET_SPACING_PX = 7;

/**
 * Whether one link direction's packets are drawn as a summary: when each packet would
 * cross in fewer than MIN_PACKET_WALL_SECONDS of wall time at this speed (a flicker), or
 * when there are too many in flight to tell apart.
 */
export function summarisePackets(inFlight: number, lenPx: number, crossingSeconds: number, speed: number): boolean {
  if (inFlight * MIN_PACKET_SPACING_PX > Math.max(lenPx, MIN_PACKET_SPACING_PX)) return true;
  return speed > 0 && crossingSeconds / speed < MIN_PACKET_WALL_SECONDS;
}

/** Packets per simulated second, short: 950, 12k, 1.3M. */
export function formatRate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(perSecond >= 1e7 ? 0 : 1)}M`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(perSecond >= 1e4 ? 0 : 1)}k`;
  return `${Math.round(perSecond)}`;
}

/**
 * A band along the direction's side, thicker for more packets per second (log scale),
 * with a chevron for the direction of travel and the rate (or the count when paused).
 */
export function drawSummary(
  out: DrawList,
  g: LinkGeom,
  dir: number,
  rate: number | null,
  inFlight: number,
  s: number,
  minText: number,
): void {
  const level = rate && rate > 0 ? Math.min(1, Math.log10(1 + rate) / 6) : Math.min(1, Math.log10(1 + inFlight) / 3);
  // A fan's spoke is short and has neighbours a few px away: a thinner band, no chevron,
  // no rate (five rates round one node would bury it; the fan's label says what it is).
  const width = (2 + 6 * level) * s * (g.spoke ? 0.5 : 1);
  const off = g.packetOffset + width / 2 - (g.spoke ? 1 : 2) * s;
  const [x1, y1] = pointAt(g, dir, 0, off);
  const [x2, y2] = pointAt(g, dir, 1, off);
  out.bars.push({ x1, y1, x2, y2, width, color: SUMMARY_COLOR, alpha: 0.35 + 0.45 * level });
  if (g.spoke) return;
  // Chevron at the middle, pointing the way the packets go.
  const c = 4 * s;
  const [mx, my] = pointAt(g, dir, 0.5, off);
  const [bx1, by1] = pointAt(g, dir, 0.5 - c / Math.max(1, g.len), off - c);
  const [bx2, by2] = pointAt(g, dir, 0.5 - c / Math.max(1, g.len), off + c);
  out.bars.push({ x1: bx1, y1: by1, x2: mx, y2: my, width: 1.5 * s, color: '#000000', alpha: 0.8 });
  out.bars.push({ x1: bx2, y1: by2, x2: mx, y2: my, width: 1.5 * s, color: '#000000', alpha: 0.8 });
  const [lx, ly] = pointAt(g, dir, 0.5, off + width / 2 + 9 * s);
  out.labels.push({
    x: lx,
    y: ly + 4 * s,
    text: rate && rate > 0 ? `${formatRate(rate)} pkt/s` : `${inFlight} pkt`,
    color: '#1a1a1a',
    alpha: 1,
    size: Math.max(minText, 11 * Math.min(1.3, Math.max(0.85, s))),
    align: 'center',
    bold: false,
  });
}
