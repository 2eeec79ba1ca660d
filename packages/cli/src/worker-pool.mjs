// Runs many scenarios on a pool of worker threads. Each worker holds one job at a time;
// results are handed back with their run index, so what the caller builds from them does
// not depend on which worker finished first.
import { Worker } from 'node:worker_threads';

const WORKER_FILE = new URL('./sweep-worker.mjs', import.meta.url);

/** A run the engine refused (its ScenarioError message) or failed on. */
export class RunError extends Error {
  /** @param {number} run @param {string} message @param {boolean} refused */
  constructor(run, message, refused) {
    super(message);
    this.name = 'RunError';
    this.run = run;
    this.refused = refused;
  }
}

/**
 * Runs `runs` (indices) with `scenarioOf(index)` as scenario JSON text; calls onResult for
 * each summary as it arrives. Rejects with RunError at the first failure, after stopping
 * every worker. `budget` (--max-events, --max-memory) goes with every run.
 * @param {{ runs: readonly number[], workers: number, budget?: import('./args.mjs').RunBudget, scenarioOf: (run: number) => string, onResult: (run: number, summary: unknown) => void }} job
 */
export function runOnPool({ runs, workers, budget = {}, scenarioOf, onResult }) {
  const count = Math.max(1, Math.min(workers, runs.length));
  return new Promise((resolve, reject) => {
    /** @type {Worker[]} */
    const pool = [];
    let next = 0;
    let finished = 0;
    let failed = false; // or finished: either way nothing more is reported
    const stop = () => Promise.all(pool.map((worker) => worker.terminate()));
    /** @param {Error} error */
    const fail = (error) => {
      if (failed) return;
      failed = true;
      stop().then(() => reject(error), () => reject(error));
    };
    /** @param {Worker} worker */
    const feed = (worker) => {
      if (next >= runs.length) return;
      const run = runs[next++];
      worker.postMessage({ run, scenario: scenarioOf(run), budget });
    };
    if (runs.length === 0) {
      resolve(undefined);
      return;
    }
    for (let w = 0; w < count; w++) {
      const worker = new Worker(WORKER_FILE);
      pool.push(worker);
      worker.on('message', (/** @type {{ run: number, summary?: unknown, error?: { refused: boolean, message: string } }} */ message) => {
        if (failed) return;
        if (message.error) {
          fail(new RunError(message.run, message.error.message, message.error.refused));
          return;
        }
        try {
          onResult(message.run, message.summary);
        } catch (error) {
          fail(/** @type {Error} */ (error));
          return;
        }
        finished++;
        if (finished === runs.length) {
          failed = true; // nothing more to report
          stop().then(() => resolve(undefined), () => resolve(undefined));
        } else {
          feed(worker);
        }
      });
      worker.on('error', (error) => fail(new RunError(-1, `a worker thread failed: ${error.message}`, false)));
      worker.on('exit', (code) => {
        if (!failed && code !== 0) fail(new RunError(-1, `a worker thread exited with status ${code}`, false));
      });
      feed(worker);
    }
  });
}
