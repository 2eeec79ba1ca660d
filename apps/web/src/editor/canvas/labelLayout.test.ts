import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { canvasLabels } from './canvasLabels';
import { fitAround } from './fitAround';
import {
  bandOf,
  bandOverlap,
  GLYPH_HALF,
  shortName,
  layoutBoxes,
  layoutLabels,
  overlaps,
  type Box,
  type LabelLayout,
  type LayoutLink,
  type LayoutNode,
} from './labelLayout';
import { estimateWidth } from './textMeasure';
import { apply } from '../fit';
import { fanGeometry } from '../../topology/accessFan';

function distanceToSegment([x, y]: [number, number], [x1, y1]: readonly [number, number], [x2, y2]: readonly [number, number]): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - x1 - t * dx, y - y1 - t * dy);
}

const inside = (b: Box, width: number, height: number) => b.left >= 0 && b.top >= 0 && b.right <= width && b.bottom <= height;

function expectApart(layout: LabelLayout): void {
  const boxes = layoutBoxes(layout);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j]), `labels ${i} and ${j}`).toBe(false);
}

function link(id: string, a: [number, number], b: [number, number], patch: Partial<LayoutLink> = {}): LayoutLink {
  return { id, a, b, band: 14, inset: [20, 20], capacity: '1 Gbit/s', delay: '1 ms', selected: false, ...patch };
}

/** A node whose name stands centred below it (the canvas's usual place for it). */
function named(id: string, kind: LayoutNode['kind'], x: number, y: number): LayoutNode {
  return { id, kind, x, y, prefer: { dx: 0, dy: 40, anchor: 'middle' } };
}

/** A drawing of this size, measured as the canvas measures, labelling links of 150 px and more. */
const drawing = (width: number, height: number) => ({ width, height, measure: estimateWidth, minLinkLength: 150 });

describe('label layout', () => {
  it("puts a lone link's labels either side of its band, clear of it and of the nodes", () => {
    const layout = layoutLabels({
      ...drawing(600, 300),
      nodes: [named('A', 'edge', 100, 150), named('B', 'core', 500, 150)],
      links: [link('f1', [100, 150], [500, 150], { band: 30, capacity: '2 λ × 1.25 Gbit/s', delay: '300 µs' })],
    });
    const { capacity, delay } = layout.links.get('f1')!;
    expect(capacity && delay).toBeTruthy();
    expect(capacity!.box.bottom).toBeLessThan(150 - 30);
    expect(delay!.box.top).toBeGreaterThan(150 + 30);
    expect(capacity!.x).toBe(300);
    expect(layout.nodes.get('A')!.box.top).toBeGreaterThan(150); // under its node
    expectApart(layout);
  });

  it('never lets two links\' labels collide where links meet ("2 λ x 1.25 Gbi300 µs")', () => {
    // Six links fanning into one node, as paper 001's access links.
    const hub: [number, number] = [400, 200];
    const links = [0, 1, 2, 3, 4, 5].map((i) => link(`l${i}`, [150, 40 + i * 64], hub));
    const layout = layoutLabels({
      ...drawing(800, 420),
      nodes: [
        { id: 'E1', kind: 'edge', x: hub[0], y: hub[1], prefer: { dx: 28, dy: 5, anchor: 'start' } },
        ...links.map((l, i) => ({
          id: `S${i}`,
          kind: 'host' as const,
          x: l.a[0],
          y: l.a[1],
          prefer: { dx: -28, dy: 5, anchor: 'end' as const },
        })),
      ],
      links,
    });
    expectApart(layout);
    const bands = links.map(bandOf);
    for (const l of layout.links.values()) {
      for (const p of [l.capacity, l.delay]) if (p) for (const band of bands) expect(bandOverlap(band, p.box)).toBe(0);
    }
    // Some are left out: there is no room for twelve labels between six converging links.
    const shown = [...layout.links.values()].filter((l) => l.capacity).length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(6);
  });

  it('keeps labels inside the drawing: a link along the top edge has its capacity under it, not cut', () => {
    const layout = layoutLabels({
      ...drawing(600, 200),
      nodes: [named('A', 'host', 60, 20), named('B', 'host', 540, 20)],
      links: [link('l1', [60, 20], [540, 20])],
    });
    const { capacity, delay } = layout.links.get('l1')!;
    expect(capacity).not.toBeNull();
    for (const p of [capacity, delay]) if (p) expect(inside(p.box, 600, 200)).toBe(true);
    for (const p of layout.nodes.values()) expect(inside(p.box, 600, 200)).toBe(true);
    expectApart(layout);
  });

  it("keeps out of the legend's corner", () => {
    const keepOut = [{ left: 400, top: 0, right: 600, bottom: 160 }];
    const layout = layoutLabels({
      ...drawing(600, 300),
      keepOut,
      nodes: [named('A', 'host', 100, 120), named('B', 'host', 560, 200)],
      links: [link('l1', [100, 120], [560, 200])],
    });
    for (const b of layoutBoxes(layout)) expect(overlaps(b, keepOut[0])).toBe(false);
  });

  it("shows a short link's labels only when it is selected, and places the selected link first", () => {
    const base = {
      ...drawing(400, 200),
      nodes: [named('A', 'edge', 100, 100), named('B', 'edge', 220, 100)],
    };
    expect(layoutLabels({ ...base, links: [link('f1', [100, 100], [220, 100])] }).links.get('f1')).toEqual({ capacity: null, delay: null });
    const selected = layoutLabels({ ...base, links: [link('f1', [100, 100], [220, 100], { selected: true })] }).links.get('f1')!;
    expect(selected.capacity?.text).toBe('1 Gbit/s');
  });
});

describe('every preset, fitted as at 1280x720 and 1920x1080', () => {
  // The network view's size at those screens, with and without the side panel.
  const views = [
    { width: 930, height: 250 },
    { width: 600, height: 250 },
    { width: 1430, height: 410 },
    { width: 1100, height: 410 },
  ];
  const legend = { width: 190, height: 160 };
  // Presenter mode's network view at those screens, its glyphs x1.5 (glyphScale.ts).
  const presenterViews = [
    { width: 690, height: 520 },
    { width: 1050, height: 800 },
  ];
  // The backbones (28 to 50 nodes) are left out: at these sizes some node names of theirs
  // touch whatever the layout, and docs/presets.md shows them with "Larger network" or in
  // Presenter mode, judged by screenshot there.
  for (const preset of PRESETS.filter((p) => p.scenario.nodes.length <= 20))
    for (const [scale, sized] of [
      [1, views],
      [1.5, presenterViews],
    ] as const) {
      it(`${preset.id}, glyphs x${scale}: labels apart, inside the view, off the lanes and the nodes`, () => {
        const scenario = preset.scenario as Scenario;
        for (const v of sized) {
          const transform = fitAround(scenario, v.width, v.height, legend, scale);
          const layout = canvasLabels(scenario, { ...v, transform, reserve: legend, selectedLink: null, scale }, estimateWidth);
          expectApart(layout);
          for (const p of layout.nodes.values())
            expect(inside(p.box, v.width, v.height), `${preset.id} ${p.text} in ${v.width}x${v.height}`).toBe(true);
          const nodeAt = new Map(scenario.nodes.map((n) => [n.id, apply(transform, n.x, n.y)]));
          const segments = scenario.links.map((k) => ({ id: k.id, a: nodeAt.get(k.a)!, b: nodeAt.get(k.b)! }));
          for (const [id, l] of layout.links) {
            for (const p of [l.capacity, l.delay]) {
              if (!p) continue;
              expect(inside(p.box, v.width, v.height), `${preset.id} ${id} ${p.text}`).toBe(true);
              // Read as its own link's: no other link is nearer.
              const c: [number, number] = [(p.box.left + p.box.right) / 2, p.y];
              const own = segments.find((g) => g.id === id)!;
              for (const g of segments)
                if (g.id !== id)
                  expect(distanceToSegment(c, g.a, g.b), `${preset.id} ${id} ${p.text} nearer ${g.id}`).toBeGreaterThan(
                    distanceToSegment(c, own.a, own.b),
                  );
            }
          }
        }
      });
    }
});

describe('fan labels', () => {
  // Far enough from the left edge for the label beside the fan (at 200 it would cross it).
  const hub: [number, number] = [300, 150];
  const nodes = [named('E1', 'edge', hub[0], hub[1]), named('C1', 'core', 500, 150)];
  const links = [link('f1', hub, [500, 150])];

  it('places a fan’s label at its anchor past the hosts, and keeps link labels off its spokes', () => {
    const fan = fanGeometry({ flowId: 'tcp', side: 'src', count: 320, rate: 1e8, hub, hubRadius: 17, neighbours: [[500, 150]] });
    const layout = layoutLabels({ ...drawing(600, 300), nodes, links, fans: [fan] });
    const placed = layout.fans!.get('tcp:src')!;
    expect(placed.text).toBe('×320, 100 Mbit/s each');
    expect(placed).toMatchObject({ x: fan.label.x, y: fan.label.y, anchor: 'end' });
    expect(layoutBoxes(layout)).toContainEqual(placed.box);
    const bands = fan.spokes.map((sp) => bandOf(link('s', [sp.x1, sp.y1], [sp.x2, sp.y2], { band: 6, inset: [0, 0] })));
    for (const b of layoutBoxes(layout)) for (const band of bands) expect(bandOverlap(band, b)).toBe(0);
    expectApart(layout);
  });

  it('puts a label too wide for the room beside its fan over or under the fan, inside the view', () => {
    const near: [number, number] = [120, 150];
    const fan = fanGeometry({ flowId: 'tcp', side: 'src', count: 80, rate: 1e8, hub: near, hubRadius: 17, neighbours: [[500, 150]] });
    const layout = layoutLabels({
      ...drawing(600, 300),
      nodes: [named('E1', 'edge', ...near), nodes[1]],
      links: [link('f1', near, [500, 150])],
      fans: [fan],
    });
    const placed = layout.fans!.get('tcp:src')!;
    expect(placed.anchor).toBe('middle');
    expect(placed.box.left).toBeGreaterThanOrEqual(0);
    expect(placed.box.bottom <= near[1] - 10 || placed.box.top >= near[1] + 10).toBe(true);
    expectApart(layout);
  });

  it('shortens a fan’s label to its count where the sentence finds no free place', () => {
    // Two fans facing each other across a short fiber in a view too narrow for either sentence.
    const a: [number, number] = [150, 150];
    const b: [number, number] = [250, 150];
    const left = fanGeometry({ flowId: 'x', side: 'src', count: 80, rate: 1e8, hub: a, hubRadius: 17, neighbours: [b] });
    const right = fanGeometry({ flowId: 'x', side: 'dst', count: 80, rate: 1e8, hub: b, hubRadius: 17, neighbours: [a] });
    const layout = layoutLabels({
      ...drawing(400, 160),
      nodes: [named('E1', 'edge', ...a), named('E2', 'edge', ...b)],
      links: [link('f1', a, b)],
      fans: [left, right],
    });
    const texts = [...layout.fans!.values()].map((l) => l.text);
    expect(texts).toContain('×80');
    expectApart(layout);
  });

  it('moves a fan’s label off a node name in its way', () => {
    const fan = fanGeometry({ flowId: 'tcp', side: 'src', count: 320, rate: 1e8, hub, hubRadius: 17, neighbours: [[500, 150]] });
    // A host right where the label would go: its name takes that place first.
    const crowded = [...nodes, named('Server', 'host', fan.label.x - 40, fan.label.y - 30)];
    const layout = layoutLabels({
      ...drawing(600, 300),
      nodes: crowded,
      links,
      fans: [fan],
    });
    const placed = layout.fans!.get('tcp:src')!;
    expect(overlaps(placed.box, layout.nodes.get('Server')!.box)).toBe(false);
    expect([placed.x, placed.y]).not.toEqual([fan.label.x, fan.label.y]);
    expectApart(layout);
  });
});

describe('node names where space runs out (issue 36: the backbones on a projector)', () => {
  const glyph = (n: { kind: LayoutNode['kind']; x: number; y: number }, s: number): Box => ({
    left: n.x - 22 * s,
    top: n.y - 22 * s,
    right: n.x + 22 * s,
    bottom: n.y + 22 * s,
  });

  it('never draws a name over another name or another node, whatever the crowding', () => {
    // A tight grid: most names find no free place beside their node.
    const nodes: LayoutNode[] = [];
    for (let i = 0; i < 30; i++)
      nodes.push(named(`Node${i}`, i % 3 === 0 ? 'edge' : 'core', 40 + (i % 6) * 50, 40 + Math.floor(i / 6) * 50));
    const layout = layoutLabels({ ...drawing(330, 290), nodes, links: [] });
    expectApart(layout);
    for (const [id, p] of layout.nodes)
      for (const n of nodes) if (n.id !== id) expect(overlaps(p.box, GLYPH_BOX(n)), `${id} over ${n.id}`).toBe(false);
    // Some are left to hover, and said so.
    expect(layout.hiddenNames!.size).toBeGreaterThan(0);
    for (const n of nodes) expect(layout.nodes.has(n.id) !== layout.hiddenNames!.has(n.id), n.id).toBe(true);
  });

  it('names the hosts and cores before the edge nodes beside them', () => {
    // An edge node and its core side by side, room for one name above or below them.
    const nodes = [named('E-N1', 'edge', 100, 40), named('N1', 'core', 150, 40), named('Server', 'host', 125, 95)];
    const layout = layoutLabels({ ...drawing(250, 125), nodes, links: [] });
    expect(layout.nodes.has('Server')).toBe(true);
    expect(layout.nodes.has('N1')).toBe(true);
    expectApart(layout);
  });

  it('moves a name further out with a leader line when the places beside its node are taken', () => {
    // A node hemmed in by eight neighbours close round it: beside it is all glyphs.
    const nodes = [named('A', 'core', 200, 200)];
    for (const [dx, dy] of [
      [-1, -1],
      [0, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [0, 1],
      [1, 1],
    ])
      nodes.push(named(`N${nodes.length}`, 'core', 200 + dx * 50, 200 + dy * 50));
    const layout = layoutLabels({ ...drawing(400, 400), nodes, links: [] });
    const a = layout.nodes.get('A');
    expect(a).toBeDefined();
    expect(a!.leader).toBeDefined();
    expectApart(layout);
  });

  it('shortens a long name (the full one on hover) before leaving it out', () => {
    expect(shortName('Frankfurt')).toBe('Frank…');
    expect(shortName('E-N11')).toBe('E-N11');
    // Room for six letters between two nodes, not for nine (nor above or below them).
    const nodes = [named('Frankfurt', 'router', 100, 35), named('X', 'router', 20, 35), named('Y', 'router', 215, 35)];
    const layout = layoutLabels({ ...drawing(240, 70), nodes, links: [] });
    expect(layout.nodes.get('Frankfurt')?.text).toBe('Frank…');
    expectApart(layout);
  });

  it('is the same every time', () => {
    const scenario = PRESETS.find((p) => p.id === 'usnet')!.scenario as Scenario;
    const v = { width: 690, height: 490 };
    const transform = fitAround(scenario, v.width, v.height, undefined, 1.5);
    const lay = () => canvasLabels(scenario, { ...v, transform, selectedLink: null, scale: 1.5, textScale: 1.5 }, estimateWidth);
    const once = lay();
    const again = lay();
    expect([...again.nodes.entries()]).toEqual([...once.nodes.entries()]);
    expect([...again.hiddenNames!]).toEqual([...once.hiddenNames!]);
  });

  // The backbones in the network view at 1280x720 and 1920x1080, normal and presenter
  // (presenter's 24 and 36 px text on glyphs x1.5).
  for (const id of ['usnet', 'nsfnet', 'nsfnet-continuity']) {
    it(`${id}: no name over another name or a node, at the projector sizes`, () => {
      const scenario = PRESETS.find((p) => p.id === id)!.scenario as Scenario;
      for (const v of [
        { width: 1190, height: 290, scale: 1, text: 1 },
        { width: 1430, height: 410, scale: 1, text: 1 },
        { width: 690, height: 490, scale: 1.5, text: 1.5 },
        { width: 1050, height: 780, scale: 1.5, text: 2.25 },
      ]) {
        const transform = fitAround(scenario, v.width, v.height, undefined, v.scale);
        const layout = canvasLabels(scenario, { ...v, transform, selectedLink: null, scale: v.scale, textScale: v.text }, estimateWidth);
        expectApart(layout);
        const glyphs = scenario.nodes.map((n) => {
          const [x, y] = apply(transform, n.x, n.y);
          return { id: n.id, box: glyph({ kind: n.kind, x, y }, v.scale) };
        });
        for (const [name, p] of layout.nodes) {
          expect(inside(p.box, v.width, v.height), `${id} ${name} inside ${v.width}x${v.height}`).toBe(true);
          for (const g of glyphs)
            if (g.id !== name) expect(overlaps(p.box, shrink(g.box, v.scale)), `${id} ${v.width}: ${name} over ${g.id}`).toBe(false);
        }
      }
    });
  }
});

/** A glyph's box as the layout keeps names off it (GLYPH_HALF, at rest). */
function GLYPH_BOX(n: LayoutNode): Box {
  const g = GLYPH_HALF[n.kind];
  return { left: n.x - g.w, top: n.y - g.h, right: n.x + g.w, bottom: n.y + g.h };
}

/** The 22 px square of any glyph, cut to the narrowest kind's (an edge's 16 px), so the test holds a name off the glyph itself. */
function shrink(b: Box, s: number): Box {
  const d = 6 * s;
  return { left: b.left + d, top: b.top + d, right: b.right - d, bottom: b.bottom - d };
}

describe('node names off the lanes', () => {
  it('goes where no lane runs before it touches one (bursts are drawn over names)', () => {
    // A fiber leaves the node straight down, where its name would go by default.
    const nodes = [named('A', 'core', 200, 100), named('B', 'core', 200, 300)];
    const links = [link('f', [200, 100], [200, 300], { band: 20 })];
    const layout = layoutLabels({ ...drawing(400, 400), nodes, links, minLinkLength: 1000 });
    const a = layout.nodes.get('A')!;
    expect(bandOverlap(bandOf(links[0]), a.box)).toBeLessThanOrEqual(3);
  });
});
