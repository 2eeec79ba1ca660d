import type { Scenario, Summary } from '@obs-tcp-sim/scenario';
import type { EngineModule } from './engine-module';
import type { EngineLog } from './engine-log';

/** Absolute paths of the module built by scripts/build-wasm.sh. */
export declare const wasmFiles: { glue: string; binary: string };

export declare function wasmIsBuilt(): boolean;

/** A fresh wasm instance in this Node process, with its own output log. */
export declare function loadEngineNode(): Promise<{ module: EngineModule; log: EngineLog }>;

/** Compiles and instantiates the instance runScenarioNode uses, e.g. to keep it out of a timing. */
export declare function preloadEngineNode(): Promise<void>;

/** A run's budget (wasm-core/src/run_guard.h): 0 for no limit, absent for the defaults. */
export interface RunBudget {
  /** Events in all (default 1e10); a pace that would need more stops the run early. */
  maxEvents?: number;
  /** The model's own estimate of the memory it holds, bytes (default 1 GiB). */
  maxMemoryBytes?: number;
}

/**
 * Runs a scenario from 0 to its duration and returns the summary (without wallTime).
 * Rejects with ScenarioError when the engine refuses the scenario or its run guard stops
 * the run (the message says why), and with EngineCrashError (carrying the engine's last
 * output) when it throws or aborts.
 */
export declare function runScenarioNode(scenario: string | Scenario, budget?: RunBudget): Promise<Summary>;
