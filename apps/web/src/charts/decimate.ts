/**
 * M4 decimation (Jugel et al., VLDB 2014): for every pixel column keep the first, last,
 * minimum and maximum sample. A line through those points is pixel-identical to the line
 * through all samples, so hours of samples draw as fast as a few thousand.
 *
 * Also here: the binary searches the charts need (the samples inside a time window, the
 * sample nearest the pointer) and the thinning of event markers to one per cell.
 */
import { StreamingM4 } from './streamingM4';

/**
 * Indices of the samples to draw, in increasing order.
 * `xs` must be sorted ascending over [0, length). `toPixel` maps an x value to a pixel
 * column (fractional is fine). When there are few samples, all of them are returned.
 */
export function m4Indices(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  length: number,
  toPixel: (x: number) => number,
  pixelWidth: number,
): Uint32Array {
  return m4Range(xs, ys, 0, length, toPixel, pixelWidth);
}

/**
 * M4 over the samples [from, to). NaN values are gaps: they never become a column's
 * minimum or maximum, but a column's first or last sample may be one, so the line breaks
 * there as it would undecimated.
 */
export function m4Range(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  from: number,
  to: number,
  toPixel: (x: number) => number,
  pixelWidth: number,
): Uint32Array {
  const length = to - from;
  if (length <= 0) return new Uint32Array(0);
  if (length <= 4 * Math.max(1, pixelWidth)) {
    const all = new Uint32Array(length);
    for (let i = 0; i < length; i++) all[i] = from + i;
    return all;
  }
  // One pass of the streaming decimation: the column walk lives there only.
  const m4 = new StreamingM4();
  m4.resumeAt('', from, to);
  return m4.update(xs, ys, toPixel);
}

/** First index in [0, length) with xs[i] >= x (length if none). `xs` sorted ascending. */
export function lowerBound(xs: ArrayLike<number>, length: number, x: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The samples to draw for the window [t0, t1]: those inside plus one on each side, so
 * the line runs to the plot's edges. Returns [from, to) indices.
 */
export function windowRange(xs: ArrayLike<number>, length: number, t0: number, t1: number): [number, number] {
  const from = Math.max(0, lowerBound(xs, length, t0) - 1);
  // First sample after t1, included so the line reaches the right edge.
  let to = lowerBound(xs, length, t1);
  while (to < length && xs[to] <= t1) to++;
  to = Math.min(length, to + 1);
  return [from, Math.max(from, to)];
}

/** Index of the sample nearest to `x` (the earlier one on a tie), or -1 when empty. */
export function nearestIndex(xs: ArrayLike<number>, length: number, x: number): number {
  if (length <= 0) return -1;
  const i = lowerBound(xs, length, x);
  if (i === 0) return 0;
  if (i === length) return length - 1;
  return x - xs[i - 1] <= xs[i] - x ? i - 1 : i;
}

/**
 * Which `cell` x `cell` pixel squares already hold a marker of each kind (kinds 0-7), so
 * a chart can thin thousands of TCP events each frame without making an object, a string
 * or a set entry for the ones it leaves out.
 */
export class MarkerGrid {
  private taken = new Uint8Array(0);
  private cols = 0;
  private rows = 0;
  private cell = 1;
  private width = 0;
  private height = 0;

  /** Empties the grid for a plot of width x height px. */
  reset(width: number, height: number, cell: number): void {
    this.cell = cell;
    this.width = width;
    this.height = height;
    this.cols = Math.floor(Math.max(0, width) / cell) + 1;
    // One row above the plot: a marker's shape may sit just over its value.
    this.rows = Math.floor(Math.max(0, height) / cell) + 2;
    const n = this.cols * this.rows;
    if (this.taken.length < n) this.taken = new Uint8Array(n);
    else this.taken.fill(0, 0, n);
  }

  /**
   * True the first time a marker of `kind` lands in its cell, inside [0, width] x
   * [-cell, height]; false when it is off the plot or its cell already has one.
   */
  claim(x: number, y: number, kind: number): boolean {
    if (!(x >= 0 && x <= this.width && y >= -this.cell && y <= this.height)) return false;
    const i = Math.floor(x / this.cell) * this.rows + Math.floor(y / this.cell) + 1;
    const bit = 1 << (kind & 7);
    if (this.taken[i] & bit) return false;
    this.taken[i] |= bit;
    return true;
  }
}
