/**
 * M4 decimation (Jugel et al., VLDB 2014): for every pixel column keep the first, last,
 * minimum and maximum sample. A line through those points is pixel-identical to the line
 * through all samples, so hours of samples draw as fast as a few thousand.
 */

/**
 * Indices of the samples to draw, in increasing order.
 * `xs` must be sorted ascending over [0, length). `toPixel` maps an x value to a pixel
 * column (fractional is fine). When there are few samples, all of them are returned.
 */
export function m4Indices(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  length: number,
  toPixel: (x: number) => number,
  pixelWidth: number,
): Uint32Array {
  if (length <= 4 * Math.max(1, pixelWidth)) {
    const all = new Uint32Array(length);
    for (let i = 0; i < length; i++) all[i] = i;
    return all;
  }
  const out: number[] = [];
  let column = Math.floor(toPixel(xs[0]));
  let first = 0;
  let min = 0;
  let max = 0;
  const flush = (last: number) => {
    // Sorted and de-duplicated: first <= min,max <= last in index order.
    const picks = [first, min, max, last].sort((a, b) => a - b);
    for (let k = 0; k < 4; k++) if (k === 0 || picks[k] !== picks[k - 1]) out.push(picks[k]);
  };
  for (let i = 1; i < length; i++) {
    const c = Math.floor(toPixel(xs[i]));
    if (c !== column) {
      flush(i - 1);
      column = c;
      first = min = max = i;
      continue;
    }
    if (ys[i] < ys[min]) min = i;
    if (ys[i] > ys[max]) max = i;
  }
  flush(length - 1);
  return Uint32Array.from(out);
}
