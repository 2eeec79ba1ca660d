/**
 * Runs a sweep's scenarios on a pool of engine workers, one per core: each worker takes the
 * next run as soon as it is free, so a slow point does not hold the others. Results carry
 * their run index, so the table does not depend on which worker finished first. The pool
 * itself is the engine package's (packages/engine/src/pool.ts, shared with the CLI's
 * worker threads); this is its adapter for the app's engine workers.
 */
import { createEngine, runPool, type EngineRoutes, type PoolWorker } from '@obs-tcp-sim/engine';
import { type Scenario, type ScenarioFile, type Summary } from '@obs-tcp-sim/scenario';
import { collectOutputs, type RunResult, type Sweep, type SweepRun } from '@obs-tcp-sim/sweep';

/** What the pool asks of an engine: whole runs (EngineClient fits). */
export interface BatchEngine {
  /** `routes`: the routes the run took; absent from engines that do not report them (test doubles). */
  runToEnd(scenario: Scenario | ScenarioFile): Promise<{ summary: Summary; routes?: EngineRoutes }>;
  dispose(): void;
}

/** A finished run as the pool hands it on. */
interface Finished {
  summary: Summary;
  routes: EngineRoutes | null;
}

export interface PoolProgress {
  done: number;
  total: number;
}

export interface PoolRun {
  results: Promise<RunResult[]>;
  cancel(): void;
}

/** Workers to use: the cores the browser reports, at least 1, at most 8. */
export function poolSize(cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1): number {
  return Math.max(1, Math.min(8, cores));
}

export function runOnPool(
  sweep: Sweep,
  runs: SweepRun[],
  onProgress: (p: PoolProgress) => void,
  size = poolSize(),
  spawn: () => BatchEngine = () => createEngine(),
  /**
   * Sees each finished run's whole summary and the routes it took (what a theory overlay
   * needs beyond the outputs; routes null from an engine that does not report them).
   */
  observe?: (run: SweepRun, summary: Summary, routes: EngineRoutes | null) => void,
): PoolRun {
  let done = 0;
  const results: RunResult[] = [];
  const pool = runPool<SweepRun, Finished>({
    jobs: runs,
    size,
    spawn: () => engineWorker(spawn()),
    onResult: (run, { summary, routes }) => {
      results.push({ run: run.index, outputs: collectOutputs(sweep, summary) });
      observe?.(run, summary, routes);
      onProgress({ done: ++done, total: runs.length });
    },
  });
  return { results: pool.done.then(() => results), cancel: () => pool.cancel() };
}

/** One engine worker as the pool's PoolWorker: a failed run's message says which run. */
function engineWorker(engine: BatchEngine): PoolWorker<SweepRun, Finished> {
  return {
    async run(run) {
      try {
        const { summary, routes } = await engine.runToEnd(run.scenario);
        return { summary, routes: routes ?? null };
      } catch (error) {
        throw new Error(
          `run ${run.index + 1} (value ${run.values.join(', ')}, seed ${run.seed}): ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    },
    dispose: () => engine.dispose(),
  };
}
