// obs-sim: runs one scenario to its end and prints the summary JSON; `sweep` and `merge`
// are in sweep-command.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ScenarioError } from '@obs-tcp-sim/scenario/error';
import { preloadEngineNode, runScenarioNode } from '@obs-tcp-sim/engine/node';
import type { Summary } from '@obs-tcp-sim/scenario';
import { USAGE, parseArgs } from './args';
import { ensureWasmBuilt } from './ensure-wasm';
import { provenanceOf } from './provenance';
import { mergeCommand, sweepCommand } from './sweep-command';
import { readScenarioFile } from './read-scenario-file';
import { traceWriter } from './trace-files';
import { EXIT_BAD_INPUT, EXIT_ENGINE_FAILED, EXIT_OK, complain, engineError, firstLine, messageOf, showFile } from './report';

export { EXIT_BAD_INPUT, EXIT_ENGINE_FAILED, EXIT_OK };

/** `argv`: the arguments after the script name; resolves to the exit status. */
export async function main(argv: string[]): Promise<number> {
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
    const text = withWarmup(readScenarioFile(file, { maxBytes: args.maxInputBytes ?? undefined }), args.warmup);
    const notReady = ensureWasmBuilt(complain);
    if (notReady) {
      complain(notReady);
      return EXIT_ENGINE_FAILED;
    }
    await preloadEngineNode(); // compiling the wasm is not part of the run's wall time
    const started = performance.now();
    // The budget `{ maxEvents, maxMemoryBytes }` stops a run that passes it (or that the
    // engine finds would never end) with a ScenarioError naming the cause.
    let trace: ReturnType<typeof traceWriter> | undefined;
    if (args.trace !== null) {
      try {
        trace = traceWriter(args.trace, text);
      } catch (error) {
        complain(`--trace ${showFile(args.trace)}: cannot write the traces there: ${firstLine(messageOf(error))}`);
        return EXIT_BAD_INPUT;
      }
    }
    let summary: Summary;
    try {
      summary = await runScenarioNode(text, args.budget, trace);
    } finally {
      trace?.close();
    }
    const wallTime = (performance.now() - started) / 1000;
    const provenance = provenanceOf(text, summary);
    // The traces say what made them too: a folder of CSV files may travel without its summary.
    if (args.trace !== null) writeFileSync(join(args.trace, 'provenance.json'), `${JSON.stringify(provenance, null, 2)}\n`);
    const printed = { ...withWallTime(summary, wallTime), provenance };
    process.stdout.write(`${JSON.stringify(printed, null, 2)}\n`);
    // The run went through, so exit 0; what it most likely did not mean is said on stderr too.
    for (const warning of summary.warnings ?? []) complain(`${showFile(file)}: warning: ${warning.text}`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof ScenarioError) {
      const byWarmup = args.warmup !== null && error.message.startsWith('measure.from') ? ' (set by --warmup)' : '';
      complain(`${showFile(file)}: ${firstLine(error.message)}${byWarmup}`);
      return EXIT_BAD_INPUT;
    }
    complain(`${showFile(file)}: ${engineError(error)}`);
    return EXIT_ENGINE_FAILED;
  }
}

/**
 * The scenario with --warmup's seconds as its `measure.from` (its own `measure.to` kept).
 * Text that is not a JSON object goes on unchanged, for the engine to refuse in its words.
 */
export function withWarmup(text: string, warmup: number | null): string {
  if (warmup === null) return text;
  let scenario: unknown;
  try {
    scenario = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof scenario !== 'object' || scenario === null || Array.isArray(scenario)) return text;
  const own = (scenario as { measure?: unknown }).measure;
  const measure = typeof own === 'object' && own !== null && !Array.isArray(own) ? own : {};
  return JSON.stringify({ ...scenario, measure: { ...measure, from: warmup } });
}

/**
 * The summary with wallTime placed right after simTime, where docs/model.md section 5 lists it.
 */
function withWallTime(summary: Summary, wallTime: number): Record<string, unknown> {
  if (!('simTime' in summary)) return { ...(summary as object), wallTime };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(summary)) {
    if (key === 'wallTime') continue;
    out[key] = value;
    if (key === 'simTime') out.wallTime = wallTime;
  }
  return out;
}
