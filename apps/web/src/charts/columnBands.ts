/**
 * A dense line drawn as one bar per pixel column.
 *
 * Why: Chromium rasterises a 2D canvas in software here (no GPU), and it does so when the
 * frame is committed, not when the script draws. A decimated line of a long run zig-zags
 * up and down in every pixel column; stroking 2,000 such segments cost 12-22 ms of raster
 * per chart (28-62 ms dashed), and the frames of a full-speed run grew into long tasks.
 * Filling one pixel-aligned rectangle per column draws the same pixels in about 0.4 ms.
 *
 * Exact, not approximate: a polyline whose x never decreases (time) passes each pixel
 * column in one continuous stretch, so the y values it takes inside the column form one
 * interval. Clipping each segment at the column edges gives that interval; a bar from its
 * top to its bottom, thickened by the line width, covers what the stroke covers (the
 * stroke's anti-aliased sides become hard vertical edges; top and bottom stay smooth).
 *
 * Only used where the line is dense (a sample or more per column, see `isDense`): a
 * sparse line, zoomed in, has long sloping segments that read better stroked, and cost
 * little to stroke.
 */
import type { ChartContext } from './svgRecorder';

/** Per-column y extent of a polyline over `width` pixel columns [0, width). */
export class ColumnBands {
  lo = new Float64Array(0);
  hi = new Float64Array(0);
  width = 0;

  /** Empties every column (reusing the arrays when they are large enough). */
  reset(width: number): void {
    const w = Math.max(0, Math.ceil(width));
    if (this.lo.length < w) {
      this.lo = new Float64Array(w);
      this.hi = new Float64Array(w);
    }
    this.lo.fill(Infinity, 0, w);
    this.hi.fill(-Infinity, 0, w);
    this.width = w;
  }

  private touch(c: number, y: number): void {
    if (y < this.lo[c]) this.lo[c] = y;
    if (y > this.hi[c]) this.hi[c] = y;
  }

  /** A lone sample (between two gaps). */
  addPoint(x: number, y: number): void {
    const c = Math.floor(x);
    if (c >= 0 && c < this.width) this.touch(c, y);
  }

  /** The segment (x0, y0)-(x1, y1), x0 <= x1, clipped at every column edge it crosses. */
  addSegment(x0: number, y0: number, x1: number, y1: number): void {
    if (x1 < 0 || x0 >= this.width) return;
    const first = Math.max(0, Math.floor(x0));
    const last = Math.min(this.width - 1, Math.floor(x1));
    const span = x1 - x0;
    if (span <= 0) {
      // Vertical: both ends sit in one column.
      if (first <= last) {
        this.touch(first, y0);
        this.touch(first, y1);
      }
      return;
    }
    const slope = (y1 - y0) / span;
    for (let c = first; c <= last; c++) {
      const xa = c > x0 ? c : x0;
      const xb = c + 1 < x1 ? c + 1 : x1;
      this.touch(c, y0 + (xa - x0) * slope);
      this.touch(c, y0 + (xb - x0) * slope);
    }
  }

  /** True when column c holds part of the line. */
  has(c: number): boolean {
    return this.lo[c] <= this.hi[c];
  }
}

/** A setLineDash list as drawn: an odd-length list counts twice; null when solid. */
function dashPattern(dash: readonly number[] | undefined): { pattern: readonly number[]; period: number } | null {
  if (!dash || dash.length === 0) return null;
  const pattern = dash.length % 2 === 0 ? dash : [...dash, ...dash];
  let period = 0;
  for (const d of pattern) period += d;
  return period > 0 ? { pattern, period } : null;
}

function onAt(c: number, dash: { pattern: readonly number[]; period: number } | null): boolean {
  if (!dash) return true;
  let p = c % dash.period;
  for (let k = 0; k < dash.pattern.length; k++) {
    if (p < dash.pattern[k]) return k % 2 === 0;
    p -= dash.pattern[k];
  }
  return true;
}

/** Whether a dash pattern ([on, off, ...] in px, as setLineDash) is "on" at column c. */
export function dashOn(c: number, dash: readonly number[] | undefined): boolean {
  return onAt(c, dashPattern(dash));
}

/**
 * Fills one bar per column holding the line: from its top to its bottom, widened by the
 * line width. Lines 1.5 px or wider also take the left column's extent, so a vertical
 * jump is two pixels wide like the stroke it replaces (and no two bars overlap, so a
 * translucent line does not darken where they would); where such a line stops, its last
 * column is repeated one pixel to the right. Dashes skip whole columns.
 */
export function fillBands(ctx: ChartContext, bands: ColumnBands, lineWidth: number, dash?: readonly number[]): number {
  const half = lineWidth / 2;
  const wide = lineWidth >= 1.5;
  const pattern = dashPattern(dash);
  let bars = 0;
  for (let c = 0; c < bands.width; c++) {
    if (!bands.has(c) || !onAt(c, pattern)) continue;
    let top = bands.lo[c];
    let bottom = bands.hi[c];
    if (wide && c > 0 && bands.has(c - 1)) {
      if (bands.lo[c - 1] < top) top = bands.lo[c - 1];
      if (bands.hi[c - 1] > bottom) bottom = bands.hi[c - 1];
    }
    ctx.fillRect(c, top - half, 1, bottom - top + lineWidth);
    bars++;
    // Where the line stops (its newest sample, or a gap), its last column is widened to
    // the right too, as the stroke's round cap would: a drop at the very end of the data
    // is then as wide as any other.
    if (wide && c + 1 < bands.width && !bands.has(c + 1) && onAt(c + 1, pattern)) {
      ctx.fillRect(c + 1, bands.lo[c] - half, 1, bands.hi[c] - bands.lo[c] + lineWidth);
      bars++;
    }
  }
  return bars;
}

/** A line is dense when it has at least one sample per pixel column it spans. */
export function isDense(samples: number, firstPx: number, lastPx: number): boolean {
  return samples >= Math.max(2, lastPx - firstPx);
}
