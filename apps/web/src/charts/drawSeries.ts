/** Canvas drawing of the decimated samples: lines (with gaps), dots and event markers. */
import type { ChartContext } from './svgRecorder';
import { FLAG_FONT, FLAG_HEIGHT, type ChangeFlag } from './changeFlags';
import type { ScaleLinear } from 'd3-scale';
import { ColumnBands, fillBands, isDense } from './columnBands';

export interface LineStyle {
  color: string;
  width: number;
  dash?: number[];
  alpha?: number;
}

type Scale = ScaleLinear<number, number>;

/** The kept samples of one series, and the plot they are drawn in. */
export interface PlotSamples {
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
  /** The indices of the samples drawn, increasing. */
  keep: ArrayLike<number>;
  x: Scale;
  y: Scale;
  /** The plot's height in pixels. */
  height: number;
}

/** Clamps a y pixel just off the plot: a 65535-segment ssthresh never draws a mile-long line. */
function clampY(py: number, height: number): number {
  return Math.max(-10, Math.min(height + 10, py));
}

/**
 * Strokes the samples `keep` (indices, increasing) as one line; NaN values break it.
 * With `bands` (the screen, not a vector export) a dense line is filled column by column
 * instead (columnBands.ts): the same pixels at a small part of the raster cost.
 */
export function drawPath(ctx: ChartContext, samples: PlotSamples, style: LineStyle, bands?: ColumnBands): void {
  const { xs, ys, keep, x, y, height } = samples;
  if (keep.length === 0) return;
  const dense = bands && isDense(keep.length, x(xs[keep[0]]), x(xs[keep[keep.length - 1]]));
  const pen = dense ? bandPen(ctx, style, bands, x.range()[1]) : strokePen(ctx, style);
  let drawing = false;
  let lone = false; // a sample between two gaps still shows, as a dot
  let px0 = 0;
  let py0 = 0;
  for (let k = 0; k < keep.length; k++) {
    const i = keep[k];
    const v = ys[i];
    if (v !== v) {
      if (lone) pen.dot(px0, py0);
      drawing = lone = false;
      continue;
    }
    const px = x(xs[i]);
    const py = clampY(y(v), height);
    if (drawing) pen.line(px, py);
    else pen.move(px, py);
    lone = !drawing;
    drawing = true;
    px0 = px;
    py0 = py;
  }
  if (lone) pen.dot(px0, py0);
  pen.done();
}

/** Where drawPath puts a line's pieces: from the last point to a new one, a new start, a lone point. */
interface LinePen {
  move(px: number, py: number): void;
  line(px: number, py: number): void;
  dot(px: number, py: number): void;
  done(): void;
}

/** The line as one stroked canvas path; a lone point is a half-pixel stroke, its round caps a dot. */
function strokePen(ctx: ChartContext, style: LineStyle): LinePen {
  ctx.save();
  ctx.strokeStyle = style.color;
  ctx.globalAlpha = style.alpha ?? 1;
  ctx.lineWidth = style.width;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.setLineDash(style.dash ?? []);
  ctx.beginPath();
  return {
    move: (px, py) => ctx.moveTo(px, py),
    line: (px, py) => ctx.lineTo(px, py),
    dot: (px, py) => ctx.lineTo(px + 0.5, py),
    done: () => {
      ctx.stroke();
      ctx.restore();
    },
  };
}

/** The line as column bands `width` pixels across, filled once it is all there. */
function bandPen(ctx: ChartContext, style: LineStyle, bands: ColumnBands, width: number): LinePen {
  bands.reset(width);
  let px0 = 0;
  let py0 = 0;
  return {
    move: (px, py) => {
      px0 = px;
      py0 = py;
    },
    line: (px, py) => {
      bands.addSegment(px0, py0, px, py);
      px0 = px;
      py0 = py;
    },
    dot: (px, py) => bands.addPoint(px, py),
    done: () => {
      ctx.save();
      ctx.fillStyle = style.color;
      ctx.globalAlpha = style.alpha ?? 1;
      fillBands(ctx, bands, style.width, style.dash);
      ctx.restore();
    },
  };
}

/** One dot per kept sample (diameter = style.width); NaN values are skipped. */
export function drawDots(ctx: ChartContext, samples: PlotSamples, style: LineStyle): void {
  const { xs, ys, keep, x, y, height } = samples;
  ctx.save();
  ctx.fillStyle = style.color;
  ctx.globalAlpha = style.alpha ?? 1;
  const r = style.width / 2;
  ctx.beginPath();
  for (let k = 0; k < keep.length; k++) {
    const i = keep[k];
    const v = ys[i];
    if (v !== v) continue;
    const py = y(v);
    if (py < -r || py > height + r) continue;
    const px = x(xs[i]);
    ctx.moveTo(px + r, py);
    ctx.arc(px, py, r, 0, 2 * Math.PI);
  }
  ctx.fill();
  ctx.restore();
}

/** The TCP event markers: shape and colour both say which event it is. */
export const MARKER_STYLE = {
  /** RTO: a downward triangle, vermillion (Okabe–Ito), black outline. */
  rto: { fill: '#D55E00', label: 'RTO (timeout)' },
  /** Fast retransmit: a diamond, yellow (Okabe–Ito), black outline. */
  fastRetransmit: { fill: '#F0E442', label: 'fast retransmit' },
} as const;

/** kind 0 = RTO (▼), 1 = fast retransmit (◆), as in the engine's TCP event reasons. */
export function drawMarker(ctx: ChartContext, kind: number, px: number, py: number, size = 6): void {
  ctx.beginPath();
  if (kind === 0) {
    // The tip points at the value; the triangle sits above it.
    ctx.moveTo(px, py);
    ctx.lineTo(px - size, py - size * 1.6);
    ctx.lineTo(px + size, py - size * 1.6);
    ctx.closePath();
    ctx.fillStyle = MARKER_STYLE.rto.fill;
  } else {
    ctx.moveTo(px, py - size);
    ctx.lineTo(px + size * 0.8, py);
    ctx.lineTo(px, py + size);
    ctx.lineTo(px - size * 0.8, py);
    ctx.closePath();
    ctx.fillStyle = MARKER_STYLE.fastRetransmit.fill;
  }
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#000';
  ctx.stroke();
}

/** A dashed line 1.5 px wide at `px`, from the top of the plot down to `bottom`; the dash is cleared after. */
export function dashedVertical(ctx: ChartContext, px: number, bottom: number, color: string, dash: number[]): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(px, 0);
  ctx.lineTo(px, bottom);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The colour of a live change's marker: apart from every flow colour and the loss markers. */
export const CHANGE_MARKER_COLOR = '#6a3d9a';

/** A live change (a slider, an edit while running) at `px`: a dashed line across the plot. */
export function drawChangeLine(ctx: ChartContext, px: number, height: number): void {
  ctx.save();
  dashedVertical(ctx, px, height, CHANGE_MARKER_COLOR, [5, 3]);
  ctx.restore();
}

/** A change's flag (or a group's): its words in a box at the top, where changeFlags.ts placed it. */
export function drawChangeFlag(ctx: ChartContext, flag: ChangeFlag): void {
  ctx.save();
  ctx.font = FLAG_FONT;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.fillRect(flag.left, flag.top, flag.width, FLAG_HEIGHT);
  ctx.strokeStyle = CHANGE_MARKER_COLOR;
  ctx.lineWidth = 1;
  ctx.strokeRect(flag.left + 0.5, flag.top + 0.5, flag.width - 1, FLAG_HEIGHT - 1);
  ctx.fillStyle = CHANGE_MARKER_COLOR;
  ctx.textBaseline = 'middle';
  ctx.fillText(flag.text, flag.left + 4, flag.top + 8);
  ctx.restore();
}
