/**
 * Step two of the cwnd chart's redraw: its RTO and fast-retransmit markers in the window,
 * thinned on a grid so markers on top of each other become one.
 */
import type { ScaleLinear } from 'd3-scale';
import type { MarkerGrid } from './decimate';
import type { PlacedMarker } from './chartTooltip';
import type { VisualEvent } from '../sim/visualStore';

const MARKER_CELL_PX = 7;

export function placeMarkers(
  events: readonly VisualEvent[],
  grid: MarkerGrid,
  view: { d0: number; d1: number; x: ScaleLinear<number, number>; y: ScaleLinear<number, number>; innerW: number; innerH: number },
  /** Shown flows (by index). */
  shown: { has(id: number): boolean },
): { placed: PlacedMarker[]; inWindow: number } {
  const { d0, d1, x, y, innerW, innerH } = view;
  const placed: PlacedMarker[] = [];
  // A long run has tens of thousands of events: only the ones kept become objects.
  grid.reset(innerW, innerH, MARKER_CELL_PX);
  let inWindow = 0;
  for (let k = firstEventAt(events, d0); k < events.length; k++) {
    const e = events[k];
    if (e.t0 > d1) break;
    if (e.reason > 1 || !shown.has(e.id)) continue;
    inWindow++;
    const px = x(e.t0);
    const py = y(e.value);
    if (grid.claim(px, py, e.reason)) placed.push({ x: px, y: py, kind: e.reason, event: e });
  }
  return { placed, inWindow };
}

/** First TCP event at or after t (events are in time order). */
function firstEventAt(events: readonly VisualEvent[], t: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid].t0 < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
