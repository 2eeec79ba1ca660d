import { describe, expect, it } from 'vitest';
import { elementPath, genericPath, splitElementPath } from './path-grammar';

describe('the path grammar', () => {
  it("splits an element's path into list, index and field", () => {
    expect(splitElementPath('links[3].loss')).toEqual({ list: 'links', index: 3, field: 'loss' });
    expect(splitElementPath('nodes[1].dropNext.data')).toEqual({ list: 'nodes', index: 1, field: 'dropNext.data' });
    expect(splitElementPath('flows[0]')).toEqual({ list: 'flows', index: 0, field: '' });
  });

  it("splits the field table's generic paths, with no index", () => {
    expect(splitElementPath('links[].burstLoss.ack')).toEqual({ list: 'links', index: null, field: 'burstLoss.ack' });
  });

  it('takes no other shape, and no index longer than the engine reads', () => {
    expect(splitElementPath('obs.assembly.maxTime')).toBeNull();
    expect(splitElementPath('links[f1].loss')).toBeNull();
    expect(splitElementPath('links[3]loss')).toBeNull();
    expect(splitElementPath('links[999999].loss')).toEqual({ list: 'links', index: 999999, field: 'loss' });
    expect(splitElementPath('links[1000000].loss')).toBeNull();
  });

  it('writes back what it splits', () => {
    for (const path of ['links[3].loss', 'links[].burstLoss.ack', 'flows[0]']) {
      const { list, index, field } = splitElementPath(path)!;
      expect(elementPath(list, index, field)).toBe(path);
    }
    expect(genericPath('traffic.matrix[2][5]')).toBe('traffic.matrix[][]');
  });
});
