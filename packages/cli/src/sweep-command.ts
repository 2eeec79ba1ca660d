// `obs-sim sweep spec.json` and `obs-sim merge part*.json`: docs/sweeps.md.
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { closeSync, existsSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { ScenarioError } from '@obs-tcp-sim/scenario/error';
import type { Summary } from '@obs-tcp-sim/scenario';
import {
  MAX_FAILURE_REASON,
  SweepSpecError,
  axisSettings,
  axisStrides,
  describeGaps,
  incompleteShards,
  readShardText,
  showInput,
  showValue,
  collectOutputs,
  mergeCheckedShards,
  parseShard,
  resolveSweepSpec,
  shardHeader,
  shardHeaderLine,
  shardRunIndices,
  shardRunLine,
  summarizeSweep,
  sweepCsv,
  sweepJson,
  sweepRun,
  sweepRunCount,
  sweepRunsCsv,
  type MergeOutcome,
  type RunOutcome,
  type RunResult,
  type Shard,
  type ShardContent,
  type ShardHeader,
  type Sweep,
  type SweepResults,
} from '@obs-tcp-sim/sweep';
import { engineBuildHash, loadEngineNode } from '@obs-tcp-sim/engine/node';
import type { MergeArgs, SweepArgs } from './args';
import { ensureWasmBuilt } from './ensure-wasm';
import { loadPresets } from './preset-files';
import { Progress } from './progress';
import { RunKeeper } from './keep-runs';
import { CLI_VERSION } from './provenance';
import { INPUT_LIMITS, readInputText, readJsonFile, userDirectory } from './read-scenario-file';
import {
  EXIT_BAD_INPUT,
  EXIT_ENGINE_FAILED,
  EXIT_INCOMPLETE,
  EXIT_OK,
  complain,
  engineError,
  firstLine,
  messageOf,
  showFile,
} from './report';
import { RunError, runOnPool } from './worker-pool';

export { EXIT_BAD_INPUT, EXIT_ENGINE_FAILED, EXIT_INCOMPLETE, EXIT_OK };

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
    if (shard) return await sweepShard(args, sweep, shard);

    const total = sweepRunCount(sweep);
    const runs = Array.from({ length: total }, (_, k) => k);
    const workers = Math.max(1, Math.min(args.workers ?? availableParallelism(), runs.length));
    const progress = new Progress(runs.length, { quiet: args.quiet });
    progress.start(`${runs.length} runs (${pointsAndSeeds(sweep)}) on ${threads(workers)}`);
    const results: RunResult[] = [];
    const keeper = openKeeper(args, sweep, runs, false);
    try {
      await runOnPool({
        ...poolJobs(sweep, runs, workers, args),
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

    writeResults({ ...summarizeSweep(sweep, results), engine: engineBuildHash() }, args);
    return EXIT_OK;
  } catch (error) {
    return report(error);
  }
}

/** "3 points x 5 seeds". */
function pointsAndSeeds(sweep: Sweep): string {
  const points = sweepRunCount(sweep) / sweep.seeds.length;
  const seeds = sweep.seeds.length;
  return `${points} point${points === 1 ? '' : 's'} x ${seeds} seed${seeds === 1 ? '' : 's'}`;
}

/** What the pool runs: these runs of the sweep, each with the sweep's budget. */
function poolJobs(sweep: Sweep, runs: number[], workers: number, args: SweepArgs) {
  return { runs, workers, budget: args.budget, scenarioOf: (run: number) => JSON.stringify(sweepRun(sweep, run).scenario) };
}

/** "2 worker threads". */
function threads(workers: number): string {
  return `${workers} worker thread${workers === 1 ? '' : 's'}`;
}

/**
 * `sweep --shard i/N`: runs the shard's runs (with --resume, only those its file lacks)
 * and writes each to the shard file as it finishes, so a shard stopped at any moment keeps
 * what it ran. A run that fails (a budget, an engine error) is written with its reason and
 * the others go on. Resolves to 0 when every run of the shard finished, 3 when the file
 * holds failed runs.
 */
async function sweepShard(args: SweepArgs, sweep: Sweep, shard: Shard): Promise<number> {
  const header = shardHeader(sweep, shard, engineBuildHash());
  const file = args.out === null || args.out === '-' ? null : args.out;
  const spec = showFile(args.spec);
  const previous = args.resume && file !== null ? readPreviousShard(file, header, args) : null;
  const kept: RunOutcome[] = previous ? [...previous.content.runs, ...(args.retryFailed ? [] : previous.content.failed)] : [];
  const done = new Set(kept.map((outcome) => outcome.run));
  const runs = shardRunIndices(sweepRunCount(sweep), shard).filter((run) => !done.has(run));
  if (previous && !args.quiet) {
    const { content } = previous;
    const failed = content.failed.length ? ` and ${content.failed.length} failed${args.retryFailed ? ' (to run again)' : ''}` : '';
    complain(
      `sweep: ${showFile(file as string)} holds ${content.runs.length} of ${header.runCount} runs of shard ${header.shard}${failed}: ${runs.length === 0 ? 'nothing to run' : `running the other ${runs.length}`}`,
    );
  }
  const writer = openShardWriter(file, header, previous === null ? null : { kept, rewrite: previous.rewrite });
  const keeper = openKeeper(args, sweep, runs, previous !== null);
  let failed = kept.length - (previous?.content.runs.length ?? 0);
  try {
    if (runs.length === 0) return failed > 0 ? shardFailed(args, header, failed) : EXIT_OK;
    const workers = Math.max(1, Math.min(args.workers ?? availableParallelism(), runs.length));
    const progress = new Progress(runs.length, { quiet: args.quiet });
    progress.start(`${runs.length} runs (shard ${header.shard} of ${pointsAndSeeds(sweep)}) on ${threads(workers)}`);
    // Slurm's time limit and a Ctrl-C end the shard; what it wrote stays, and one line says so.
    const stop = (signal: NodeJS.Signals) => {
      progress.clear();
      complain(
        `${spec}: shard ${header.shard} stopped by ${signal}${file === null ? '' : `: ${showFile(file)} keeps the runs that finished (sweep --resume runs the others)`}`,
      );
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    try {
      await runOnPool({
        ...poolJobs(sweep, runs, workers, args),
        onResult: (run, summary) => {
          let outputs: (number | null)[];
          try {
            outputs = collectOutputs(sweep, summary);
          } catch (error) {
            throw new Stop(EXIT_BAD_INPUT, `${spec}: run ${run} (${describeRun(sweep, run)}): ${messageOf(error)}`);
          }
          writer.write(shardRunLine(header, { run, outputs }));
          keeper?.add(run, summary as Summary);
          progress.tick();
        },
        onFailure: (run, error) => {
          const reason = failureReason(error);
          writer.write(shardRunLine(header, { run, reason }));
          failed++;
          progress.clear();
          complain(`${spec}: run ${run} (${describeRun(sweep, run)}) failed, the shard goes on: ${reason}`);
          progress.tick();
        },
      });
    } catch (error) {
      progress.abort();
      const kept = file === null ? '' : ` (${showFile(file)} keeps the runs that finished: sweep --resume runs the others)`;
      if (error instanceof RunError) throw new Stop(EXIT_ENGINE_FAILED, `${spec}: ${engineError(error)}${kept}`);
      if (error instanceof Stop) throw new Stop(error.status, `${error.message}${kept}`);
      throw error;
    } finally {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
    }
    return failed > 0 ? shardFailed(args, header, failed) : EXIT_OK;
  } finally {
    writer.close();
    keeper?.close();
  }
}

/** --keep-runs: the file every run's whole summary goes to, or null without it. */
function openKeeper(args: SweepArgs, sweep: Sweep, runs: readonly number[], append: boolean): RunKeeper | null {
  if (args.keepRuns === null) return null;
  try {
    return new RunKeeper(resolve(userDirectory(), args.keepRuns), sweep, runs, append);
  } catch (error) {
    throw new Stop(EXIT_BAD_INPUT, `--keep-runs: cannot write ${showFile(args.keepRuns)}: ${fileProblem(error)}`);
  }
}

/** The line that ends a shard with failed runs, and its exit status. */
function shardFailed(args: SweepArgs, header: ShardHeader, failed: number): number {
  const where = args.out === null || args.out === '-' ? 'the shard file' : showFile(args.out);
  complain(
    `${showFile(args.spec)}: shard ${header.shard}: ${failed} of ${header.runCount} runs failed; their reasons are in ${where} (merge names them, sweep --resume --retry-failed runs them again)`,
  );
  return EXIT_INCOMPLETE;
}

/** Why a run failed, as its line in the shard file keeps it: one line, not empty, bounded. */
function failureReason(error: RunError): string {
  const message = error.refused ? firstLine(error.message) : engineError(error);
  return (message.trim() === '' ? 'failed without a message' : message).slice(0, MAX_FAILURE_REASON);
}

/**
 * What the shard file of `sweep --resume` holds, checked to be the same sweep, engine build
 * and shard; null when there is none yet (no file, or not even a first line: the shard was
 * stopped as it began). `rewrite`: the file must be written again before lines are added
 * (a last line cut short, or failed runs to run again).
 */
function readPreviousShard(file: string, header: ShardHeader, args: SweepArgs): { content: ShardContent; rewrite: boolean } | null {
  if (!existsSync(resolve(userDirectory(), file))) return null;
  let text: string;
  try {
    text = readInputText(file, { maxBytes: args.maxInputBytes ?? INPUT_LIMITS.maxShardBytes, kind: 'shard file' });
  } catch (error) {
    throw new Stop(EXIT_BAD_INPUT, `${showFile(file)}: ${messageOf(error)}`);
  }
  if (!text.includes('\n')) {
    if (text !== '')
      complain(`${showFile(file)}: warning: holds no whole line (the shard was stopped as it began): running the shard from the start`);
    return null;
  }
  let content: ShardContent;
  try {
    content = readShardText(file, text);
  } catch (error) {
    throw new Stop(EXIT_BAD_INPUT, messageOf(error));
  }
  const named = showFile(file);
  if (content.hash !== header.hash)
    throw new Stop(
      EXIT_BAD_INPUT,
      `${named}: holds a shard of a different sweep (spec hash ${content.hash}, not ${header.hash} as ${showFile(args.spec)}): --resume adds only to the same sweep (move the file away, or write the shard elsewhere)`,
    );
  if (content.engine !== header.engine)
    throw new Stop(
      EXIT_BAD_INPUT,
      `${named}: made by engine ${content.engine}, but this obs-sim runs engine ${header.engine}: results of two builds are not mixed (move the file away to run the shard again with this build)`,
    );
  const shard = `${content.shard.index}/${content.shard.count}`;
  if (shard !== header.shard)
    throw new Stop(EXIT_BAD_INPUT, `${named}: holds shard ${shard}, not ${header.shard}: --resume adds only to the same shard`);
  for (const note of content.notes) complain(`${named}: warning: ${note.replace(/ counts as missing$/, ' is run again')}`);
  return { content, rewrite: !text.endsWith('\n') || (args.retryFailed && content.failed.length > 0) };
}

/** Where a shard's lines go, one write per line. */
interface ShardWriter {
  write(line: string): void;
  close(): void;
}

/**
 * The shard file (stdout when `file` is null), its header written: new, or with --resume
 * the file as it was (`rewrite`: written again with the runs kept, then replaced, so a
 * stop halfway leaves the old file) to add lines to.
 */
function openShardWriter(file: string | null, header: ShardHeader, previous: { kept: RunOutcome[]; rewrite: boolean } | null): ShardWriter {
  if (file === null) {
    process.stdout.write(shardHeaderLine(header));
    return { write: (line) => void process.stdout.write(line), close: () => {} };
  }
  const path = resolve(userDirectory(), file);
  const cannot = (error: unknown) =>
    new Stop(
      EXIT_BAD_INPUT,
      `cannot write ${showFile(file)}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such directory' : messageOf(error)}`,
    );
  let fd: number;
  try {
    if (previous && previous.rewrite) {
      const kept = previous.kept.slice().sort((a, b) => a.run - b.run);
      const temporary = `${path}.resume-${process.pid}`;
      writeFileSync(temporary, shardHeaderLine(header) + kept.map((outcome) => shardRunLine(header, outcome)).join(''));
      renameSync(temporary, path);
    }
    fd = openSync(path, previous ? 'a' : 'w');
    if (!previous) writeAll(fd, shardHeaderLine(header));
  } catch (error) {
    throw cannot(error);
  }
  return {
    write(line) {
      try {
        writeAll(fd, line);
      } catch (error) {
        throw cannot(error);
      }
    },
    close() {
      closeSync(fd);
    },
  };
}

/** Writes all of `text` at the end of `fd` (a line: one write call, so a stop tears at most that line). */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
}

/** Resolves to the exit status. */
export async function mergeCommand(args: MergeArgs): Promise<number> {
  try {
    // One file at a time: read (capped), check completely, keep only its runs (and the
    // first file's sweep), so N large shard files are never all in memory at once.
    let sweep: Sweep | null = null;
    const shards: Omit<ShardContent, 'sweep' | 'notes'>[] = [];
    for (const name of args.files) {
      let text: string;
      try {
        text = readInputText(name, { maxBytes: args.maxInputBytes ?? INPUT_LIMITS.maxShardBytes, kind: 'shard file' });
      } catch (error) {
        throw new Stop(EXIT_BAD_INPUT, `merge: ${showFile(name)}: ${messageOf(error)}`);
      }
      try {
        const { sweep: mine, notes, ...shard } = readShardText(name, text);
        for (const note of notes) complain(`merge: ${showFile(name)}: warning: ${note}`);
        sweep ??= mine;
        shards.push(shard);
      } catch (error) {
        throw new Stop(EXIT_BAD_INPUT, `merge: ${messageOf(error)}`);
      }
    }
    let outcome: MergeOutcome;
    try {
      outcome = mergeCheckedShards(sweep as Sweep, shards, { partial: args.partial });
    } catch (error) {
      throw new Stop(EXIT_BAD_INPUT, `merge: ${messageOf(error)}`);
    }
    if (args.listIncomplete) {
      const list = incompleteShards(outcome.gaps, { failed: args.retryFailed });
      if (list !== '') process.stdout.write(`${list}\n`);
      return EXIT_OK;
    }
    if (outcome.gaps) {
      const lines = describeGaps(outcome.gaps, (run) => describeRun(sweep as Sweep, run));
      const total = lines.pop() as string;
      for (const line of lines) complain(`merge: ${args.partial ? 'warning: ' : ''}${line}`);
      if (outcome.results === null) {
        const todo = incompleteShards(outcome.gaps);
        const shard = /^[0-9]+$/.test(todo) ? todo : 'i';
        const again =
          todo === ''
            ? ''
            : `sweep --shard ${shard}/${outcome.gaps.count} --resume runs the missing runs${shard === 'i' ? ' (merge --list-incomplete lists their shards)' : ''}, `;
        complain(`merge: incomplete: ${total}: nothing written; ${again}merge --partial writes the results of the runs there are`);
        return EXIT_INCOMPLETE;
      }
      complain(
        `merge: warning: partial results: ${total}; the statistics are over the runs there are (a point's runs and each output's n say how many)`,
      );
    }
    writeResults(outcome.results as SweepResults, args);
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
function writeResults(made: SweepResults, { out, json, raw }: { out: string | null; json: string | null; raw: boolean }): void {
  // Which obs-sim wrote them, beside the engine build that ran them (the same for a whole sweep and its merge).
  const results = { ...made, version: CLI_VERSION };
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
