import { describe, expect, it } from 'vitest';
import { freeSpot, SPOT_PITCH } from './freeSpot';

describe('a free spot for a node placed from the keyboard', () => {
  it('the origin for the first; then next to the network, never on a node', () => {
    expect(freeSpot([])).toEqual({ x: 0, y: 0 });
    const one = [{ x: 0, y: 0 }];
    const spot = freeSpot(one);
    // To the right, in the same row: a line is built left to right.
    expect(spot).toEqual({ x: SPOT_PITCH, y: 0 });
    const nodes = [...one, spot];
    // Five nodes in a row: a line, left to right.
    const line = [{ x: 0, y: 0 }];
    for (let k = 0; k < 4; k++) line.push(freeSpot(line));
    expect(line.map((n) => n.y)).toEqual([0, 0, 0, 0, 0]);
    expect(line.map((n) => n.x)).toEqual([0, 1, 2, 3, 4].map((k) => k * SPOT_PITCH));
    // Crowded: never on a node.
    nodes.push({ x: 2 * SPOT_PITCH, y: 0 });
    for (let k = 0; k < 20; k++) {
      const next = freeSpot(nodes);
      for (const n of nodes) expect(Math.hypot(n.x - next.x, n.y - next.y)).toBeGreaterThanOrEqual(90);
      nodes.push(next);
    }
  });
});
