// What is compared, and the targets (issue 20): per run and flow the counts, goodput and
// cwnd of both sides; per case the verdicts.
//   deterministic: for tahoe, reno, newreno and sack the fast retransmits and timeouts
//     equal, ssthresh after recovery equal, goodput within 5 %; other variants: goodput
//     within 10 % (their Linux modules in ns-2 differ in known ways, docs/conformance.md).
//   random: per variant, mean goodput over seeds within 10 %, or 95 % intervals overlapping.
//   congestion, paper004: goodput per flow and in all within 10 %.
import { RECOVERY_VARIANTS } from './cases.mjs';
import { flowTcp } from './tcl.mjs';

export const TARGETS = Object.freeze({ deterministicGoodput: 0.05, goodput: 0.1 });

/**
 * ns-2's goodput of a flow: the data packets its sink received (bytes_ counts them with
 * their 40 header bytes), over its active time. As ours (bytes the receiver delivered),
 * measured at the receiver; the sender's highest ACK would miss the ACKs still on
 * their way, which is several percent of a 5 s run with a 0.2 s RTT.
 */
export function ns2Goodput(flow, result, duration) {
  const mss = flowTcp(flow).mss;
  return (Math.floor(result.sinkBytes / (mss + 40)) * mss * 8) / (duration - flow.start);
}

/** A step trace [[t, v], ...] read at times `ts`. */
export function stepAt(trace, ts) {
  const out = [];
  let k = 0,
    v = trace.length ? trace[0][1] : null;
  for (const t of ts) {
    while (k < trace.length && trace[k][0] <= t + 1e-9) v = trace[k++][1];
    out.push(v);
  }
  return out;
}

/** One run's flows side by side: counts, goodput, final ssthresh, cwnd at our sample times (thinned). */
export function compareRun(run, ours, ns2, keepCwnd) {
  const duration = run.case.duration;
  return run.flows.map((flow, i) => {
    const o = ours.summary.flows[i];
    const n = ns2.flows[i];
    const series = ours.series[i];
    const row = {
      flow: flow.id,
      variant: flow.variant,
      ours: {
        goodput: o.goodput,
        fastRetransmits: o.fastRetransmits,
        rtos: o.rtos,
        retransmits: o.retransmits,
        ssthresh: series.ssthresh.at(-1) ?? null,
      },
      ns2: {
        goodput: ns2Goodput(flow, n, duration),
        fastRetransmits: n.fastRetransmits,
        rtos: n.rtos,
        retransmits: n.retransmits,
        ssthresh: n.ssthresh,
      },
    };
    if (keepCwnd) {
      // At most 600 points: enough for the overlay, small in the cache.
      const step = Math.max(1, Math.ceil(series.t.length / 600));
      const t = series.t.filter((_, k) => k % step === 0);
      const r3 = (v) => (v === null ? null : Math.round(v * 1000) / 1000);
      row.cwnd = { t: t.map(r3), ours: series.cwnd.filter((_, k) => k % step === 0).map(r3), ns2: stepAt(n.trace.cwnd, t).map(r3) };
    }
    return row;
  });
}

const relDiff = (a, b) => (b === 0 ? (a === 0 ? 0 : Infinity) : (a - b) / b);

/** Mean and 95 % interval (Student t) of a list. */
export function interval(values) {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  if (n < 2) return { mean, low: mean, high: mean };
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
  const t = [0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262][n - 1] ?? 1.96;
  const h = (t * sd) / Math.sqrt(n);
  return { mean, low: mean - h, high: mean + h };
}

/**
 * A deterministic run's verdict for a recovery variant: counts and ssthresh equal, goodput
 * within 5 %; for the others goodput within 10 %. Returns { pass, why }.
 */
export function deterministicVerdict(row) {
  const d = relDiff(row.ours.goodput, row.ns2.goodput);
  if (!RECOVERY_VARIANTS.includes(row.variant)) {
    const pass = Math.abs(d) <= TARGETS.goodput;
    return { pass, why: pass ? '' : `goodput ${pct(d)}` };
  }
  const why = [];
  for (const k of ['fastRetransmits', 'rtos', 'ssthresh']) if (row.ours[k] !== row.ns2[k]) why.push(`${k} ${row.ours[k]} vs ${row.ns2[k]}`);
  if (Math.abs(d) > TARGETS.deterministicGoodput) why.push(`goodput ${pct(d)}`);
  return { pass: why.length === 0, why: why.join(', ') };
}

/** Runs of several seeds of one variant: mean goodput with intervals, and the verdict. */
export function seedsVerdict(rows) {
  const ours = interval(rows.map((r) => r.ours.goodput));
  const ns2 = interval(rows.map((r) => r.ns2.goodput));
  const d = relDiff(ours.mean, ns2.mean);
  const overlap = ours.low <= ns2.high && ns2.low <= ours.high;
  return { ours, ns2, diff: d, overlap, pass: Math.abs(d) <= TARGETS.goodput || overlap };
}

export const pct = (d) => `${d >= 0 ? '+' : ''}${(100 * d).toFixed(1)} %`;
export { relDiff };
