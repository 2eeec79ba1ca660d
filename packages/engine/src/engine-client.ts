import * as Comlink from 'comlink';
import type { Scenario, ScenarioFile, Summary } from '@obs-tcp-sim/scenario';
import { ScenarioError } from '@obs-tcp-sim/scenario';
import type { EngineRoutes, LiveChangeResult, SampleColumns } from './engine-module';
import type { Frame } from './frame';
import { DEFAULT_SPEED, checkSpeed } from './speed';
import type { BatchResult, LoadInfo, LoadResult, WorkerApi } from './worker-api';
import type { PauseMoment } from './pause-moment';

/** The main-thread face of the engine (docs/engine-api.md section 2). */
export interface EngineClient {
  /** Replaces the simulation, paused at time 0. Rejects with ScenarioError(the engine's message) if refused; the previous scenario then stays loaded. */
  load(scenario: Scenario): Promise<LoadInfo>;
  play(): void;
  pause(): void;
  /** Simulated seconds per wall second; Infinity = as fast as possible. Throws RangeError otherwise. */
  setSpeed(simSecondsPerWallSecond: number): void;
  /**
   * The last accepted scenario from time 0, paused, at the current speed. Live changes
   * are not kept: it is the scenario as loaded. After an engine error this builds a new
   * worker first.
   */
  reset(): Promise<void>;
  /** Frames carry the visual events (animation, channel view, event log) from now on, or not. Kept across loads and resets. */
  setVisualEvents(on: boolean): void;
  /** Which kinds of visual events to record (bit k = VisualEventKind k; all by default). Kept across loads and resets. */
  setVisualEventKinds(mask: number): void;
  /**
   * The run pauses itself right after `moment` (the first event that meets its stop, or its
   * time) at any speed, on a frame marked `atMoment`; null forgets it. One-shot; kept
   * across loads and resets until met or replaced (docs/engine-api.md, "Pausing at a moment").
   */
  pauseAt(moment: PauseMoment | null): void;
  /**
   * While paused: runs one event ('event') or up to the next burst an edge sends
   * ('burst'), then a frame with the summary follows. Resolves to false if nothing moved
   * (finished, or playing). Ignored while playing.
   */
  step(kind: 'event' | 'burst'): Promise<boolean>;
  /** Applies at the engine's current time; rejects with ScenarioError(reason) if refused. */
  setLive(path: string, value: number): Promise<void>;
  /**
   * Like setLive, but answers instead of rejecting: `error` the engine's reason when
   * refused (then nothing changed), else null, and `at` the engine time in seconds at
   * which the change took effect: written with the path and value into the scenario's
   * `liveChanges`, it replays this run exactly (docs/live-changes.md).
   */
  changeLive(path: string, value: number): Promise<LiveChangeResult>;
  summary(): Promise<Summary>;
  /**
   * Runs another scenario to its end in this worker (the loaded one is untouched): its
   * summary, flow ids, the routes it took and, if asked, all its samples. Rejects with
   * ScenarioError if refused.
   */
  runToEnd(
    scenario: Scenario | ScenarioFile,
    options?: { samples?: boolean },
  ): Promise<{ summary: Summary; flowIds: string[]; samples: SampleColumns | null; routes: EngineRoutes }>;
  /** About every animation frame while playing. Returns a function that unsubscribes. */
  onFrame(listener: (frame: Frame) => void): () => void;
  /** The engine threw or aborted (message ends with its last output); call reset(). */
  onError(listener: (message: string) => void): () => void;
  /** The last scenario the engine accepted (a copy), or null. */
  scenario(): Scenario | null;
  dispose(): void;
}

/** A Worker, or anything that talks like one (tests use a MessagePort pair). */
export interface EngineWorkerHandle extends Comlink.Endpoint {
  terminate(): void;
}

export interface EngineOptions {
  /** Defaults to the module worker in ./worker.ts. */
  spawnWorker?: () => EngineWorkerHandle;
}

function spawnModuleWorker(): EngineWorkerHandle {
  // Vite recognises this pattern and bundles worker.ts as a module worker.
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
}

/** One worker and its Comlink proxy; replaced wholesale when the engine dies. */
interface Connection {
  remote: Comlink.Remote<WorkerApi>;
  /** Rejects when the connection is closed, so calls still in flight do not hang. */
  closed: Promise<never>;
  close(reason: string): void;
}

export function createEngine(options: EngineOptions = {}): EngineClient {
  const spawnWorker = options.spawnWorker ?? spawnModuleWorker;
  const frameListeners = new Set<(frame: Frame) => void>();
  const errorListeners = new Set<(message: string) => void>();
  let acceptedJson: string | null = null; // what reset() reloads; survives any crash
  let speed = DEFAULT_SPEED;
  let visualEvents = false;
  let visualKinds: number | null = null;
  let connection: Connection | null = null;
  let dead = false; // the current worker's engine threw; only load/reset revive it
  let disposed = false;

  function connect(): Connection {
    const worker = spawnWorker();
    const remote = Comlink.wrap<WorkerApi>(worker);
    let reject!: (error: Error) => void;
    const closed = new Promise<never>((_, r) => (reject = r));
    closed.catch(() => {}); // only raced against calls
    const conn: Connection = {
      remote,
      closed,
      close(reason) {
        reject(new Error(reason));
        worker.terminate();
      },
    };
    const isCurrent = () => connection === conn && !disposed;
    worker.addEventListener('error', (event) => {
      if (isCurrent()) fail(workerErrorMessage(event));
    });
    worker.addEventListener('messageerror', () => {
      if (isCurrent()) fail('a message from the engine worker could not be read');
    });
    void remote
      .connect(
        Comlink.proxy((frame: Frame) => {
          if (isCurrent()) emitFrame(frame);
        }),
        Comlink.proxy((message: string) => {
          if (isCurrent()) fail(message);
        }),
      )
      .catch(() => {});
    void remote.setSpeed(speed).catch(() => {});
    if (visualEvents) void remote.setVisualEvents(true).catch(() => {});
    if (visualKinds !== null) void remote.setVisualEventKinds(visualKinds).catch(() => {});
    void remote.warmUp().catch((error: unknown) => {
      if (isCurrent()) fail(errorMessage(error));
    });
    return conn;
  }

  function rebuild(): Connection {
    connection?.close('the engine was reset');
    dead = false;
    connection = connect();
    return connection;
  }

  /** Calls the worker; an engine crash is reported through onError and rejects the call. */
  async function call<T>(op: (remote: Comlink.Remote<WorkerApi>) => Promise<T>): Promise<T> {
    if (disposed) throw new Error('the engine was disposed');
    if (dead) throw new Error('the engine stopped after an error; call reset()');
    const conn = connection ?? rebuild();
    try {
      return await Promise.race([op(conn.remote), conn.closed]);
    } catch (error) {
      if (error instanceof Error && error.name === 'EngineCrashError' && connection === conn) fail(error.message);
      throw error;
    }
  }

  function fail(message: string): void {
    if (dead || disposed) return;
    dead = true;
    if (errorListeners.size === 0) console.error(`engine error: ${message}`);
    for (const listener of errorListeners) callSafely(listener, message);
  }

  function emitFrame(frame: Frame): void {
    for (const listener of frameListeners) callSafely(listener, frame);
  }

  async function start(json: string): Promise<LoadInfo> {
    const result = await call<LoadResult>((remote) => remote.load(json));
    if (!result.ok) throw new ScenarioError(result.error);
    acceptedJson = json;
    return result.info;
  }

  connection = connect();

  return {
    async load(scenario) {
      const json = serialise(scenario);
      if (dead) rebuild();
      return start(json);
    },
    play() {
      if (!disposed && !dead) void call((remote) => remote.play()).catch(() => {});
    },
    pause() {
      if (!disposed && !dead) void call((remote) => remote.pause()).catch(() => {});
    },
    setSpeed(simSecondsPerWallSecond) {
      checkSpeed(simSecondsPerWallSecond);
      speed = simSecondsPerWallSecond;
      if (!disposed && !dead) void call((remote) => remote.setSpeed(speed)).catch(() => {});
    },
    async reset() {
      if (disposed) throw new Error('the engine was disposed');
      if (dead) {
        rebuild();
        if (acceptedJson !== null) await start(acceptedJson);
        return;
      }
      if (acceptedJson === null) return; // nothing loaded: nothing to rewind
      const result = await call<LoadResult>((remote) => remote.reset());
      if (!result.ok) throw new ScenarioError(result.error);
    },
    setVisualEvents(on) {
      visualEvents = on;
      if (!disposed && !dead) void call((remote) => remote.setVisualEvents(on)).catch(() => {});
    },
    setVisualEventKinds(mask) {
      visualKinds = mask;
      if (!disposed && !dead) void call((remote) => remote.setVisualEventKinds(mask)).catch(() => {});
    },
    pauseAt(moment) {
      if (!disposed && !dead) void call((remote) => remote.pauseAt(moment)).catch(() => {});
    },
    step(kind) {
      return call((remote) => remote.step(kind));
    },
    async setLive(path, value) {
      const reason = await call((remote) => remote.setLive(path, value));
      if (reason !== '') throw new ScenarioError(reason);
    },
    changeLive(path, value) {
      return call((remote) => remote.changeLive(path, value));
    },
    summary() {
      return call((remote) => remote.summary());
    },
    async runToEnd(scenario, options = {}) {
      // Comlink's Remote type splits the union into a union of promises; it is one promise.
      const result = await call((remote) => remote.runToEnd(JSON.stringify(scenario), options.samples ?? false) as Promise<BatchResult>);
      if (!result.ok) throw new ScenarioError(result.error);
      return { summary: result.summary, flowIds: result.flowIds, samples: result.samples, routes: result.routes };
    },
    onFrame(listener) {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    scenario() {
      return acceptedJson === null ? null : (JSON.parse(acceptedJson) as Scenario);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      connection?.close('the engine was disposed');
      connection = null;
      frameListeners.clear();
      errorListeners.clear();
    },
  };
}

function serialise(scenario: Scenario): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(scenario);
  } catch (error) {
    throw new ScenarioError(`the scenario cannot be written as JSON: ${errorMessage(error)}`);
  }
  if (json === undefined) throw new ScenarioError('the scenario must be a JSON object');
  return json;
}

function callSafely<T>(listener: (value: T) => void, value: T): void {
  try {
    listener(value);
  } catch (error) {
    // A broken listener must not stop the others or the engine.
    if (typeof reportError === 'function') reportError(error);
    else console.error(error);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function workerErrorMessage(event: Event): string {
  const message = (event as ErrorEvent).message;
  return message
    ? `the engine worker failed: ${message}`
    : 'the engine worker failed to start (its script or the wasm could not be loaded)';
}
