/**
 * Every sample of the current run, per flow, in growable typed arrays, plus an aggregate
 * series over all flows (one point per sample time).
 *
 * Charts read these columns directly on each animation frame; keeping them outside React
 * state means appending a frame costs no render. All points of a run are kept (a 20 s
 * run at 10 ms is 2000 rows per flow); charts decimate when they draw.
 */

/**
 * The columns of a frame's samples this app uses (the engine's SampleColumns,
 * docs/engine-api.md §1). The engine always sends every column; the later ones are
 * optional so a frame that lacks one (a scripted engine in tests) reads as zeros.
 */
export interface SampleRows {
  t: ArrayLike<number>;
  flow: ArrayLike<number>;
  cwnd: ArrayLike<number>;
  ssthresh: ArrayLike<number>;
  goodput: ArrayLike<number>;
  /** Smoothed RTT, seconds (0 before the first RTT sample). */
  srtt?: ArrayLike<number>;
  /** Last RTT sample, seconds (0 before the first). */
  rtt?: ArrayLike<number>;
  /** Bytes delivered in order since the start. */
  delivered?: ArrayLike<number>;
  /** Congestion state: 0 slow start, 1 congestion avoidance, 2 fast recovery, 3 loss. */
  state?: ArrayLike<number>;
}

export const SERIES_COLUMNS = ['t', 'cwnd', 'ssthresh', 'srtt', 'rtt', 'goodput', 'delivered', 'state'] as const;
export type SeriesColumn = (typeof SERIES_COLUMNS)[number];

/**
 * The aggregate over all flows at each sample time: total goodput and delivered bytes,
 * mean smoothed and last RTT over the flows that have one (0 while none has), and how
 * many flows were sampled. Mean cwnd says nothing about any flow, so there is none.
 */
export const AGGREGATE_COLUMNS = ['t', 'goodput', 'delivered', 'srtt', 'rtt', 'flows'] as const;
export type AggregateColumn = (typeof AGGREGATE_COLUMNS)[number];

/** Anything a chart can draw: a time column and value columns, valid below `length`. */
export interface ColumnSource<C extends string = string> {
  readonly length: number;
  column(name: C | 't'): Float64Array;
}

class Columns<C extends string> {
  length = 0;
  protected cols: Record<C, Float64Array>;

  constructor(
    private readonly names: readonly C[],
    capacity: number,
  ) {
    this.cols = this.make(capacity);
  }

  column(name: C): Float64Array {
    return this.cols[name];
  }

  /** Index of a new row (the arrays grow as needed). */
  protected nextRow(): number {
    if (this.length === this.cols[this.names[0]].length) {
      const next = this.make(this.length * 2);
      for (const name of this.names) next[name].set(this.cols[name]);
      this.cols = next;
    }
    return this.length++;
  }

  private make(capacity: number): Record<C, Float64Array> {
    return Object.fromEntries(this.names.map((n) => [n, new Float64Array(Math.max(1, capacity))])) as Record<C, Float64Array>;
  }
}

/** One flow's samples; only indices below `length` are valid. */
export class FlowSeries extends Columns<SeriesColumn> implements ColumnSource<SeriesColumn> {
  constructor(capacity = 1024) {
    super(SERIES_COLUMNS, capacity);
  }

  /** Appends row `i` of a frame's samples. */
  pushRow(rows: SampleRows, i: number): void {
    const k = this.nextRow();
    const c = this.cols;
    c.t[k] = rows.t[i];
    c.cwnd[k] = rows.cwnd[i];
    c.ssthresh[k] = rows.ssthresh[i];
    c.goodput[k] = rows.goodput[i];
    c.srtt[k] = rows.srtt ? rows.srtt[i] : 0;
    c.rtt[k] = rows.rtt ? rows.rtt[i] : 0;
    c.delivered[k] = rows.delivered ? rows.delivered[i] : 0;
    c.state[k] = rows.state ? rows.state[i] : 0;
  }
}

/** The aggregate series: one row per distinct sample time, the last row still open. */
export class AggregateSeries extends Columns<AggregateColumn> implements ColumnSource<AggregateColumn> {
  // Sums behind the means of the last (open) row: rows of one sample time may arrive
  // split across two frames.
  private srttSum = 0;
  private srttN = 0;
  private rttSum = 0;
  private rttN = 0;

  constructor(capacity = 1024) {
    super(AGGREGATE_COLUMNS, capacity);
  }

  add(t: number, goodput: number, delivered: number, srtt: number, rtt: number): void {
    const c = this.cols;
    let k = this.length - 1;
    if (k < 0 || c.t[k] !== t) {
      k = this.nextRow();
      c.t[k] = t;
      c.goodput[k] = 0;
      c.delivered[k] = 0;
      c.srtt[k] = 0;
      c.rtt[k] = 0;
      c.flows[k] = 0;
      this.srttSum = this.srttN = this.rttSum = this.rttN = 0;
    }
    c.goodput[k] += goodput;
    c.delivered[k] += delivered;
    c.flows[k] += 1;
    if (srtt > 0) {
      this.srttSum += srtt;
      this.srttN++;
      c.srtt[k] = this.srttSum / this.srttN;
    }
    if (rtt > 0) {
      this.rttSum += rtt;
      this.rttN++;
      c.rtt[k] = this.rttSum / this.rttN;
    }
  }
}

/** Rows per column sized up front at most (8 MB a column); a longer run grows as before. */
export const MAX_PRESIZED_ROWS = 1 << 20;

export class SeriesStore {
  private flows: FlowSeries[] = [];
  /** All flows together, one point per sample time. */
  aggregate = new AggregateSeries();
  /** Rows received since the last clear, all flows together. */
  totalPoints = 0;
  /** Bumped on every change, so views can skip redraws when nothing changed. */
  version = 0;
  /** Bumped when the store is emptied for a new run, so views drop what they derived. */
  generation = 0;

  /**
   * Flow count and order follow the engine's flow ids (index = SampleColumns.flow).
   * `expectedRows` (duration / sample interval) sizes the columns once: grown by doubling,
   * a long run copied tens of megabytes in one frame at each doubling (a 60 ms task at
   * 262,144 rows), and the page stalled for it mid-run.
   */
  reset(flowCount: number, expectedRows = 0): void {
    // Many flows sample often: start small so 320 flows do not reserve 320 x 1024 rows x 8.
    const guess = flowCount > 32 ? 256 : 1024;
    const rows = Math.ceil(expectedRows) + 2;
    const capacity = rows > 2 && rows <= MAX_PRESIZED_ROWS ? rows : guess;
    this.flows = Array.from({ length: flowCount }, () => new FlowSeries(capacity));
    this.aggregate = new AggregateSeries(capacity);
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
    const { srtt, rtt, delivered } = rows;
    for (let i = 0; i < n; i++) {
      const series = this.flows[rows.flow[i]];
      // A row for a flow index we were not told about means the frame belongs to another
      // scenario (a stale frame after a reload); ignoring it beats drawing the wrong run.
      if (!series) continue;
      series.pushRow(rows, i);
      this.aggregate.add(rows.t[i], rows.goodput[i], delivered ? delivered[i] : 0, srtt ? srtt[i] : 0, rtt ? rtt[i] : 0);
      this.totalPoints++;
    }
    this.version++;
  }
}
