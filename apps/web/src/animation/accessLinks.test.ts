import { describe, expect, it } from 'vitest';
import { accessEnds, accessLayout, displayLink, fanOfDisplayLink } from './accessLinks';

const links = [{}, {}, {}, {}]; // four scenario links
const flows = [
  { id: 'both', src: 'E1', dst: 'E2', count: 3, access: { src: { delay: 1e-3 }, dst: { delay: 2e-3 } } },
  { id: 'plain', src: 'H1', dst: 'H2', count: 2 },
  { id: 'many', src: 'E1', dst: 'H2', count: 12, access: { src: { delay: 5e-4 } } },
];

describe('accessEnds', () => {
  it('lists the drawn links in the engine’s order: groups in order, copies in order, src before dst', () => {
    const ends = accessEnds({ flows });
    expect(ends.slice(0, 6)).toEqual([
      { group: 0, flowId: 'both', copy: 0, side: 'src' },
      { group: 0, flowId: 'both', copy: 0, side: 'dst' },
      { group: 0, flowId: 'both', copy: 1, side: 'src' },
      { group: 0, flowId: 'both', copy: 1, side: 'dst' },
      { group: 0, flowId: 'both', copy: 2, side: 'src' },
      { group: 0, flowId: 'both', copy: 2, side: 'dst' },
    ]);
    expect(ends).toHaveLength(6 + 12);
    expect(ends[6]).toEqual({ group: 2, flowId: 'many', copy: 0, side: 'src' });
    expect(ends[17]).toEqual({ group: 2, flowId: 'many', copy: 11, side: 'src' });
  });
  it('draws nothing for a scenario without access', () => {
    expect(accessEnds({ flows: [{ id: 'a', src: 'H1', dst: 'H2', count: 5 }] })).toEqual([]);
  });
});

describe('accessLayout', () => {
  const layout = accessLayout({ links, flows });
  it('numbers each fan’s spokes after the scenario’s links, in fan order', () => {
    expect(layout.fans.map((f) => [f.group, f.side, f.firstSpoke, f.spokes, f.delay])).toEqual([
      [0, 'src', 4, 3, 1e-3],
      [0, 'dst', 7, 3, 2e-3],
      [2, 'src', 10, 5, 5e-4],
    ]);
    expect(layout.displayLinks).toBe(15);
  });
  it('maps scenario links to themselves and each copy’s link to spoke copy mod spokes of its fan', () => {
    expect(Array.from(layout.linkMap.slice(0, 4))).toEqual([0, 1, 2, 3]);
    // both: copy 1 src is engine link 4 + 2, its dst 4 + 3.
    expect(layout.linkMap[4 + 2]).toBe(4 + 1);
    expect(layout.linkMap[4 + 3]).toBe(7 + 1);
    // many: copy 7 is engine link 4 + 6 + 7, on spoke 7 mod 5 = 2.
    expect(layout.linkMap[4 + 6 + 7]).toBe(10 + 2);
    expect(layout.linkMap).toHaveLength(4 + 18);
  });
  it('finds the fan of a spoke', () => {
    expect(fanOfDisplayLink(layout, 3)).toBeNull();
    expect(fanOfDisplayLink(layout, 8)?.side).toBe('dst');
    expect(fanOfDisplayLink(layout, 14)?.group).toBe(2);
  });
});

describe('displayLink', () => {
  it('maps an engine link index to its display link, scenario links and unknown indices unchanged', () => {
    const layout = accessLayout({ links, flows });
    expect(displayLink(layout, 2)).toBe(2);
    expect(displayLink(layout, 4 + 6 + 7)).toBe(12);
    expect(displayLink(layout, 999)).toBe(999);
    expect(displayLink(null, 5)).toBe(5);
  });
});
