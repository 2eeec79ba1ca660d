/**
 * The sweep's curve: the mean at each value with its 95 % interval, as the papers draw
 * them; on linear or log axes, with the closed forms that apply drawn over it (dashed,
 * named in the key).
 */
import { useId, useRef } from 'react';
import type { PointResult } from '@obs-tcp-sim/sweep';
import { StaticAxes } from '../charts/StaticAxes';
import { useFigureExport } from '../charts/useFigureExport';
import { OKABE_ITO } from '../theme';
import { useElementSize } from '../useElementSize';
import { clampTo, tickLabel, xScale, yScale, type Scale } from './plotScales';

const M = { top: 10, right: 16, bottom: 36, left: 60 };

export interface PlotPoint {
  x: number;
  mean: number;
  low: number | null;
  high: number | null;
}

/** A closed form over the points: its name, look, and values at the sweep's points. */
export interface PlotOverlay {
  key: string;
  label: string;
  color: string;
  dash: string;
  points: { x: number; y: number; title: string }[];
}

/** The plotted points of one output, raw or normalised to the first point, in display units. */
export function plotPoints(points: PointResult[], output: number, normalised: boolean, xScale: number, yDivide: number): PlotPoint[] {
  const out: PlotPoint[] = [];
  for (const p of points) {
    const o = p.outputs[output];
    const src = normalised ? o.normalised : o.mean === null ? null : { mean: o.mean, low: o.low, high: o.high };
    if (!src) continue;
    const d = normalised ? 1 : yDivide;
    out.push({
      // The page sweeps one number (its form); the CLI's sweeps of names are not drawn here.
      x: Number(p.values[0]) * xScale,
      mean: src.mean / d,
      low: src.low === null ? null : src.low / d,
      high: src.high === null ? null : src.high / d,
    });
  }
  return out;
}

export interface SweepPlotProps {
  points: PlotPoint[];
  xLabel: string;
  yLabel: string;
  logX?: boolean;
  logY?: boolean;
  overlays?: PlotOverlay[];
}

const KEY_ROW = 20;

export function SweepPlot({ points, xLabel, yLabel, logX = false, logY = false, overlays = [] }: SweepPlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const clipId = `sweep-clip-${useId().replace(/:/g, '')}`;
  const { width, height } = useElementSize(box);
  const w = Math.max(0, width - M.left - M.right);
  const h = Math.max(0, height - M.top - M.bottom);
  // The caller offers log axes only for values above 0; a point that is not is left out.
  const shown = points.filter((p) => (!logX || p.x > 0) && (!logY || p.mean > 0));
  const x = xScale(
    shown.map((p) => p.x),
    w,
    logX,
  );
  const measured = shown.flatMap((p) => [
    p.mean,
    ...(p.high === null ? [] : [p.high]),
    ...(logY && p.low !== null && p.low > 0 ? [p.low] : []),
  ]);
  const drawn = overlays.map((o) => ({ ...o, points: o.points.filter((p) => (!logX || p.x > 0) && (!logY || p.y > 0)) }));
  const y = yScale(
    measured,
    drawn.flatMap((o) => o.points.map((p) => p.y)),
    h,
    logY,
  );
  const px = (v: number) => x(v) ?? 0;
  const py = (v: number) => y(logY ? clampTo(y, v) : v) ?? 0;
  const line = (xs: { x: number; y: number }[]) => xs.map((p, i) => `${i ? 'L' : 'M'}${px(p.x).toFixed(1)} ${py(p.y).toFixed(1)}`).join('');
  const top = (y.domain() as number[])[1];
  const keys = [
    { key: 'measured', label: 'simulated: mean, 95 % interval', color: OKABE_ITO.blue, dash: '' },
    ...drawn.map((o) => ({ ...o, label: o.points.some((p) => p.y > top) ? `${o.label} (↑ partly above the axis)` : o.label })),
  ];
  // The key is drawn in the plot when closed forms are over it; without them the file names the curve.
  useFigureExport('sweep', box, 'svg', () => ({
    title: `${yLabel} against ${xLabel}`,
    keys: drawn.length > 0 ? [] : [{ label: keys[0].label, color: keys[0].color }],
  }));
  const keyWidth = Math.min(w - 8, Math.max(...keys.map((k) => k.label.length)) * 7.6 + 40);
  return (
    <div
      className="sweep-plot"
      ref={box}
      data-testid="sweep-plot"
      data-points={points.length}
      data-means={points.map((p) => p.mean).join(' ')}
      data-intervals={points.filter((p) => p.low !== null).length}
      data-log-x={logX}
      data-log-y={logY}
      data-overlays={drawn.map((o) => o.key).join(' ')}
    >
      {w > 0 && h > 0 && shown.length > 0 && (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`${yLabel} against ${xLabel}${drawn.length ? `, with ${drawn.map((o) => o.label).join(' and ')}` : ''}`}
        >
          <defs>
            <clipPath id={clipId}>
              <rect x={0} y={0} width={w} height={h} />
            </clipPath>
          </defs>
          <g transform={`translate(${M.left},${M.top})`} className="chart-axes">
            <StaticAxes
              x={x}
              y={y}
              width={w}
              height={h}
              xTicks={6}
              yTicks={5}
              xTitle={xLabel + (logX ? ' (log scale)' : '')}
              xTickLabel={tickLabel(x as Scale, 6, logX)}
              yTickLabel={tickLabel(y as Scale, 5, logY)}
            />
            <text transform={`translate(${-46},${h / 2}) rotate(-90)`} textAnchor="middle" className="axis-title">
              {yLabel + (logY ? ' (log)' : '')}
            </text>
            <path d={line(shown.map((p) => ({ x: p.x, y: p.mean })))} fill="none" stroke={OKABE_ITO.blue} strokeWidth={2} />
            {shown.map((p) => (
              <g key={p.x} transform={`translate(${px(p.x)},0)`}>
                {p.low !== null && p.high !== null && (
                  <g stroke="#000" strokeWidth={1.5}>
                    <line y1={py(p.low)} y2={py(p.high)} />
                    <line x1={-5} x2={5} y1={py(p.low)} y2={py(p.low)} />
                    <line x1={-5} x2={5} y1={py(p.high)} y2={py(p.high)} />
                  </g>
                )}
                <circle cy={py(p.mean)} r={4.5} fill={OKABE_ITO.blue} stroke="#000" />
              </g>
            ))}
            <g clipPath={`url(#${clipId})`}>
              {drawn.map((o) => (
                <g key={o.key} data-testid={`sweep-overlay-${o.key}`} data-values={o.points.map((p) => p.y).join(' ')}>
                  <path d={line(o.points)} fill="none" stroke={o.color} strokeWidth={2.5} strokeDasharray={o.dash} />
                  {o.points.map((p) => (
                    <rect key={p.x} x={px(p.x) - 4} y={py(p.y) - 4} width={8} height={8} fill="#fff" stroke={o.color} strokeWidth={2}>
                      <title>{p.title}</title>
                    </rect>
                  ))}
                </g>
              ))}
            </g>
            {drawn.length > 0 && (
              <g className="sweep-key" transform={`translate(${w - keyWidth},4)`} data-testid="sweep-key">
                <rect width={keyWidth} height={keys.length * KEY_ROW + 6} fill="rgba(255,255,255,0.9)" stroke="#999" />
                {keys.map((k, i) => (
                  <g key={k.key} transform={`translate(8,${13 + i * KEY_ROW})`}>
                    <line x1={0} x2={24} stroke={k.color} strokeWidth={2.5} strokeDasharray={k.dash} />
                    {k.key === 'measured' && <circle cx={12} r={4} fill={k.color} stroke="#000" />}
                    <text x={30} dy="0.35em">
                      {k.label}
                    </text>
                  </g>
                ))}
              </g>
            )}
          </g>
        </svg>
      )}
    </div>
  );
}
