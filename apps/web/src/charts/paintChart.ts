/**
 * Step three of a live chart's redraw: the data painted on a 2D context. The screen and
 * the SVG export (chartExport.ts) paint through the same function.
 */
import type { ChartContext } from './svgRecorder';
import type { ScaleLinear } from 'd3-scale';
import type { ColumnBands } from './columnBands';
import { drawChangeFlag, drawChangeLine, drawDots, drawMarker, drawPath } from './drawSeries';
import { FLAG_FONT, layoutChangeFlags } from './changeFlags';
import type { PlacedMarker } from './chartTooltip';
import type { Prepared } from './prepareLayers';
import { paintReferences, type ChartReference } from './referenceOverlay';

export interface ChartFrame {
  prepared: readonly Prepared[];
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  /** Top of the y axis, read at each paint (the export may replay a painter after the axis grew). */
  yMax: () => number;
  innerW: number;
  innerH: number;
  /** The window shown. */
  d0: number;
  d1: number;
  references: readonly ChartReference[];
  markers: readonly PlacedMarker[];
  /** The run's live changes (store/scenarioStore.ts): a flag each. */
  changes: ReadonlyArray<{ at: number; label: string }>;
}

/** A painter of one frame's data; it returns the number of points drawn. */
export function chartPainter(frame: ChartFrame): (target: ChartContext, bands?: ColumnBands) => number {
  const { prepared, x, y, yMax, innerW, innerH, d0, d1, references, markers, changes } = frame;
  return (target, bands) => {
    let points = 0;
    for (const { layer, t, values, keep } of prepared) {
      points += keep.length;
      const style = { color: layer.color, width: layer.width, dash: layer.dash, alpha: layer.alpha };
      const samples = { xs: t, ys: values, keep, x, y, height: innerH };
      if (layer.style === 'dots') drawDots(target, samples, style);
      else drawPath(target, samples, style, bands);
    }
    paintReferences(target, references, y, yMax(), innerW);
    // Fast retransmits first, so an RTO at the same place stays on top.
    for (const m of markers) if (m.kind === 1) drawMarker(target, 1, m.x, m.y);
    for (const m of markers) if (m.kind === 0) drawMarker(target, 0, m.x, m.y);
    // Every change's line; the flags as changeFlags.ts places them (a row lower when close, grouped past three).
    for (const c of changes) if (c.at >= d0 && c.at <= d1) drawChangeLine(target, x(c.at), innerH);
    target.font = FLAG_FONT;
    for (const flag of layoutChangeFlags(changes, x, d0, d1, innerW, (t) => target.measureText(t).width)) drawChangeFlag(target, flag);
    return points;
  };
}
