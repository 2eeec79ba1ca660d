import { describe, expect, it } from 'vitest';
import { m4Indices } from './decimate';

const identity = (x: number) => x;

describe('m4Indices', () => {
  it('keeps every sample when there are few per pixel', () => {
    const xs = [0, 1, 2, 3];
    expect(Array.from(m4Indices(xs, [5, 6, 7, 8], 4, identity, 100))).toEqual([0, 1, 2, 3]);
  });

  it('keeps first, last, min and max of each pixel column, in order', () => {
    // 1000 samples over 10 pixel columns.
    const n = 1000;
    const xs = Float64Array.from({ length: n }, (_, i) => i / 100);
    const ys = Float64Array.from({ length: n }, (_, i) => Math.sin(i * 0.37) * (i % 97));
    const keep = m4Indices(xs, ys, n, identity, 10);
    expect(keep.length).toBeLessThanOrEqual(40);
    for (let k = 1; k < keep.length; k++) expect(keep[k]).toBeGreaterThan(keep[k - 1]);
    for (let c = 0; c < 10; c++) {
      const idx = Array.from({ length: 100 }, (_, j) => c * 100 + j);
      const lo = idx.reduce((a, b) => (ys[b] < ys[a] ? b : a));
      const hi = idx.reduce((a, b) => (ys[b] > ys[a] ? b : a));
      const kept = new Set(keep);
      expect(kept.has(c * 100)).toBe(true);
      expect(kept.has(c * 100 + 99)).toBe(true);
      expect(kept.has(lo)).toBe(true);
      expect(kept.has(hi)).toBe(true);
    }
  });

  it('only reads the first `length` samples', () => {
    const xs = Float64Array.from({ length: 100 }, (_, i) => i);
    const ys = new Float64Array(100).fill(1);
    ys[90] = 1e9; // beyond length, must not appear
    const keep = m4Indices(xs, ys, 50, (x) => x / 10, 1);
    expect(Math.max(...keep)).toBe(49);
  });
});

import { lowerBound, m4Range, MarkerGrid, nearestIndex, windowRange } from './decimate';

describe('m4Range', () => {
  it('decimates only the given range', () => {
    const n = 2000;
    const xs = Float64Array.from({ length: n }, (_, i) => i);
    const ys = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 101);
    const keep = m4Range(xs, ys, 500, 1500, (x) => (x - 500) / 100, 10);
    expect(keep[0]).toBe(500);
    expect(keep[keep.length - 1]).toBe(1499);
    expect(keep.length).toBeLessThanOrEqual(40);
  });

  it('never picks a gap (NaN) as a minimum or maximum', () => {
    const n = 400;
    const xs = Float64Array.from({ length: n }, (_, i) => i);
    const ys = Float64Array.from({ length: n }, (_, i) => (i % 100 < 10 ? NaN : i % 100));
    const keep = m4Range(xs, ys, 0, n, (x) => x / 100, 4);
    // Column 0 holds samples 0..99: first (NaN), min 10, max 99, last 99.
    expect(Array.from(keep.slice(0, 3))).toEqual([0, 10, 99]);
  });
});

describe('window and nearest-sample lookups', () => {
  const xs = Float64Array.from([0.01, 0.02, 0.03, 0.04, 0.05]);

  it('lowerBound finds the first sample at or after x', () => {
    expect(lowerBound(xs, 5, 0)).toBe(0);
    expect(lowerBound(xs, 5, 0.03)).toBe(2);
    expect(lowerBound(xs, 5, 0.031)).toBe(3);
    expect(lowerBound(xs, 5, 1)).toBe(5);
  });

  it('windowRange includes one sample either side', () => {
    expect(windowRange(xs, 5, 0.025, 0.035)).toEqual([1, 4]);
    expect(windowRange(xs, 5, 0, 1)).toEqual([0, 5]);
    expect(windowRange(xs, 5, 0.02, 0.04)).toEqual([0, 5]);
    expect(windowRange(xs, 0, 0, 1)).toEqual([0, 0]);
  });

  it('nearestIndex picks the closest sample, clamped to the ends', () => {
    expect(nearestIndex(xs, 5, 0)).toBe(0);
    expect(nearestIndex(xs, 5, 0.0149)).toBe(0);
    expect(nearestIndex(xs, 5, 0.0151)).toBe(1);
    expect(nearestIndex(xs, 5, 0.04)).toBe(3);
    expect(nearestIndex(xs, 5, 9)).toBe(4);
    expect(nearestIndex(xs, 3, 9)).toBe(2);
    expect(nearestIndex(xs, 0, 0.02)).toBe(-1);
  });
});

/** Keeps the markers whose cell the grid gives them, as the cwnd chart does. */
function thinMarkers<M extends { x: number; y: number; kind: number }>(markers: M[], cell: number, width: number, height: number): M[] {
  const grid = new MarkerGrid();
  grid.reset(width, height, cell);
  return markers.filter((m) => grid.claim(m.x, m.y, m.kind));
}

describe('thinning markers (MarkerGrid)', () => {
  it('keeps one marker per kind per cell and drops those off the plot', () => {
    const markers = [
      { x: 1, y: 1, kind: 0 },
      { x: 2, y: 2, kind: 0 }, // same cell, same kind: dropped
      { x: 2, y: 2, kind: 1 }, // same cell, other kind: kept
      { x: 9, y: 1, kind: 0 }, // next cell
      { x: -3, y: 1, kind: 0 }, // left of the plot
      { x: 50, y: 200, kind: 0 }, // below the plot
    ];
    expect(thinMarkers(markers, 8, 100, 100)).toEqual([markers[0], markers[2], markers[3]]);
  });

  it('thins 10,000 fast retransmits on one line to about one per cell', () => {
    const markers = Array.from({ length: 10_000 }, (_, i) => ({ x: (i / 10_000) * 800, y: 50, kind: 1 }));
    expect(thinMarkers(markers, 8, 800, 100).length).toBe(100);
  });
});

describe('MarkerGrid', () => {
  it('forgets every claim on reset, and keeps kinds apart', () => {
    const grid = new MarkerGrid();
    grid.reset(100, 50, 10);
    expect(grid.claim(5, 5, 1)).toBe(true);
    expect(grid.claim(6, 9, 1)).toBe(false);
    expect(grid.claim(6, 9, 0)).toBe(true);
    expect(grid.claim(100, 50, 0)).toBe(true); // the far corner is on the plot
    expect(grid.claim(100.1, 5, 0)).toBe(false);
    expect(grid.claim(5, -10, 0)).toBe(true); // a row above the plot
    expect(grid.claim(5, -10.5, 0)).toBe(false);
    grid.reset(100, 50, 10);
    expect(grid.claim(5, 5, 1)).toBe(true);
  });
});
