// The real wasm engine in Node: the contract of docs/engine-api.md section 1 as the
// packages rely on it.
import { describe, expect, it } from 'vitest';
import { ScenarioError, defaultScenario } from '@obs-tcp-sim/scenario';
import type { Scenario } from '@obs-tcp-sim/scenario';
import { SAMPLE_COLUMNS, TCP_PHASES } from './engine-module';
import type { EngineRoutes, Simulation } from './engine-module';
import { loadEngineNode, runScenarioNode } from './node-engine';

const engine = await loadEngineNode();

function open(scenario: Scenario): Simulation {
  const sim = new engine.module.Simulation(JSON.stringify(scenario));
  expect(sim.error()).toBe('');
  expect(sim.ok()).toBe(true);
  return sim;
}

function withBurstLoss(data: number, ack: number): Scenario {
  const scenario = structuredClone(defaultScenario);
  scenario.obs.burstLoss = { data, ack };
  return scenario;
}

describe('the wasm engine under Node', () => {
  it('reports its version', () => {
    expect(engine.module.engineVersion()).toMatch(/\S/);
  });

  it("reports the routes it uses, and names each burst's optical path by their index", () => {
    const sim = open(defaultScenario);
    try {
      const routes = JSON.parse(sim.routesJson()) as EngineRoutes;
      expect(routes.flows.map((f) => f.id)).toEqual(['tcp1']);
      const data = routes.flows[0].data;
      expect(data.nodes[0]).toBe(defaultScenario.flows[0].src);
      expect(data.nodes.at(-1)).toBe(defaultScenario.flows[0].dst);
      expect(data.links.length).toBe(data.nodes.length - 1);
      expect(routes.flows[0].ack.nodes).toEqual([...data.nodes].reverse());
      sim.setVisualEvents(true);
      sim.advanceTo(0.2);
      const events = sim.drainVisualEvents();
      const paths = new Set<number>();
      for (let i = 0; i < events.kind.length; i++) if (events.kind[i] === 0) paths.add(events.link[i]);
      expect(paths.size).toBeGreaterThan(0);
      for (const p of paths) expect(routes.opticalPaths[p]?.ingress).toMatch(/\S/);
    } finally {
      sim.delete();
    }
  });

  it('samples every flow each sampleInterval, in time order, in typed columns', () => {
    const sim = open(defaultScenario);
    try {
      const flowIds = JSON.parse(sim.flowIdsJson()) as string[];
      expect(flowIds).toEqual(['tcp1']);
      sim.advanceTo(2);
      expect(sim.now()).toBe(2);
      const samples = sim.drainSamples();

      expect(Object.keys(samples).sort()).toEqual([...SAMPLE_COLUMNS].sort());
      expect(samples.flow).toBeInstanceOf(Int32Array);
      for (const column of SAMPLE_COLUMNS) {
        const typed = column === 'state' ? Uint8Array : Float64Array;
        if (column !== 'flow') expect(samples[column], column).toBeInstanceOf(typed);
        expect(samples[column].length, column).toBe(samples.t.length);
      }
      // t = 0, 0.01, ..., 2 for the one flow
      const interval = defaultScenario.sampleInterval;
      expect(samples.t.length).toBe(Math.round(2 / interval) + 1);
      for (let i = 1; i < samples.t.length; i++) {
        expect(samples.t[i] - samples.t[i - 1]).toBeCloseTo(interval, 12);
        expect(samples.delivered[i]).toBeGreaterThanOrEqual(samples.delivered[i - 1]);
      }
      expect(samples.flow.every((f) => f === 0)).toBe(true);
      expect(samples.cwnd.every((c) => c >= 1)).toBe(true);
      expect(samples.delivered[samples.t.length - 1]).toBeGreaterThan(0);
      // The congestion state: a flow starts in slow start; outside recovery and loss the
      // state says which side of ssthresh cwnd is on.
      expect(samples.state[0]).toBe(0);
      for (let i = 0; i < samples.t.length; i++) {
        const state = samples.state[i];
        expect(state).toBeLessThanOrEqual(TCP_PHASES.length - 1);
        if (state === 0) expect(samples.cwnd[i]).toBeLessThan(samples.ssthresh[i]);
        if (state === 1) expect(samples.cwnd[i]).toBeGreaterThanOrEqual(samples.ssthresh[i]);
      }

      // Fresh copies, not views of the wasm heap: the worker transfers them away.
      const buffers = new Set(SAMPLE_COLUMNS.map((c) => samples[c].buffer));
      expect(buffers.size).toBe(SAMPLE_COLUMNS.length);
      expect(buffers.has((engine.module as unknown as { HEAP8: Int8Array }).HEAP8.buffer as ArrayBuffer)).toBe(false);

      // A second drain gives only the rows taken since.
      sim.advanceTo(2.5);
      const more = sim.drainSamples();
      expect(more.t[0]).toBeGreaterThan(2);
      expect(more.t.length).toBe(Math.round(0.5 / interval));
    } finally {
      sim.delete();
    }
  });

  it('advanceEvents runs at most n events and never past the duration', () => {
    const sim = open(defaultScenario);
    try {
      sim.advanceEvents(1000);
      expect(sim.eventCount()).toBe(1000);
      sim.advanceEvents(1e12);
      expect(sim.now()).toBe(sim.duration());
      expect(sim.finished()).toBe(true);
    } finally {
      sim.delete();
    }
  });

  it('setLive changes burst drops from the current time on', () => {
    const dropsAfter = (setup: (sim: Simulation) => void, until: number) => {
      const sim = open(withBurstLoss(0.01, 0));
      try {
        setup(sim);
        sim.advanceTo(until);
        return JSON.parse(sim.summaryJson()).bursts as { data: { dropped: number }; ack: { dropped: number } };
      } finally {
        sim.delete();
      }
    };
    const asLoaded = dropsAfter(() => {}, 5);
    expect(asLoaded.data.dropped).toBeGreaterThan(0);
    expect(asLoaded.ack.dropped).toBe(0);

    const swapped = dropsAfter((sim) => {
      expect(sim.setLive('obs.burstLoss.data', 0)).toBe('');
      expect(sim.setLive('obs.burstLoss.ack', 0.2)).toBe('');
    }, 5);
    expect(swapped.data.dropped).toBe(0);
    expect(swapped.ack.dropped).toBeGreaterThan(0);

    // Turned off half way: the drops counted so far stay, no new ones come.
    const sim = open(withBurstLoss(0.05, 0));
    try {
      sim.advanceTo(2);
      const before = JSON.parse(sim.summaryJson()).bursts.data.dropped as number;
      expect(before).toBeGreaterThan(0);
      expect(sim.setLive('obs.burstLoss.data', 0)).toBe('');
      sim.advanceTo(5);
      expect(JSON.parse(sim.summaryJson()).bursts.data.dropped).toBe(before);
    } finally {
      sim.delete();
    }
  });

  it('setLive refuses other paths and bad values with a reason naming them', () => {
    const sim = open(defaultScenario);
    try {
      expect(sim.setLive('links[0].rate', 1)).toMatch(/links\[0\]\.rate/);
      expect(sim.setLive('obs.burstLoss.ack', 1.5)).toMatch(/obs\.burstLoss\.ack/);
    } finally {
      sim.delete();
    }
  });
});

describe('runScenarioNode', () => {
  it('runs the default scenario to its end', async () => {
    const summary = await runScenarioNode(defaultScenario);
    expect(summary.simTime).toBe(defaultScenario.duration);
    expect(summary.scenario).toBe(defaultScenario.name);
    expect(summary.flows.map((f) => f.id)).toEqual(['tcp1']);
    expect(summary.flows[0].goodput).toBeGreaterThan(0);
    expect(summary.events).toBeGreaterThan(0);
    expect(summary).not.toHaveProperty('wallTime');
  });

  it('gives the same summary for the same scenario given as text or object', async () => {
    expect(await runScenarioNode(JSON.stringify(defaultScenario))).toStrictEqual(await runScenarioNode(defaultScenario));
  });

  it.each([
    ['a bad field value', (s: Scenario) => ((s.links[1] as { wavelengths: number }).wavelengths = 0)],
    ['an unknown field', (s: Scenario) => Object.assign(s, { colour: 'red' })],
    ['a dangling node id', (s: Scenario) => (s.flows[0].dst = 'Nowhere')],
  ])('refuses %s with a ScenarioError carrying the engine message', async (_, spoil) => {
    const scenario = structuredClone(defaultScenario) as Scenario;
    spoil(scenario);
    const direct = new engine.module.Simulation(JSON.stringify(scenario));
    const expected = direct.error();
    direct.delete();
    expect(expected).not.toBe('');

    const failure = await runScenarioNode(scenario).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScenarioError);
    expect((failure as ScenarioError).message).toBe(expected);
  });

  it('refuses text that is not JSON with a ScenarioError', async () => {
    await expect(runScenarioNode('{"version": 1,')).rejects.toBeInstanceOf(ScenarioError);
  });
});
