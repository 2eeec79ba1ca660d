/** Canvas drawing of one flow's line, decimated to the pixel grid. */
import type { ScaleLinear } from 'd3';
import { m4Indices } from './decimate';

export interface LineStyle {
  color: string;
  width: number;
  dash?: number[];
}

export function drawLine(
  ctx: CanvasRenderingContext2D,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  length: number,
  x: ScaleLinear<number, number>,
  y: ScaleLinear<number, number>,
  pixelWidth: number,
  style: LineStyle,
): void {
  if (length === 0) return;
  const keep = m4Indices(xs, ys, length, x, pixelWidth);
  ctx.save();
  ctx.strokeStyle = style.color;
  ctx.lineWidth = style.width;
  ctx.lineJoin = 'round';
  ctx.setLineDash(style.dash ?? []);
  ctx.beginPath();
  for (let k = 0; k < keep.length; k++) {
    const i = keep[k];
    // Huge values (ssthresh starts at 65535) are clamped just off the plot, so the
    // canvas never has to rasterise a line a million pixels long.
    const py = Math.max(-10, Math.min(y.range()[0] + 10, y(ys[i])));
    if (k === 0) ctx.moveTo(x(xs[i]), py);
    else ctx.lineTo(x(xs[i]), py);
  }
  // A single sample still shows as a dot.
  if (keep.length === 1) ctx.lineTo(x(xs[keep[0]]) + 0.5, y(ys[keep[0]]));
  ctx.stroke();
  ctx.restore();
}
