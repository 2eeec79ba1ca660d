// A worker thread of the sweep pool: loads the wasm engine once (node-engine.ts keeps one
// instance per thread) and runs the scenarios it is sent, one at a time, each with the
// sweep's budget (--max-events, --max-memory, --max-seconds). Started by worker-pool.ts.
import { parentPort } from 'node:worker_threads';
import { ScenarioError } from '@obs-tcp-sim/scenario/error';
import { runScenarioNode } from '@obs-tcp-sim/engine/node';
import type { RunReply, RunRequest } from './worker-pool';

if (!parentPort) throw new Error('sweep-worker.ts runs only as a worker thread');
const port = parentPort;

port.on('message', async ({ run, scenario, budget }: RunRequest) => {
  try {
    port.postMessage({ run, summary: await runScenarioNode(scenario, budget) } satisfies RunReply);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    port.postMessage({
      run,
      error: {
        refused: error instanceof ScenarioError,
        // One line, and not megabytes of it: the message may quote the scenario.
        message: message.split('\n', 1)[0].slice(0, 2000),
      },
    } satisfies RunReply);
  }
});
