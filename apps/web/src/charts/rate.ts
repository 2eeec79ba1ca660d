/**
 * Throughput averaged over a time window, from the cumulative delivered bytes.
 *
 * The engine's goodput is per sample interval (10 ms): with bursts arriving whole it
 * jumps between 0 and the line rate, a comb nobody can read on a projector. The mean
 * over the last `window` seconds is (delivered(t) - delivered(t - window)) / window, exact
 * from the delivered column and cheap with a sliding index.
 */
import { lowerBound } from './decimate';

/**
 * Fills out[i] for i in [from, to) with the mean rate in bit/s over (t[i] - window, t[i]].
 * Before the first sample the run had delivered nothing at t = 0. A window of 0 copies
 * `goodput` (the engine's per-interval value).
 */
export function windowedRate(
  t: ArrayLike<number>,
  delivered: ArrayLike<number>,
  goodput: ArrayLike<number>,
  from: number,
  to: number,
  window: number,
  out: Float64Array,
): Float64Array {
  if (!(window > 0)) {
    for (let i = from; i < to; i++) out[i] = goodput[i];
    return out;
  }
  // j: the first sample later than t[i] - window; the base is the sample before it.
  let j = lowerBound(t, to, t[from] - window);
  for (let i = from; i < to; i++) {
    // A hair of tolerance: 2.0 - 0.2 must count 1.8 as inside the window's start.
    const start = t[i] - window + 1e-9 * Math.max(1, Math.abs(t[i]));
    while (j < i && t[j] <= start) j++;
    const b = j - 1;
    const t0 = b >= 0 ? t[b] : 0;
    const d0 = b >= 0 ? delivered[b] : 0;
    const span = t[i] - t0;
    out[i] = span > 0 ? ((delivered[i] - d0) * 8) / span : goodput[i];
  }
  return out;
}
