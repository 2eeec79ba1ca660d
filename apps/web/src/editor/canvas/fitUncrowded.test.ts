import { readFileSync } from 'node:fs';
import { scenarioSchema } from '@obs-tcp-sim/scenario';
import { describe, expect, it } from 'vitest';
import { apply } from '../fit';
import { fitUncrowded } from './fitUncrowded';
import { fitAround } from './fitAround';
import { GLYPH_HALF } from './labelLayout';
import type { Scenario } from '../../scenario/scenarioTypes';

/** Paper 000, the default scenario: what a phone opens on. */
const paper000 = JSON.parse(
  readFileSync(new URL('../../../../../packages/scenario/presets/paper000-lobs.json', import.meta.url), 'utf8'),
) as Scenario;
/** The legend's folded toggle, kept free in the top-right corner (EditorArea). */
const LEGEND_FOLDED = { width: 90, height: 34 };

/** Every pair of glyphs that overlap (with their half extents at `scale`) once drawn with `t`. */
function overlapping(scenario: Scenario, fit: ReturnType<typeof fitUncrowded>): string[] {
  const boxes = scenario.nodes.map((n) => {
    const [x, y] = apply(fit.transform, n.x, n.y);
    const h = GLYPH_HALF[n.kind];
    return { id: n.id, x0: x - h.w * fit.scale, x1: x + h.w * fit.scale, y0: y - h.h * fit.scale, y1: y + h.h * fit.scale };
  });
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) out.push(`${a.id}/${b.id}`);
    }
  return out;
}

describe('fitUncrowded', () => {
  // The canvas box on a phone: the page's width less its padding and the box's border.
  for (const [phone, box] of [
    [360, 342],
    [390, 372],
  ]) {
    it(`draws paper 000 on a ${phone} px phone with no two glyphs touching, and every glyph inside the box`, () => {
      const height = 420;
      const fit = fitUncrowded(paper000, box, height, LEGEND_FOLDED, 1);
      expect(overlapping(paper000, fit)).toEqual([]);
      expect(fit.scale).toBeLessThan(1);
      expect(fit.scale).toBeGreaterThanOrEqual(0.6);
      for (const n of paper000.nodes) {
        const [x, y] = apply(fit.transform, n.x, n.y);
        expect(x, n.id).toBeGreaterThan(0);
        expect(x, n.id).toBeLessThan(box);
        expect(y, n.id).toBeGreaterThan(0);
        expect(y, n.id).toBeLessThan(height);
      }
      // The control: the fit that keeps the glyphs at rest size draws them on each other.
      const rest = { transform: fitAround(paper000, box, height, LEGEND_FOLDED, 1), scale: 1 };
      expect(overlapping(paper000, rest)).not.toEqual([]);
    });
  }

  it('keeps the rest scale where there is room (a 1280x720 projector)', () => {
    const fit = fitUncrowded(paper000, 900, 260, LEGEND_FOLDED, 1);
    expect(fit.scale).toBe(1);
    expect(fit.transform).toEqual(fitAround(paper000, 900, 260, LEGEND_FOLDED, 1));
  });

  it('leaves a network built crowded as it is: the glyphs stay at rest size', () => {
    const crowded = scenarioSchema.parse({
      version: 1,
      nodes: [
        { id: 'A', kind: 'core', x: 0, y: 0 },
        { id: 'B', kind: 'core', x: 10, y: 0 },
        { id: 'C', kind: 'core', x: 800, y: 0 },
      ],
      links: [],
    });
    expect(fitUncrowded(crowded, 342, 400, undefined, 1).scale).toBe(1);
  });
});
