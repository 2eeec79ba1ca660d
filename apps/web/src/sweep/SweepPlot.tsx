/** The sweep's curve: the mean at each value with its 95 % interval, as the papers draw them. */
import { scaleLinear } from 'd3';
import { useRef } from 'react';
import type { PointResult } from '@obs-tcp-sim/scenario';
import { StaticAxes } from '../charts/StaticAxes';
import { OKABE_ITO } from '../theme';
import { useElementSize } from '../useElementSize';

const M = { top: 10, right: 16, bottom: 36, left: 60 };

export interface PlotPoint {
  x: number;
  mean: number;
  low: number | null;
  high: number | null;
}

/** The plotted points of one output, raw or normalised to the first point, in display units. */
export function plotPoints(points: PointResult[], output: number, normalised: boolean, xScale: number, yDivide: number): PlotPoint[] {
  const out: PlotPoint[] = [];
  for (const p of points) {
    const o = p.outputs[output];
    const src = normalised ? o.normalised : o.mean === null ? null : { mean: o.mean, low: o.low, high: o.high };
    if (!src) continue;
    const d = normalised ? 1 : yDivide;
    out.push({ x: p.values[0] * xScale, mean: src.mean / d, low: src.low === null ? null : src.low / d, high: src.high === null ? null : src.high / d });
  }
  return out;
}

export function SweepPlot({ points, xLabel, yLabel }: { points: PlotPoint[]; xLabel: string; yLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(box);
  const w = Math.max(0, width - M.left - M.right);
  const h = Math.max(0, height - M.top - M.bottom);
  const xs = points.map((p) => p.x);
  const x = scaleLinear()
    .domain([Math.min(...xs), Math.max(...xs)])
    .range([0, w]);
  const yTop = Math.max(1e-12, ...points.map((p) => p.high ?? p.mean));
  const y = scaleLinear().domain([0, yTop * 1.08]).nice().range([h, 0]);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.x).toFixed(1)} ${y(p.mean).toFixed(1)}`).join('');
  return (
    <div className="sweep-plot" ref={box} data-testid="sweep-plot" data-points={points.length} data-means={points.map((p) => p.mean).join(' ')} data-intervals={points.filter((p) => p.low !== null).length}>
      {w > 0 && h > 0 && points.length > 0 && (
        <svg width={width} height={height} role="img" aria-label={`${yLabel} against ${xLabel}`}>
          <g transform={`translate(${M.left},${M.top})`} className="chart-axes">
            <StaticAxes x={x} y={y} width={w} height={h} xTicks={6} yTicks={5} xTitle={xLabel} />
            <text transform={`translate(${-46},${h / 2}) rotate(-90)`} textAnchor="middle" className="axis-title">
              {yLabel}
            </text>
            <path d={line} fill="none" stroke={OKABE_ITO.blue} strokeWidth={2} />
            {points.map((p) => (
              <g key={p.x} transform={`translate(${x(p.x)},0)`}>
                {p.low !== null && p.high !== null && (
                  <g stroke="#000" strokeWidth={1.5}>
                    <line y1={y(p.low)} y2={y(p.high)} />
                    <line x1={-5} x2={5} y1={y(p.low)} y2={y(p.low)} />
                    <line x1={-5} x2={5} y1={y(p.high)} y2={y(p.high)} />
                  </g>
                )}
                <circle cy={y(p.mean)} r={4.5} fill={OKABE_ITO.blue} stroke="#000" />
              </g>
            ))}
          </g>
        </svg>
      )}
    </div>
  );
}
