/**
 * A live chart's axes, rendered by React from its d3 scales: the y grid with its labels,
 * the x ticks, and the x title. The data is drawn on the canvas above (LiveChart.tsx).
 */
import type { ScaleLinear } from 'd3-scale';

/** A y tick: at most four significant digits, thousands grouped (0.25, 12, 1,500). */
// One formatter for every tick: toLocaleString builds a new one per call, which at a redraw
// per frame cost more than drawing the lines.
const TICK_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

function tickLabel(v: number, divide: number): string {
  const u = v / divide;
  return TICK_FORMAT.format(Number(u.toPrecision(4)));
}

export interface LiveChartAxesProps {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  width: number;
  height: number;
  margin: { top: number; left: number };
  innerW: number;
  innerH: number;
  xTicks: number;
  yTicks: number;
  /** y tick values are divided by this before they are written (Mbit/s shown as Gbit/s). */
  unitDivide: number;
  /** Text scale (presenter mode writes larger). */
  textScale: number;
}

export function LiveChartAxes({ x, y, width, height, margin, innerW, innerH, xTicks, yTicks, unitDivide, textScale }: LiveChartAxesProps) {
  // One formatter per render, not one per tick (d3 parses its specifier on each call).
  const xTickLabel = x.tickFormat(xTicks);
  return (
    <svg className="chart-axes" width={width} height={height} aria-hidden="true">
      <g transform={`translate(${margin.left},${margin.top})`}>
        {y.ticks(yTicks).map((v) => (
          <g key={v} transform={`translate(0,${y(v)})`}>
            <line x2={innerW} className="grid" />
            <text x={-8 * textScale} dy="0.35em" textAnchor="end">
              {tickLabel(v, unitDivide)}
            </text>
          </g>
        ))}
        {x.ticks(xTicks).map((v) => (
          <g key={v} transform={`translate(${x(v)},${innerH})`}>
            <line y2={5} className="tick" />
            <text y={18 * textScale} textAnchor="middle">
              {xTickLabel(v)}
            </text>
          </g>
        ))}
        <line y2={innerH} className="axis" />
        <line y1={innerH} y2={innerH} x2={innerW} className="axis" />
        <text className="axis-label" x={innerW / 2} y={innerH + 33 * textScale} textAnchor="middle">
          {timeAxisTitle(innerW, textScale)}
        </text>
      </g>
    </svg>
  );
}

/**
 * The x axis's title, short where the long one would not fit under the plot: three charts
 * side by side at 1280x720 left about 120 px, and "simulated time (s)" ran out on both
 * sides, under the Table button ("ulated time (s").
 */
export function timeAxisTitle(innerW: number, textScale: number): string {
  const long = 'simulated time (s)';
  // 15 px bold: about 0.6 em a character.
  return long.length * 0.6 * 15 * textScale <= innerW ? long : 'time (s)';
}
