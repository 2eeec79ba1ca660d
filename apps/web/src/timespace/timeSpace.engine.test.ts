// The time-space diagram against the real engine (wasm in Node): the burst-and-offset
// lesson's run (C1 processing a BHP in 1 ms), the same with an offset too short, JIT
// against JET, and a burst deflected off its path. Every time asserted here is the
// engine's own; the lesson's texts quote them (lessonRuns.test.ts holds the texts).
import { describe, expect, it } from 'vitest';
import { PRESETS, setAtPath, type Scenario } from '@obs-tcp-sim/scenario';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import { VisualStore, type EventRows } from '../sim/visualStore';
import { buildScene, dropPlace, timeToY } from './geometry';
import { choosePath, pathOptions, pathSpec, type PathSpec } from './pathSpec';
import { TEST_PLOT, testSceneInput } from './testScene';
import { TimeSpaceModel } from './timeSpaceModel';

const engine = await loadEngineNode();

function preset(id: string, set: Record<string, unknown> = {}): Scenario {
  let s = structuredClone(PRESETS.find((p) => p.id === id)!.scenario) as Scenario;
  for (const [path, value] of Object.entries(set)) s = setAtPath(s, path, value) as Scenario;
  return s;
}

/** Runs `scenario` to `until` and gives the model of its first flow's path. */
function run(scenario: Scenario, until: number): { model: TimeSpaceModel; spec: PathSpec; routes: EngineRoutes } {
  const sim = new engine.module.Simulation(JSON.stringify(scenario));
  try {
    expect(sim.error()).toBe('');
    const routes = JSON.parse(sim.routesJson()) as EngineRoutes;
    const choice = choosePath(pathOptions(routes), routes, null)!;
    const spec = pathSpec(scenario as never, choice.nodes, routes)!;
    const store = new VisualStore();
    const model = new TimeSpaceModel();
    model.watch(spec);
    sim.setVisualEvents(true);
    // In slices, as frames come: the model reads what each brought.
    for (let t = 0; t < until; t = Math.min(until, t + until / 7)) {
      sim.advanceTo(Math.min(until, t + until / 7));
      const ev = sim.drainVisualEvents();
      store.append(ev as unknown as EventRows);
      model.sync(store.recent, store.generation);
      if (t + until / 7 >= until) break;
    }
    return { model, spec, routes };
  } finally {
    sim.delete();
  }
}

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 12);
/** 64 bytes at 1 Gbit/s. */
const BHP_SEND = 0.000000512;

/** The scene of the first 15 ms (the lesson's window), at `now`. */
const scene = (model: TimeSpaceModel, spec: PathSpec, now: number) =>
  buildScene(testSceneInput(spec, model.stories.values(), { to: 0.015, now }));
/** Where time t is drawn in that scene, px. */
const y = (t: number) => timeToY(t, 0, 0.015, TEST_PLOT);

describe('the burst-and-offset lesson’s run, as the diagram reads it', () => {
  const lesson = preset('first-lesson', { 'obs.burstLoss.data': 0, 'obs.controlProcessing': 0.001 });

  it('draws E1, C1, E2 left to right; burst 0’s BHP, processing, set-up and the burst cut through', () => {
    const { model, spec } = run(lesson, 0.0106);
    expect(spec.columns.map((c) => c.id)).toEqual(['E1', 'C1', 'E2']);
    const b0 = model.stories.get(0)!;
    expect(b0.formed).toMatchObject({ column: 0, segments: 1 });
    close(b0.formed!.t, 0.0042);
    // 1 ms of processing + 0.512 µs to send the 64-byte BHP at 1 Gbit/s + 1 µs of set-up.
    close(b0.formed!.offset, 0.001 + BHP_SEND + 0.000001);
    // The BHP leaves E1 when the burst is formed, reaches C1 5 ms (and 0.512 µs to send) later.
    expect(b0.bhps).toHaveLength(1);
    close(b0.bhps[0].t0, 0.0042);
    close(b0.bhps[0].t1, 0.0092 + BHP_SEND);
    // The burst leaves one offset after its BHP; at C1 it goes on towards E2 at once.
    expect(b0.bands.map((b) => [b.hop, b.back])).toEqual([
      [0, false],
      [1, false],
    ]);
    close(b0.bands[0].t0 - b0.bhps[0].t0, b0.formed!.offset);
    close(b0.bands[1].t0, b0.bands[0].t0 + 0.005);
    // C1 finished the BHP at 10.2005 ms; the switch is set 1 µs later, when the first bit arrives.
    close(b0.bands[1].t0, 0.0092 + BHP_SEND + 0.001 + 0.000001);
    const sc = scene(model, spec, 0.0106);
    const proc = sc.intervals.find((i) => i.kind === 'processing')!;
    const setup = sc.intervals.find((i) => i.kind === 'setup')!;
    expect(proc.y0).toBeCloseTo(y(0.0092 + BHP_SEND), 6);
    expect(proc.y1).toBeCloseTo(y(0.0102 + BHP_SEND), 6);
    expect(setup.y0).toBeCloseTo(y(0.0102 + BHP_SEND), 6);
    expect(setup.column).toBe(1);
    // Every word of the featured burst found a place, the moments at C1 too (the step's
    // "reached C1 at 9.2 ms … done at 10.2005 ms").
    expect(sc.featured).toBe(0);
    expect(sc.labels.map((l) => l.text).sort()).toEqual(
      ['BHP', 'data burst 0', 'offset 1.0015 ms', 'processing 1 ms', 'set-up 1 µs', 'λ held (JET)', '9.2005 ms → 10.2005 ms'].sort(),
    );
    const offset = sc.offsets.find((o) => o.id === 0)!;
    expect(offset.y0).toBeCloseTo(y(0.0042), 6);
    expect(offset.y1).toBeCloseTo(y(b0.bands[0].t0), 6);
  });

  it('at 6 ms shows the BHP and the burst on their way, nothing later than now', () => {
    const { model, spec } = run(lesson, 0.006);
    const sc = scene(model, spec, 0.006);
    const y6 = y(0.006);
    expect(sc.lines).toHaveLength(1);
    expect(sc.lines[0].arrived).toBe(false);
    expect(sc.lines[0].y1).toBeCloseTo(y6, 6);
    expect(sc.intervals.filter((i) => i.kind === 'processing')).toHaveLength(0);
    for (const b of sc.bands) for (const [, py] of b.points) expect(py).toBeLessThanOrEqual(y6 + 1e-6);
  });

  it('with a fixed 0.5 ms offset: the burst reaches C1 inside the BHP’s processing, and is dropped late there', () => {
    const { model, spec } = run(setAtPath(lesson, 'obs.offset', 0.0005) as Scenario, 0.0105);
    const b0 = model.stories.get(0)!;
    expect(b0.drop).toMatchObject({ column: 1, reason: 2 });
    close(b0.drop!.t, 0.0102 + BHP_SEND);
    const place = dropPlace(b0, spec)!;
    expect(place.column).toBe(1);
    // It arrived at 9.7 ms, half a millisecond before C1 was done with its BHP.
    close(place.t, b0.bands[0].t0 + 0.005);
    expect(place.t).toBeLessThan(b0.bhps[0].t1 + spec.controlProcessing);
    expect(place.t).toBeGreaterThan(b0.bhps[0].t1);
    const sc = scene(model, spec, 0.0105);
    expect(sc.marks).toEqual([expect.objectContaining({ kind: 'drop', reason: 2, id: 0 })]);
    expect(sc.labels.map((l) => l.text)).toContain('dropped: late');
    // Nothing goes on past C1.
    expect(b0.bands).toHaveLength(1);
  });
});

describe('JET against JIT', () => {
  // Two cores: at the first, the BHP is done long before the burst arrives (the offset
  // also covers the second core's processing), so JIT holds the wavelength idle meanwhile.
  function twoCores(reservation: 'jet' | 'jit'): Scenario {
    const s = preset('first-lesson', { 'obs.burstLoss.data': 0, 'obs.controlProcessing': 0.001, 'obs.reservation': reservation });
    const n = s.nodes as Array<Record<string, unknown>>;
    const l = s.links as Array<Record<string, unknown>>;
    n.splice(3, 0, { id: 'C2', kind: 'core', x: 550, y: 200, setupTime: 0.000001 });
    const fiber2 = l.find((x) => x.id === 'fiber2')!;
    l.splice(
      l.indexOf(fiber2),
      1,
      { ...fiber2, a: 'C1', b: 'C2', delay: 0.0025 },
      { ...fiber2, id: 'fiber3', a: 'C2', b: 'E2', delay: 0.0025 },
    );
    return s;
  }

  it('holds C1’s outgoing wavelength from the burst’s arrival (JET) or from the end of the BHP’s processing (JIT)', () => {
    for (const reservation of ['jet', 'jit'] as const) {
      const { model, spec } = run(twoCores(reservation), 0.012);
      expect(spec.columns.map((c) => c.id)).toEqual(['E1', 'C1', 'C2', 'E2']);
      expect(spec.reservation).toBe(reservation);
      const b0 = model.stories.get(0)!;
      const sc = scene(model, spec, 0.012);
      const hold = sc.intervals.find((i) => i.kind === 'hold' && i.column === 1 && i.id === 0)!;
      const arrival = b0.bands[0].t0 + 0.005;
      const processed = b0.bhps[0].t1 + spec.controlProcessing;
      expect(processed).toBeLessThan(arrival - 0.0009); // a whole processing time early
      expect(hold.y0).toBeCloseTo(y(reservation === 'jet' ? arrival : processed), 6);
      expect(hold.busyFrom).toBeCloseTo(y(arrival), 6);
      expect(sc.labels.map((l) => l.text)).toContain(`λ held (${reservation.toUpperCase()})`);
    }
  });
});

describe('a deflected burst', () => {
  it('leaves the path at the core that deflects it and comes back where the detour joins it', () => {
    const s = preset('contention-resolution', { 'nodes[C1].deflection': true });
    const { model, spec } = run(s, 0.16);
    const deflected = [...model.stories.values()].find((x) => x.deflections.length > 0);
    expect(deflected, 'a burst deflected by 0.16 s').toBeDefined();
    const d = deflected!;
    const out = d.side.find((h) => h.leaving)!;
    expect(spec.columns[out.column].id).toBe('C1');
    expect(out.other).toBe('C3');
    const sc = buildScene(testSceneInput(spec, [d], { from: out.t0 - 0.002, to: out.t0 + 0.008, now: 0.16 }));
    expect(sc.bands.some((b) => b.detour)).toBe(true);
    expect(sc.labels.map((l) => l.text)).toContain('deflected via C3');
  });
});
