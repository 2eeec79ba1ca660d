// Command-line arguments of obs-sim, read with node:util's parseArgs; the rules (which
// options each command takes, what a value may be) and the messages are ours.
import { parseArgs as parseArgv, type ParseArgsConfig } from 'node:util';
import { quoteInput } from '@obs-tcp-sim/scenario/safe-text';
import { showInput } from '@obs-tcp-sim/sweep';
import { DEFAULT_MAX_SECONDS, type RunBudget } from '@obs-tcp-sim/engine/node';
import { INPUT_LIMITS, MiB } from './read-scenario-file';

export type { RunBudget };

export const USAGE = `Usage: npx obs-sim <scenario.json> [--trace DIR] [--warmup S] [--max-events N] [--max-memory MB] [--max-seconds S] [--max-input-bytes N]
       npx obs-sim sweep <spec.json> [--out FILE] [--json FILE] [--raw] [--keep-runs FILE] [--workers K] [--quiet]
                                     [--shard i/N [--resume [--retry-failed]]]
                                     [--max-events N] [--max-memory MB] [--max-seconds S] [--max-input-bytes N]
       npx obs-sim merge <part.jsonl>... [--out FILE] [--json FILE] [--raw] [--partial] [--max-input-bytes N]
       npx obs-sim merge <part.jsonl>... --list-incomplete [--retry-failed]
       (or node packages/cli/bin/obs-sim.mjs ..., or npm run -s sim -- ...)

Run: runs a scenario (format v1) to its end with the same WebAssembly engine as the app and
prints the summary as JSON on stdout, with wallTime (wall-clock seconds of the run) added.
The file may be - to read the scenario from standard input.
  --trace DIR    also write the run's traces as CSV into DIR (made if missing; docs/summary.md,
                 "Traces"): flows.csv (every flow at every sampleInterval), bursts.csv (every
                 burst and its fate), tcp-events.csv, packet-drops.csv, links.csv (every
                 packet link's queue at every sampleInterval)
  --warmup S     count the summary from S seconds on (the scenario's measure.from; docs/
                 model.md section 5): every count, rate and share covers (S, end], the
                 summary's "measure" says so; the run itself is the same

Sweep: runs every point x seed of a sweep spec (docs/sweeps.md) on a pool of worker
threads and writes one CSV row per point: mean, sd, 95 % confidence interval and the value
normalised to the first point, for each output. Progress goes to stderr.
  --out FILE     write the CSV to FILE (JSON if FILE ends in .json); default: stdout
  --json FILE    also write everything (points, every run, the sweep) as JSON to FILE
  --raw          the CSV has one row per run instead of one per point
  --keep-runs FILE  also write every run's whole summary to FILE, one JSON object per line
                 (run, point, seed, values, provenance, summary), in run order
  --workers K    worker threads (default: the number of cores, ${'`'}os.availableParallelism()${'`'})
  --shard i/N    run only shard i of N (i from 1 to N) and write a shard file (JSON Lines,
                 to --out or stdout) for merge, a line per run as it finishes; a run that
                 fails (a budget, an engine error) is written with its reason and the
                 shard goes on (exit status 3). For a Slurm array use SLURM_ARRAY_TASK_ID,
                 for a Kubernetes Indexed Job $((JOB_COMPLETION_INDEX + 1))
  --resume       with --shard and --out FILE: keep the runs FILE holds (it must be the same
                 sweep, engine build and shard) and run only the missing ones, adding to
                 FILE; without FILE, run the whole shard. A last line cut short (the shard
                 was stopped as it wrote it) is dropped and its run done again
  --retry-failed with --resume: run the failed runs again too
  --quiet        no progress on stderr

Merge: puts the shard files of all N shards of one sweep back together; the output is
byte for byte what the unsharded sweep writes. Takes --out, --json and --raw as sweep does.
Every shard file is checked (its sweep against the limits of a spec, every output, the
hash of its sweep and the check of every run line) before anything is merged. Runs that
are missing (a shard stopped, a file not given) or failed are named, one line per shard,
and nothing is written (exit status 3), unless:
  --partial          write the results of the runs there are (a point's runs and each
                     output's n say how many), still naming what is missing (exit 0)
  --list-incomplete  merge nothing; print the shards with missing runs as a list for
                     sbatch --array (3,5-7; empty when none), to run again with --resume
  --retry-failed     with --list-incomplete: the shards with failed runs too

Budgets (run and sweep; for a sweep, of each run). The engine's run guard stops a run that
passes its budget, or whose pace shows it would, or whose clock no longer moves, and the
run is refused with one line naming the cause (exit status 2):
  --max-events N     the most work of a run, in events' worth: each event counts one, plus
                     the wavelengths it scans, routes it tries and packets it moves (e.g.
                     5e8; default 1e10; 0: no limit)
  --max-memory MB    the most memory the model's containers may hold, in megabytes of 2^20
                     bytes; the run stops before their next growth could pass it (default
                     1024; 0: no limit)
  --max-seconds S    the most wall-clock seconds of a run, a second line behind the work
                     budget for a slow machine; where it stops depends on the machine
                     (default ${DEFAULT_MAX_SECONDS}; 0: no limit)

Input:
  --max-input-bytes N  read at most N bytes of one input file or of standard input (a
                       suffix K, M or G counts KiB, MiB or GiB; up to 1G). Default: 32M
                       for a scenario, a spec, its base file and standard input, 64M for
                       each shard file (merge, sweep --resume). A larger input is refused unread.

Options:
  -h, --help   show this help and exit

Exit status: 0 when everything ran; 2 when a file cannot be read or written, a scenario,
spec or shard is malformed, too large or refused, a run is stopped by a budget, or the
arguments are wrong (one line on stderr says why); 1 when the engine itself failed; 3 when
a shard wrote every run but some failed (their reasons are in the file), or merge found
runs missing or failed (named on stderr).
`;

/** The command line, read: what to do, or why it cannot be done. */
export type Args =
  | { kind: 'help' }
  | { kind: 'run'; file: string; trace: string | null; warmup: number | null; maxInputBytes: number | null; budget: RunBudget }
  | SweepArgs
  | MergeArgs
  | { kind: 'usage-error'; message: string };
export interface SweepArgs {
  kind: 'sweep';
  spec: string;
  out: string | null;
  json: string | null;
  raw: boolean;
  /** --keep-runs: where every run's whole summary goes (JSON Lines). */
  keepRuns: string | null;
  workers: number | null;
  shard: string | null;
  /** --resume: keep what the shard file (--out) holds and run only the missing runs. */
  resume: boolean;
  /** --retry-failed: with --resume, run the failed runs again too. */
  retryFailed: boolean;
  quiet: boolean;
  maxInputBytes: number | null;
  budget: RunBudget;
}
export interface MergeArgs {
  kind: 'merge';
  files: string[];
  out: string | null;
  json: string | null;
  raw: boolean;
  /** --partial: write the results of the runs there are when some are missing or failed. */
  partial: boolean;
  /** --list-incomplete: print the shards still to run (for sbatch --array) instead of merging. */
  listIncomplete: boolean;
  /** --retry-failed: with --list-incomplete, count the shards with failed runs too. */
  retryFailed: boolean;
  maxInputBytes: number | null;
}
type Command = 'run' | 'sweep' | 'merge';

/** `argv`: the arguments after the script name. */
export function parseArgs(argv: string[]): Args {
  if (argv.includes('-h') || argv.includes('--help')) return { kind: 'help' };
  const words = argv.filter((arg) => arg !== '--');
  if (words[0] === 'sweep' || words[0] === 'merge') return parseCommand(words[0], words.slice(1));
  return parseCommand('run', words);
}

const BUDGET_OPTIONS = ['--max-events', '--max-memory', '--max-seconds'];
/** The largest --max-seconds: a week. */
const MAX_SECONDS = 604800;
/** The largest --max-memory: 64 GiB, far above what a wasm32 engine can hold (4 GiB). */
const MAX_MEMORY_MB = 65536;
/** Options that take a value (`--out FILE` or `--out=FILE`), per command. */
const VALUE_OPTIONS: Record<Command, string[]> = {
  run: ['--trace', '--warmup', '--max-input-bytes', ...BUDGET_OPTIONS],
  sweep: ['--out', '--json', '--keep-runs', '--workers', '--shard', '--max-input-bytes', ...BUDGET_OPTIONS],
  merge: ['--out', '--json', '--max-input-bytes'],
};
/** Options that are on or off, per command. */
const FLAG_OPTIONS: Record<Command, string[]> = {
  run: [],
  sweep: ['--raw', '--quiet', '--resume', '--retry-failed'],
  merge: ['--raw', '--partial', '--list-incomplete', '--retry-failed'],
};

/** An option's name from the command line, shown safely. */
const showOption = (word: string): string => showInput(word, 40);

/** The command's options as node:util parseArgs takes them. */
function utilOptions(command: Command): ParseArgsConfig['options'] {
  return Object.fromEntries([
    ...VALUE_OPTIONS[command].map((name) => [name.slice(2), { type: 'string' as const }]),
    ...FLAG_OPTIONS[command].map((name) => [name.slice(2), { type: 'boolean' as const }]),
  ]);
}

function parseCommand(command: Command, words: string[]): Args {
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  const files: string[] = [];
  const prefix = command === 'run' ? '' : `${command}: `;
  // Not strict: node:util then hands every option over as a token in order, known or
  // not, and a value option takes the next word whatever it is (`--out -`, `--max-events
  // -1`, which the checks below refuse with their own words). The first problem, in the
  // order of the words, is the one reported.
  const { tokens } = parseArgv({ args: words, options: utilOptions(command), strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      files.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue; // no '--' reaches here: parseArgs dropped them
    const name = token.rawName;
    if (VALUE_OPTIONS[command].includes(name)) {
      const value = token.value;
      if (value === undefined || value === '') return usageError(`${prefix}${name} needs a value`);
      if (name in values) return usageError(`${prefix}${name} given twice`);
      values[name] = value;
    } else if (FLAG_OPTIONS[command].includes(name) && !token.inlineValue) {
      flags.add(name);
    } else {
      // As written (`-ab` is one word, `--raw=1` too), not as node:util split it.
      return usageError(`${prefix}unknown option ${showOption(words[token.index])}`);
    }
  }
  let maxInputBytes: number | null = null;
  if ('--max-input-bytes' in values) {
    maxInputBytes = parseByteCount(values['--max-input-bytes']);
    if (maxInputBytes === null) {
      return usageError(
        `${prefix}--max-input-bytes must be a number of bytes from 1 to ${INPUT_LIMITS.maxBytesCeiling} (a suffix K, M or G counts KiB, MiB or GiB), not ${quoteInput(values['--max-input-bytes'], 20)}`,
      );
    }
  }
  const budget: RunBudget = {};
  if ('--max-events' in values) {
    const text = values['--max-events'];
    const events = /^[0-9]{1,16}(e[0-9]{1,2})?$/i.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(events))
      return usageError(
        `${prefix}--max-events must be a whole number of events up to ${Number.MAX_SAFE_INTEGER} (like 5e8; 0 for no limit), not ${quoteInput(text, 20)}`,
      );
    budget.maxEvents = events;
  }
  if ('--max-memory' in values) {
    const text = values['--max-memory'];
    const mb = /^[0-9]{1,6}$/.test(text) ? Number(text) : NaN;
    if (!(mb >= 0 && mb <= MAX_MEMORY_MB))
      return usageError(
        `${prefix}--max-memory must be a whole number of megabytes (2^20 bytes) up to ${MAX_MEMORY_MB} (0 for no limit), not ${quoteInput(text, 20)}`,
      );
    budget.maxMemoryBytes = mb * MiB;
  }
  if ('--max-seconds' in values) {
    const text = values['--max-seconds'];
    const seconds = /^[0-9]{1,6}(\.[0-9]{1,3})?$/.test(text) ? Number(text) : NaN;
    if (!(seconds >= 0 && seconds <= MAX_SECONDS))
      return usageError(
        `${prefix}--max-seconds must be a number of seconds up to ${MAX_SECONDS} (like 600; 0 for no limit), not ${quoteInput(text, 20)}`,
      );
    budget.maxSeconds = seconds;
  }
  const out = values['--out'] ?? null;
  const json = values['--json'] ?? null;
  const raw = flags.has('--raw');
  if (command === 'run') {
    if (files.length === 0) return usageError('missing the scenario file');
    if (files.length > 1) return usageError(`expected one scenario file, got ${files.length}`);
    let warmup: number | null = null;
    if ('--warmup' in values) {
      const text = values['--warmup'];
      warmup = /^[0-9]{1,7}(\.[0-9]{1,12})?(e-?[0-9]{1,2})?$/i.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(warmup)) return usageError(`--warmup must be a number of seconds (like 5 or 0.5), not ${quoteInput(text, 20)}`);
    }
    return { kind: 'run', file: files[0], trace: values['--trace'] ?? null, warmup, maxInputBytes, budget };
  }
  const retryFailed = flags.has('--retry-failed');
  if (command === 'merge') {
    if (files.length === 0) return usageError('merge: missing the shard files');
    const partial = flags.has('--partial');
    const listIncomplete = flags.has('--list-incomplete');
    if (listIncomplete && (out !== null || json !== null || raw || partial))
      return usageError(
        'merge: --list-incomplete prints the shards still to run and merges nothing: leave out --out, --json, --raw and --partial',
      );
    if (retryFailed && !listIncomplete)
      return usageError('merge: --retry-failed counts the shards with failed runs as still to run: give it with --list-incomplete');
    return { kind: 'merge', files, out, json, raw, partial, listIncomplete, retryFailed, maxInputBytes };
  }
  if (files.length !== 1)
    return usageError(files.length === 0 ? 'sweep: missing the spec file' : `sweep: expected one spec file, got ${files.length}`);
  let workers: number | null = null;
  if ('--workers' in values) {
    workers = Number(values['--workers']);
    if (!/^[0-9]{1,4}$/.test(values['--workers']) || workers < 1 || workers > 1024)
      return usageError(`sweep: --workers must be an integer from 1 to 1024, not ${quoteInput(values['--workers'], 20)}`);
  }
  const shard = values['--shard'] ?? null;
  if (shard !== null && (json !== null || raw))
    return usageError(
      'sweep: with --shard the output is a shard file (use --out part.jsonl, then merge); --json and --raw belong to merge',
    );
  const resume = flags.has('--resume');
  if (resume && shard === null)
    return usageError(
      'sweep: --resume continues a shard file: give --shard i/N and --out FILE (for a whole sweep on one machine, --shard 1/1)',
    );
  if (resume && (out === null || out === '-')) return usageError('sweep: --resume adds to the shard file --out names: give --out FILE');
  if (retryFailed && !resume) return usageError('sweep: --retry-failed runs the failed runs of a shard file again: give it with --resume');
  return {
    kind: 'sweep',
    spec: files[0],
    out,
    json,
    raw,
    keepRuns: values['--keep-runs'] ?? null,
    workers,
    shard,
    resume,
    retryFailed,
    quiet: flags.has('--quiet'),
    maxInputBytes,
    budget,
  };
}

/**
 * "33554432", "32M", "32MiB", "512K", "1G" to bytes; null unless from 1 to the ceiling.
 */
export function parseByteCount(text: string): number | null {
  const match = /^([0-9]{1,10})(?:([KMG])(?:i?B)?)?$/i.exec(text);
  if (!match) return null;
  const unit = ({ '': 1, K: 1024, M: MiB, G: 1024 * MiB } as Record<string, number>)[(match[2] ?? '').toUpperCase()] ?? 1;
  const bytes = Number(match[1]) * unit;
  return bytes >= 1 && bytes <= INPUT_LIMITS.maxBytesCeiling ? bytes : null;
}

function usageError(message: string): Args {
  return { kind: 'usage-error', message };
}
