import { describe, expect, it } from 'vitest';
import { crosses, layoutLabels, nowLabelBox, overlaps, type LabelRequest } from './labelLayout';

const opts = { textPx: 20, measure: (t: string) => t.length * 10, bounds: { left: 0, top: 0, right: 400, bottom: 300 } };
const req = (key: string, x: number, y: number, priority: number, extra: Partial<LabelRequest> = {}): LabelRequest => ({
  key,
  text: key,
  x,
  y,
  priority,
  ...extra,
});

describe('layoutLabels', () => {
  it('puts a label level with its point, on the side asked for', () => {
    const [a] = layoutLabels([req('offset', 200, 100, 1, { prefer: -1, clear: 6 })], opts);
    expect(a.box.right).toBe(200 - 4 - 6);
    expect(a.box.top + (a.box.bottom - a.box.top) / 2).toBe(100);
    expect(a.leader).toBe(false);
  });

  it('places by priority and never overlaps: the second moves, with a leader line if far', () => {
    const placed = layoutLabels([req('second', 100, 100, 2), req('first', 100, 100, 1), req('third', 100, 100, 3)], opts);
    expect(placed.map((p) => p.key)).toEqual(['first', 'second', 'third']);
    for (let i = 0; i < placed.length; i++)
      for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i].box, placed[j].box)).toBe(false);
    for (const p of placed) {
      expect(p.box.left).toBeGreaterThanOrEqual(0);
      expect(p.box.right).toBeLessThanOrEqual(400);
    }
  });

  it('leaves out a label that finds no room, rather than covering another', () => {
    const tight = { ...opts, bounds: { left: 0, top: 80, right: 400, bottom: 120 } };
    const placed = layoutLabels(
      [req('aaaaaaaaaaaaaaa', 200, 100, 1), req('bbbbbbbbbbbbbbb', 200, 100, 2), req('ccccccccccccccc', 200, 100, 3)],
      tight,
    );
    expect(placed.map((p) => p.key)).toEqual(['aaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbb']);
  });

  it('keeps clear of the marks given as obstacles, and of the lines where it can', () => {
    const mark = { left: 200, right: 300, top: 90, bottom: 110 };
    const [a] = layoutLabels([req('x', 195, 100, 1)], { ...opts, obstacles: [mark] });
    expect(overlaps(a.box, mark)).toBe(false);
    // A diagonal line through the point: level with it would cross it; above it does not.
    const line = [150, 50, 350, 250] as const;
    const [b] = layoutLabels([req('BHP', 250, 150, 1)], { ...opts, segments: [line] });
    expect(crosses(b.box, line)).toBe(false);
  });
});

describe('crosses', () => {
  const box = { left: 10, right: 20, top: 10, bottom: 20 };
  it('tells a segment through a box from one beside it', () => {
    expect(crosses(box, [0, 0, 30, 30])).toBe(true);
    expect(crosses(box, [15, 0, 15, 5])).toBe(false);
    expect(crosses(box, [0, 15, 12, 15])).toBe(true);
    expect(crosses(box, [0, 0, 30, 5])).toBe(false);
  });
});

describe('nowLabelBox (issue 36: "λ held" under "now")', () => {
  const plot = { left: 60, top: 40, right: 600, bottom: 400 };
  it('sits at the right end above the now line when that is free', () => {
    const b = nowLabelBox(200, 100, 16, plot, []);
    expect(b.right).toBeCloseTo(600, 0);
    expect(b.bottom).toBeLessThanOrEqual(200);
  });
  it('moves off a label of the diagram at that place: under the line, else to its left end', () => {
    const held = { left: 480, top: 170, right: 590, bottom: 195 };
    const under = nowLabelBox(200, 100, 16, plot, [held]);
    expect(overlaps(under, held)).toBe(false);
    expect(under.top).toBeGreaterThanOrEqual(200);
    const below = { left: 480, top: 205, right: 590, bottom: 230 };
    const left = nowLabelBox(200, 100, 16, plot, [held, below]);
    expect(overlaps(left, held) || overlaps(left, below)).toBe(false);
    expect(left.left).toBeCloseTo(62, 0);
  });
  it('stays inside the plot at its top and bottom', () => {
    for (const y of [42, 398]) {
      const b = nowLabelBox(y, 100, 16, plot, []);
      expect(b.top).toBeGreaterThanOrEqual(plot.top);
      expect(b.bottom).toBeLessThanOrEqual(plot.bottom);
    }
  });
});
