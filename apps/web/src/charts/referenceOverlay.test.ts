import { describe, expect, it } from 'vitest';
import { chartReferences, fitsWithData, layoutLabels, paintReferences, placeLabels, REFERENCE_STYLE } from './referenceOverlay';
import { SvgRecorder } from './svgRecorder';
import type { TheoryLine } from '../theory/referenceLines';

/** The theory's lines for this subject (no measure, no notes), in a chart counting Mbit/s. */
const referencesIn = (subject: string, ...lines: TheoryLine[]) => chartReferences({ subject, measure: null, notes: [], lines }, 1e-6);

describe('reference lines on a chart', () => {
  it('take the chart units and a look per kind', () => {
    const refs = referencesIn(
      'tcp1',
      { kind: 'capacity', value: 1e9, name: 'capacity 1 Gbit/s', label: 'capacity 1 Gbit/s', detail: 'link a' },
      { kind: 'mathis', value: 5.37e7, name: 'Mathis 53.7 Mbit/s', label: 'Mathis 53.7 Mbit/s (p ...)', detail: 'from p' },
    );
    expect(refs.map((r) => [r.key, r.name])).toEqual([
      ['capacity', 'capacity 1 Gbit/s'],
      ['mathis', 'Mathis 53.7 Mbit/s'],
    ]);
    expect(refs.map((r) => r.short)).toEqual(['capacity 1000', 'Mathis 53.7']);
    expect(refs[0].value).toBeCloseTo(1000, 9);
    expect(refs[1].value).toBeCloseTo(53.7, 9);
    expect(refs[1].dash).toEqual(REFERENCE_STYLE.mathis.dash);
    expect(new Set(Object.values(REFERENCE_STYLE).map((s) => s.dash.join(','))).size).toBe(3);
  });

  it('stretch the axis only near the data', () => {
    expect(fitsWithData(53, 40)).toBe(true);
    expect(fitsWithData(1000, 40)).toBe(false);
    expect(fitsWithData(10, 0)).toBe(false);
    expect(fitsWithData(NaN, 40)).toBe(false);
  });

  it('are painted as dashed strokes only where on the axis (the SVG export too)', () => {
    const rec = new SvgRecorder();
    const refs = referencesIn(
      'x',
      { kind: 'capacity', value: 1e9, name: 'c', label: 'c', detail: '' },
      { kind: 'padhye', value: 4e7, name: 'p', label: 'p', detail: '' },
    );
    paintReferences(rec as unknown as CanvasRenderingContext2D, refs, (v) => 100 - v, 100, 300);
    expect(rec.out).toHaveLength(1);
    expect(rec.out[0]).toContain('M0 60.5L300 60.5');
    expect(rec.out[0]).toContain(`stroke-dasharray="${REFERENCE_STYLE.padhye.dash.join(' ')}"`);
  });
});

describe('label placement', () => {
  // Labels from [py, width] pairs: where each line stands and how wide its text is.
  const rows = (...lines: [number, number][]) => lines.map(([py, width]) => ({ py, width }));

  it('above its line at the right when free', () => {
    expect(placeLabels([{ py: 50, width: 100 }], 300, 80, 20)).toEqual([{ x: 200, top: 30 }]);
  });

  it('a line above the axis: the top row', () => {
    expect(placeLabels([{ py: -Infinity, width: 100 }], 300, 80, 20)).toEqual([{ x: 200, top: 0 }]);
  });

  it('close lines: pushed apart in the order of their lines', () => {
    const [a, b] = placeLabels(rows([45, 100], [40, 100]), 300, 80, 20, 6);
    expect(b).toEqual({ x: 200, top: 20 });
    expect(a).toEqual({ x: 200, top: 40 });
    // Near the bottom: pushed up instead, still in order.
    const low = placeLabels(rows([78, 100], [79, 100]), 300, 80, 20, 6);
    expect(low).toEqual([
      { x: 200, top: 40 },
      { x: 200, top: 60 },
    ]);
  });

  it('a plot too short to stack them: side by side', () => {
    const [a, b] = placeLabels(rows([30, 100], [31, 100]), 300, 30, 20, 6);
    expect(a).toEqual({ x: 200, top: 0 });
    expect(b).toEqual({ x: 94, top: 10 });
  });

  const apart = (boxes: { x: number; top: number }[], widths: number[], h = 20) => {
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (!(a.top + h <= b.top || b.top + h <= a.top || a.x + widths[i] <= b.x || b.x + widths[j] <= a.x)) return false;
      }
    }
    return true;
  };

  it('no two of three labels overlap in the throughput chart at 1280 x 720 (330 x 80 px)', () => {
    const widths = [186, 181, 185];
    const boxes = placeLabels(rows([-Infinity, 186], [37, 181], [46, 185]), 330, 80, 20);
    expect(apart(boxes, widths)).toBe(true);
    // In the order of their lines, each at the right.
    expect(boxes.map((b) => b.top)).toEqual([0, 20, 40]);
  });

  it("nor in a plot too short to stack them (330 x 55 px, paper 004's Reno flow)", () => {
    const widths = [185, 165, 165];
    const boxes = placeLabels(rows([-Infinity, 185], [22, 165], [24, 165]), 330, 55, 20);
    expect(apart(boxes, widths)).toBe(true);
    for (const b of boxes) expect(b.top).toBeLessThanOrEqual(35);
  });

  it('stays inside the plot and gives up gracefully when it is too small', () => {
    const boxes = placeLabels(rows([5, 100], [6, 100], [NaN, 500]), 120, 20, 20);
    for (const b of boxes) {
      expect(b.top).toBe(0);
      expect(b.x).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('label texts', () => {
  const refs = referencesIn(
    'reno',
    { kind: 'capacity', value: 6e7, name: 'capacity 60 Mbit/s', label: '', detail: '' },
    { kind: 'mathis', value: 6.26e5, name: 'Mathis 626 kbit/s', label: '', detail: '' },
    { kind: 'padhye', value: 5.83e5, name: 'Padhye 583 kbit/s', label: '', detail: '' },
  );
  const measure = (t: string) => t.length * 8 + 36;
  const y = (v: number) => 52 * (1 - v);

  it('full names where they fit, an arrow on the line above the axis', () => {
    const labels = layoutLabels(refs, y, 1, 330, 120, 20, measure);
    expect(labels.map((l) => l.text)).toEqual(['↑ capacity 60 Mbit/s', 'Mathis 626 kbit/s', 'Padhye 583 kbit/s']);
  });

  it('the short names, in the axis unit, where the full ones would cover each other', () => {
    const labels = layoutLabels(refs, y, 1, 330, 52, 20, measure);
    expect(labels.map((l) => l.text)).toEqual(['↑ capacity 60', 'Mathis 0.626', 'Padhye 0.583']);
  });
});

describe('reference labels and the live changes flags', () => {
  it('a label keeps clear of a flag in its place, left of it or lower', () => {
    // A label of 100 x 20 that wants the top right corner, where a flag sits.
    const flag = { x: 300, top: 2, width: 100, height: 15 };
    const [box] = placeLabels([{ py: -Infinity, width: 100 }], 400, 200, 20, 6, [flag]);
    const clear = box.x + 100 <= flag.x || box.x >= flag.x + flag.width || box.top >= flag.top + flag.height;
    expect(clear).toBe(true);
  });
});
