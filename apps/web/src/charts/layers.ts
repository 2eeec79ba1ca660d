/**
 * What each chart draws, as layers: one line (or dot cloud) per shown flow and column,
 * with a function that fills the values to plot for a range of samples. The chart
 * component only scales, decimates and strokes them.
 */
import type { ColumnSource, SeriesStore } from '../sim/seriesStore';
import { TCP_PHASES } from '@obs-tcp-sim/engine';
import { AGGREGATE_COLOR, type FlowSelection } from './flowPicker';
import { windowedRate } from './rate';

export type ChartKind = 'cwnd' | 'throughput' | 'rtt';

export interface Layer {
  key: string;
  /** Flow index, or -1 for the aggregate. */
  flow: number;
  label: string;
  color: string;
  width: number;
  dash?: number[];
  /** Lines join samples; dots mark each one (faint, for raw RTT samples). */
  style: 'line' | 'dots';
  alpha?: number;
  /** Counts for the y range (ssthresh's initial 65535 must not flatten cwnd). */
  fitsY: boolean;
  /** Shown in the hover read-out. */
  inTooltip: boolean;
  source: ColumnSource;
  /** The plotted values for i in [from, to) (NaN = gap): `out` filled, or a column as is. */
  fill(from: number, to: number, out: Float64Array): Float64Array;
  /** The read-out text for sample i (value with unit, and what else helps). */
  describe(i: number, scratch: Float64Array): string;
}

export interface LayerOptions {
  selection: FlowSelection;
  flowIds: readonly string[];
  /** Throughput averaging window, seconds (0 = per sample). */
  rateWindow: number;
}

export const AGGREGATE_LABEL: Record<ChartKind, string> = {
  cwnd: '',
  throughput: 'all flows (total)',
  rtt: 'all flows (mean)',
};

export function buildLayers(kind: ChartKind, store: SeriesStore, opts: LayerOptions): Layer[] {
  const { selection, flowIds, rateWindow } = opts;
  const layers: Layer[] = [];
  const flows = selection.flows.filter((f) => f < store.flowCount);
  /**
   * A faint layer per flow behind the main lines, out of the read-out: `what` ends its label,
   * `look` is how it is drawn, `fill` its values from the flow's source. Keys: `prefix` and the flow.
   */
  const backdrops = (
    prefix: string,
    what: string,
    look: Pick<Layer, 'width' | 'dash' | 'style' | 'alpha' | 'fitsY'>,
    fill: (src: ColumnSource) => Layer['fill'],
  ) => {
    for (const f of flows) {
      const s = store.flow(f)!;
      const color = selection.colors.get(f)!;
      layers.push({
        key: `${prefix}${f}`,
        flow: f,
        label: `${flowIds[f]} ${what}`,
        color,
        ...look,
        inTooltip: false,
        source: s,
        fill: fill(s),
        describe: () => '',
      });
    }
  };
  /**
   * The chart's main lines, in the read-out: the aggregate's first (when chosen and the
   * chart has one, `aggregate` its label), thicker, then one per flow in its colour; each
   * line's values and read-out from `line` on its source. Keys: `prefix` and the flow.
   */
  const mainLines = (prefix: string, aggregate: string | null, line: (src: ColumnSource) => Pick<Layer, 'fill' | 'describe'>) => {
    const add = (flow: number, src: ColumnSource, label: string, color: string, width: number) =>
      layers.push({
        key: `${prefix}${flow}`,
        flow,
        label,
        color,
        width,
        style: 'line',
        fitsY: true,
        inTooltip: true,
        source: src,
        ...line(src),
      });
    if (selection.aggregate && aggregate !== null) add(-1, store.aggregate, aggregate, AGGREGATE_COLOR, 3.5);
    for (const f of flows) add(f, store.flow(f)!, flowIds[f] ?? `flow ${f}`, selection.colors.get(f)!, 2.5);
  };

  if (kind === 'cwnd') {
    // ssthresh first, under every cwnd line.
    backdrops('ssthresh', 'ssthresh', { width: 1.75, dash: [7, 5], style: 'line', alpha: 0.85, fitsY: false }, (s) =>
      copy(s.column('ssthresh')),
    );
    mainLines('cwnd', null, (s) => {
      const cwnd = s.column('cwnd');
      const ssthresh = s.column('ssthresh');
      const state = s.column('state');
      return {
        fill: copy(cwnd),
        describe: (i) => `${fmt(cwnd[i])} seg · ssthresh ${ssthresh[i] >= 65535 ? '∞' : fmt(ssthresh[i])} · ${TCP_PHASES[state[i]] ?? '?'}`,
      };
    });
    return layers;
  }

  if (kind === 'throughput') {
    const rate = (src: ColumnSource) => {
      const t = src.column('t');
      const delivered = src.column('delivered');
      const goodput = src.column('goodput');
      return (from: number, to: number, out: Float64Array) => {
        windowedRate(t, delivered, goodput, from, to, rateWindow, out);
        for (let i = from; i < to; i++) out[i] *= 1e-6;
        return out;
      };
    };
    mainLines('thr', AGGREGATE_LABEL.throughput, (src) => {
      const fill = rate(src);
      return { fill, describe: (i, scratch) => formatMbps(fill(i, i + 1, scratch)[i]) };
    });
    return layers;
  }

  // RTT: the smoothed RTT as a line, each flow's last RTT sample as faint dots behind it.
  const ms = (col: Float64Array) => (from: number, to: number, out: Float64Array) => {
    for (let i = from; i < to; i++) out[i] = col[i] > 0 ? col[i] * 1e3 : NaN;
    return out;
  };
  backdrops('rttdots', 'RTT samples', { width: 3, style: 'dots', alpha: 0.35, fitsY: true }, (s) => ms(s.column('rtt')));
  mainLines('srtt', AGGREGATE_LABEL.rtt, (src) => {
    const srtt = src.column('srtt');
    const rtt = src.column('rtt');
    return {
      fill: ms(srtt),
      describe: (i) => (srtt[i] > 0 ? `srtt ${fmt(srtt[i] * 1e3)} ms · last ${fmt(rtt[i] * 1e3)} ms` : 'no RTT yet'),
    };
  });
  return layers;
}

/** The column as it is: nothing to compute, nothing to copy. */
function copy(col: Float64Array) {
  return (_from: number, _to: number, _out: Float64Array) => col;
}

/** A rate given in Mbit/s, in Gbit/s from 1000 up. */
export function formatMbps(v: number): string {
  return Math.abs(v) >= 1000 ? `${fmt(v / 1000)} Gbit/s` : `${fmt(v)} Mbit/s`;
}

/** Three significant digits, no exponent for everyday values: 0.052, 1.25, 23.4, 1234. */
export function fmt(v: number): string {
  if (!Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (a === 0) return '0';
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  return v.toPrecision(2);
}
