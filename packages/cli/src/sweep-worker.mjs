// A worker thread of the sweep pool: loads the wasm engine once (node-engine.js keeps one
// instance per thread) and runs the scenarios it is sent, one at a time.
import { parentPort } from 'node:worker_threads';
import { ScenarioError } from '@obs-tcp-sim/scenario/src/scenario-error.js';
import { runScenarioNode } from '@obs-tcp-sim/engine/src/node-engine.js';

if (!parentPort) throw new Error('sweep-worker.mjs runs only as a worker thread');
const port = parentPort;

port.on('message', async (/** @type {{ run: number, scenario: string }} */ { run, scenario }) => {
  try {
    port.postMessage({ run, summary: await runScenarioNode(scenario) });
  } catch (error) {
    port.postMessage({
      run,
      error: {
        refused: error instanceof ScenarioError,
        message: error instanceof Error ? error.message : String(error),
      },
    });
  }
});
