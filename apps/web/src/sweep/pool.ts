/**
 * Runs a sweep's scenarios on a pool of engine workers, one per core: each worker takes the
 * next run as soon as it is free, so a slow point does not hold the others. Results carry
 * their run index, so the table does not depend on which worker finished first.
 */
import { createEngine, type EngineClient } from '@obs-tcp-sim/engine';
import { collectOutputs, type RunResult, type Summary, type Sweep, type SweepRun } from '@obs-tcp-sim/scenario';

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
  spawn: () => Pick<EngineClient, 'runToEnd' | 'dispose'> = () => createEngine(),
  /** Sees each finished run's whole summary (what a theory overlay needs beyond the outputs). */
  observe?: (run: SweepRun, summary: Summary) => void,
): PoolRun {
  const engines = Array.from({ length: Math.min(size, runs.length) }, spawn);
  let next = 0;
  let done = 0;
  let cancelled = false;
  const results: RunResult[] = [];
  const worker = async (engine: (typeof engines)[number]) => {
    while (!cancelled && next < runs.length) {
      const run = runs[next++];
      let summary;
      try {
        ({ summary } = await engine.runToEnd(run.scenario));
      } catch (error) {
        if (cancelled) return;
        throw new Error(`run ${run.index + 1} (value ${run.values.join(', ')}, seed ${run.seed}): ${error instanceof Error ? error.message : String(error)}`);
      }
      if (cancelled) return;
      results.push({ run: run.index, outputs: collectOutputs(sweep, summary) });
      observe?.(run, summary);
      onProgress({ done: ++done, total: runs.length });
    }
  };
  const all = Promise.all(engines.map(worker))
    .then(() => {
      if (cancelled) throw new Error('cancelled');
      return results;
    })
    .finally(() => {
      for (const e of engines) e.dispose();
    });
  return {
    results: all,
    cancel() {
      cancelled = true;
      for (const e of engines) e.dispose();
    },
  };
}
