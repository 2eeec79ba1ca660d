import fc from 'fast-check';
import { scaleLinear } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import { ColumnBands, dashOn, fillBands, isDense } from './columnBands';
import { drawPath } from './drawSeries';

/** A context that records fillRect and stroke calls (all the band code uses). */
function recorder() {
  const rects: Array<[number, number, number, number]> = [];
  let strokes = 0;
  const ctx = {
    fillRect: (x: number, y: number, w: number, h: number) => rects.push([x, y, w, h]),
    stroke: () => strokes++,
    save() {},
    restore() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    setLineDash() {},
  } as unknown as CanvasRenderingContext2D;
  return { ctx, rects, strokes: () => strokes };
}

describe('ColumnBands', () => {
  it('clips a segment at each column edge it crosses', () => {
    const b = new ColumnBands();
    b.reset(4);
    b.addSegment(0.5, 0, 2.5, 20); // slope 10 per px
    expect([b.lo[0], b.hi[0]]).toEqual([0, 5]);
    expect([b.lo[1], b.hi[1]]).toEqual([5, 15]);
    expect([b.lo[2], b.hi[2]]).toEqual([15, 20]);
    expect(b.has(3)).toBe(false);
  });

  it('takes vertical segments and lone points, and ignores what is off the plot', () => {
    const b = new ColumnBands();
    b.reset(3);
    b.addSegment(1.2, 30, 1.2, 4);
    b.addPoint(2.9, 7);
    b.addPoint(-0.1, 1);
    b.addSegment(-5, 0, -1, 100);
    b.addSegment(3, 0, 9, 100);
    expect([b.lo[1], b.hi[1]]).toEqual([4, 30]);
    expect([b.lo[2], b.hi[2]]).toEqual([7, 7]);
    expect(b.has(0)).toBe(false);
  });

  it('covers every point of an x-monotone line, and no more than its extent per column', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 5, noNaN: true }), fc.double({ min: -50, max: 250, noNaN: true })), {
          minLength: 2,
          maxLength: 60,
        }),
        (steps) => {
          const pts: Array<[number, number]> = [];
          let x = -3;
          for (const [dx, y] of steps) pts.push([(x += dx), y]);
          const width = 40;
          const b = new ColumnBands();
          b.reset(width);
          for (let k = 1; k < pts.length; k++) b.addSegment(pts[k - 1][0], pts[k - 1][1], pts[k][0], pts[k][1]);
          const seenLo = new Float64Array(width).fill(Infinity);
          const seenHi = new Float64Array(width).fill(-Infinity);
          const slack = new Float64Array(width); // the largest `tolerance` of a segment in the column
          for (let k = 1; k < pts.length; k++) {
            const [x0, y0] = pts[k - 1];
            const [x1, y1] = pts[k];
            // x is known to about 1e-13 (a few ulps at 300): through a steep segment's slope
            // that is more y than 1e-9 (a rise of 1.8e-7 over 1.7e-14 of x, seed 1286203678).
            const slope = x1 === x0 ? Infinity : Math.abs((y1 - y0) / (x1 - x0));
            const tolerance = 1e-9 + Math.min(Math.abs(y1 - y0), slope * 1e-13);
            for (let s = 0; s <= 64; s++) {
              const px = x0 + ((x1 - x0) * s) / 64;
              const py = y0 + ((y1 - y0) * s) / 64;
              const c = Math.floor(px);
              if (c < 0 || c >= width) continue;
              expect(b.has(c)).toBe(true);
              expect(py).toBeGreaterThanOrEqual(b.lo[c] - tolerance);
              expect(py).toBeLessThanOrEqual(b.hi[c] + tolerance);
              seenLo[c] = Math.min(seenLo[c], py);
              seenHi[c] = Math.max(seenHi[c], py);
              slack[c] = Math.max(slack[c], tolerance);
            }
          }
          // The band is no taller than the line's own extent in the column (sampling
          // every 1/64 of a segment misses at most 300/64 of it), give or take what the
          // column edge's place on a steep segment is known to (the slack above: a rise
          // of 214 over 3.5e-14 of x put a band end 2 ulps past this bound, seed -1315557546).
          for (let c = 0; c < width; c++) {
            if (!(seenLo[c] <= seenHi[c])) continue;
            expect(b.lo[c]).toBeGreaterThanOrEqual(seenLo[c] - 300 / 64 - slack[c]);
            expect(b.hi[c]).toBeLessThanOrEqual(seenHi[c] + 300 / 64 + slack[c]);
          }
        },
      ),
    );
  });
});

describe('dashOn', () => {
  it('follows setLineDash: on, off, repeated; an odd list counts twice', () => {
    const on = (dash: number[]) => Array.from({ length: 14 }, (_, c) => (dashOn(c, dash) ? 1 : 0)).join('');
    expect(on([7, 5])).toBe('11111110000011');
    expect(on([3])).toBe('11100011100011');
    expect(on([])).toBe('11111111111111');
  });
});

describe('fillBands', () => {
  it('draws one bar per column, widened by the line, a wide line taking the left column too', () => {
    const b = new ColumnBands();
    b.reset(4);
    b.addSegment(1, 10, 1, 50); // a vertical jump in column 1
    b.addSegment(1, 50, 2.5, 50);
    const { ctx, rects } = recorder();
    expect(fillBands(ctx, b, 2)).toBe(3);
    // Column 1: 10..50; column 2: flat at 50, joined with column 1, so 10..50 too; where
    // the line stops, column 3 repeats column 2's own extent.
    expect(rects).toEqual([
      [1, 9, 1, 42],
      [2, 9, 1, 42],
      [3, 49, 1, 2],
    ]);
    const thin = recorder();
    fillBands(thin.ctx, b, 1);
    expect(thin.rects[1]).toEqual([2, 49.5, 1, 1]);
  });

  it('leaves out the columns a dash skips', () => {
    const b = new ColumnBands();
    b.reset(24);
    b.addSegment(0, 5, 23.5, 5);
    const { ctx, rects } = recorder();
    fillBands(ctx, b, 1.75, [7, 5]);
    expect(rects.map((r) => r[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 12, 13, 14, 15, 16, 17, 18]);
  });
});

describe('drawPath with bands', () => {
  const x = scaleLinear().domain([0, 100]).range([0, 100]);
  const y = scaleLinear().domain([0, 100]).range([100, 0]);
  const style = { color: '#000', width: 2 };

  it('fills a dense line column by column and strokes a sparse one', () => {
    const n = 400;
    const xs = Float64Array.from({ length: n }, (_, i) => i / 4);
    const ys = Float64Array.from({ length: n }, (_, i) => (i % 7) * 10);
    const all = Uint32Array.from({ length: n }, (_, i) => i);
    const dense = recorder();
    drawPath(dense.ctx, { xs, ys, keep: all, x, y, height: 100 }, style, new ColumnBands());
    expect(dense.strokes()).toBe(0);
    expect(dense.rects.length).toBe(100);
    const sparse = recorder();
    drawPath(sparse.ctx, { xs, ys, keep: Uint32Array.from([0, 200, 399]), x, y, height: 100 }, style, new ColumnBands());
    expect(sparse.strokes()).toBe(1);
    expect(sparse.rects.length).toBe(0);
    // Without bands (the vector export) a dense line is stroked too.
    const vector = recorder();
    drawPath(vector.ctx, { xs, ys, keep: all, x, y, height: 100 }, style);
    expect(vector.strokes()).toBe(1);
  });

  it('breaks at gaps and still shows a lone sample', () => {
    const xs = Float64Array.from({ length: 41 }, (_, i) => i);
    const ys = Float64Array.from({ length: 41 }, (_, i) => (i === 20 ? 50 : i === 19 || i === 21 ? NaN : 10));
    const keep = Uint32Array.from({ length: 41 }, (_, i) => i);
    const r = recorder();
    const narrow = scaleLinear().domain([0, 40]).range([0, 40]);
    drawPath(r.ctx, { xs, ys, keep, x: narrow, y, height: 100 }, { color: '#000', width: 1 }, new ColumnBands());
    const at = (c: number) => r.rects.find((q) => q[0] === c);
    expect(at(20)).toEqual([20, 49.5, 1, 1]); // y(50) = 50
    // The gaps (samples 19 and 21) leave their columns empty; the line resumes at 22.
    expect(at(18)).toEqual([18, 89.5, 1, 1]);
    expect(at(19)).toBeUndefined();
    expect(at(21)).toBeUndefined();
    expect(at(22)).toEqual([22, 89.5, 1, 1]);
  });

  it('calls a line dense from one sample per pixel column', () => {
    expect(isDense(100, 0, 100)).toBe(true);
    expect(isDense(99, 0, 100)).toBe(false);
    expect(isDense(2, 5, 5)).toBe(true);
  });
});
