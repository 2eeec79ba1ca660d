// `obs-sim sweep spec.json` and `obs-sim merge part*.json`: docs/sweeps.md.
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { ScenarioError } from '@obs-tcp-sim/scenario/error';
import type { Summary } from '@obs-tcp-sim/scenario';
import {
  SweepSpecError,
  axisSettings,
  axisStrides,
  checkShardFile,
  showInput,
  showValue,
  collectOutputs,
  makeShardFile,
  mergeCheckedShards,
  parseShard,
  resolveSweepSpec,
  shardJson,
  shardRunIndices,
  summarizeSweep,
  sweepCsv,
  sweepJson,
  sweepRun,
  sweepRunCount,
  sweepRunsCsv,
  type CheckedShard,
  type RunResult,
  type Shard,
  type Sweep,
  type SweepResults,
} from '@obs-tcp-sim/sweep';
import { engineBuildHash, loadEngineNode } from '@obs-tcp-sim/engine/node';
import type { MergeArgs, SweepArgs } from './args';
import { ensureWasmBuilt } from './ensure-wasm';
import { loadPresets } from './preset-files';
import { Progress } from './progress';
import { RunKeeper } from './keep-runs';
import { INPUT_LIMITS, SHARD_SHAPE, readJsonFile, userDirectory } from './read-scenario-file';
import { EXIT_BAD_INPUT, EXIT_ENGINE_FAILED, EXIT_OK, complain, engineError, firstLine, messageOf, showFile } from './report';
import { RunError, runOnPool } from './worker-pool';

export { EXIT_BAD_INPUT, EXIT_ENGINE_FAILED, EXIT_OK };

/** A failure with its exit status and its one line. */
class Stop extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Resolves to the exit status. */
export async function sweepCommand(args: SweepArgs): Promise<number> {
  try {
    let shard: Shard | null = null;
    if (args.shard !== null) {
      try {
        shard = parseShard(args.shard);
      } catch (error) {
        throw new Stop(EXIT_BAD_INPUT, `--shard: ${messageOf(error)} (see --help)`);
      }
    }
    const sweep = readSweep(args.spec, args.maxInputBytes ?? INPUT_LIMITS.maxBytes);
    const notReady = ensureWasmBuilt(complain);
    if (notReady) throw new Stop(EXIT_ENGINE_FAILED, notReady);

    const refused = await firstRefusedValue(sweep);
    if (refused)
      throw new Stop(
        EXIT_BAD_INPUT,
        `${showFile(args.spec)}: run ${refused.run} (${describeRun(sweep, refused.run)}): ${firstLine(refused.message)}`,
      );

    const total = sweepRunCount(sweep);
    const runs = shard ? shardRunIndices(total, shard) : Array.from({ length: total }, (_, k) => k);
    const workers = Math.max(1, Math.min(args.workers ?? availableParallelism(), runs.length));
    const points = total / sweep.seeds.length;
    const progress = new Progress(runs.length, { quiet: args.quiet });
    progress.start(
      `${runs.length} runs (${shard ? `shard ${shard.index}/${shard.count} of ` : ''}${points} point${points === 1 ? '' : 's'} x ${sweep.seeds.length} seed${sweep.seeds.length === 1 ? '' : 's'}) on ${workers} worker thread${workers === 1 ? '' : 's'}`,
    );
    const results: RunResult[] = [];
    let keeper: RunKeeper | null = null;
    if (args.keepRuns !== null) {
      try {
        keeper = new RunKeeper(resolve(userDirectory(), args.keepRuns), sweep, runs);
      } catch (error) {
        throw new Stop(EXIT_BAD_INPUT, `--keep-runs: cannot write ${showFile(args.keepRuns)}: ${fileProblem(error)}`);
      }
    }
    try {
      await runOnPool({
        runs,
        workers,
        budget: args.budget,
        scenarioOf: (run) => JSON.stringify(sweepRun(sweep, run).scenario),
        onResult: (run, summary) => {
          try {
            results.push({ run, outputs: collectOutputs(sweep, summary) });
            keeper?.add(run, summary as Summary);
          } catch (error) {
            throw new Stop(EXIT_BAD_INPUT, `${showFile(args.spec)}: run ${run} (${describeRun(sweep, run)}): ${messageOf(error)}`);
          }
          progress.tick();
        },
      });
    } catch (error) {
      progress.abort();
      if (error instanceof RunError) {
        const where = error.run >= 0 ? `run ${error.run} (${describeRun(sweep, error.run)}): ` : '';
        if (error.refused) throw new Stop(EXIT_BAD_INPUT, `${showFile(args.spec)}: ${where}${firstLine(error.message)}`);
        throw new Stop(EXIT_ENGINE_FAILED, `${showFile(args.spec)}: ${where}${engineError(error)}`);
      }
      throw error;
    } finally {
      keeper?.close();
    }

    if (shard) {
      writeText(args.out, shardJson(makeShardFile(sweep, shard, results, engineBuildHash())));
    } else {
      writeResults({ ...summarizeSweep(sweep, results), engine: engineBuildHash() }, args);
    }
    return EXIT_OK;
  } catch (error) {
    return report(error);
  }
}

/** Resolves to the exit status. */
export async function mergeCommand(args: MergeArgs): Promise<number> {
  try {
    // One file at a time: read (capped), parse, check completely, keep only its runs (and
    // the first file's sweep), so N large shard files are never all in memory at once.
    let sweep: Sweep | null = null;
    const shards: Omit<CheckedShard, 'sweep'>[] = [];
    for (const name of args.files) {
      let value: Record<string, unknown>;
      try {
        ({ value } = readJsonFile(name, {
          maxBytes: args.maxInputBytes ?? INPUT_LIMITS.maxShardBytes,
          kind: 'shard file',
          shape: SHARD_SHAPE,
        }));
      } catch (error) {
        throw new Stop(EXIT_BAD_INPUT, `merge: ${showFile(name)}: ${messageOf(error)}`);
      }
      try {
        const { sweep: mine, ...shard } = checkShardFile(name, value);
        sweep ??= mine;
        shards.push(shard);
      } catch (error) {
        throw new Stop(EXIT_BAD_INPUT, `merge: ${messageOf(error)}`);
      }
    }
    let results: SweepResults;
    try {
      results = mergeCheckedShards(sweep as Sweep, shards);
    } catch (error) {
      throw new Stop(EXIT_BAD_INPUT, `merge: ${messageOf(error)}`);
    }
    writeResults(results, args);
    return EXIT_OK;
  } catch (error) {
    return report(error);
  }
}

/**
 * Reads and checks a spec file; a base given as a path is read relative to the spec.
 * `maxBytes`: the cap of the spec and of its base file.
 */
function readSweep(file: string, maxBytes: number): Sweep {
  let value: Record<string, unknown>;
  try {
    ({ value } = readJsonFile(file, { maxBytes, kind: 'sweep spec' }));
  } catch (error) {
    throw new Stop(EXIT_BAD_INPUT, `${showFile(file)}: ${messageOf(error)}`);
  }
  const specDirectory = file === '-' ? userDirectory() : dirname(resolve(userDirectory(), file));
  try {
    return resolveSweepSpec(value, {
      presets: loadPresets(),
      readBase: (path) => readJsonFile(resolve(specDirectory, path), { maxBytes, regularOnly: true }).value,
    });
  } catch (error) {
    if (error instanceof SweepSpecError) throw new Stop(EXIT_BAD_INPUT, `${showFile(file)}: ${error.message}`);
    throw error;
  }
}

/**
 * CSV to --out (JSON when it ends in .json) and JSON to --json; CSV on stdout when neither.
 */
function writeResults(results: SweepResults, { out, json, raw }: { out: string | null; json: string | null; raw: boolean }): void {
  const csv = () => (raw ? sweepRunsCsv(results) : sweepCsv(results));
  if (out === null && json === null) writeText(null, csv());
  if (out !== null) writeText(out, out.toLowerCase().endsWith('.json') ? sweepJson(results) : csv());
  if (json !== null) writeText(json, sweepJson(results));
}

/** `file`: null or - for stdout. */
function writeText(file: string | null, text: string): void {
  if (file === null || file === '-') {
    process.stdout.write(text);
    return;
  }
  try {
    writeFileSync(resolve(userDirectory(), file), text);
  } catch (error) {
    throw new Stop(EXIT_BAD_INPUT, `cannot write ${showFile(file)}: ${fileProblem(error)}`);
  }
}

/**
 * Asks the engine, before any run, whether it accepts every value of every parameter (the
 * others at their first value): a value out of range then stops the sweep at once, with
 * the engine's message, instead of after the runs before it. Builds a simulation per
 * value without running it.
 */
async function firstRefusedValue(sweep: Sweep): Promise<{ run: number; message: string } | null> {
  const { module } = await loadEngineNode();
  const seeds = sweep.seeds.length;
  const strides = axisStrides(sweep);
  const runs: number[] = [];
  sweep.axes.forEach((axis, a) => axis.values.forEach((_, i) => runs.push(i * strides[a] * seeds)));
  for (const run of [...new Set(runs)].sort((a, b) => a - b)) {
    const sim = new module.Simulation(JSON.stringify(sweepRun(sweep, run).scenario));
    try {
      if (!sim.ok()) return { run, message: firstLine(sim.error()) };
    } finally {
      sim.delete();
    }
  }
  return null;
}

/** "obs.burstLoss.data = 0.005, seed 3". */
function describeRun(sweep: Sweep, run: number): string {
  const { values, seed } = sweepRun(sweep, run);
  return [
    ...sweep.axes.map((axis, a) =>
      Array.isArray(values[a])
        ? axisSettings(axis, values[a])
            .map(([path, value]) => `${showInput(path, 60)} = ${showValue(value)}`)
            .join(', ')
        : `${axis.paths.map((path) => showInput(path, 60)).join(' = ')} = ${showValue(values[a])}`,
    ),
    `seed ${seed}`,
  ].join(', ');
}

/** Why a file could not be written, in a few words. */
function fileProblem(error: unknown): string {
  return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such directory' : messageOf(error);
}

function report(error: unknown): number {
  if (error instanceof Stop) {
    complain(error.message);
    return error.status;
  }
  if (error instanceof ScenarioError) {
    complain(firstLine(error.message));
    return EXIT_BAD_INPUT;
  }
  throw error;
}
