// Runs many scenarios on worker threads: the Node adapter of the engine package's pool
// (packages/engine/src/pool.ts), which the app's browser Workers share. Each worker thread
// holds one job at a time; results are handed back with their run index, so what the
// caller builds from them does not depend on which worker finished first.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runPool, type PoolWorker } from '@obs-tcp-sim/engine/pool';
import type { RunBudget } from './args';

const WORKER_FILE = new URL('./sweep-worker.ts', import.meta.url);

/** A run the engine refused (its ScenarioError message) or failed on. */
export class RunError extends Error {
  constructor(
    readonly run: number,
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
    this.name = 'RunError';
  }
}

/** What a worker thread is sent, and what it answers (sweep-worker.ts). */
export interface RunRequest {
  run: number;
  scenario: string;
  budget: RunBudget;
}
export interface RunReply {
  run: number;
  summary?: unknown;
  error?: { refused: boolean; message: string };
}

/** A run that failed, as the pool hands it on when the caller goes on past failures. */
class RunFailure {
  constructor(readonly error: RunError) {}
}

/**
 * Runs `runs` (indices) with `scenarioOf(index)` as scenario JSON text; calls onResult for
 * each summary as it arrives. `budget` (--max-events, --max-memory, --max-seconds) goes
 * with every run. Without onFailure, rejects with RunError at the first failure, after
 * stopping every worker. With onFailure, a run the engine refused or failed on (a budget,
 * an engine error) is handed to it and the others go on; only a worker thread that dies
 * stops the pool.
 */
export function runOnPool({
  runs,
  workers,
  budget = {},
  scenarioOf,
  onResult,
  onFailure,
}: {
  runs: readonly number[];
  workers: number;
  budget?: RunBudget;
  scenarioOf: (run: number) => string;
  onResult: (run: number, summary: unknown) => void;
  onFailure?: (run: number, error: RunError) => void;
}): Promise<void> {
  return runPool<number, unknown>({
    jobs: runs,
    size: workers,
    spawn: (fail) => threadWorker(fail, (run) => ({ run, scenario: scenarioOf(run), budget }), onFailure !== undefined),
    onResult: (run, reply) => {
      if (reply instanceof RunFailure) onFailure?.(run, reply.error);
      else onResult(run, reply);
    },
  }).done;
}

/**
 * One worker thread running sweep-worker.ts, as the pool's PoolWorker. `goOn`: a run's
 * failure resolves as a RunFailure instead of rejecting (which stops the pool).
 */
function threadWorker(fail: (error: Error) => void, request: (run: number) => RunRequest, goOn: boolean): PoolWorker<number, unknown> {
  const worker = startTypeScriptWorker(WORKER_FILE);
  let pending: { resolve: (summary: unknown) => void; reject: (error: Error) => void } | null = null;
  let disposed = false;
  const failure = (error: RunError) => {
    if (disposed) return;
    const job = pending;
    pending = null;
    if (job) job.reject(error);
    else fail(error);
  };
  worker.on('message', (message: RunReply) => {
    const job = pending;
    pending = null;
    if (!job) return;
    if (!message.error) job.resolve(message.summary);
    else {
      const error = new RunError(message.run, message.error.message, message.error.refused);
      if (goOn) job.resolve(new RunFailure(error));
      else job.reject(error);
    }
  });
  worker.on('error', (error) => failure(new RunError(-1, `a worker thread failed: ${error.message}`, false)));
  worker.on('exit', (code) => {
    if (code !== 0) failure(new RunError(-1, `a worker thread exited with status ${code}`, false));
  });
  return {
    run: (run) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(request(run));
      }),
    dispose: () => {
      disposed = true;
      return worker.terminate();
    },
  };
}

/**
 * A worker thread running a TypeScript module. Loader hooks do not pass to worker threads
 * (and Node 20 ignores --import in a Worker's execArgv), so the thread registers tsx
 * itself before importing the module: docs/typescript.md.
 */
function startTypeScriptWorker(file: URL): Worker {
  const code = `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(code, { eval: true });
}

/**
 * The URL of tsx's ESM API. Where import.meta.resolve is missing (a test runner's module
 * loader), require's answer is the CommonJS build beside it, which cannot register hooks
 * from a worker thread.
 */
function tsxApi(): string {
  if (typeof import.meta.resolve === 'function') return import.meta.resolve('tsx/esm/api');
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
}
