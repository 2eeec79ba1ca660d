import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { runScenarioNode } from '@obs-tcp-sim/engine/node';
import { bottleneckOf, linkCapacity, routeOf, type RouteNetwork } from './bottleneck';

const preset = (id: string) => structuredClone(PRESETS.find((p) => p.id === id)!.scenario) as Scenario;
const path = (net: RouteNetwork, a: string, b: string) =>
  routeOf(net, a, b)
    ?.map((h) => `${h.from}>${h.to}`)
    .join(' ') ?? null;

const node = (id: string, kind = 'router') => ({ id, kind });
const link = (id: string, a: string, b: string, delay: number, rate = 1e9, extra: object = {}) => ({
  id,
  a,
  b,
  kind: 'packet',
  rate,
  delay,
  ...extra,
});

describe('the route the engine takes', () => {
  it('is the shortest by propagation delay, not by hops', () => {
    const net = {
      nodes: [node('S', 'host'), node('A'), node('B'), node('C'), node('D', 'host')],
      links: [
        link('sa', 'S', 'A', 1e-3),
        link('ad', 'A', 'D', 10e-3),
        link('ab', 'A', 'B', 1e-3),
        link('bc', 'B', 'C', 1e-3),
        link('cd', 'C', 'D', 1e-3),
      ],
    };
    expect(path(net, 'S', 'D')).toBe('S>A A>B B>C C>D');
  });

  it('on equal delay takes fewer hops, then the node settled first (lower index)', () => {
    const fewer = {
      nodes: [node('S', 'host'), node('A'), node('B'), node('D', 'host')],
      links: [link('s-a', 'S', 'A', 1e-3), link('a-b', 'A', 'B', 1e-3), link('b-d', 'B', 'D', 1e-3), link('a-d', 'A', 'D', 2e-3)],
    };
    expect(path(fewer, 'S', 'D')).toBe('S>A A>D');
    // Two equal two-hop paths: D's hop comes from X (index 1), settled before Y (index 2).
    const ties = {
      nodes: [node('S', 'host'), node('X'), node('Y'), node('D', 'host')],
      links: [link('s-y', 'S', 'Y', 1e-3), link('s-x', 'S', 'X', 1e-3), link('y-d', 'Y', 'D', 1e-3), link('x-d', 'X', 'D', 1e-3)],
    };
    expect(path(ties, 'S', 'D')).toBe('S>X X>D');
  });

  it('never passes through a host, and is null where there is no way', () => {
    const net = {
      nodes: [node('S', 'host'), node('H', 'host'), node('R'), node('D', 'host')],
      links: [link('s-h', 'S', 'H', 1e-6), link('h-d', 'H', 'D', 1e-6), link('s-r', 'S', 'R', 1e-3), link('r-d', 'R', 'D', 1e-3)],
    };
    expect(path(net, 'S', 'D')).toBe('S>R R>D');
    expect(routeOf({ nodes: net.nodes, links: [link('s-h', 'S', 'H', 1e-6)] }, 'S', 'D')).toBeNull();
    expect(routeOf(net, 'S', 'nowhere')).toBeNull();
    expect(routeOf(net, 'S', 'S')).toBeNull();
    // A link to a node that does not exist is ignored, not a crash.
    expect(routeOf({ nodes: net.nodes, links: [...net.links, link('bad', 'S', 'ghost', 0)] }, 'S', 'D')).not.toBeNull();
  });

  it('matches the engine on paper 000, whose data and ACKs take different paths of equal delay', async () => {
    const scenario = preset('paper000');
    scenario.duration = 0.3;
    scenario.obs.burstLoss = { data: 0, ack: 0 };
    const flow = scenario.flows[0];
    const expected = new Set<string>();
    for (const [a, b] of [
      [flow.src, flow.dst],
      [flow.dst, flow.src],
    ]) {
      for (const hop of routeOf(scenario, a, b)!) {
        if (hop.link.kind === 'fiber') expected.add(`${hop.link.id} ${hop.from === hop.link.a ? 'ab' : 'ba'}`);
      }
    }
    const summary = await runScenarioNode(scenario);
    const used = new Set<string>();
    for (const l of summary.links ?? []) {
      if (l.kind !== 'fiber') continue;
      if ((l.ab.bursts ?? 0) > 0) used.add(`${l.id} ab`);
      if ((l.ba.bursts ?? 0) > 0) used.add(`${l.id} ba`);
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].sort()).toEqual([...expected].sort());
  }, 60_000);
});

describe('the bottleneck', () => {
  it('a fiber carries its wavelengths times its rate; a packet link its rate', () => {
    expect(linkCapacity({ id: 'f', a: 'x', b: 'y', kind: 'fiber', rate: 1.25e9, delay: 0, wavelengths: 2 })).toBe(2.5e9);
    expect(linkCapacity(link('p', 'x', 'y', 0, 1e7))).toBe(1e7);
    expect(linkCapacity({ id: 'f', a: 'x', b: 'y', kind: 'fiber', rate: 1e9, delay: 0, wavelengths: 0 })).toBe(0);
    expect(linkCapacity(link('p', 'x', 'y', 0, NaN))).toBe(0);
  });

  it('is the 10 Mbit/s access of the first lesson and the 60 Mbit/s link of paper 004', () => {
    const lesson = preset('first-lesson');
    const b = bottleneckOf(lesson, lesson.flows[0].src, lesson.flows[0].dst)!;
    expect(b.capacity).toBe(10e6);
    expect(b.link.id).toBe('access1');
    const dumbbell = preset('paper004');
    for (const f of dumbbell.flows) {
      const d = bottleneckOf(dumbbell, f.src, f.dst)!;
      expect(d.link.id).toBe('bottleneck');
      expect(d.capacity).toBe(60e6);
      expect(d.from).toBe('n3');
    }
  });
});
