/**
 * A live time-series chart: React renders the frame (title, axes, grid, legend) from D3
 * scales; the lines are drawn on a canvas in the animation-frame loop straight from the
 * sample store, so a frame of new samples costs no React render.
 */
import { scaleLinear } from 'd3';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useController, useSimState } from '../sim/context';
import type { FlowSeries, SeriesColumn } from '../sim/seriesStore';
import { flowColor } from '../theme';
import { useElementSize } from '../useElementSize';
import { drawLine } from './drawSeries';
import { niceTop } from './niceTop';

export interface LiveChartProps {
  id: string;
  title: string;
  /** Axis label with its unit, e.g. "cwnd (segments)". */
  yLabel: string;
  column: SeriesColumn;
  /** Multiplies stored values before plotting (bit/s -> Mbit/s = 1e-6). */
  scale?: number;
  /** Optional second column drawn dashed in the flow's colour (ssthresh under cwnd). */
  dashedColumn?: SeriesColumn;
  dashedLabel?: string;
  /** Smallest top of the y axis, so an empty or flat chart still has a sensible scale. */
  minYMax: number;
}

// The y label sits horizontally above the axis (readable from the back of a room, never
// cut off when the chart is short), so the top margin holds it and the left only ticks.
const MARGIN = { top: 24, right: 20, bottom: 46, left: 56 };
const MAX_LEGEND_FLOWS = 6;

export function LiveChart(props: LiveChartProps) {
  const { id, title, yLabel, column, scale = 1, dashedColumn, dashedLabel, minYMax } = props;
  const controller = useController();
  const { duration, flowIds } = useSimState();
  const boxRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { width, height } = useElementSize(boxRef);
  const innerW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerH = Math.max(0, height - MARGIN.top - MARGIN.bottom);

  // The y axis only grows during a run (a jumping axis is hard to follow on a projector)
  // and shrinks back when the run is reset.
  const [yMax, setYMax] = useState(minYMax);
  const yMaxRef = useRef(minYMax);

  const x = useMemo(() => scaleLinear().domain([0, duration]).range([0, innerW]), [duration, innerW]);
  const y = useMemo(() => scaleLinear().domain([0, yMax]).range([innerH, 0]), [yMax, innerH]);

  const scaled = useRef(new Float64Array(0));
  const maxSeen = useRef({ generation: -1, rows: [] as number[], max: 0 });

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const figure = figureRef.current;
    if (!canvas || !figure) return;
    const store = controller.series;
    figure.dataset.points = String(store.totalPoints);

    // Running maximum, scanning only rows added since the last frame.
    const seen = maxSeen.current;
    if (seen.generation !== store.generation) {
      seen.generation = store.generation;
      seen.rows = [];
      seen.max = 0;
    }
    for (let f = 0; f < store.flowCount; f++) {
      const s = store.flow(f)!;
      const col = s.column(column);
      for (let i = seen.rows[f] ?? 0; i < s.length; i++) if (col[i] > seen.max) seen.max = col[i];
      seen.rows[f] = s.length;
    }
    const dataMax = seen.max;
    const wanted = store.totalPoints === 0 ? minYMax : Math.max(minYMax, niceTop(dataMax * scale * 1.05));
    if (wanted > yMaxRef.current || (store.totalPoints === 0 && wanted !== yMaxRef.current)) {
      yMaxRef.current = wanted;
      setYMax(wanted); // axes re-render; the canvas uses the ref below right now
    }

    const dpr = window.devicePixelRatio || 1;
    const ctx = canvas.getContext('2d');
    if (!ctx || innerW === 0 || innerH === 0) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, innerW, innerH);
    const yNow = scaleLinear().domain([0, yMaxRef.current]).range([innerH, 0]);
    for (let f = 0; f < store.flowCount; f++) {
      const s = store.flow(f)!;
      const color = flowColor(f);
      const t = s.column('t');
      if (dashedColumn) {
        const d = scaledCopy(s, dashedColumn, scale, scaled);
        drawLine(ctx, t, d, s.length, x, yNow, innerW, { color, width: 2, dash: [8, 5] });
      }
      const v = scaledCopy(s, column, scale, scaled);
      drawLine(ctx, t, v, s.length, x, yNow, innerW, { color, width: 2.5 });
    }
  }, [controller, column, dashedColumn, scale, minYMax, x, innerW, innerH]);

  useEffect(() => controller.addView(redraw), [controller, redraw]);

  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const shownFlows = flowIds.slice(0, MAX_LEGEND_FLOWS);

  return (
    <figure className="panel chart" id={id} data-testid={id} ref={figureRef} data-points="0">
      <figcaption className="panel-head">
        <h2>{title}</h2>
        <ul className="legend" aria-label={`${title} legend`}>
          {shownFlows.map((flowId, i) => (
            <li key={flowId}>
              <svg width={28} height={14} aria-hidden="true">
                <line x1={2} y1={7} x2={26} y2={7} stroke={flowColor(i)} strokeWidth={4} />
              </svg>
              {flowId}
            </li>
          ))}
          {flowIds.length > MAX_LEGEND_FLOWS && <li>+{flowIds.length - MAX_LEGEND_FLOWS} more flows</li>}
          {dashedColumn && dashedLabel && (
            <li>
              <svg width={28} height={14} aria-hidden="true">
                <line x1={2} y1={7} x2={26} y2={7} stroke="#000" strokeWidth={2} strokeDasharray="6 4" />
              </svg>
              {dashedLabel}
            </li>
          )}
        </ul>
      </figcaption>
      <div className="chart-box" ref={boxRef}>
        {innerW > 0 && innerH > 0 && (
          <>
            <svg className="chart-axes" width={width} height={height} aria-hidden="true">
              <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
                {y.ticks(5).map((v) => (
                  <g key={v} transform={`translate(0,${y(v)})`}>
                    <line x2={innerW} className="grid" />
                    <text x={-10} dy="0.35em" textAnchor="end">
                      {y.tickFormat(5)(v)}
                    </text>
                  </g>
                ))}
                {x.ticks(10).map((v) => (
                  <g key={v} transform={`translate(${x(v)},${innerH})`}>
                    <line y2={6} className="tick" />
                    <text y={22} textAnchor="middle">
                      {x.tickFormat(10)(v)}
                    </text>
                  </g>
                ))}
                <line y2={innerH} className="axis" />
                <line y1={innerH} y2={innerH} x2={innerW} className="axis" />
                <text className="axis-label" x={innerW / 2} y={innerH + 42} textAnchor="middle">
                  simulated time (s)
                </text>
                <text className="axis-label" x={-MARGIN.left + 4} y={-10}>
                  ↑ {yLabel}
                </text>
              </g>
            </svg>
            <canvas
              ref={canvasRef}
              className="chart-canvas"
              width={Math.round(innerW * dpr)}
              height={Math.round(innerH * dpr)}
              style={{ left: MARGIN.left, top: MARGIN.top, width: innerW, height: innerH }}
              role="img"
              aria-label={`${title}: live lines, one per flow`}
            />
          </>
        )}
      </div>
    </figure>
  );
}

function ensure(ref: { current: Float64Array }, n: number): Float64Array {
  if (ref.current.length < n) ref.current = new Float64Array(Math.max(n, ref.current.length * 2, 1024));
  return ref.current;
}

function scaledCopy(s: FlowSeries, column: SeriesColumn, factor: number, buf: { current: Float64Array }): Float64Array {
  const col = s.column(column);
  if (factor === 1) return col;
  const out = ensure(buf, s.length);
  for (let i = 0; i < s.length; i++) out[i] = col[i] * factor;
  return out;
}
