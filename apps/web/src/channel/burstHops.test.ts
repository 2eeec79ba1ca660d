import { describe, expect, it } from 'vitest';
import meshFeatures from '../../../../packages/scenario/scenarios/mesh-features.json';
import contention from '../../../../e2e/fixtures/mesh-contention.json';
import nsfnet from '../../../../e2e/fixtures/nsfnet-short.json';
import { makeNames } from '@obs-tcp-sim/engine';
import { EventKind } from '../sim/visualStore';
import { record } from '../sim/testRecording';
import { BurstHopTrace, hopList, hopText, hopWords, wavelengthChanges, type Hop } from './burstHops';

const names = makeNames(meshFeatures, [], { opticalPaths: [] });
const used = (from: string, to: string, lane: number): Hop => ({ from, to, state: 'used', lane, fdl: 0, reason: null });

describe('hop words', () => {
  it('say each hop with its wavelength, λ counted from 1 as the Gantt rows', () => {
    const hops = [used('E1', 'C1', 2), used('C1', 'C2', 2), used('C2', 'E2', 0)];
    expect(hopWords(hops)).toBe('E1→C1 λ3 · C1→C2 λ3 · C2→E2 λ1');
    expect(wavelengthChanges(hops)).toEqual(['C2']);
  });
});

describe('hopList: a burst lined up with its path', () => {
  // mesh-features: links r01 (C0-C1), r12, r23, r30 and access e0..e3 (E_i-C_i).
  const link = (id: string) => meshFeatures.links.findIndex((l) => l.id === id);
  const path = ['E0', 'C0', 'C1', 'E1'];

  it('a burst dropped at C0 for want of a wavelength: used, dropped, not reached', () => {
    const trace = { hops: [{ link: link('e0'), dir: 0, lane: 5, t0: 0, fdl: 0 }], drop: { link: link('r01'), dir: 0, reason: 1 } };
    expect(hopWords(hopList(trace, path, names))).toBe('E0→C0 λ6 · C0→C1 dropped (no wavelength) · C1→E1 not reached');
  });

  it('a burst still on its way: the hops not reserved yet are pending', () => {
    const trace = { hops: [{ link: link('e0'), dir: 0, lane: 0, t0: 0, fdl: 0 }], drop: null };
    expect(hopList(trace, path, names).map((h) => h.state)).toEqual(['used', 'pending', 'pending']);
  });

  it('a burst cut short on a hop: the hop says where and how much', () => {
    const trace = {
      hops: [
        { link: link('e0'), dir: 0, lane: 0, t0: 0, fdl: 0 },
        { link: link('r01'), dir: 0, lane: 1, t0: 0, fdl: 0 },
      ],
      drop: null,
      deflections: [],
      cuts: [{ node: 0, link: link('r01'), dir: 0, bytes: 1656, segments: 3 }],
    };
    const hops = hopList(trace, path, names);
    expect(hopWords(hops)).toBe('E0→C0 λ1 · C0→C1 λ2, cut at C0: 3 segments · C1→E1 not yet');
    // A background burst's cut is in bytes.
    trace.cuts[0].segments = 0;
    expect(hopText(hopList(trace, path, names)[1])).toBe('C0→C1 λ2, cut at C0: 1.66 KB');
  });

  it('a burst deflected off its path: the hops in the order seen, the full one named before the one taken', () => {
    // Path E0 C0 C1 E1; C0 -> C1 full, so C0 sent it to C3 (r30 seen from C0: dir 1), then C3 -> C2 ...
    const trace = {
      hops: [
        { link: link('e0'), dir: 0, lane: 0, t0: 0, fdl: 0 },
        { link: link('r30'), dir: 1, lane: 2, t0: 0, fdl: 0 },
      ],
      drop: null,
      deflections: [{ node: 0, link: link('r01'), dir: 0, taken: link('r30'), count: 1 }],
      cuts: [],
    };
    const hops = hopList(trace, path, names);
    expect(hops.map((h) => h.state)).toEqual(['used', 'deflected', 'used']);
    expect(hopWords(hops)).toBe('E0→C0 λ1 · C0→C1 full, deflected at C0 (1st) · C0→C3 λ3');
  });

  it('without the path, the hops seen, in order', () => {
    const trace = { hops: [{ link: link('r01'), dir: 1, lane: 1, t0: 0, fdl: 0 }], drop: null };
    expect(hopWords(hopList(trace, null, names))).toBe('C1→C0 λ2');
  });
});

/** The bursts of a short run of `scenario` that cross a core between two other cores, with their hops. */
async function crossingBursts(scenario: typeof meshFeatures, until = 0.03) {
  const run = await record(scenario, until, 4);
  const realNames = makeNames(scenario, run.flowIds, run.routes);
  const ring = run.store.recent;
  const out: { id: number; hops: Hop[]; dropped: boolean }[] = [];
  for (let i = 0; i < ring.length && out.length < 200; i++) {
    if (ring.get(i, 'kind') !== EventKind.BurstFormed) continue;
    const nodes = run.routes.opticalPaths[ring.get(i, 'link')]?.nodes ?? [];
    if (nodes.length < 5) continue;
    const trace = new BurstHopTrace();
    trace.follow(ring.get(i, 'id'));
    trace.sync(ring, run.store.generation);
    out.push({ id: trace.id, hops: hopList(trace, realNames.opticalPath(trace.path)!.nodes, realNames), dropped: trace.drop !== null });
  }
  return out;
}

/** Wavelength in and out of `core` for each burst that used both hops around it (core to core). */
function throughCore(bursts: { hops: Hop[] }[], core: string): [number, number][] {
  const pairs: [number, number][] = [];
  for (const { hops } of bursts)
    for (let k = 1; k + 1 < hops.length - 1; k++) {
      const [a, b] = [hops[k], hops[k + 1]];
      if (a.state === 'used' && b.state === 'used' && b.from === core) pairs.push([a.lane!, b.lane!]);
    }
  return pairs;
}

// mesh-features' TCP flow crosses C1 between two cores (E0 C0 C1 C2 E2, and its ACKs back).
describe('against the real engine: the wavelength through a core between two cores', () => {
  it('with range-2 conversion at C1 (mesh-features as it is), it moves by 2 at most, and every hop is accounted', async () => {
    const bursts = await crossingBursts(meshFeatures);
    expect(bursts.length).toBeGreaterThan(10);
    // C2 and C3 deflect: a burst sent off its path names the full hop ('deflected').
    for (const b of bursts)
      if (!b.dropped) expect(b.hops.every((h) => h.state === 'used' || h.state === 'pending' || h.state === 'deflected')).toBe(true);
    const through = throughCore(bursts, 'C1');
    expect(through.length).toBeGreaterThan(5);
    for (const [a, b] of through) expect(Math.abs(a - b)).toBeLessThanOrEqual(2);
  });

  it('without conversion, a burst keeps its wavelength through every core between two others', async () => {
    // NSFNET (e2e/fixtures/nsfnet-short.json) with no converter anywhere: many paths of three
    // cores or more, so many bursts cross a core between two others.
    const none = { ...nsfnet, nodes: nsfnet.nodes.map((n) => (n.kind === 'core' ? { ...n, conversion: 'none' } : n)) };
    const bursts = await crossingBursts(none as unknown as typeof meshFeatures, 0.01);
    const through = nsfnet.nodes.filter((n) => n.kind === 'core').flatMap((n) => throughCore(bursts, n.id));
    expect(through.length).toBeGreaterThan(20);
    for (const [a, b] of through) expect(b).toBe(a);
  });

  it('following another burst forgets the first; a new run forgets it too', async () => {
    const run = await record(meshFeatures, 0.005, 1);
    const ring = run.store.recent;
    const formed: number[] = [];
    for (let i = 0; i < ring.length && formed.length < 2; i++)
      if (ring.get(i, 'kind') === EventKind.BurstFormed) formed.push(ring.get(i, 'id'));
    const trace = new BurstHopTrace();
    trace.follow(formed[0]);
    trace.sync(ring, run.store.generation);
    expect(trace.hops.length).toBeGreaterThan(0);
    trace.follow(formed[1]);
    expect(trace.hops).toEqual([]);
    trace.sync(ring, run.store.generation + 1);
    expect(trace.id).toBe(-1);
  });
});

describe('against the real engine: a burst deflected or cut short (e2e/fixtures/mesh-contention.json)', () => {
  it('C0 sends a burst by C2 when C0 → C1 is full, and the hop strip says so; a cut burst names its cut', async () => {
    const run = await record(contention, 0.3, 10);
    const real = makeNames(contention, run.flowIds, run.routes);
    const ring = run.store.recent;
    const firstOf = (kind: number) => {
      for (let i = 0; i < ring.length; i++) if (ring.get(i, 'kind') === kind) return ring.get(i, 'id');
      return -1;
    };
    const wordsOf = (id: number) => {
      const trace = new BurstHopTrace();
      trace.follow(id);
      trace.sync(ring, run.store.generation);
      return hopWords(hopList(trace, real.opticalPath(trace.path)?.nodes ?? null, real));
    };
    const deflected = firstOf(EventKind.BurstDeflected);
    expect(deflected).toBeGreaterThanOrEqual(0);
    expect(wordsOf(deflected)).toMatch(/^E0→C0 λ\d+ · C0→C1 full, deflected at C0 \(1st\) · C0→C2 λ\d+ · C2→C1 λ\d+/);
    const cut = firstOf(EventKind.BurstSegmented);
    expect(cut).toBeGreaterThanOrEqual(0);
    expect(wordsOf(cut)).toMatch(/C[02]→C[12] λ\d+, cut at C[02]: (\d+ segments?|[\d.]+ K?B)/);
  });
});
