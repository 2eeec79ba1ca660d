// Closed-form models the runs are checked against, and the per-run statistics the sweep
// tables do not already hold (ratios of two outputs of the same run).
import { mathisRate, padhyeRate } from '@obs-tcp-sim/theory';
import { stat } from './doc.mjs';

/** Erlang-B blocking of k servers offered a Erlangs (the stable recursion), the one the mesh models use. */
export { erlangB } from '@obs-tcp-sim/theory';

/**
 * The TCP throughput laws in bit/s, the theory package's (packages/theory/src/tcp-models.ts),
 * as the report reads them: a run without loss (p = 0) has no limit from the model, which
 * the report shows as unbounded (Infinity) where the package, for charts, says null; any
 * other input the models cannot take is NaN, left out of the intervals.
 * p: loss events per segment sent; b: segments acknowledged per ACK.
 */
export function mathis(input) {
  return input.p === 0 ? Infinity : (mathisRate(input) ?? NaN);
}

/** Padhye et al. (1998), eq. 33 with the window limit `wmax` (segments; none by default). */
export function padhye(input) {
  return input.p === 0 && !(input.wmax < Infinity) ? Infinity : (padhyeRate(input) ?? NaN);
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
