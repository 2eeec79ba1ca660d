import { describe, expect, it } from 'vitest';
import { countText, labelBox, overlaps, settleLabels } from './overlayLabels';
import type { LabelPrim } from './drawPrimitives';

const label = (x: number, y: number, text: string, bold = true): LabelPrim => ({
  x,
  y,
  text,
  color: '#000',
  alpha: 1,
  size: 13,
  align: 'center',
  bold,
});

const glyphBox = (g: { x: number; y: number; r: number }) => ({ left: g.x - g.r, right: g.x + g.r, top: g.y - g.r, bottom: g.y + g.r });
const shown = (ls: LabelPrim[]) => ls.filter((l) => l.alpha > 0);

describe('settling the animation’s labels (issue 36)', () => {
  it('leaves a label that covers nothing where it is', () => {
    const labels = [label(200, 100, 'contention (bg) ×3')];
    expect(settleLabels(labels, [{ x: 200, y: 140, r: 21 }], [], 600, 400)).toBe(0);
    expect(labels[0]).toMatchObject({ x: 200, y: 100, alpha: 1 });
  });

  it('moves a label off a node glyph and a node name to the nearest free line', () => {
    const node = { x: 200, y: 100, r: 21 };
    const name = { left: 180, right: 220, top: 60, bottom: 76 };
    const labels = [label(200, 95, 'contention (bg) ×12')];
    settleLabels(labels, [node], [name], 600, 400);
    const b = labelBox(labels[0]);
    expect(overlaps(b, glyphBox(node))).toBe(false);
    expect(overlaps(b, name)).toBe(false);
    expect(labels[0].alpha).toBe(1);
    expect(Math.abs(labels[0].y - 95)).toBeLessThanOrEqual(6 * 15);
  });

  it('hides what finds no free place, rates before drops, and says how many are hidden', () => {
    // A row of nodes packed so tight that no line near them is free: one drop label fits above.
    const nodes = Array.from({ length: 12 }, (_, i) => ({ x: 30 + i * 40, y: 60, r: 21 }));
    const labels = [label(250, 30, '1.3k pkt/s', false), label(250, 30, 'contention (bg) ×40'), label(250, 30, 'contention (bg) ×7')];
    const hidden = settleLabels(labels, nodes, [], 500, 110);
    expect(hidden).toBeGreaterThan(0);
    // The drop labels went first: the rate is the one hidden when only some fit.
    expect(labels[1].alpha).toBe(1);
    expect(labels[0].alpha).toBe(0);
    const hint = labels.find((l) => l.text.includes('hidden'));
    if (hint) expect(hint.text).toBe(`${hidden} ${hidden === 1 ? 'label' : 'labels'} hidden: see Event log`);
    const boxes = shown(labels).map(labelBox);
    for (let i = 0; i < boxes.length; i++) {
      for (const n of nodes) expect(overlaps(boxes[i], glyphBox(n))).toBe(false);
      for (let j = 0; j < i; j++) expect(overlaps(boxes[i], boxes[j])).toBe(false);
    }
  });

  it('keeps a stack of drops at one node apart, inside the drawing, the same way every time', () => {
    const make = () => Array.from({ length: 6 }, (_, i) => label(100, 20 - i * 15, `contention (bg) ×${i + 1}`));
    const a = make();
    const b = make();
    settleLabels(a, [{ x: 100, y: 40, r: 17 }], [], 400, 300);
    settleLabels(b, [{ x: 100, y: 40, r: 17 }], [], 400, 300);
    expect(a).toEqual(b);
    const boxes = shown(a).map(labelBox);
    for (const box of boxes) expect(box.top >= 0 && box.left >= 0 && box.right <= 400 && box.bottom <= 300).toBe(true);
    for (let i = 0; i < boxes.length; i++) for (let j = 0; j < i; j++) expect(overlaps(boxes[i], boxes[j])).toBe(false);
  });

  it('ignores places it cannot read (a spoke end not laid out yet)', () => {
    const labels = [label(100, 100, 'RTO')];
    expect(() => settleLabels(labels, [{ x: NaN, y: NaN, r: 0 }], [], 300, 200)).not.toThrow();
    expect(labels[0].alpha).toBe(1);
  });
});

describe('a drop label with no room for its words', () => {
  it('keeps its count ("×40") where that fits, and the larger count is placed first', () => {
    // Two nodes 90 px apart: room between them for "×40", not for "contention (bg) ×40".
    const nodes = [
      { x: 50, y: 40, r: 21 },
      { x: 140, y: 40, r: 21 },
    ];
    const labels = [label(95, 45, 'contention (bg) ×3'), label(95, 45, 'contention (bg) ×40')];
    settleLabels(labels, nodes, [], 190, 80);
    expect(labels[1]).toMatchObject({ text: '×40', alpha: 1 });
    expect(countText('contention (bg)')).toBeNull();
    expect(countText('×7')).toBeNull();
    expect(countText('random loss (data) ×12')).toBe('×12');
  });
});

describe('presenter\'s packet rate by a short access link (issue 36: "1.3k pkt/s" over E1)', () => {
  it('moves off the edge node and the host, or is hidden, never drawn over them', () => {
    // Server at 150, E1 at 250 on one line, presenter's 24 px text: the rate's place (the
    // link's middle, just under it) is wider than the link and covers both glyphs.
    const server = { x: 150, y: 480, r: 18 * 1.5 };
    const e1 = { x: 250, y: 480, r: 17 * 1.5 };
    const names = [
      { left: 110, right: 190, top: 510, bottom: 540 },
      { left: 230, right: 272, top: 510, bottom: 540 },
    ];
    const rate: LabelPrim = { ...label(200, 500, '1.3k pkt/s', false), size: 24 };
    settleLabels([rate], [server, e1], names, 690, 490 + 200);
    if (rate.alpha > 0) {
      const b = labelBox(rate);
      expect(overlaps(b, glyphBox(e1))).toBe(false);
      expect(overlaps(b, glyphBox(server))).toBe(false);
      for (const n of names) expect(overlaps(b, n)).toBe(false);
    }
    // Before the settle pass, it covered E1.
    expect(overlaps(labelBox({ ...rate, x: 200, y: 500 }), glyphBox(e1))).toBe(true);
  });
});
