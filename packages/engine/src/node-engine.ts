// Loads the engine's wasm in this Node process and runs scenarios to the end. Used by
// the CLI and by the tests; the browser goes through the worker instead. Imported as
// '@obs-tcp-sim/engine/node' (package.json "exports").

import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Scenario, ScenarioFile, Summary } from '@obs-tcp-sim/scenario';
import { ScenarioError } from '@obs-tcp-sim/scenario/error';
import { buildHashOf } from './build-hash';
import { createEngineLog, EngineCrashError, type EngineLog } from './engine-log';
import type { EngineModule, EngineModuleFactory, LinkSampleColumns, SampleColumns, Simulation, VisualEventColumns } from './engine-module';

/** Where scripts/build-wasm.sh puts the module (absolute paths). */
export const wasmFiles: { glue: string; binary: string } = {
  glue: fileURLToPath(new URL('../wasm/obs_engine.mjs', import.meta.url)),
  binary: fileURLToPath(new URL('../wasm/obs_engine.wasm', import.meta.url)),
};

let buildHash: string | null = null;

/** Which engine build this process runs (build-hash.ts). */
export function engineBuildHash(): string {
  buildHash ??= buildHashOf(readFileSync(wasmFiles.binary));
  return buildHash;
}

/**
 * Whether `recorded` (a result's engine hash) names the build here. Results written before
 * the hash grew to 16 digits recorded the first 12: the same build when they begin it.
 */
export function isThisEngineBuild(recorded: unknown): boolean {
  return typeof recorded === 'string' && recorded.length >= 12 && engineBuildHash().startsWith(recorded);
}

export function wasmIsBuilt(): boolean {
  return existsSync(wasmFiles.glue) && existsSync(wasmFiles.binary);
}

/**
 * A fresh wasm instance with its own output log. Each call instantiates anew, so a test
 * or a crash never leaves state behind for the next.
 */
export async function loadEngineNode(): Promise<{ module: EngineModule; log: EngineLog }> {
  if (!wasmIsBuilt()) {
    throw new Error(`the engine is not built (${wasmFiles.binary} is missing): run bash scripts/build-wasm.sh`);
  }
  const { default: factory } = (await import(pathToFileURL(wasmFiles.glue).href)) as { default: EngineModuleFactory };
  const log = createEngineLog();
  // Pass the bytes: Emscripten 3.1.6's loader otherwise tries Node's global fetch on a
  // file path and fails.
  const module = await factory({ wasmBinary: readFileSync(wasmFiles.binary), ...log.moduleOptions() });
  return { module, log };
}

let sharedEngine: ReturnType<typeof loadEngineNode> | null = null;

/** One instance shared by successive runs in this process, replaced after a crash. */
function engineForRuns(): ReturnType<typeof loadEngineNode> {
  sharedEngine ??= loadEngineNode().catch((error) => {
    sharedEngine = null;
    throw error;
  });
  return sharedEngine;
}

/** Compiles and instantiates the shared instance now, e.g. to keep it out of a timing. */
export async function preloadEngineNode(): Promise<void> {
  await engineForRuns();
}

/** A run's budget (wasm-core/src/run_guard.h): 0 for no limit, absent for the engine's defaults. */
export interface RunBudget {
  /**
   * Work in events' worth (default 1e10): each event is one, plus the wavelengths it
   * scans, routes it tries and packets it moves; a pace that would need more stops the
   * run early.
   */
  maxEvents?: number;
  /** The memory the model's containers may hold, bytes (default 1 GiB). */
  maxMemoryBytes?: number;
  /**
   * Wall-clock seconds for the run (default DEFAULT_MAX_SECONDS; 0: no limit): the second
   * line behind the work budget, for a machine much slower than expected. Unlike the
   * others it depends on the machine, so where it stops a run is not reproducible.
   */
  maxSeconds?: number;
}

/** The wall-clock limit of a run when none is given: an hour, the work budget's own scale. */
export const DEFAULT_MAX_SECONDS = 3600;

// Samples pile up in the wasm heap until drained; a run that nobody watches drains
// them every so often so long runs with many flows keep a small heap.
const DRAIN_STEPS = 200;
// Events between two looks at the wall clock: well under a second however heavy each
// event (the work guard stops runs whose events do much more).
const EVENTS_PER_LOOK = 1 << 16;

/**
 * Runs a scenario from 0 to its duration and returns the summary (without wallTime).
 * Rejects with ScenarioError(the engine's message) when the engine refuses the scenario
 * or its run guard stops the run (a clock that no longer moves, the event or memory
 * budget: the message says which), and with EngineCrashError (carrying the engine's last
 * output) when it throws or aborts. `scenario` is scenario JSON text or a scenario object.
 */
/** The sentence of a run stopped by its wall-clock limit. */
function pastDeadline(sim: Simulation, maxSeconds: number): string {
  return (
    `stopped at t = ${sim.now().toPrecision(6)} s of ${sim.duration()} s: the run took longer than its wall-clock limit ` +
    `of ${maxSeconds} s (${sim.eventCount().toPrecision(6)} events so far; raise it with obs-sim --max-seconds, or shorten the run)`
  );
}

/**
 * Watches a run from its start (`begin`, with the loaded simulation) through every drain of
 * its samples and visual events (`drained`) to its end (`end`), e.g. to write its traces.
 */
export interface RunWatcher {
  /** Visual event kinds to record (setVisualEventKinds), or 0 for none. */
  readonly eventKinds: number;
  /** Whether to sample every packet link direction too (setLinkSamples). */
  readonly linkSamples: boolean;
  begin(sim: Simulation): void;
  drained(samples: SampleColumns, events: VisualEventColumns | null, links: LinkSampleColumns | null): void;
  end(): void;
}

export async function runScenarioNode(
  scenario: string | Scenario | ScenarioFile,
  budget: RunBudget = {},
  watcher?: RunWatcher,
): Promise<Summary> {
  const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
  const engine = await engineForRuns();
  let sim: Simulation | undefined;
  try {
    sim = new engine.module.Simulation(text, budget.maxEvents ?? -1, budget.maxMemoryBytes ?? -1);
    if (!sim.ok()) throw new ScenarioError(sim.error());
    const watched = sim;
    if (watcher) {
      if (watcher.eventKinds !== 0) {
        sim.setVisualEvents(true);
        sim.setVisualEventKinds(watcher.eventKinds);
      }
      if (watcher.linkSamples) sim.setLinkSamples(true);
      watcher.begin(sim);
    }
    // A watcher's events are drained after every slice of events, so the engine's ring
    // (65,536 rows) never overwrites one: a slice records at most one per event it runs.
    const drain = () => {
      const samples = watched.drainSamples();
      if (!watcher) return;
      const events = watcher.eventKinds !== 0 ? watched.drainVisualEvents() : null;
      if (events && events.lost > 0) throw new Error(`the trace lost ${events.lost} events the engine could not keep`);
      const links = watcher.linkSamples ? watched.drainLinkSamples() : null;
      watcher.drained(samples, events, links);
    };
    const duration = sim.duration();
    const maxSeconds = budget.maxSeconds ?? DEFAULT_MAX_SECONDS;
    const deadline = maxSeconds > 0 ? performance.now() + maxSeconds * 1000 : Infinity;
    for (let step = 1; step <= DRAIN_STEPS && !sim.finished(); step++) {
      const target = step === DRAIN_STEPS ? duration : (duration * step) / DRAIN_STEPS;
      // In slices of events, so the wall clock is looked at often. A slice that runs fewer
      // events than it may has run every event up to the target (advanceToBounded).
      for (;;) {
        const before = sim.eventCount();
        sim.advanceToBounded(target, EVENTS_PER_LOOK);
        if (watcher) drain();
        if (sim.stopped() || sim.eventCount() - before < EVENTS_PER_LOOK) break;
        if (performance.now() > deadline) throw new ScenarioError(pastDeadline(sim, maxSeconds));
      }
      if (!watcher) drain();
      if (sim.stopped()) throw new ScenarioError(sim.stopReason());
    }
    // Taking the summary settles the bursts that arrived by the end, which the engine
    // counts (and logs) lazily: a watcher drains once more after it.
    const summary = JSON.parse(sim.summaryJson()) as Summary;
    if (watcher) {
      drain();
      watcher.end();
    }
    return summary;
  } catch (error) {
    if (error instanceof ScenarioError) throw error;
    sharedEngine = null; // a trap can leave the heap in any state: never reuse it
    throw new EngineCrashError(error, engine.log.lines());
  } finally {
    try {
      sim?.delete();
    } catch {
      // The instance is already broken and being dropped; the first error is the one to report.
    }
  }
}
