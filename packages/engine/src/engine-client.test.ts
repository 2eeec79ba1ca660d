// createEngine() end to end in Node: the client and the worker API talk through Comlink
// over a MessageChannel in this process (the browser puts the worker side in a Web
// Worker; everything else is the same code), with the real wasm engine.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { ScenarioError, defaultScenario } from '@obs-tcp-sim/scenario';
import type { Scenario } from '@obs-tcp-sim/scenario';
import type { EngineClient, EngineWorkerHandle } from './engine-client';
import { createEngine } from './engine-client';
import type { SampleColumns, Simulation } from './engine-module';
import { SAMPLE_COLUMNS } from './engine-module';
import type { Frame } from './frame';
import { loadEngineNode, runScenarioNode } from './node-engine';
import { concatenatedRows, failingOn } from './test-support';
import type { LoadedEngine } from './worker-api';
import { createWorkerApi } from './worker-api';

/** Spawns "workers" in this process; `wrapSim` may observe or break the real simulations. */
function inProcessWorkers(wrapSim: (sim: Simulation, workerIndex: number, log: LoadedEngine['log']) => Simulation = (sim) => sim) {
  const spawned: { terminated: boolean }[] = [];
  const spawnWorker = (): EngineWorkerHandle => {
    const index = spawned.length;
    const record = { terminated: false };
    spawned.push(record);
    const loadEngine = async (): Promise<LoadedEngine> => {
      const loaded = await loadEngineNode();
      const RealSimulation = loaded.module.Simulation;
      const module = Object.create(loaded.module) as typeof loaded.module;
      module.Simulation = function (json: string) {
        return wrapSim(new RealSimulation(json), index, loaded.log);
      } as unknown as typeof RealSimulation;
      return { module, log: loaded.log };
    };
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(createWorkerApi(loadEngine), port1 as unknown as Comlink.Endpoint);
    return Object.assign(port2 as unknown as Comlink.Endpoint, {
      terminate() {
        record.terminated = true;
        port1.close();
        port2.close();
      },
    });
  };
  return { spawnWorker, spawned };
}

function framesOf(engine: EngineClient) {
  const frames: Frame[] = [];
  engine.onFrame((frame) => frames.push(frame));
  const next = (predicate: (frame: Frame) => boolean) =>
    new Promise<Frame>((resolve) => {
      const found = frames.find(predicate);
      if (found) return resolve(found);
      const stop = engine.onFrame((frame) => {
        if (predicate(frame)) {
          stop();
          resolve(frame);
        }
      });
    });
  return { frames, next };
}

const engines: EngineClient[] = [];
function track(engine: EngineClient): EngineClient {
  engines.push(engine);
  return engine;
}
afterEach(() => {
  for (const engine of engines.splice(0)) engine.dispose();
});

describe('createEngine', () => {
  it('loads a scenario, sends a frame at time 0, and plays it to the end', async () => {
    const drained: SampleColumns[] = [];
    const workers = inProcessWorkers(
      (sim) =>
        new Proxy(sim, {
          get(target, prop) {
            if (prop === 'drainSamples') {
              return () => {
                const samples = target.drainSamples();
                drained.push(samples);
                return samples;
              };
            }
            const value = Reflect.get(target, prop) as unknown;
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
    );
    const engine = track(createEngine({ spawnWorker: workers.spawnWorker }));
    const { frames, next } = framesOf(engine);

    const info = await engine.load(defaultScenario);
    expect(info).toMatchObject({ flowIds: ['tcp1'], duration: 20 });
    // The engine's routes come with the load (docs/engine-api.md, "Routes").
    expect(info.routes.flows.map((f) => [f.id, f.data.nodes.at(0), f.data.nodes.at(-1)])).toEqual([['tcp1', 'Server', 'Client']]);
    const first = await next(() => true);
    expect(first).toMatchObject({ now: 0, playing: false, finished: false, events: 0 });
    expect(first.summary?.simTime).toBe(0);

    engine.setSpeed(Infinity);
    engine.play();
    const last = await next((f) => f.finished);
    expect(last.playing).toBe(false);
    expect(last.summary).toStrictEqual(await runScenarioNode(defaultScenario));

    const rows = concatenatedRows(frames);
    expect(rows.t.length).toBe(2001);
    for (let i = 1; i < rows.t.length; i++) expect(rows.t[i]).toBeGreaterThan(rows.t[i - 1]);
    for (const column of SAMPLE_COLUMNS) expect(last.samples[column].length).toBe(last.samples.t.length);

    // Transferred, not copied: the worker's arrays were detached when they were sent.
    expect(drained.length).toBe(frames.length);
    for (const samples of drained) for (const column of SAMPLE_COLUMNS) expect(samples[column].byteLength).toBe(0);
  });

  it('refuses a bad scenario with the engine message and keeps the one loaded', async () => {
    const engine = track(createEngine({ spawnWorker: inProcessWorkers().spawnWorker }));
    await engine.load(defaultScenario);
    const bad = structuredClone(defaultScenario) as Scenario;
    (bad.links[1] as { wavelengths: number }).wavelengths = 0;

    const failure = await engine.load(bad).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScenarioError);
    expect((failure as Error).message).toMatch(/^links\[1\]\.wavelengths /);

    expect(engine.scenario()).toEqual(defaultScenario);
    expect((await engine.summary()).scenario).toBe(defaultScenario.name);
  });

  it('runs another scenario to its end beside the loaded one: the summary of a run alone, and every sample', async () => {
    const engine = track(createEngine({ spawnWorker: inProcessWorkers().spawnWorker }));
    await engine.load(defaultScenario);
    const other = { ...(structuredClone(defaultScenario) as Scenario), duration: 0.5, seed: 3 };
    const { summary, flowIds, samples } = await engine.runToEnd(other, { samples: true });
    const alone = await runScenarioNode(other);
    expect(summary).toEqual(alone);
    expect(flowIds).toEqual(['tcp1']);
    const rows = samples!.t.length;
    expect(rows).toBeGreaterThanOrEqual(Math.floor(0.5 / other.sampleInterval));
    for (const column of SAMPLE_COLUMNS) expect(samples![column].length).toBe(rows);
    expect([...samples!.t].every((t, i) => i === 0 || t >= samples!.t[i - 1])).toBe(true);
    // Without samples asked, none cross; a refused scenario is a ScenarioError.
    expect((await engine.runToEnd(other)).samples).toBeNull();
    const bad = { ...other, duration: -1 };
    await expect(engine.runToEnd(bad)).rejects.toBeInstanceOf(ScenarioError);
    // The loaded scenario is untouched.
    expect((await engine.summary()).scenario).toBe(defaultScenario.name);
    expect((await engine.summary()).simTime).toBe(0);
  });

  it('refuses what cannot be written as JSON before it reaches the engine', async () => {
    const engine = track(createEngine({ spawnWorker: inProcessWorkers().spawnWorker }));
    const cyclic = structuredClone(defaultScenario) as Scenario & { self?: unknown };
    cyclic.self = cyclic;
    await expect(engine.load(cyclic)).rejects.toBeInstanceOf(ScenarioError);
  });

  it('applies live changes and refuses unknown ones with the reason', async () => {
    const engine = track(createEngine({ spawnWorker: inProcessWorkers().spawnWorker }));
    const { next } = framesOf(engine);
    await engine.load(defaultScenario);
    await engine.setLive('obs.burstLoss.data', 0);
    await engine.setLive('obs.burstLoss.ack', 0.3);
    await expect(engine.setLive('links[0].rate', 1)).rejects.toThrow(/links\[0\]\.rate/);
    await expect(engine.setLive('obs.burstLoss.ack', 7)).rejects.toBeInstanceOf(ScenarioError);
    engine.setSpeed(Infinity);
    engine.play();
    const { summary } = await next((f) => f.finished);
    expect(summary!.bursts.data.dropped).toBe(0);
    expect(summary!.bursts.ack.dropped).toBeGreaterThan(0);
  });

  it('changeLive answers when a change took effect; reset() replays the scheduled changes, not the live ones', async () => {
    const engine = track(createEngine({ spawnWorker: inProcessWorkers().spawnWorker }));
    const scenario = structuredClone(defaultScenario) as Scenario;
    scenario.duration = 2;
    scenario.liveChanges = [
      { at: 1.5, path: 'obs.burstLoss.ack', value: 0.3 },
      { at: 0.5, path: 'obs.burstLoss.data', value: 0 },
    ];
    const scheduled = [scenario.liveChanges[1], scenario.liveChanges[0]];
    await engine.load(scenario);
    const first = framesOf(engine);
    expect(await engine.changeLive('flows[0].tcp.variant', 7)).toEqual({ error: null, at: 0 });
    const refused = await engine.changeLive('links[0].rate', 1);
    expect(refused.error).toMatch(/^links\[0\]\.rate cannot be changed/);
    expect(refused.at).toBe(0);
    engine.setSpeed(Infinity);
    engine.play();
    const played = (await first.next((f) => f.finished)).summary!;
    expect(played.liveChanges).toEqual([{ at: 0, path: 'flows[0].tcp.variant', value: 7 }, ...scheduled]);
    // Its record replays it.
    expect(await runScenarioNode({ ...scenario, liveChanges: played.liveChanges })).toEqual(played);

    await engine.reset();
    const second = framesOf(engine);
    engine.play();
    const replayed = (await second.next((f) => f.finished)).summary!;
    expect(replayed.liveChanges).toEqual(scheduled);
    expect(replayed).toEqual(await runScenarioNode(scenario));
    expect(replayed.fingerprint).not.toBe(played.fingerprint);
  });

  it('pauses, and reset() goes back to time 0 with the scenario as loaded', async () => {
    const engine = track(createEngine({ spawnWorker: inProcessWorkers().spawnWorker }));
    const { next } = framesOf(engine);
    await engine.load(defaultScenario);
    engine.setSpeed(2);
    engine.play();
    await next((f) => f.playing && f.now > 0.05);
    engine.pause();
    const paused = await next((f) => !f.playing && f.now > 0);
    expect(paused.summary?.simTime).toBe(paused.now);
    expect(paused.finished).toBe(false);

    await engine.reset();
    const summary = await engine.summary();
    expect(summary.simTime).toBe(0);
    expect(summary.events).toBe(0);
    expect(engine.scenario()).toEqual(defaultScenario);
  });

  it('reports an engine crash once, then reset() builds a new worker and reloads the scenario', async () => {
    const workers = inProcessWorkers((sim, workerIndex, log) =>
      workerIndex === 0
        ? failingOn(sim, 'advanceEvents', () => {
            // What Emscripten does on abort: print through printErr, then throw.
            log.write('event queue out of order at t=0.0123');
            log.write('Aborted(assertion failed: queue order)');
            throw new WebAssembly.RuntimeError('Aborted(assertion failed: queue order). Build with -s ASSERTIONS=1 for more info.');
          })
        : sim,
    );
    const engine = track(createEngine({ spawnWorker: workers.spawnWorker }));
    const errors: string[] = [];
    engine.onError((message) => errors.push(message));
    const scenario = structuredClone(defaultScenario) as Scenario;
    scenario.name = 'crash then reset';
    await engine.load(scenario);

    engine.setSpeed(Infinity);
    engine.play();
    await expect.poll(() => errors.length).toBe(1);
    // The trap's message, then the engine's last words (without repeating the abort line).
    expect(errors[0]).toBe(
      'Aborted(assertion failed: queue order). Build with -s ASSERTIONS=1 for more info.\nengine output:\n  event queue out of order at t=0.0123',
    );
    await expect(engine.summary()).rejects.toThrow(/reset\(\)/);
    engine.play(); // ignored while dead, never a second report
    expect(errors).toHaveLength(1);

    await engine.reset();
    expect(workers.spawned).toHaveLength(2);
    expect(workers.spawned[0].terminated).toBe(true);
    expect(engine.scenario()).toEqual(scenario);
    expect(await engine.summary()).toMatchObject({ scenario: 'crash then reset', simTime: 0 });

    const { next } = framesOf(engine);
    engine.play(); // the speed setting survived the rebuild
    const last = await next((f) => f.finished);
    expect(last.summary?.simTime).toBe(20);
    expect(errors).toHaveLength(1);
  });

  it('rejects calls after dispose', async () => {
    const engine = createEngine({ spawnWorker: inProcessWorkers().spawnWorker });
    engine.dispose();
    await expect(engine.load(defaultScenario)).rejects.toThrow(/disposed/);
  });

  it('refuses a speed that is not a positive number', () => {
    const engine = track(createEngine({ spawnWorker: inProcessWorkers().spawnWorker }));
    expect(() => engine.setSpeed(0)).toThrow(RangeError);
    expect(() => engine.setSpeed(Number.NaN)).toThrow(RangeError);
  });
});
