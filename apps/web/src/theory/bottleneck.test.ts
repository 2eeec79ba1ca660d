import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { runScenarioNode } from '@obs-tcp-sim/engine/node';
import { bottleneckOf, linkCapacity, narrowestLink } from './bottleneck';
import { flowRoute, NO_ROUTES_YET } from '../routes/engineRoutes';
import { acksCheaperThroughE3, acksForcedThroughE3, dataCheaperThroughE3, E3_ACCESS_RATE, engineRoutesOf } from '../routes/testNetworks';

const preset = (id: string) => structuredClone(PRESETS.find((p) => p.id === id)!.scenario) as Scenario;

const link = (id: string, rate: number, extra: object = {}) => ({ id, a: 'x', b: 'y', kind: 'packet', rate, ...extra });

/** The bottleneck of a flow group on the routes the engine computes for the scenario. */
async function bottleneck(s: Scenario, flow = s.flows[0]) {
  const read = bottleneckOf(s, await engineRoutesOf(s), flow);
  if (!read.ok) throw new Error(read.reason);
  return read.route;
}

/** The directions of links that carried packets (packet links) or bursts (fibers) in a run. */
function usedDirections(summary: Awaited<ReturnType<typeof runScenarioNode>>, kind: 'packet' | 'fiber'): Set<string> {
  const used = new Set<string>();
  for (const l of summary.links ?? []) {
    if (l.kind !== kind) continue;
    const count = (d: { bursts?: number; packets?: number }) => (kind === 'fiber' ? d.bursts : d.packets) ?? 0;
    if (count(l.ab) > 0) used.add(`${l.id} ab`);
    if (count(l.ba) > 0) used.add(`${l.id} ba`);
  }
  return used;
}

describe('the bottleneck', () => {
  it('a fiber carries its wavelengths times its rate; a packet link its rate', () => {
    expect(linkCapacity({ id: 'f', a: 'x', b: 'y', kind: 'fiber', rate: 1.25e9, wavelengths: 2 })).toBe(2.5e9);
    expect(linkCapacity(link('p', 1e7))).toBe(1e7);
    expect(linkCapacity({ id: 'f', a: 'x', b: 'y', kind: 'fiber', rate: 1e9, wavelengths: 0 })).toBe(0);
    expect(linkCapacity(link('p', NaN))).toBe(0);
  });

  it('the narrowest link of a route, the first of equals; none when no link has a capacity', () => {
    const hop = (id: string, rate: number) => ({ link: link(id, rate), from: 'x', to: 'y' });
    expect(narrowestLink([hop('a', 1e9), hop('b', 1e6), hop('c', 1e6)])?.link.id).toBe('b');
    expect(narrowestLink([hop('a', 0)])).toBeNull();
    expect(narrowestLink([])).toBeNull();
  });

  it('is the 10 Mbit/s access of the first lesson and the 60 Mbit/s link of paper 004', async () => {
    const lesson = preset('first-lesson');
    const b = (await bottleneck(lesson))!;
    expect(b.capacity).toBe(10e6);
    expect(b.link.id).toBe('access1');
    const dumbbell = preset('paper004');
    for (const f of dumbbell.flows) {
      const d = (await bottleneck(dumbbell, f))!;
      expect(d.link.id).toBe('bottleneck');
      expect(d.capacity).toBe(60e6);
      expect(d.from).toBe('n3');
    }
  });

  it('is not known, and says so, before the engine has loaded the scenario', () => {
    const lesson = preset('first-lesson');
    expect(bottleneckOf(lesson, null, lesson.flows[0])).toEqual({ ok: false, reason: NO_ROUTES_YET });
  });
});

describe('the route the bottleneck is taken on is the engine’s', () => {
  it('on paper 000, whose data and ACKs take different paths of equal delay: the fibers the run used', async () => {
    const scenario = preset('paper000');
    scenario.duration = 0.3;
    scenario.obs.burstLoss = { data: 0, ack: 0 };
    const routes = await engineRoutesOf(scenario);
    const expected = new Set<string>();
    for (const direction of ['data', 'ack'] as const) {
      const read = flowRoute(scenario, routes, scenario.flows[0], direction);
      if (!read.ok) throw new Error(read.reason);
      for (const hop of read.route.hops)
        if (hop.link.kind === 'fiber') expected.add(`${hop.link.id} ${hop.from === hop.link.a ? 'ab' : 'ba'}`);
    }
    const used = usedDirections(await runScenarioNode(scenario), 'fiber');
    expect(used.size).toBeGreaterThan(0);
    expect([...used].sort()).toEqual([...expected].sort());
  }, 60_000);

  // E3's access is narrower than E2's: only a route through E3 has it as its bottleneck.
  it('costs that send the data through E3: the capacity line is E3’s narrow access, which the data crossed', async () => {
    const s = dataCheaperThroughE3();
    const b = (await bottleneck(s))!;
    expect([b.link.id, b.capacity, b.from, b.to]).toEqual(['access3', E3_ACCESS_RATE, 'E3', 'Client']);
    expect(usedDirections(await runScenarioNode(s), 'packet')).toContain('access3 ab');
  }, 60_000);

  for (const [name, network] of [
    ['an ackRoute through E3', acksForcedThroughE3],
    ['costs that send the ACKs through E3', acksCheaperThroughE3],
  ] as const) {
    it(`${name}: the data still crosses E2, and the capacity line is on its route`, async () => {
      const s = network();
      const b = (await bottleneck(s))!;
      expect([b.link.id, b.capacity]).toEqual(['access1', 10e6]);
      const used = usedDirections(await runScenarioNode(s), 'packet');
      expect(used).toContain('access2 ab');
      expect(used).not.toContain('access3 ab');
    }, 60_000);
  }
});
