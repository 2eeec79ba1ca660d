/**
 * The closed forms over a finished sweep, as the plot draws them: Padhye's and Mathis'
 * curves from each run's models (theory/sweepOverlay.ts), in the plot's units, with the
 * same look as the throughput chart's theory lines.
 */
import type { SweepResults } from '@obs-tcp-sim/sweep';
import { REFERENCE_STYLE } from '../charts/referenceOverlay';
import { formatLossRate, formatRtt } from '../theory/referenceLines';
import { overlayCurve, type OverlayModel, type RunModels } from '../theory/sweepOverlay';
import type { PlotOverlay } from './SweepPlot';

const MODELS: { key: OverlayModel; name: string; label: string }[] = [
  { key: 'padhye', name: 'Padhye', label: "Padhye at each point's measured p and RTT" },
  { key: 'mathis', name: 'Mathis', label: "Mathis at each point's measured p and RTT" },
  { key: 'erlangB', name: 'Erlang-B', label: "Erlang-B for each point's wavelengths and load" },
];

/** Erlang-B's look: a colour of its own (the TCP models keep the throughput chart's). */
const ERLANG_STYLE = { color: '#8C510A', dash: [12, 3, 2, 3, 2, 3] };

export interface OverlayUnits {
  /** Divided by the first point's measured mean, like the points. */
  normalised: boolean;
  /** Parameter values times this (100 for percent). */
  xScale: number;
  /** Raw values divided by this (1e6 for Mbit/s). */
  yDivide: number;
  /** For the tooltips ('' when normalised). */
  unit: string;
}

export function theoryOverlays(results: SweepResults, runs: ReadonlyMap<number, RunModels>, u: OverlayUnits): PlotOverlay[] {
  const seeds = results.sweep.seeds.length;
  const points = results.points.map((p) => ({
    // The page sweeps numbers only (its form).
    values: p.values.map(Number),
    runs: Array.from({ length: seeds }, (_, s) => runs.get(p.point * seeds + s)),
  }));
  const divide = u.normalised ? (results.points[0]?.outputs[0]?.mean ?? NaN) : u.yDivide;
  const out: PlotOverlay[] = [];
  for (const m of MODELS) {
    const curve = overlayCurve(points, m.key, u.xScale, divide);
    if (curve.length === 0) continue;
    const style = m.key === 'erlangB' ? ERLANG_STYLE : REFERENCE_STYLE[m.key];
    const value = (y: number) => `${m.name}: ${Number(y.toPrecision(3))}${u.unit ? ` ${u.unit}` : ' (normalised)'}`;
    out.push({
      key: m.key,
      label: m.label,
      color: style.color,
      dash: style.dash.join(' '),
      points: curve.map((c) => ({
        x: c.x,
        y: c.y,
        title:
          m.key === 'erlangB'
            ? `${value(c.y)} (${c.erlangFor ?? 'no fiber'})`
            : `${value(c.y)} at p = ${formatLossRate(c.p)}, RTT = ${formatRtt(c.rtt)} (means over ${c.n} of ${seeds} runs)`,
      })),
    });
  }
  return out;
}
