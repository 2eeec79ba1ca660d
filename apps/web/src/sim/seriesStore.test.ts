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
    store.append(rows(Array.from({ length: n }, (_, i) => i), new Array(n).fill(0)));
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
