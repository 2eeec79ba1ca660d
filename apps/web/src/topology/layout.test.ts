import { describe, expect, it } from 'vitest';
import { layoutTopology, type Topology } from './layout';

const line: Topology = {
  nodes: [
    { id: 'S', kind: 'host', x: 60, y: 200 },
    { id: 'E1', kind: 'edge', x: 220, y: 200 },
    { id: 'D', kind: 'host', x: 740, y: 200 },
  ],
  links: [
    { id: 'l1', a: 'S', b: 'E1', kind: 'packet', rate: 1e8, delay: 1e-5 },
    { id: 'l2', a: 'E1', b: 'D', kind: 'fiber', rate: 1e9, delay: 1e-4, wavelengths: 2 },
    { id: 'bad', a: 'E1', b: 'nowhere', kind: 'packet', rate: 1e8, delay: 1e-5 },
  ],
};

describe('layoutTopology', () => {
  it('fits a row of nodes into the box, centred vertically', () => {
    const { nodes } = layoutTopology(line, { width: 900, height: 150, padding: 40 });
    expect(nodes[0].px).toBeCloseTo(40);
    expect(nodes[2].px).toBeCloseTo(860);
    for (const n of nodes) expect(n.py).toBeCloseTo(75);
    // Proportions are kept: E1 is 160/680 of the way.
    expect((nodes[1].px - 40) / 820).toBeCloseTo(160 / 680);
  });

  it('keeps the aspect ratio: the tighter axis decides the scale', () => {
    const square: Topology = {
      nodes: [
        { id: 'a', kind: 'core', x: 0, y: 0 },
        { id: 'b', kind: 'core', x: 100, y: 100 },
      ],
      links: [],
    };
    const { nodes } = layoutTopology(square, { width: 500, height: 200, padding: 0 });
    expect(nodes[1].px - nodes[0].px).toBeCloseTo(200);
    expect(nodes[1].py - nodes[0].py).toBeCloseTo(200);
    expect(nodes[0].px).toBeCloseTo(150);
  });

  it('places a single node in the middle and skips links to unknown nodes', () => {
    const one = layoutTopology(
      { nodes: [{ id: 'a', kind: 'host', x: 5, y: 5 }], links: [] },
      { width: 100, height: 50, padding: 10 },
    );
    expect(one.nodes[0].px).toBeCloseTo(50);
    expect(one.nodes[0].py).toBeCloseTo(25);
    expect(layoutTopology(line, { width: 900, height: 150, padding: 40 }).links.map((l) => l.id)).toEqual([
      'l1',
      'l2',
    ]);
  });
});
