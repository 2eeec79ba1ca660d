// A worker thread of the sweep pool: loads the wasm engine once (node-engine.js keeps one
// instance per thread) and runs the scenarios it is sent, one at a time, each with the
// sweep's budget (--max-events, --max-memory).
import { parentPort } from 'node:worker_threads';
import { ScenarioError } from '@obs-tcp-sim/scenario/src/scenario-error.js';
import { runScenarioNode } from '@obs-tcp-sim/engine/src/node-engine.js';

if (!parentPort) throw new Error('sweep-worker.mjs runs only as a worker thread');
const port = parentPort;

/** runScenarioNode with a budget; an engine without budgets ignores the second argument. */
const runWithBudget = /** @type {(scenario: string, budget: import('./args.mjs').RunBudget) => Promise<unknown>} */ (/** @type {unknown} */ (runScenarioNode));

port.on('message', async (/** @type {{ run: number, scenario: string, budget: import('./args.mjs').RunBudget }} */ { run, scenario, budget }) => {
  try {
    port.postMessage({ run, summary: await runWithBudget(scenario, budget) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    port.postMessage({
      run,
      error: {
        refused: error instanceof ScenarioError,
        // One line, and not megabytes of it: the message may quote the scenario.
        message: message.split('\n', 1)[0].slice(0, 2000),
      },
    });
  }
});
