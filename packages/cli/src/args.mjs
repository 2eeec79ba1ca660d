// Command-line arguments of obs-sim.

export const USAGE = `Usage: npm run sim -- <scenario.json>
       npm run sim -- sweep <spec.json> [--out FILE] [--json FILE] [--raw] [--workers K] [--shard i/N] [--quiet]
       npm run sim -- merge <part.json>... [--out FILE] [--json FILE] [--raw]
       (or node packages/cli/bin/obs-sim.mjs ...)

Run: runs a scenario (format v1) to its end with the same WebAssembly engine as the app and
prints the summary as JSON on stdout, with wallTime (wall-clock seconds of the run) added.
The file may be - to read the scenario from standard input.

Sweep: runs every point x seed of a sweep spec (docs/sweeps.md) on a pool of worker
threads and writes one CSV row per point: mean, sd, 95 % confidence interval and the value
normalised to the first point, for each output. Progress goes to stderr.
  --out FILE     write the CSV to FILE (JSON if FILE ends in .json); default: stdout
  --json FILE    also write everything (points, every run, the sweep) as JSON to FILE
  --raw          the CSV has one row per run instead of one per point
  --workers K    worker threads (default: the number of cores, ${'`'}os.availableParallelism()${'`'})
  --shard i/N    run only shard i of N (i from 1 to N) and write a shard file (JSON, to
                 --out or stdout) for merge; for a Slurm array use SLURM_ARRAY_TASK_ID,
                 for a Kubernetes Indexed Job $((JOB_COMPLETION_INDEX + 1))
  --quiet        no progress on stderr

Merge: puts the shard files of all N shards of one sweep back together; the output is
byte for byte what the unsharded sweep writes. Takes --out, --json and --raw as sweep does.

Options:
  -h, --help   show this help and exit

Exit status: 0 when everything ran; 2 when a file cannot be read or written, a scenario,
spec or shard is malformed or refused, or the arguments are wrong (one line on stderr says
why); 1 when the engine itself failed.
`;

/**
 * @typedef {{ kind: 'help' }
 *   | { kind: 'run', file: string }
 *   | { kind: 'sweep', spec: string, out: string | null, json: string | null, raw: boolean, workers: number | null, shard: string | null, quiet: boolean }
 *   | { kind: 'merge', files: string[], out: string | null, json: string | null, raw: boolean }
 *   | { kind: 'usage-error', message: string }} Args
 */

/**
 * @param {string[]} argv arguments after the script name
 * @returns {Args}
 */
export function parseArgs(argv) {
  if (argv.includes('-h') || argv.includes('--help')) return { kind: 'help' };
  const words = argv.filter((arg) => arg !== '--');
  if (words[0] === 'sweep' || words[0] === 'merge') return parseCommand(words[0], words.slice(1));
  const options = words.filter((arg) => arg.startsWith('-') && arg !== '-');
  if (options.length > 0) return { kind: 'usage-error', message: `unknown option ${options[0]}` };
  const files = words;
  if (files.length === 0) return { kind: 'usage-error', message: 'missing the scenario file' };
  if (files.length > 1) return { kind: 'usage-error', message: `expected one scenario file, got ${files.length}` };
  return { kind: 'run', file: files[0] };
}

const VALUE_OPTIONS = { sweep: ['--out', '--json', '--workers', '--shard'], merge: ['--out', '--json'] };
const FLAG_OPTIONS = { sweep: ['--raw', '--quiet'], merge: ['--raw'] };

/**
 * @param {'sweep' | 'merge'} command
 * @param {string[]} words
 * @returns {Args}
 */
function parseCommand(command, words) {
  /** @type {Record<string, string>} */
  const values = {};
  /** @type {Set<string>} */
  const flags = new Set();
  /** @type {string[]} */
  const files = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (!word.startsWith('-') || word === '-') {
      files.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = eq < 0 ? word : word.slice(0, eq);
    if (VALUE_OPTIONS[command].includes(name)) {
      const value = eq < 0 ? words[++i] : word.slice(eq + 1);
      if (value === undefined || value === '') return usageError(`${command}: ${name} needs a value`);
      if (name in values) return usageError(`${command}: ${name} given twice`);
      values[name] = value;
    } else if (FLAG_OPTIONS[command].includes(name) && eq < 0) {
      flags.add(name);
    } else {
      return usageError(`${command}: unknown option ${word}`);
    }
  }
  const out = values['--out'] ?? null;
  const json = values['--json'] ?? null;
  const raw = flags.has('--raw');
  if (command === 'merge') {
    if (files.length === 0) return usageError('merge: missing the shard files');
    return { kind: 'merge', files, out, json, raw };
  }
  if (files.length !== 1) return usageError(files.length === 0 ? 'sweep: missing the spec file' : `sweep: expected one spec file, got ${files.length}`);
  let workers = null;
  if ('--workers' in values) {
    workers = Number(values['--workers']);
    if (!/^[0-9]+$/.test(values['--workers']) || workers < 1 || workers > 1024) return usageError(`sweep: --workers must be an integer from 1 to 1024, not ${values['--workers']}`);
  }
  const shard = values['--shard'] ?? null;
  if (shard !== null && (json !== null || raw)) return usageError('sweep: with --shard the output is a shard file (use --out part.json, then merge); --json and --raw belong to merge');
  return { kind: 'sweep', spec: files[0], out, json, raw, workers, shard, quiet: flags.has('--quiet') };
}

/** @param {string} message @returns {Args} */
function usageError(message) {
  return { kind: 'usage-error', message };
}
