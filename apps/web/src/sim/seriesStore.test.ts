import { describe, expect, it } from 'vitest';
import { SeriesStore } from './seriesStore';

function rows(t: number[], flow: number[]) {
  return {
    t: Float64Array.from(t),
    flow: Int32Array.from(flow),
    cwnd: Float64Array.from(t, (x) => x * 10),
    ssthresh: Float64Array.from(t, () => 64),
    goodput: Float64Array.from(t, (x) => x * 1e6),
  };
}

describe('SeriesStore', () => {
  it('splits rows by flow index and counts every point', () => {
    const store = new SeriesStore();
    store.reset(2);
    store.append(rows([0.01, 0.01, 0.02, 0.02], [0, 1, 0, 1]));
    expect(store.totalPoints).toBe(4);
    expect(store.flow(0)!.length).toBe(2);
    expect(Array.from(store.flow(1)!.column('cwnd').subarray(0, 2))).toEqual([0.1, 0.2]);
  });

  it('grows past its initial capacity without losing samples', () => {
    const store = new SeriesStore();
    store.reset(1);
    const n = 5000;
    store.append(
      rows(
        Array.from({ length: n }, (_, i) => i),
        new Array(n).fill(0),
      ),
    );
    const s = store.flow(0)!;
    expect(s.length).toBe(n);
    expect(s.column('t')[n - 1]).toBe(n - 1);
    expect(s.column('goodput')[1234]).toBe(1234e6);
  });

  it('ignores rows of unknown flows and starts empty after reset', () => {
    const store = new SeriesStore();
    store.reset(1);
    store.append(rows([0.01, 0.01], [0, 3]));
    expect(store.totalPoints).toBe(1);
    store.reset(1);
    expect(store.totalPoints).toBe(0);
    expect(store.flow(0)!.length).toBe(0);
  });
});

function fullRows(t: number[], flow: number[], srtt: number[], goodput: number[]) {
  return {
    t: Float64Array.from(t),
    flow: Int32Array.from(flow),
    cwnd: Float64Array.from(t, () => 10),
    ssthresh: Float64Array.from(t, () => 64),
    goodput: Float64Array.from(goodput),
    srtt: Float64Array.from(srtt),
    rtt: Float64Array.from(srtt, (s) => s * 2),
    delivered: Float64Array.from(goodput, (g) => g / 8),
    state: Uint8Array.from(flow, (f) => f + 1),
  };
}

describe('SeriesStore: RTT, state and the aggregate', () => {
  it('keeps srtt, rtt, delivered and state per flow', () => {
    const store = new SeriesStore();
    store.reset(2);
    store.append(fullRows([0.01, 0.01], [0, 1], [0.02, 0.03], [1e6, 2e6]));
    const f1 = store.flow(1)!;
    expect(f1.column('srtt')[0]).toBe(0.03);
    expect(f1.column('rtt')[0]).toBe(0.06);
    expect(f1.column('delivered')[0]).toBe(2e6 / 8);
    expect(f1.column('state')[0]).toBe(2);
  });

  it('reads missing optional columns as zeros', () => {
    const store = new SeriesStore();
    store.reset(1);
    store.append(rows([0.01], [0]));
    expect(store.flow(0)!.column('srtt')[0]).toBe(0);
    expect(store.flow(0)!.column('state')[0]).toBe(0);
  });

  it('sums goodput and averages RTT over the flows that have one, per sample time', () => {
    const store = new SeriesStore();
    store.reset(3);
    store.append(
      fullRows([0.01, 0.01, 0.01, 0.02, 0.02, 0.02], [0, 1, 2, 0, 1, 2], [0, 0.02, 0.04, 0.01, 0.02, 0.03], [1e6, 2e6, 3e6, 0, 5e6, 1e6]),
    );
    const agg = store.aggregate;
    expect(agg.length).toBe(2);
    expect(Array.from(agg.column('t').subarray(0, 2))).toEqual([0.01, 0.02]);
    expect(Array.from(agg.column('goodput').subarray(0, 2))).toEqual([6e6, 6e6]);
    expect(Array.from(agg.column('flows').subarray(0, 2))).toEqual([3, 3]);
    // Flow 0 has no RTT yet at 0.01: the mean is over the other two.
    expect(agg.column('srtt')[0]).toBeCloseTo(0.03, 12);
    expect(agg.column('srtt')[1]).toBeCloseTo(0.02, 12);
    expect(agg.column('rtt')[1]).toBeCloseTo(0.04, 12);
    expect(agg.column('delivered')[0]).toBe(6e6 / 8);
  });

  it('completes a sample time split across two frames', () => {
    const store = new SeriesStore();
    store.reset(2);
    store.append(fullRows([0.01], [0], [0.01], [1e6]));
    store.append(fullRows([0.01, 0.02], [1, 0], [0.03, 0.05], [2e6, 4e6]));
    const agg = store.aggregate;
    expect(agg.length).toBe(2);
    expect(agg.column('goodput')[0]).toBe(3e6);
    expect(agg.column('srtt')[0]).toBeCloseTo(0.02, 12);
    expect(agg.column('goodput')[1]).toBe(4e6);
    expect(agg.column('srtt')[1]).toBeCloseTo(0.05, 12);
  });

  it('empties the aggregate on reset', () => {
    const store = new SeriesStore();
    store.reset(1);
    store.append(fullRows([0.01], [0], [0.01], [1e6]));
    store.reset(1);
    expect(store.aggregate.length).toBe(0);
  });

  it('sizes its columns once from the expected rows, so a long run never copies them', () => {
    const store = new SeriesStore();
    store.reset(2, 3000);
    const cwnd = store.flow(1)!.column('cwnd');
    const aggregate = store.aggregate.column('t');
    for (let k = 0; k < 3000; k += 100) {
      // As the engine sends them: every flow's row of one sample time together.
      const t = Array.from({ length: 200 }, (_, i) => (k + (i >> 1) + 1) * 0.01);
      store.append(
        rows(
          t,
          t.map((_, i) => i & 1),
        ),
      );
    }
    expect(store.flow(1)!.length).toBe(3000);
    expect(store.flow(1)!.column('cwnd')).toBe(cwnd);
    expect(store.aggregate.column('t')).toBe(aggregate);
    // Beyond the guess it still grows, keeping what it had.
    store.append(rows([30.01, 30.02, 30.03], [1, 1, 1]));
    expect(store.flow(1)!.column('cwnd')).not.toBe(cwnd);
    expect(store.flow(1)!.column('cwnd')[2999]).toBeCloseTo(300);
  });
});
