/** A log-2 histogram from the summary, as SVG bars (a few dozen at most). */
import { scaleLinear } from 'd3-scale';
import { useRef } from 'react';
import { useElementSize } from '../useElementSize';
import type { HistogramBar } from './histogramBins';
import { binLabels, histogramLayout } from './histogramLayout';

export interface HistogramProps {
  id: string;
  title: string;
  bars: HistogramBar[];
  /** Axis title with its unit, e.g. "burst size (bytes, log₂ bins)". */
  xTitle: string;
  color: string;
}

export function Histogram({ id, title, bars, xTitle, color }: HistogramProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(boxRef);
  const { margin: M, titles, innerW, innerH } = histogramLayout(width, height);
  const max = Math.max(1, ...bars.map((b) => b.count));
  // Two ticks (0 and the top) when short: three labels 14 px tall would touch.
  const tickCount = innerH >= 60 ? 2 : 1;
  const y = scaleLinear().domain([0, max]).nice(tickCount).range([innerH, 0]);
  const tickFormat = y.tickFormat(tickCount, '~s');
  const bw = bars.length ? innerW / bars.length : 0;
  const labels = binLabels(
    bars.map((b) => b.label),
    innerW,
    M.right,
  );
  const total = bars.reduce((a, b) => a + b.count, 0);
  return (
    <figure className="channel-hist" data-testid={id} data-bins={bars.length} data-total={total}>
      <figcaption>{title}</figcaption>
      <div className="channel-hist-box" ref={boxRef}>
        {innerW > 0 && innerH > 0 && (
          <svg width={width} height={height} role="img" aria-label={`${title}: ${bars.map((b) => b.title).join('; ') || 'no bursts yet'}`}>
            <g transform={`translate(${M.left},${M.top})`}>
              {y.ticks(tickCount).map((v) => (
                <g key={v} transform={`translate(0,${y(v)})`}>
                  <line x2={innerW} className="grid" />
                  <text x={-6} dy="0.35em" textAnchor="end">
                    {v === 0 ? '0' : tickFormat(v)}
                  </text>
                </g>
              ))}
              {bars.map((b, i) => (
                <rect key={i} x={i * bw + 1} width={Math.max(1, bw - 2)} y={y(b.count)} height={innerH - y(b.count)} fill={color}>
                  <title>{b.title}</title>
                </rect>
              ))}
              {labels.map((l) => (
                <text key={`l${l.index}`} x={l.x} y={innerH + 16} textAnchor="start" className="bin-label">
                  {l.text}
                </text>
              ))}
              <line x1={0} x2={innerW} y1={innerH} y2={innerH} className="axis" />
              <line y2={innerH} className="axis" />
              {titles && (
                <>
                  <text className="axis-label" x={innerW / 2} y={innerH + 38} textAnchor="middle">
                    {xTitle}
                  </text>
                  <text className="axis-label" x={-M.left + 2} y={-8}>
                    ↑ bursts
                  </text>
                </>
              )}
              {bars.length === 0 && (
                <text x={innerW / 2} y={innerH / 2} textAnchor="middle" className="empty">
                  no bursts yet
                </text>
              )}
            </g>
          </svg>
        )}
      </div>
    </figure>
  );
}
