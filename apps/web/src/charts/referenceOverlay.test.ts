import { describe, expect, it } from 'vitest';
import { chartReferences, fitsWithData, paintReferences, placeLabels, REFERENCE_STYLE } from './referenceOverlay';
import { SvgRecorder } from './chartExport';

describe('reference lines on a chart', () => {
  it('take the chart units and a look per kind', () => {
    const refs = chartReferences(
      {
        subject: 'tcp1',
        measure: null,
        notes: [],
        lines: [
          { kind: 'capacity', value: 1e9, name: 'capacity 1 Gbit/s', label: 'capacity 1 Gbit/s', detail: 'link a' },
          { kind: 'mathis', value: 5.37e7, name: 'Mathis 53.7 Mbit/s', label: 'Mathis 53.7 Mbit/s (p ...)', detail: 'from p' },
        ],
      },
      1e-6,
    );
    expect(refs.map((r) => [r.key, r.name])).toEqual([
      ['capacity', 'capacity 1 Gbit/s'],
      ['mathis', 'Mathis 53.7 Mbit/s'],
    ]);
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
    const refs = chartReferences(
      { subject: 'x', measure: null, notes: [], lines: [
        { kind: 'capacity', value: 1e9, name: 'c', label: 'c', detail: '' },
        { kind: 'padhye', value: 4e7, name: 'p', label: 'p', detail: '' },
      ] },
      1e-6,
    );
    paintReferences(rec as unknown as CanvasRenderingContext2D, refs, (v) => 100 - v, 100, 300);
    expect(rec.out).toHaveLength(1);
    expect(rec.out[0]).toContain('M0 60.5L300 60.5');
    expect(rec.out[0]).toContain(`stroke-dasharray="${REFERENCE_STYLE.padhye.dash.join(' ')}"`);
  });
});

describe('label placement', () => {
  it('above its line at the right when free', () => {
    expect(placeLabels([{ py: 50, width: 100 }], 300, 80, 20)).toEqual([{ x: 200, top: 30 }]);
  });

  it('a line above the axis: the top row', () => {
    expect(placeLabels([{ py: -Infinity, width: 100 }], 300, 80, 20)).toEqual([{ x: 200, top: 0 }]);
  });

  it('close lines: pushed apart in the order of their lines', () => {
    const [a, b] = placeLabels([{ py: 45, width: 100 }, { py: 40, width: 100 }], 300, 80, 20, 6);
    expect(b).toEqual({ x: 200, top: 20 });
    expect(a).toEqual({ x: 200, top: 40 });
    // Near the bottom: pushed up instead, still in order.
    const low = placeLabels([{ py: 78, width: 100 }, { py: 79, width: 100 }], 300, 80, 20, 6);
    expect(low).toEqual([{ x: 200, top: 40 }, { x: 200, top: 60 }]);
  });

  it('a plot too short to stack them: side by side', () => {
    const [a, b] = placeLabels([{ py: 30, width: 100 }, { py: 31, width: 100 }], 300, 30, 20, 6);
    expect(a).toEqual({ x: 200, top: 0 });
    expect(b).toEqual({ x: 94, top: 10 });
  });

  it('no two of three labels overlap in a 330 x 80 px plot (the throughput chart at 1280 x 720)', () => {
    const boxes = placeLabels([{ py: -Infinity, width: 160 }, { py: 37, width: 170 }, { py: 46, width: 170 }], 330, 80, 20);
    const w = [160, 170, 170];
    for (let i = 0; i < 3; i++) {
      for (let j = i + 1; j < 3; j++) {
        const apart = boxes[i].top + 20 <= boxes[j].top || boxes[j].top + 20 <= boxes[i].top || boxes[i].x + w[i] <= boxes[j].x || boxes[j].x + w[j] <= boxes[i].x;
        expect(apart, `${i} and ${j}`).toBe(true);
      }
    }
    for (const b of boxes) expect(b.top).toBeGreaterThanOrEqual(0);
  });

  it('stays inside the plot and gives up gracefully when it is too small', () => {
    const boxes = placeLabels([{ py: 5, width: 100 }, { py: 6, width: 100 }, { py: NaN, width: 500 }], 120, 20, 20);
    for (const b of boxes) {
      expect(b.top).toBe(0);
      expect(b.x).toBeGreaterThanOrEqual(0);
    }
  });
});
