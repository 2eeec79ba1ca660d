import { describe, expect, it } from 'vitest';
import { COST239, NSFNET, USNET, type Backbone } from './topologies';

const check = (b: Backbone, nodes: number, links: number) => {
  expect(b.cities).toHaveLength(nodes);
  expect(b.links).toHaveLength(links);
  const ids = new Set(b.cities.map((c) => c.id));
  expect(ids.size).toBe(nodes);
  const pairs = new Set<string>();
  for (const l of b.links) {
    expect(ids.has(l.a) && ids.has(l.b) && l.a !== l.b).toBe(true);
    expect(l.km).toBeGreaterThan(0);
    pairs.add([l.a, l.b].sort().join());
  }
  expect(pairs.size).toBe(links);
  for (const c of b.cities) {
    expect(c.x).toBeGreaterThanOrEqual(60);
    expect(c.x).toBeLessThanOrEqual(1100);
    expect(c.y).toBeGreaterThanOrEqual(60);
    expect(c.y).toBeLessThanOrEqual(650);
  }
  // Connected: a search from the first city reaches all.
  const seen = new Set([b.cities[0].id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const l of b.links) {
      if (seen.has(l.a) !== seen.has(l.b)) {
        seen.add(l.a).add(l.b);
        grew = true;
      }
    }
  }
  expect(seen.size).toBe(nodes);
};

describe('backbones', () => {
  it('NSFNET: 14 nodes, 21 links, every node of degree 2 to 4', () => {
    check(NSFNET, 14, 21);
    for (const c of NSFNET.cities) {
      const degree = NSFNET.links.filter((l) => l.a === c.id || l.b === c.id).length;
      expect(degree).toBeGreaterThanOrEqual(2);
      expect(degree).toBeLessThanOrEqual(4);
    }
  });

  it('COST239: 11 nodes, 26 links, every node of degree 4 to 6', () => {
    check(COST239, 11, 26);
    for (const c of COST239.cities) {
      const degree = COST239.links.filter((l) => l.a === c.id || l.b === c.id).length;
      expect(degree).toBeGreaterThanOrEqual(4);
      expect(degree).toBeLessThanOrEqual(6);
    }
  });

  it('USNET: 24 nodes, 43 links, every node of degree 2 to 5, mean 43 x 2 / 24', () => {
    check(USNET, 24, 43);
    const degrees = USNET.cities.map((c) => USNET.links.filter((l) => l.a === c.id || l.b === c.id).length);
    expect(Math.min(...degrees)).toBe(2);
    expect(Math.max(...degrees)).toBe(5);
    expect(degrees.reduce((a, b) => a + b, 0)).toBe(86);
    // The lengths the open simulators' copies carry (backbones.ts): the shortest, the longest and the sum.
    const km = (a: string, b: string) => USNET.links.find((l) => l.a === a && l.b === b)!.km;
    expect([km('N3', 'N4'), km('N21', 'N22'), km('N11', 'N19'), km('N6', 'N11')]).toEqual([250, 300, 2600, 1900]);
    expect(Math.min(...USNET.links.map((l) => l.km))).toBe(250);
    expect(Math.max(...USNET.links.map((l) => l.km))).toBe(2600);
    expect(USNET.links.reduce((sum, l) => sum + l.km, 0)).toBe(42800);
  });
});
