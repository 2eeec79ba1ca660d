// Closed-form models the runs are checked against, and the per-run statistics the sweep
// tables do not already hold (ratios of two outputs of the same run).
import { stat } from './doc.mjs';

/** Erlang-B blocking of k servers offered a Erlangs (the stable recursion), the one the mesh models use. */
export { erlangB } from '@obs-tcp-sim/theory';

/**
 * Mathis et al. (1997): bandwidth = MSS / RTT * C / sqrt(p), C = sqrt(3 / (2 b)), in bit/s.
 * p: loss events per segment sent; b: segments acknowledged per ACK.
 */
export function mathis({ mss, rtt, p, b = 1 }) {
  return (((mss * 8) / rtt) * Math.sqrt(3 / (2 * b))) / Math.sqrt(p);
}

/**
 * Padhye et al. (1998), the "full" approximation (their eq. 33) with the window limit:
 * segments/s = min(Wmax / RTT, 1 / (RTT sqrt(2bp/3) + T0 min(1, 3 sqrt(3bp/8)) p (1 + 32 p^2))),
 * returned in bit/s.
 */
export function padhye({ mss, rtt, p, t0, wmax = Infinity, b = 1 }) {
  const denominator = rtt * Math.sqrt((2 * b * p) / 3) + t0 * Math.min(1, 3 * Math.sqrt((3 * b * p) / 8)) * p * (1 + 32 * p * p);
  return Math.min(wmax / rtt, 1 / denominator) * mss * 8;
}

/** Mean and 95 % interval (Student's t over seeds) of per-run values, runs without a value left out. */
export function interval(samples) {
  return stat(samples.filter((v) => v !== null && Number.isFinite(v)));
}

/**
 * Per point, a value computed from each run's outputs, summarised over the seeds.
 * @param {any} results a sweep's JSON results
 * @param {(outputs: Record<string, number | null>, run: any) => number | null} f
 */
export function perPoint(results, f) {
  return results.points.map((point) => {
    const runs = results.runs.filter((r) => r.point === point.point);
    return { point: point.point, values: point.values, ...interval(runs.map((r) => f(r.outputs, r))) };
  });
}
