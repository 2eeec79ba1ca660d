// accessLinks.ts against the real engine (wasm in Node): the link index of each packet on a
// drawn access link must be the one accessEnds gives for that packet's copy and side.
import { describe, expect, it } from 'vitest';
import { defaultScenario, type Scenario } from '@obs-tcp-sim/scenario';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import { accessEnds, accessLayout } from './accessLinks';

const engine = await loadEngineNode();
const PACKET_ON_LINK = 4;

/** The default network, its flow from E1 to E2 on per-copy links both sides, then a plain flow and another group at E1. */
function scenario(): Scenario {
  const s = structuredClone(defaultScenario) as Scenario & { flows: Array<Record<string, unknown>> };
  const tcp = s.flows[0];
  s.duration = 0.05;
  s.obs.burstLoss = { data: 0, ack: 0 };
  s.flows = [
    { ...tcp, id: 'both', src: 'E1', dst: 'E2', count: 3, access: { src: { rate: 1e8, delay: 1e-4 }, dst: { rate: 1e8, delay: 2e-4 } } },
    { ...tcp, id: 'plain', count: 2 },
    { ...tcp, id: 'srcOnly', src: 'E1', dst: 'Client', count: 7, access: { src: { rate: 1e8, delay: 1e-4 } } },
  ] as never;
  return s;
}

describe('the engine’s drawn access links', () => {
  it('are numbered as accessEnds says: each packet’s link is its copy’s, on its side', () => {
    const s = scenario();
    const sim = new engine.module.Simulation(JSON.stringify(s));
    try {
      expect(sim.error()).toBe('');
      // Flow index -> (group, copy): the engine expands groups copy by copy, in order.
      const copies: Array<[number, number]> = [];
      s.flows.forEach((f, g) => {
        for (let k = 0; k < f.count; k++) copies.push([g, k]);
      });
      const ends = accessEnds(s);
      const base = s.links.length;
      sim.setVisualEvents(true);
      sim.advanceTo(s.duration);
      const ev = sim.drainVisualEvents();
      const seen = new Set<number>();
      let onAccess = 0;
      for (let i = 0; i < ev.kind.length; i++) {
        if (ev.kind[i] !== PACKET_ON_LINK || ev.link[i] < base) continue;
        const end = ends[ev.link[i] - base];
        expect(end, `link ${ev.link[i]}`).toBeDefined();
        const [g, k] = copies[ev.id[i]];
        expect([end.group, end.copy]).toEqual([g, k]);
        // Data crosses a drawn link in direction 0 (host to node at the source, node to host at the sink).
        if (ev.cls[i] === 0) expect(ev.dir[i]).toBe(0);
        seen.add(ev.link[i]);
        onAccess++;
      }
      expect(onAccess).toBeGreaterThan(0);
      // Every copy's every drawn link carried packets: both sides of "both", the source of "srcOnly".
      expect(seen.size).toBe(ends.length);
      // And the layout puts every one of them on a spoke of its own fan.
      const layout = accessLayout(s);
      for (const link of seen) expect(layout.linkMap[link]).toBeGreaterThanOrEqual(base);
    } finally {
      sim.delete();
    }
  });
});
