/** Axes of the static plots (Compare, Sweep): y grid with labels, x ticks, x title. */
import type { ScaleLinear } from 'd3';

export interface StaticAxesProps {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  width: number;
  height: number;
  xTicks: number;
  yTicks: number;
  /** y tick values are divided by this before they are written (bit/s shown as Mbit/s). */
  yDivide?: number;
  xTitle: string;
}

const tick = (v: number) => Number(v.toPrecision(4));

export function StaticAxes({ x, y, width: w, height: h, xTicks, yTicks, yDivide = 1, xTitle }: StaticAxesProps) {
  return (
    <>
      {y.ticks(yTicks).map((v) => (
        <g key={v} transform={`translate(0,${y(v)})`}>
          <line x2={w} className="grid" />
          <text x={-6} dy="0.35em" textAnchor="end">
            {tick(v / yDivide)}
          </text>
        </g>
      ))}
      {x.ticks(xTicks).map((v) => (
        <g key={v} transform={`translate(${x(v)},${h})`}>
          <line y2={5} className="tick" />
          <text y={17} textAnchor="middle">
            {tick(v)}
          </text>
        </g>
      ))}
      <line y1={h} y2={h} x2={w} className="axis" />
      <text x={w / 2} y={h + 30} textAnchor="middle" className="axis-title">
        {xTitle}
      </text>
    </>
  );
}
