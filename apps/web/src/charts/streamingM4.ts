/**
 * M4 decimation (decimate.ts) kept up to date while a run appends samples.
 *
 * Why: re-decimating every sample of every line on each frame cost O(run length) per
 * frame. A 2,000 s run at 10 ms samples is 200,000 rows per line, and at full speed the
 * charts spent a quarter of the main thread in m4Range. Samples only ever arrive at the
 * end, and while the time window and plot width stay the same, a pixel column that a
 * later sample has left behind never changes again: its picks are kept, and each update
 * reads only the open (last) column and what came after it.
 *
 * The open column is read again on every update because the newest row may still change
 * (the aggregate's last row fills up across frames).
 */
export class StreamingM4 {
  private key = '';
  private from = 0;
  private picks = new Uint32Array(1024);
  /** Picks of closed columns: picks[0, closed). */
  private closed = 0;
  /** First sample of the open column; everything from here on is read again. */
  private openStart = 0;
  /** Samples read so far (exclusive end). */
  private seen = 0;

  /**
   * Where the next `update` will start reading, for a view named `key` (anything that
   * changes the picks: window, width, flow, run) drawing samples [from, to). Values of
   * samples before this index must not have changed since the last update.
   */
  resumeAt(key: string, from: number, to: number): number {
    if (key !== this.key || from !== this.from || to < this.seen) {
      this.key = key;
      this.from = from;
      this.closed = 0;
      this.openStart = from;
    }
    this.seen = to;
    return this.openStart;
  }

  /**
   * The indices to draw for samples [from, to) given at the last `resumeAt`, increasing:
   * each pixel column's first, minimum, maximum and last sample (NaN values are gaps: they
   * are never a minimum or maximum). The returned view is valid until the next call.
   */
  update(xs: ArrayLike<number>, ys: ArrayLike<number>, toPixel: (x: number) => number): Uint32Array {
    const to = this.seen;
    let start = this.openStart;
    if (start >= to) return this.picks.subarray(0, this.closed);
    let column = Math.floor(toPixel(xs[start]));
    let min = start;
    let max = start;
    for (let i = start + 1; i < to; i++) {
      const c = Math.floor(toPixel(xs[i]));
      if (c !== column) {
        this.closed = this.write(this.closed, start, min, max, i - 1);
        column = c;
        start = min = max = i;
        continue;
      }
      const v = ys[i];
      // `ys[min] !== ys[min]` is NaN: any number beats a gap.
      if (v < ys[min] || (v === v && ys[min] !== ys[min])) min = i;
      if (v > ys[max] || (v === v && ys[max] !== ys[max])) max = i;
    }
    this.openStart = start;
    // The open column's picks follow the closed ones but are not kept.
    const end = this.write(this.closed, start, min, max, to - 1);
    return this.picks.subarray(0, end);
  }

  /** Writes a column's picks, sorted and without repeats, at `at`; returns the new end. */
  private write(at: number, first: number, min: number, max: number, last: number): number {
    if (at + 4 > this.picks.length) {
      const grown = new Uint32Array(this.picks.length * 2);
      grown.set(this.picks.subarray(0, at));
      this.picks = grown;
    }
    const a = min < max ? min : max;
    const b = min < max ? max : min;
    const p = this.picks;
    p[at++] = first;
    if (a !== first) p[at++] = a;
    if (b !== a) p[at++] = b;
    if (last !== b) p[at++] = last;
    return at;
  }
}
