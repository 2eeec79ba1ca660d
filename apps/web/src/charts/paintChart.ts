/**
 * Step three of a live chart's redraw: the data painted on a 2D context. The screen and
 * the SVG export (chartExport.ts) paint through the same function.
 */
import type { ChartContext } from './svgRecorder';
import type { ScaleLinear } from 'd3-scale';
import type { ColumnBands } from './columnBands';
import { drawChangeMarker, drawDots, drawMarker, drawPath } from './drawSeries';
import type { PlacedMarker } from './chartTooltip';
import type { Prepared } from './prepareLayers';
import { paintReferences, type ChartReference } from './referenceOverlay';
import { formatChangeTime } from '../store/scenarioStore';

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
    // Flags of changes close together go one row lower (three rows, then over again).
    let row = 0;
    let flagEnd = -Infinity;
    for (const c of changes) {
      if (c.at < d0 || c.at > d1) continue;
      const px = x(c.at);
      row = px < flagEnd + 4 ? (row + 1) % 3 : 0;
      flagEnd = Math.max(
        row === 0 ? -Infinity : flagEnd,
        drawChangeMarker(target, px, innerH, `${c.label} at ${formatChangeTime(c.at)}`, row),
      );
    }
    return points;
  };
}
