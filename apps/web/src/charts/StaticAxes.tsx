/** Axes of the static plots (Compare, Sweep): y grid with labels, x ticks, x title. */
/** A linear or a log scale (d3's scaleLinear, scaleLog). */
export interface AxisScale {
  (value: number): number | undefined;
  ticks(count?: number): number[];
}

export interface StaticAxesProps {
  x: AxisScale;
  y: AxisScale;
  width: number;
  height: number;
  xTicks: number;
  yTicks: number;
  /** y tick values are divided by this before they are written (bit/s shown as Mbit/s). */
  yDivide?: number;
  xTitle: string;
  /** Tick labels, when not the value itself (a log axis names only some ticks: '' for the rest). */
  xTickLabel?: (v: number) => string;
  yTickLabel?: (v: number) => string;
}

const tick = (v: number) => Number(v.toPrecision(4));

export function StaticAxes({ x, y, width: w, height: h, xTicks, yTicks, yDivide = 1, xTitle, xTickLabel, yTickLabel }: StaticAxesProps) {
  return (
    <>
      {y.ticks(yTicks).map((v) => (
        <g key={v} transform={`translate(0,${y(v)})`}>
          <line x2={w} className="grid" />
          <text x={-6} dy="0.35em" textAnchor="end">
            {yTickLabel ? yTickLabel(v) : tick(v / yDivide)}
          </text>
        </g>
      ))}
      {x.ticks(xTicks).map((v) => (
        <g key={v} transform={`translate(${x(v)},${h})`}>
          <line y2={5} className="tick" />
          <text y={17} textAnchor="middle">
            {xTickLabel ? xTickLabel(v) : tick(v)}
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
