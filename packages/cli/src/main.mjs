// obs-sim: runs one scenario to its end and prints the summary JSON; `sweep` and `merge`
// are in sweep-command.mjs.
import { performance } from 'node:perf_hooks';
import { ScenarioError } from '@obs-tcp-sim/scenario/src/scenario-error.js';
import { preloadEngineNode, runScenarioNode } from '@obs-tcp-sim/engine/src/node-engine.js';
import { USAGE, parseArgs } from './args.mjs';
import { ensureWasmBuilt } from './ensure-wasm.mjs';
import { mergeCommand, sweepCommand } from './sweep-command.mjs';
import { readScenarioFile } from './read-scenario-file.mjs';

export const EXIT_OK = 0;
export const EXIT_ENGINE_FAILED = 1;
export const EXIT_BAD_INPUT = 2;

/** @param {string} message */
const complain = (message) => process.stderr.write(`obs-sim: ${message}\n`);

/**
 * @param {string[]} argv arguments after the script name
 * @returns {Promise<number>} the exit status
 */
export async function main(argv) {
  const args = parseArgs(argv);
  if (args.kind === 'help') {
    process.stdout.write(USAGE);
    return EXIT_OK;
  }
  if (args.kind === 'usage-error') {
    complain(`${args.message} (see --help)`);
    return EXIT_BAD_INPUT;
  }
  if (args.kind === 'sweep') return sweepCommand(args);
  if (args.kind === 'merge') return mergeCommand(args);

  const { file } = args;
  try {
    const text = readScenarioFile(file);
    const notReady = ensureWasmBuilt(complain);
    if (notReady) {
      complain(notReady);
      return EXIT_ENGINE_FAILED;
    }
    await preloadEngineNode(); // compiling the wasm is not part of the run's wall time
    const started = performance.now();
    const summary = await runScenarioNode(text);
    const wallTime = (performance.now() - started) / 1000;
    process.stdout.write(`${JSON.stringify(withWallTime(summary, wallTime), null, 2)}\n`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof ScenarioError) {
      complain(`${file}: ${firstLine(error.message)}`);
      return EXIT_BAD_INPUT;
    }
    complain(`${file}: engine error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_ENGINE_FAILED;
  }
}

/**
 * The summary with wallTime placed right after simTime, where DESIGN.md shows it.
 * @param {object} summary
 * @param {number} wallTime
 */
function withWallTime(summary, wallTime) {
  if (!('simTime' in summary)) return { ...summary, wallTime };
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(summary)) {
    if (key === 'wallTime') continue;
    out[key] = value;
    if (key === 'simTime') out.wallTime = wallTime;
  }
  return out;
}

/** The engine promises one line; keep that promise even if a message slips. @param {string} text */
function firstLine(text) {
  return text.split('\n')[0];
}
