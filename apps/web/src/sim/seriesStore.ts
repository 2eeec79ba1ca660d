/**
 * Every sample of the current run, per flow, in growable typed arrays.
 *
 * Charts read these columns directly on each animation frame; keeping them outside React
 * state means appending a frame costs no render. All points of a run are kept (a 20 s
 * run at 10 ms is 2000 rows per flow); charts decimate when they draw.
 */

/** The columns of a frame's samples this app uses (a subset of the engine's SampleColumns). */
export interface SampleRows {
  t: ArrayLike<number>;
  flow: ArrayLike<number>;
  cwnd: ArrayLike<number>;
  ssthresh: ArrayLike<number>;
  goodput: ArrayLike<number>;
}

export const SERIES_COLUMNS = ['t', 'cwnd', 'ssthresh', 'goodput'] as const;
export type SeriesColumn = (typeof SERIES_COLUMNS)[number];

/** One flow's samples; only indices below `length` are valid. */
export class FlowSeries {
  length = 0;
  private cols: Record<SeriesColumn, Float64Array>;

  constructor(capacity = 1024) {
    this.cols = makeColumns(capacity);
  }

  column(name: SeriesColumn): Float64Array {
    return this.cols[name];
  }

  push(t: number, cwnd: number, ssthresh: number, goodput: number): void {
    if (this.length === this.cols.t.length) this.grow();
    const i = this.length++;
    this.cols.t[i] = t;
    this.cols.cwnd[i] = cwnd;
    this.cols.ssthresh[i] = ssthresh;
    this.cols.goodput[i] = goodput;
  }

  private grow(): void {
    const next = makeColumns(this.cols.t.length * 2);
    for (const name of SERIES_COLUMNS) next[name].set(this.cols[name]);
    this.cols = next;
  }
}

export class SeriesStore {
  private flows: FlowSeries[] = [];
  /** Rows received since the last clear, all flows together. */
  totalPoints = 0;
  /** Bumped on every change, so views can skip redraws when nothing changed. */
  version = 0;
  /** Bumped when the store is emptied for a new run, so views drop what they derived. */
  generation = 0;

  /** Flow count and order follow the engine's flow ids (index = SampleColumns.flow). */
  reset(flowCount: number): void {
    this.flows = Array.from({ length: flowCount }, () => new FlowSeries());
    this.totalPoints = 0;
    this.version++;
    this.generation++;
  }

  get flowCount(): number {
    return this.flows.length;
  }

  flow(index: number): FlowSeries | undefined {
    return this.flows[index];
  }

  append(rows: SampleRows): void {
    const n = rows.t.length;
    if (n === 0) return;
    for (let i = 0; i < n; i++) {
      const series = this.flows[rows.flow[i]];
      // A row for a flow index we were not told about means the frame belongs to another
      // scenario (a stale frame after a reload); ignoring it beats drawing the wrong run.
      if (!series) continue;
      series.push(rows.t[i], rows.cwnd[i], rows.ssthresh[i], rows.goodput[i]);
      this.totalPoints++;
    }
    this.version++;
  }
}

function makeColumns(capacity: number): Record<SeriesColumn, Float64Array> {
  return {
    t: new Float64Array(capacity),
    cwnd: new Float64Array(capacity),
    ssthresh: new Float64Array(capacity),
    goodput: new Float64Array(capacity),
  };
}
