/** One static chart of the comparison: A and B over simulated time (SVG, decimated). */
import { scaleLinear } from 'd3-scale';
import { useRef } from 'react';
import { m4Range } from '../charts/decimate';
import { niceTop } from '../charts/niceTop';
import { StaticAxes } from '../charts/StaticAxes';
import { useFigureExport } from '../charts/useFigureExport';
import { useElementSize } from '../useElementSize';

export interface CompareLine {
  label: string;
  color: string;
  dash?: string;
  t: Float64Array;
  y: Float64Array;
}

const M = { top: 6, right: 12, bottom: 30, left: 52 };
/** The y axis's ticks: its top is the last of them (niceTop). */
const Y_TICKS = 4;

export function CompareChart({
  title,
  lines,
  divide = 1,
  testId,
}: {
  title: string;
  lines: CompareLine[];
  divide?: number;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(box);
  // The plot's box, not the figure: the figure's caption has the keys' small SVGs first.
  useFigureExport('compare', box, 'svg', () => ({
    title,
    keys: lines.map((l) => ({ label: l.label, color: l.color, dash: l.dash ? l.dash.split(/[\s,]+/).map(Number) : undefined })),
  }));
  const w = Math.max(0, width - M.left - M.right);
  const h = Math.max(0, height - M.top - M.bottom);
  const tMax = Math.max(1e-9, ...lines.map((l) => l.t[l.t.length - 1] ?? 0));
  const yMax = niceTop(Math.max(1e-9, ...lines.map((l) => l.y.reduce((m, v) => (v > m ? v : m), 0))) * 1.05, Y_TICKS);
  const x = scaleLinear().domain([0, tMax]).range([0, w]);
  const y = scaleLinear().domain([0, yMax]).range([h, 0]);
  const path = (l: CompareLine) => {
    const keep = m4Range(l.t, l.y, 0, l.t.length, x, w);
    let d = '';
    for (let k = 0; k < keep.length; k++) d += `${k === 0 ? 'M' : 'L'}${x(l.t[keep[k]]).toFixed(1)} ${y(l.y[keep[k]]).toFixed(1)}`;
    return d;
  };
  return (
    <figure className="compare-chart" data-testid={testId} data-points={lines.reduce((n, l) => n + l.t.length, 0)}>
      <figcaption>
        <span className="chart-ytitle">↑ {title}</span>
        <ul className="chart-keys">
          {lines.map((l) => (
            <li key={l.label}>
              <svg width={26} height={12} aria-hidden="true">
                <line x1={1} y1={6} x2={25} y2={6} stroke={l.color} strokeWidth={2.5} strokeDasharray={l.dash} />
              </svg>
              {l.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <div className="compare-chart-box" ref={box}>
        {w > 0 && h > 0 && (
          <svg width={width} height={height} role="img" aria-label={`${title}: ${lines.map((l) => l.label).join(' against ')}`}>
            <g transform={`translate(${M.left},${M.top})`} className="chart-axes">
              <StaticAxes x={x} y={y} width={w} height={h} xTicks={6} yTicks={Y_TICKS} yDivide={divide} xTitle="simulated time (s)" />
              {lines.map((l) => (
                <path
                  key={l.label}
                  d={path(l)}
                  fill="none"
                  stroke={l.color}
                  strokeWidth={2}
                  strokeDasharray={l.dash}
                  strokeLinejoin="round"
                />
              ))}
            </g>
          </svg>
        )}
      </div>
    </figure>
  );
}
