import * as Comlink from 'comlink';
import type { Summary } from '@obs-tcp-sim/scenario';
import type { EngineModule, EngineRoutes, LiveChangeResult } from './engine-module';
import { ALL_VISUAL_EVENT_KINDS, SAMPLE_COLUMNS, type SampleColumns } from './engine-module';
import type { EngineLog } from './engine-log';
import { EngineCrashError } from './engine-log';
import type { Frame } from './frame';
import { sampleTransferables } from './frame';
import type { PauseMoment } from './pause-moment';
import type { RunnerOptions, StepKind } from './simulation-runner';
import { SimulationRunner } from './simulation-runner';
import { DEFAULT_SPEED, checkSpeed } from './speed';
import { PAGE_RUN_BUDGET } from './page-budget';

export interface LoadedEngine {
  module: EngineModule;
  log: EngineLog;
}

export interface LoadInfo {
  flowIds: string[];
  duration: number;
  /** The routes the run uses, as the engine computed them (least cost, forced, docs/routing.md). */
  routes: EngineRoutes;
}

/**
 * A whole run of another scenario (compare, sweeps): its summary, its samples if asked, and
 * the routes it took (what a sweep's theory overlay reads for each run).
 */
export type BatchResult =
  { ok: true; summary: Summary; flowIds: string[]; samples: SampleColumns | null; routes: EngineRoutes } | { ok: false; error: string };

/** A refused scenario is an answer, not an exception: it crosses Comlink as data. */
export type LoadResult = { ok: true; info: LoadInfo } | { ok: false; error: string };

export type FrameSink = (frame: Frame) => unknown;
export type ErrorSink = (message: string) => unknown;

export type WorkerApi = ReturnType<typeof createWorkerApi>;

/** A call that makes no sense in the current state; the engine itself is fine. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A call after the engine crashed; the crash itself was reported once already. */
export class EngineStoppedError extends Error {
  constructor(crash: EngineCrashError) {
    super(`the engine stopped after an error (${crash.message.split('\n')[0]}); reset() starts a new one`);
    this.name = 'EngineStoppedError';
  }
}

/**
 * What the engine worker exposes over Comlink: one Simulation at a time, loaded lazily
 * from one wasm instance. Calls are queued, so `load(); play()` sent without waiting run
 * in that order even though loading the wasm is asynchronous.
 *
 * Once the engine has thrown or trapped, the instance is never used again: every call
 * fails and the client builds a new worker (docs/engine-api.md section 1, "Errors").
 */
export function createWorkerApi(loadEngine: () => Promise<LoadedEngine>, runnerOptions: RunnerOptions = {}) {
  let engine: Promise<LoadedEngine> | null = null;
  let loaded: LoadedEngine | null = null; // `engine` once resolved, for synchronous access to its log
  let runner: SimulationRunner | null = null;
  let scenarioJson: string | null = null;
  let speed = DEFAULT_SPEED;
  let visualEvents = false;
  let visualKinds = ALL_VISUAL_EVENT_KINDS;
  // Kept across loads: a lesson arms its moment, then a finished run may be reset before it plays.
  let moment: PauseMoment | null = null;
  let crashed: EngineCrashError | null = null;
  let frameSink: FrameSink = () => {};
  let errorSink: ErrorSink = () => {};
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs `op` after every earlier call has finished; a failure of one does not block the next. */
  function queued<T>(op: () => T | Promise<T>): Promise<T> {
    const result = queue.then(async () => {
      if (crashed) throw new EngineStoppedError(crashed);
      try {
        return await op();
      } catch (error) {
        if (error instanceof UsageError || error instanceof RangeError) throw error;
        throw crash(error); // anything else came from the engine: never trust it again
      }
    });
    queue = result.catch(() => undefined);
    return result;
  }

  function crash(error: unknown): EngineCrashError {
    const failure = error instanceof EngineCrashError ? error : new EngineCrashError(error, loaded?.log.lines() ?? []);
    crashed = failure;
    runner?.dispose();
    runner = null;
    return failure;
  }

  function sendFrame(frame: Frame): void {
    // Transfer the sample buffers: the worker has no further use for them.
    Promise.resolve(frameSink(Comlink.transfer(frame, sampleTransferables(frame.samples, frame.visual)))).catch(() => {
      // The page went away or its listener threw; the simulation carries on regardless.
    });
  }

  function onSliceCrash(error: unknown): void {
    const failure = crash(error);
    Promise.resolve(errorSink(failure.message)).catch(() => undefined);
  }

  async function start(json: string): Promise<LoadResult> {
    engine ??= loadEngine();
    loaded = await engine;
    const { module } = loaded;
    const sim = new module.Simulation(json, PAGE_RUN_BUDGET.maxEvents, PAGE_RUN_BUDGET.maxMemoryBytes);
    if (!sim.ok()) {
      const error = sim.error();
      sim.delete();
      return { ok: false, error }; // the simulation already loaded, if any, stays as it was
    }
    runner?.dispose();
    runner = new SimulationRunner(sim, sendFrame, onSliceCrash, runnerOptions);
    runner.setSpeed(speed);
    runner.setVisualEvents(visualEvents);
    runner.setVisualEventKinds(visualKinds);
    runner.pauseAt(moment);
    scenarioJson = json;
    const info: LoadInfo = {
      flowIds: JSON.parse(sim.flowIdsJson()) as string[],
      duration: sim.duration(),
      routes: JSON.parse(sim.routesJson()) as EngineRoutes,
    };
    runner.sendFrame(true); // time 0, so the UI can clear what it drew for the last run
    return { ok: true, info };
  }

  function current(): SimulationRunner {
    if (!runner) throw new UsageError('no scenario loaded: call load() first');
    return runner;
  }

  return {
    /** Where frames and slice crashes go (Comlink.proxy callbacks from the page). */
    connect(onFrame: FrameSink, onError: ErrorSink): void {
      frameSink = onFrame;
      errorSink = onError;
    },
    /** Starts compiling the wasm now, so the first load() is quick; a failure is reported like a crash. */
    warmUp: (): Promise<void> =>
      queued(async () => {
        engine ??= loadEngine();
        loaded = await engine;
      }),
    /** Replaces the simulation with a new one of this scenario, paused at time 0. */
    load: (json: string): Promise<LoadResult> => queued(() => start(json)),
    /** The same scenario from time 0, paused. */
    reset: (): Promise<LoadResult> =>
      queued(() => {
        if (scenarioJson === null) throw new UsageError('no scenario loaded: call load() first');
        return start(scenarioJson);
      }),
    play: (): Promise<void> => queued(() => runner?.play()),
    pause: (): Promise<void> => queued(() => runner?.pause()),
    setSpeed: (simSecondsPerWallSecond: number): Promise<void> =>
      queued(() => {
        checkSpeed(simSecondsPerWallSecond);
        speed = simSecondsPerWallSecond;
        runner?.setSpeed(speed);
      }),
    setLive: (path: string, value: number): Promise<string> => queued(() => current().setLive(path, value)),
    /** A live change and the engine time it took effect at (docs/live-changes.md). */
    changeLive: (path: string, value: number): Promise<LiveChangeResult> => queued(() => current().changeLive(path, value)),
    /** Visual events on every frame (kept across loads), or none. */
    setVisualEvents: (on: boolean): Promise<void> =>
      queued(() => {
        visualEvents = on;
        runner?.setVisualEvents(on);
      }),
    /** Which kinds of visual events to record (bit k = VisualEventKind k); kept across loads. */
    setVisualEventKinds: (mask: number): Promise<void> =>
      queued(() => {
        visualKinds = mask;
        runner?.setVisualEventKinds(mask);
      }),
    /**
     * The run pauses itself right after `next` (the first event that meets its stop, or its
     * time), at any speed, and says so on that frame (`atMoment`); null forgets it.
     * Kept across loads until met or replaced.
     */
    pauseAt: (next: PauseMoment | null): Promise<void> =>
      queued(() => {
        moment = next;
        runner?.pauseAt(next);
      }),
    /** While paused: one event, or up to the next burst; a frame follows. False if nothing moved. */
    step: (kind: StepKind): Promise<boolean> =>
      queued(() => {
        if (kind !== 'event' && kind !== 'burst') throw new UsageError(`step kind must be "event" or "burst", not ${String(kind)}`);
        return current().step(kind);
      }),
    summary: (): Promise<Summary> => queued(() => current().summary()),
    /**
     * Runs another scenario from 0 to its duration, beside the one loaded (which is left as
     * it was), and answers its summary and, if `withSamples`, every sample in time order.
     */
    runToEnd: (json: string, withSamples: boolean): Promise<BatchResult> =>
      queued(async (): Promise<BatchResult> => {
        engine ??= loadEngine();
        loaded = await engine;
        const result = runWhole(loaded.module, json, withSamples);
        return result.ok && result.samples ? Comlink.transfer(result, sampleTransferables(result.samples)) : result;
      }),
  };
}

// Samples pile up in the wasm heap until drained: a whole run drains them in this many steps.
const BATCH_STEPS = 200;

function runWhole(module: EngineModule, json: string, withSamples: boolean): BatchResult {
  const sim = new module.Simulation(json, PAGE_RUN_BUDGET.maxEvents, PAGE_RUN_BUDGET.maxMemoryBytes);
  try {
    if (!sim.ok()) return { ok: false, error: sim.error() };
    const duration = sim.duration();
    const parts: SampleColumns[] = [];
    for (let step = 1; step <= BATCH_STEPS && !sim.finished() && !sim.stopped(); step++) {
      sim.advanceTo(step === BATCH_STEPS ? duration : (duration * step) / BATCH_STEPS);
      const drained = sim.drainSamples();
      if (withSamples) parts.push(drained);
    }
    // Stopped by the run guard: a run that cannot finish has no result to compare.
    if (sim.stopped()) return { ok: false, error: sim.stopReason() };
    return {
      ok: true,
      summary: JSON.parse(sim.summaryJson()) as Summary,
      flowIds: JSON.parse(sim.flowIdsJson()) as string[],
      samples: withSamples ? concatSamples(parts) : null,
      routes: JSON.parse(sim.routesJson()) as EngineRoutes,
    };
  } finally {
    sim.delete();
  }
}

/** The drained slices of a run as one set of columns. */
export function concatSamples(parts: SampleColumns[]): SampleColumns {
  const rows = parts.reduce((n, p) => n + p.t.length, 0);
  const out = {} as Record<string, Float64Array | Int32Array | Uint8Array>;
  for (const column of SAMPLE_COLUMNS) {
    const first = parts[0]?.[column];
    const Ctor = (first?.constructor ?? Float64Array) as new (n: number) => Float64Array | Int32Array | Uint8Array;
    const joined = new Ctor(rows);
    let at = 0;
    for (const p of parts) {
      joined.set(p[column] as never, at);
      at += p[column].length;
    }
    out[column] = joined;
  }
  return out as unknown as SampleColumns;
}
