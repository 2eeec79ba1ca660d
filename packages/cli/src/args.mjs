// Command-line arguments of obs-sim.

export const USAGE = `Usage: npm run sim -- <scenario.json>
       node packages/cli/bin/obs-sim.mjs <scenario.json>

Runs a scenario (format v1) to its end with the same WebAssembly engine as the app and
prints the summary as JSON on stdout, with wallTime (wall-clock seconds of the run) added.

Options:
  -h, --help   show this help and exit

The file may be - to read the scenario from standard input.

Exit status: 0 when the run finished; 2 when the file cannot be read or the scenario is
malformed or refused (one line on stderr says why); 1 when the engine itself failed.
`;

/**
 * @param {string[]} argv arguments after the script name
 * @returns {{ kind: 'help' } | { kind: 'run', file: string } | { kind: 'usage-error', message: string }}
 */
export function parseArgs(argv) {
  if (argv.includes('-h') || argv.includes('--help')) return { kind: 'help' };
  const options = argv.filter((arg) => arg.startsWith('-') && arg !== '-' && arg !== '--');
  if (options.length > 0) return { kind: 'usage-error', message: `unknown option ${options[0]}` };
  const files = argv.filter((arg) => arg !== '--');
  if (files.length === 0) return { kind: 'usage-error', message: 'missing the scenario file' };
  if (files.length > 1) return { kind: 'usage-error', message: `expected one scenario file, got ${files.length}` };
  return { kind: 'run', file: files[0] };
}
