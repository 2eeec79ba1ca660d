import { describe, expect, it } from 'vitest';
import { backboneScenario } from '@obs-tcp-sim/scenario/backbones';
import {
  addHopLoads,
  buildNetwork,
  hopKey,
  leastCostRoutes,
  matrixEntries,
  meanLoadPerWavelength,
  networkFromSummary,
  networkFromTraffic,
  summaryDifferences,
  type MeshScenario,
} from './network';

const node = (id: string, kind = 'core') => ({ id, kind });
const fiber = (id: string, a: string, b: string, delay: number, extra: object = {}) => ({ id, a, b, kind: 'fiber', delay, ...extra });

describe('leastCostRoutes: the tie rules of docs/routing.md section 1', () => {
  it('takes the least cost, then the fewest hops', () => {
    const s: MeshScenario = {
      nodes: ['A', 'B', 'C', 'D'].map((id) => node(id)),
      links: [fiber('ab', 'A', 'B', 1), fiber('bd', 'B', 'D', 1), fiber('ad', 'A', 'D', 2), fiber('ac', 'A', 'C', 0.5)],
    };
    // A-B-D and A-D both cost 2: one hop wins.
    expect(leastCostRoutes(s, [['A', 'D']])).toEqual([['A', 'D']]);
    s.links[2] = fiber('ad', 'A', 'D', 2.5);
    expect(leastCostRoutes(s, [['A', 'D']])).toEqual([['A', 'B', 'D']]);
  });

  it('among equal (cost, hops) goes through the predecessor with the lowest node index', () => {
    const links = [fiber('sy', 'S', 'Y', 1), fiber('sx', 'S', 'X', 1), fiber('xt', 'X', 'T', 1), fiber('yt', 'Y', 'T', 1)];
    const route = (order: string[]) => leastCostRoutes({ nodes: order.map((id) => node(id)), links }, [['S', 'T']])[0];
    expect(route(['S', 'X', 'Y', 'T'])).toEqual(['S', 'X', 'T']);
    expect(route(['S', 'Y', 'X', 'T'])).toEqual(['S', 'Y', 'T']);
  });

  it('uses cost per direction, and between parallel links of one cost the first listed', () => {
    const s: MeshScenario = {
      nodes: [node('A'), node('B')],
      links: [fiber('p2', 'A', 'B', 1, { cost: { ab: 5 } }), fiber('p1', 'A', 'B', 1), fiber('p0', 'B', 'A', 1)],
    };
    expect(hopKey(s, 'A', 'B')).toBe('p1:ab');
    expect(hopKey(s, 'B', 'A')).toBe('p2:ba');
    s.links[0].cost = 0.5;
    expect(hopKey(s, 'B', 'A')).toBe('p2:ba');
    expect(hopKey(s, 'A', 'B')).toBe('p2:ab');
  });

  it('never forwards through a host', () => {
    const s: MeshScenario = {
      nodes: [node('A', 'edge'), node('H', 'host'), node('B', 'edge'), node('C')],
      links: [fiber('ah', 'A', 'H', 1), fiber('hb', 'H', 'B', 1), fiber('ac', 'A', 'C', 5), fiber('cb', 'C', 'B', 5)],
    };
    expect(leastCostRoutes(s, [['A', 'B']])).toEqual([['A', 'C', 'B']]);
    s.links.splice(2, 2);
    expect(() => leastCostRoutes(s, [['A', 'B']])).toThrow(/no path/);
  });
});

describe('the traffic matrix (docs/mesh.md section 3)', () => {
  it('uniform: every ordered pair of distinct edges, in row order', () => {
    const s = backboneScenario({ backbone: 'nsfnet' }) as unknown as MeshScenario;
    const entries = matrixEntries(s);
    expect(entries).toHaveLength(14 * 13);
    expect(entries.slice(0, 2).map((e) => [e.src, e.dst])).toEqual([
      ['E-SEA', 'E-PAL'],
      ['E-SEA', 'E-SDG'],
    ]);
  });

  it('an array of weights: zero weights and the diagonal are left out', () => {
    const s: MeshScenario = {
      nodes: [node('E1', 'edge'), node('C'), node('E2', 'edge')],
      links: [fiber('a', 'E1', 'C', 1), fiber('b', 'C', 'E2', 1)],
      traffic: {
        matrix: [
          [0, 2],
          [0, 0],
        ],
        load: 0.5,
      },
    };
    expect(matrixEntries(s)).toEqual([{ src: 'E1', dst: 'E2', weight: 2 }]);
  });

  it('scales the loads so that ρ is the mean offered load per wavelength over the core-to-core directions crossed', () => {
    for (const backbone of ['nsfnet', 'cost239'] as const) {
      const s = backboneScenario({ backbone, wavelengths: 8, load: 0.7 }) as unknown as MeshScenario;
      const { network } = networkFromTraffic(s);
      const cores = new Set(s.nodes.filter((n) => n.kind === 'core').map((n) => n.id));
      const counted = network.links.filter((l) => cores.has(l.from) && cores.has(l.to)).map((l) => l.key);
      expect(meanLoadPerWavelength(network, counted)).toBeCloseTo(0.7, 12);
      // Uniform weights: every pair offered the same.
      expect(new Set(network.routes.map((r) => r.offered.toFixed(12))).size).toBe(1);
      for (const r of network.routes) expect([r.nodes[0], r.nodes.at(-1)]).toEqual([r.src, r.dst]);
    }
  });

  it('marks the edge add hops buffered and the last hops drop hops', () => {
    const s = backboneScenario({ backbone: 'nsfnet' }) as unknown as MeshScenario;
    const { network } = networkFromTraffic(s);
    const byKey = new Map(network.links.map((l) => [l.key, l]));
    for (const r of network.routes) {
      const hops = r.links.map((k) => byKey.get(k)!);
      expect(hops[0].buffered).toBe(true);
      expect(hops.at(-1)!.drop).toBe(true);
      expect(hops.slice(1, -1).every((l) => !l.buffered && !l.drop)).toBe(true);
    }
  });
});

describe('addHopLoads', () => {
  it('an edge may use its whole fiber whatever the cores conversion (the kept wavelength is chosen at the first core)', () => {
    const util = (conversion: 'full' | 'none') => {
      const s = backboneScenario({ backbone: 'nsfnet', wavelengths: 16, load: 0.5, conversion }) as unknown as MeshScenario;
      const { network } = networkFromTraffic(s);
      const loads = addHopLoads(network);
      expect(loads).toHaveLength(14);
      // Uniform traffic: each edge offers its 13 pairs' Erlangs.
      for (const e of loads) expect(e.offered).toBeCloseTo(13 * network.routes[0].offered, 12);
      return loads[0];
    };
    expect(util('full').usable).toBe(64);
    expect(util('none').usable).toBe(64);
    expect(util('none').utilisation).toBeCloseTo(util('full').utilisation, 12);
  });
});

describe('networkFromSummary', () => {
  it('takes routes and offered Erlangs from the pairs, leaving out pairs offered nothing', () => {
    const s: MeshScenario = {
      nodes: [node('E1', 'edge'), node('C1'), node('C2'), node('E2', 'edge')],
      links: [fiber('a', 'E1', 'C1', 1, { wavelengths: 8 }), fiber('b', 'C2', 'C1', 1, { wavelengths: 2 }), fiber('c', 'C2', 'E2', 1)],
    };
    const net = networkFromSummary(s, [
      { src: 'E1', dst: 'E2', route: ['E1', 'C1', 'C2', 'E2'], offeredErlangs: 1.5 },
      { src: 'E2', dst: 'E1', route: ['E2', 'C2', 'C1', 'E1'], offeredErlangs: 0 },
    ]);
    expect(net.routes).toHaveLength(1);
    expect(net.routes[0]).toMatchObject({ offered: 1.5, links: ['a:ab', 'b:ba', 'c:ab'] });
    expect(net.links.map((l) => [l.key, l.wavelengths])).toEqual([
      ['a:ab', 8],
      ['b:ba', 2],
      ['c:ab', 1],
    ]);
  });

  it('buildNetwork keeps only the cores’ conversion', () => {
    const s: MeshScenario = {
      nodes: [
        { id: 'E', kind: 'edge' },
        { id: 'C', kind: 'core', conversion: 'none' },
        { id: 'D', kind: 'core' },
      ],
      links: [fiber('a', 'E', 'C', 1), fiber('b', 'C', 'D', 1)],
    };
    expect(buildNetwork(s, [{ src: 'E', dst: 'D', nodes: ['E', 'C', 'D'], offered: 1 }]).conversion).toEqual({ C: 'none' });
  });
});

describe('summaryDifferences', () => {
  it('none when the summary says what traffic expands to; each route or load that differs, named', () => {
    const s = backboneScenario({ backbone: 'cost239', wavelengths: 8, load: 0.3 }) as unknown as MeshScenario;
    const { network } = networkFromTraffic(s);
    const pairs = network.routes.map((r) => ({ src: r.src, dst: r.dst, route: r.nodes, offeredErlangs: r.offered }));
    expect(summaryDifferences(s, pairs)).toEqual([]);
    pairs[0] = { ...pairs[0], offeredErlangs: pairs[0].offeredErlangs * 1.01 };
    pairs[1] = { ...pairs[1], route: [pairs[1].route[0], 'X', ...pairs[1].route.slice(1)] };
    const lost = pairs.pop()!;
    pairs.push({ src: 'E-LON', dst: 'E-LON', route: [], offeredErlangs: 0 });
    const diff = summaryDifferences(s, pairs);
    expect(diff).toHaveLength(3);
    expect(diff[0]).toMatch(/Erlangs in the summary/);
    expect(diff[1]).toMatch(/route .* X /);
    expect(diff[2]).toBe(`${lost.src} → ${lost.dst}: not in the summary`);
  });
});
