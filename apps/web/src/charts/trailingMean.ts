/**
 * Mean of each sample and the samples of the previous `window` seconds (a trailing,
 * causal average: it never looks ahead of the simulation). Writes into `out` and returns
 * it, so a chart can reuse one scratch buffer per frame.
 */
export function trailingMean(
  ts: ArrayLike<number>,
  ys: ArrayLike<number>,
  length: number,
  window: number,
  out: Float64Array,
): Float64Array {
  let start = 0;
  let sum = 0;
  // Sample times are sums of a float interval (0.3 - 0.1 = 0.19999999999999998); the
  // tolerance keeps exactly window/interval samples in every window.
  const span = window * (1 - 1e-9);
  for (let i = 0; i < length; i++) {
    sum += ys[i];
    while (ts[i] - ts[start] >= span && start < i) {
      sum -= ys[start];
      start++;
    }
    out[i] = sum / (i - start + 1);
  }
  return out;
}
