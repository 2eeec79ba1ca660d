import { describe, expect, it } from 'vitest';
import { EVENT_COLUMNS, EventRing, VisualStore, type EventRows } from './visualStore';

/** Rows whose every column holds its row number plus a per-column offset. */
function rows(n: number, kinds?: number[], base = 0): EventRows {
  const r = Object.fromEntries(
    EVENT_COLUMNS.map((c, ci) => [c, Float64Array.from({ length: n }, (_, i) => base + i + ci * 1000)]),
  ) as unknown as EventRows;
  if (kinds) (r as { kind: ArrayLike<number> }).kind = Uint8Array.from(kinds);
  return r;
}

/** The reference: the same ring, one row at a time. */
function reference(capacity: number, batches: number[]): { rows: number[]; overwritten: number } {
  const kept: number[] = [];
  let overwritten = 0;
  let next = 0;
  for (const n of batches) {
    for (let i = 0; i < n; i++) {
      kept.push(next + i);
      if (kept.length > capacity) {
        kept.shift();
        overwritten++;
      }
    }
    next += n;
  }
  return { rows: kept, overwritten };
}

describe('EventRing', () => {
  it('keeps the newest rows in order across wrap-arounds, like pushing one by one', () => {
    for (const batches of [[3, 4, 5], [7], [10], [2, 9, 1, 6, 6], [25, 1]]) {
      const ring = new EventRing(7);
      let next = 0;
      for (const n of batches) {
        ring.pushRange(rows(n, undefined, next), 0, n);
        next += n;
      }
      const want = reference(7, batches);
      expect(ring.length).toBe(want.rows.length);
      expect(ring.overwritten).toBe(want.overwritten);
      for (let i = 0; i < ring.length; i++) {
        expect(ring.get(i, 't0')).toBe(want.rows[i] + 1000); // t0 is column 1
        expect(ring.event(i).segments).toBe(want.rows[i] + 11 * 1000);
      }
    }
  });

  it('takes chosen rows of a frame', () => {
    const ring = new EventRing(4);
    ring.pushIndices(rows(10), [1, 3, 5, 7, 9]);
    expect(ring.length).toBe(4);
    expect(ring.overwritten).toBe(1);
    expect([0, 1, 2, 3].map((i) => ring.get(i, 'id'))).toEqual([3, 5, 7, 9].map((v) => v + 3000));
  });
});

describe('VisualStore', () => {
  it('files every row as recent, the notable kinds in the log ring, TCP events for markers', () => {
    const store = new VisualStore(16, 16);
    // kinds: burst formed 0, BHP 1, on link 2, dropped 3, packet 4, packet dropped 5, TCP 6, delivered 7
    store.append(rows(8, [0, 1, 2, 3, 4, 5, 6, 7]));
    expect(store.recent.length).toBe(8);
    expect([0, 1, 2, 3].map((i) => store.notable.get(i, 'kind'))).toEqual([0, 3, 5, 6]);
    expect(store.tcpEvents).toHaveLength(1);
    expect(store.tcpEvents[0].id).toBe(6 + 3000);
    const generation = store.generation;
    store.clear();
    expect(store.recent.length).toBe(0);
    expect(store.tcpEvents).toHaveLength(0);
    expect(store.generation).toBe(generation + 1);
  });
});
