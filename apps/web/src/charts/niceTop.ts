/**
 * The top of a y axis from 0 that holds v: d3-scale's nice() for the number of ticks the
 * axis shows, so the axis ends on a labelled tick (1.05 -> 1.2 with 4 ticks, 61 -> 70 with
 * 5, 61 -> 100 with 2).
 */
import { scaleLinear } from 'd3-scale';

export function niceTop(v: number, ticks: number): number {
  if (!(v > 0)) return 0;
  return scaleLinear().domain([0, v]).nice(ticks).domain()[1];
}
