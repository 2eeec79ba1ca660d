// Loads the engine's wasm in this Node process and runs scenarios to the end. Used by
// the CLI and by the tests; the browser goes through the worker instead. Imported as
// '@obs-tcp-sim/engine/node' (package.json "exports").

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Scenario, Summary } from '@obs-tcp-sim/scenario';
import { ScenarioError } from '@obs-tcp-sim/scenario/error';
import { createEngineLog, EngineCrashError, type EngineLog } from './engine-log';
import type { EngineModule, EngineModuleFactory, Simulation } from './engine-module';

/** Where scripts/build-wasm.sh puts the module (absolute paths). */
export const wasmFiles: { glue: string; binary: string } = {
  glue: fileURLToPath(new URL('../wasm/obs_engine.mjs', import.meta.url)),
  binary: fileURLToPath(new URL('../wasm/obs_engine.wasm', import.meta.url)),
};

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
  /** Events in all (default 1e10); a pace that would need more stops the run early. */
  maxEvents?: number;
  /** The model's own estimate of the memory it holds, bytes (default 1 GiB). */
  maxMemoryBytes?: number;
}

// Samples pile up in the wasm heap until drained; a run that nobody watches drains
// them every so often so long runs with many flows keep a small heap.
const DRAIN_STEPS = 200;

/**
 * Runs a scenario from 0 to its duration and returns the summary (without wallTime).
 * Rejects with ScenarioError(the engine's message) when the engine refuses the scenario
 * or its run guard stops the run (a clock that no longer moves, the event or memory
 * budget: the message says which), and with EngineCrashError (carrying the engine's last
 * output) when it throws or aborts. `scenario` is scenario JSON text or a scenario object.
 */
export async function runScenarioNode(scenario: string | Scenario, budget: RunBudget = {}): Promise<Summary> {
  const text = typeof scenario === 'string' ? scenario : JSON.stringify(scenario);
  const engine = await engineForRuns();
  let sim: Simulation | undefined;
  try {
    sim = new engine.module.Simulation(text, budget.maxEvents ?? -1, budget.maxMemoryBytes ?? -1);
    if (!sim.ok()) throw new ScenarioError(sim.error());
    const duration = sim.duration();
    for (let step = 1; step <= DRAIN_STEPS && !sim.finished(); step++) {
      sim.advanceTo(step === DRAIN_STEPS ? duration : (duration * step) / DRAIN_STEPS);
      sim.drainSamples();
      if (sim.stopped()) throw new ScenarioError(sim.stopReason());
    }
    return JSON.parse(sim.summaryJson()) as Summary;
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
