// The one pool that runs many jobs (a sweep's runs) on a few workers, for the app
// (browser Workers, apps/web/src/sweep/engineWorkerPool.ts) and the CLI (worker threads,
// packages/cli/src/worker-pool.ts). It knows nothing of either: a worker is anything with
// run(job) and dispose(). Each worker holds one job at a time and takes the next as soon
// as it is free, so a slow job does not hold the others; jobs are taken in order, and
// results are handed to onResult as they finish, with their job, so what the caller builds
// from them does not depend on which worker finished first.

/** One worker of the pool, as an adapter presents it. */
export interface PoolWorker<Job, Result> {
  /** Runs one job; rejects when the job fails (the whole pool then stops). */
  run(job: Job): Promise<Result>;
  /** Stops the worker for good; may be called more than once. */
  dispose(): void | Promise<unknown>;
}

export interface PoolOptions<Job, Result> {
  jobs: readonly Job[];
  /** Workers at most (at least 1 is used when there is a job; never more than the jobs). */
  size: number;
  /**
   * Makes one worker. `fail` reports a failure outside any job (a worker thread that
   * exits while idle): the pool stops as when a job fails.
   */
  spawn: (fail: (error: Error) => void) => PoolWorker<Job, Result>;
  /** Each result as it arrives; a throw stops the pool with that error. */
  onResult: (job: Job, result: Result) => void;
}

export interface PoolHandle {
  /**
   * Resolves when every job has a result, after every worker is disposed. Rejects with
   * the first failure (a job's, a worker's or onResult's) after disposing every worker,
   * or with Error('cancelled') after cancel().
   */
  done: Promise<void>;
  /** Disposes every worker now; results still in flight are dropped. */
  cancel(): void;
}

export function runPool<Job, Result>({ jobs, size, spawn, onResult }: PoolOptions<Job, Result>): PoolHandle {
  const workers: PoolWorker<Job, Result>[] = [];
  let next = 0;
  let finished = 0;
  let stopped = false; // failed, cancelled or finished: nothing more is reported
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const disposeAll = () => Promise.all(workers.map(async (worker) => worker.dispose()));
  const stop = (error: Error | null) => {
    if (stopped) return;
    stopped = true;
    const end = () => (error ? settle.reject(error) : settle.resolve());
    disposeAll().then(end, end);
  };
  const lane = async (worker: PoolWorker<Job, Result>) => {
    while (!stopped && next < jobs.length) {
      const job = jobs[next++];
      try {
        const result = await worker.run(job);
        if (stopped) return;
        onResult(job, result);
      } catch (error) {
        // The job's failure or onResult's: either stops the pool.
        stop(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (++finished === jobs.length) stop(null);
    }
  };
  if (jobs.length === 0) {
    stopped = true;
    settle.resolve();
  } else {
    const count = Math.max(1, Math.min(size, jobs.length));
    for (let w = 0; w < count; w++) workers.push(spawn((error) => stop(error)));
    for (const worker of workers) void lane(worker);
  }
  return {
    done,
    cancel() {
      stop(new Error('cancelled'));
    },
  };
}
