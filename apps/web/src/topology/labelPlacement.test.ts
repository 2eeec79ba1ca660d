import { describe, expect, it } from 'vitest';
import { linkLabelPoints, nodeLabelPlacement } from './labelPlacement';

describe('node labels', () => {
  it('go under a node by default, beside a host whose links leave sideways', () => {
    expect(nodeLabelPlacement(0, 0, [])).toMatchObject({ dy: 40, anchor: 'middle' });
    expect(nodeLabelPlacement(0, 0, [[100, 10]])).toMatchObject({ anchor: 'end' }); // link to the right: name on the left
    expect(nodeLabelPlacement(0, 0, [[-100, 0]])).toMatchObject({ anchor: 'start' });
    expect(
      nodeLabelPlacement(0, 0, [
        [0, 100],
        [100, 100],
      ]),
    ).toMatchObject({ dy: 40 });
    expect(nodeLabelPlacement(0, 0, [[70, 90]])).toMatchObject({ anchor: 'end' }); // a host in a column fanning into an edge
    // Links both ways sideways: no side is free, under it.
    expect(
      nodeLabelPlacement(0, 0, [
        [-100, 0],
        [100, 0],
      ]),
    ).toMatchObject({ dy: 40 });
  });
});

describe('link labels', () => {
  it('sit either side of the lanes, capacity above, further out for more wavelengths', () => {
    const two = linkLabelPoints(0, 0, 200, 0, 'fiber', 2);
    expect(two.capacity[0]).toBe(100);
    expect(two.capacity[1]).toBeLessThan(-20);
    expect(two.delay[1]).toBe(-two.capacity[1]);
    const seven = linkLabelPoints(0, 0, 200, 0, 'fiber', 7);
    expect(seven.capacity[1]).toBeLessThan(two.capacity[1]);
    // The same whichever way the link is drawn.
    expect(linkLabelPoints(200, 0, 0, 0, 'fiber', 2)).toEqual(two);
    expect(linkLabelPoints(0, 0, 200, 0, 'packet', 0).capacity[1]).toBeGreaterThan(two.capacity[1]);
  });
});

describe('fit padding', async () => {
  const { fitPadding } = await import('./labelPlacement');
  it('keeps room for labels beside the outermost hosts, as wide as their names', () => {
    const nodes = [
      { id: 'Mobile', x: 0, y: 0 },
      { id: 'E1', x: 100, y: 0 },
      { id: 'FixedHost', x: 200, y: 0 },
    ];
    const links = [
      { a: 'Mobile', b: 'E1' },
      { a: 'E1', b: 'FixedHost' },
    ];
    const pad = fitPadding(nodes, links);
    expect(pad.left).toBeGreaterThan(28 + 6 * 9);
    expect(pad.right).toBeGreaterThan(pad.left); // "FixedHost" is longer
    expect(pad.bottom).toBe(50);
  });
});
