/**
 * A core that deflects a burst or cuts it short (docs/mesh.md sections 6, 7) is marked there
 * like a drop: a ring and a label, green and solid for a deflection (the burst goes on),
 * black and broken for a cut, counting up when several happen at one core.
 */
import { describe, expect, it } from 'vitest';
import { EventKind, VisualStore } from '../sim/visualStore';
import { buildDrawList } from './drawList';
import { drawListToSvg } from './svg';
import { labelBox, overlaps } from './overlayLabels';
import { computeGeometry } from './geometry';
import { AnimationModel, linkInfos } from './animationModel';
import { CUT_COLOR, DEFLECT_COLOR, FLASH_SECONDS } from './style';
import { ev, identity, lineScenario, rows } from './testSupport';
import { contentionMarksOf, legendKeys } from './AnimationLegend';

const scenario = lineScenario(); // A (edge) -f- B (core) -p- H
const geom = computeGeometry(scenario, identity, 1);

function marks(events: Parameters<typeof rows>[0], now: number, wall: number) {
  const store = new VisualStore();
  store.append(rows(events));
  const model = new AnimationModel(linkInfos(scenario));
  model.ingest(store, now, wall);
  model.advance(now, wall);
  return buildDrawList(model, geom, { now, wall, flowStripes: false });
}

describe('deflection and cut marks at the core', () => {
  it('a deflection: a solid green ring and label at the core, several counted', () => {
    const list = marks(
      [
        ev({ kind: EventKind.BurstDeflected, t0: 0.001, node: 1, link: 0, dir: 1, lane: 1, id: 3, cls: 2, reason: 1 }),
        ev({ kind: EventKind.BurstDeflected, t0: 0.0011, node: 1, link: 0, dir: 1, lane: 1, id: 4, cls: 2, reason: 1 }),
      ],
      0.002,
      10,
    );
    expect(list.labels.map((l) => [l.text, l.color])).toEqual([['deflected (bg) ×2', DEFLECT_COLOR]]);
    expect(list.rings).toHaveLength(1);
    expect(list.rings[0]).toMatchObject({ x: 1000, y: 0, color: DEFLECT_COLOR });
    expect(list.rings[0].dash).toBeUndefined();
  });

  it('a cut: a broken black ring and its label, stacked with a deflection at the same core', () => {
    const list = marks(
      [
        ev({ kind: EventKind.BurstSegmented, t0: 0.001, node: 1, link: 0, dir: 1, id: 5, cls: 0, bytes: 1656, segments: 3 }),
        ev({ kind: EventKind.BurstDeflected, t0: 0.001, node: 1, link: 0, dir: 1, lane: 1, id: 6, cls: 0, reason: 1 }),
      ],
      0.002,
      10,
    );
    const cut = list.labels.find((l) => l.text === 'cut short (data)')!;
    const deflected = list.labels.find((l) => l.text === 'deflected (data)')!;
    expect(cut.color).toBe(CUT_COLOR);
    expect(Math.abs(cut.y - deflected.y)).toBeGreaterThanOrEqual(cut.size); // not on top of each other
    const ring = list.rings.find((r) => r.color === CUT_COLOR)!;
    expect(ring.dash?.length).toBe(2);
    // The SVG export keeps the dash.
    expect(drawListToSvg(list)).toContain('stroke-dasharray');
  });

  it('at a core by the drawing’s top, marks stacked go down, not on top of each other', () => {
    const store = new VisualStore();
    store.append(
      rows([
        ev({ kind: EventKind.BurstSegmented, t0: 0.001, node: 1, id: 5, cls: 0, segments: 3 }),
        ev({ kind: EventKind.BurstDeflected, t0: 0.001, node: 1, lane: 1, id: 6, cls: 2, reason: 1 }),
        ev({ kind: EventKind.BurstDropped, t0: 0.001, node: 1, link: 0, dir: 0, id: 7, cls: 2, reason: 1 }),
      ]),
    );
    const model = new AnimationModel(linkInfos(scenario));
    model.ingest(store, 0.002, 10);
    model.advance(0.002, 10);
    // B is at y = 0, the drawing's top edge.
    const labels = buildDrawList(model, geom, { now: 0.002, wall: 10, flowStripes: false, width: 1200, height: 400 }).labels;
    expect(labels).toHaveLength(3);
    const boxes = labels.map(labelBox);
    for (const b of boxes) expect(b.top).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < boxes.length; i++) for (let j = 0; j < i; j++) expect(overlaps(boxes[i], boxes[j])).toBe(false);
  });

  it('fades like a drop, in wall time', () => {
    const list = marks([ev({ kind: EventKind.BurstSegmented, t0: 0.001, node: 1, link: 0, dir: 1, id: 5, cls: 2, bytes: 900 })], 0.002, 0);
    expect(list.labels).toHaveLength(1);
    const store = new VisualStore();
    store.append(rows([ev({ kind: EventKind.BurstSegmented, t0: 0.001, node: 1, id: 5, cls: 2 })]));
    const model = new AnimationModel(linkInfos(scenario));
    model.ingest(store, 0.002, 0);
    model.advance(0.002, FLASH_SECONDS + 0.01);
    expect(buildDrawList(model, geom, { now: 0.002, wall: FLASH_SECONDS + 0.01, flowStripes: false }).labels).toHaveLength(0);
  });
});

describe('the legend lists the contention marks only where a core makes them', () => {
  it('none on a network without deflection or segmentation, each with its field', () => {
    const plain = legendKeys(contentionMarksOf(scenario.nodes));
    expect(plain).not.toContain('deflect');
    expect(plain).not.toContain('cut');
    const nodes = [
      { kind: 'core', deflection: true },
      { kind: 'edge', segmentation: true }, // not a core: the engine ignores it
    ];
    expect(contentionMarksOf(nodes)).toEqual({ deflection: true, segmentation: false });
    expect(legendKeys({ deflection: true, segmentation: true }).slice(-3)).toEqual(['drop', 'deflect', 'cut']);
  });
});
