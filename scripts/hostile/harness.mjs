// Runs the hostile corpus through the real CLI and judges what comes out (issue 17):
// every case ends with exit status 0 or 2 (or 3, a merge that names missing or failed
// runs), within the time bound, with nothing on stderr after exit 0 but the run's warnings
// (one bounded line each, `obs-sim: <file>: warning: ...`), exactly one bounded line after
// exit 2, and after exit 3 bounded lines ending with `obs-sim: merge: incomplete: ...`: no
// stack trace, no raw control, bidirectional or format character.
//
// Cases run in batches (batch.mjs: many cases in one Node process, through the CLI's own
// main()); a case that passes its time bound or kills the process is recorded and a new
// batch goes on from the next one. Cases that need a real process of their own (standard
// input from /dev/zero, an endless pipe) run as `node bin/obs-sim.mjs`.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = fileURLToPath(new URL('.', import.meta.url));
export const BIN = join(here, '../../packages/cli/bin/obs-sim.mjs');
const BATCH = join(here, 'batch.mjs');
export const CORPUS_DIR = join(here, '../../tests/hostile');

/** Seconds a hostile input may take, on a busy two-core machine. */
export const CASE_SECONDS = 15;
/** Characters of the one line on stderr: `obs-sim: ` and oneLine's 400, with room to spare. */
export const LINE_MAX = 440;

// What safe-text.ts escapes: C0/C1 controls, DEL, soft hyphen, bidi marks, embeddings,
// overrides and isolates, zero-width and other format characters, separators, BOM,
// interlinear annotations, unpaired surrogates. None may reach the terminal raw.
const UNSAFE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * @typedef {{ name: string, command: 'run' | 'sweep' | 'merge', files: string[], expect: 'ok' | 'refused' | 'incomplete' | 'any', engine?: string, args?: string[],
 *   stdin?: 'dev-zero' | 'endless-pipe', process?: boolean, seconds?: number }} Case
 * @typedef {{ status: number | 'timeout' | 'crash', stderr: string, stray: string, stdoutBytes: number, ms: number }} Outcome
 */

/** The cases of the corpus in `dir` (manifest.json), file paths made absolute. @param {string} [dir] @returns {Case[]} */
export function loadCases(dir = CORPUS_DIR) {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  return manifest.cases.map((/** @type {Case} */ c) => ({ ...c, files: c.files.map((file) => join(dir, file)) }));
}

/** The share links of the corpus, one per line. @param {string} [dir] */
export function loadLinks(dir = CORPUS_DIR) {
  return readFileSync(join(dir, 'links.txt'), 'utf8').split('\n').slice(0, -1);
}

/** The obs-sim arguments of a case. @param {Case} c */
export function argvOf(c) {
  const extra = c.args ?? [];
  if (c.command === 'run') return [...c.files, ...extra];
  if (c.command === 'sweep') return ['sweep', ...c.files, '--workers', '1', ...extra];
  return ['merge', ...c.files, ...extra];
}

/**
 * What is wrong with an outcome (nothing: an empty list).
 * @param {Case} c
 * @param {Outcome} o
 */
export function judge(c, o) {
  const problems = [];
  if (c.command === 'sweep') o = { ...o, stderr: withoutProgress(o.stderr) };
  const seconds = c.seconds ?? CASE_SECONDS;
  if (o.status === 'timeout') problems.push(`did not finish within ${seconds} s`);
  else if (o.status === 'crash') problems.push(`the process died: ${tail(o.stray || o.stderr)}`);
  else if (o.status !== 0 && o.status !== 2 && !(o.status === 3 && c.command === 'merge'))
    problems.push(`exit status ${o.status}: ${tail(o.stderr)}`);
  else if (c.expect === 'ok' && o.status !== 0) problems.push(`should run (exit 0), got exit ${o.status}: ${tail(o.stderr)}`);
  else if (c.expect === 'refused' && o.status !== 2) problems.push(`should be refused (exit 2), got exit ${o.status}: ${tail(o.stderr)}`);
  else if (c.expect === 'incomplete' && o.status !== 3)
    problems.push(`should name missing or failed runs (exit 3), got exit ${o.status}: ${tail(o.stderr)}`);
  if (o.ms > seconds * 1000 && o.status !== 'timeout') problems.push(`took ${(o.ms / 1000).toFixed(1)} s, more than ${seconds} s`);
  if (o.status === 0) problems.push(...warningProblems(o.stderr));
  if (o.status === 2) problems.push(...lineProblems(o.stderr));
  if (o.status === 3) problems.push(...incompleteProblems(o.stderr));
  if (o.stray !== '' && o.status !== 'crash') problems.push(`the process wrote around the CLI: ${tail(o.stray)}`);
  return problems;
}

// A sweep's progress on stderr when it is not a terminal: its start, then a line at every
// tenth. Numbers only; nothing from the input. Left out before a sweep is judged.
const PROGRESS =
  /^obs-sim: sweep: (?:\d+ runs \((?:shard \d+\/\d+ of )?\d+ points? x \d+ seeds?\) on \d+ worker threads?|\d+\/\d+ runs \(\d+ %\), \d+:\d\d(?::\d\d)? elapsed, (?:ETA [0-9:?]+|done))\n/gm;

/** stderr without the progress lines of a sweep. @param {string} stderr */
export function withoutProgress(stderr) {
  return stderr.replace(PROGRESS, '');
}

/** What is wrong with the stderr of a run that went through: only warnings, each a bounded, printable line. @param {string} stderr */
export function warningProblems(stderr) {
  if (stderr === '') return [];
  const lines = stderr.slice(0, -1).split('\n');
  if (!stderr.endsWith('\n') || !lines.every((line) => /^obs-sim: .*: warning: /.test(line)))
    return [`wrote to stderr after exit 0, and not only warnings: ${tail(stderr)}`];
  return lines.flatMap((line) => lineProblems(`${line}\n`));
}

/**
 * What is wrong with the stderr of a merge that found runs missing or failed: bounded,
 * printable lines, the last one saying so. @param {string} stderr
 */
export function incompleteProblems(stderr) {
  const lines = stderr.slice(0, -1).split('\n');
  if (!stderr.endsWith('\n') || !/^obs-sim: merge: incomplete: /.test(lines[lines.length - 1]))
    return [`stderr does not end with "obs-sim: merge: incomplete: ...": ${tail(stderr)}`];
  return lines.flatMap((line) => lineProblems(`${line}\n`));
}

/** What is wrong with the stderr of a refusal: it must be one bounded, printable line. @param {string} stderr */
export function lineProblems(stderr) {
  const problems = [];
  if (!stderr.endsWith('\n') || stderr.indexOf('\n') !== stderr.length - 1)
    problems.push(`stderr is not exactly one line: ${tail(stderr)}`);
  if (!stderr.startsWith('obs-sim: ')) problems.push(`stderr does not start with "obs-sim: ": ${tail(stderr)}`);
  if (stderr.length > LINE_MAX) problems.push(`stderr line has ${stderr.length} characters, more than ${LINE_MAX}`);
  const bad = UNSAFE.exec(stderr.slice(0, -1));
  if (bad) problems.push(`stderr holds a raw U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}: ${tail(stderr)}`);
  if (/\n\s+at .*:\d+:\d+|^\s+at /m.test(stderr) || /\bError:.*\n.*\n/.test(stderr))
    problems.push(`stderr holds a stack trace: ${tail(stderr)}`);
  return problems;
}

/** A short, printable view of some output for a report. @param {string} text */
function tail(text) {
  const shown = JSON.stringify(text.length > 300 ? `${text.slice(0, 200)}...${text.slice(-80)}` : text);
  return shown;
}

/**
 * Runs cases in batches of one Node process, watching each case's time; a hang or a dead
 * process is recorded and the next batch starts after that case.
 * @param {Case[]} cases
 * @param {{ onOutcome?: (c: Case, o: Outcome) => void }} [options]
 * @returns {Promise<Outcome[]>}
 */
export async function runBatched(cases, { onOutcome } = {}) {
  /** @type {Outcome[]} */
  const outcomes = new Array(cases.length);
  const dir = mkdtempSync(join(tmpdir(), 'obs-hostile-'));
  try {
    const jobsFile = join(dir, 'jobs.json');
    writeFileSync(jobsFile, JSON.stringify(cases.map((c) => ({ argv: argvOf(c) }))));
    let next = 0;
    while (next < cases.length) next = await runOneBatch(cases, jobsFile, next, outcomes, onOutcome);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return outcomes;
}

/**
 * @param {Case[]} cases @param {string} jobsFile @param {number} first @param {Outcome[]} outcomes
 * @param {((c: Case, o: Outcome) => void) | undefined} onOutcome
 * @returns {Promise<number>} where the next batch starts
 */
function runOneBatch(cases, jobsFile, first, outcomes, onOutcome) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BATCH, jobsFile, String(first)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let current = -1;
    let started = 0;
    let stray = '';
    let buffered = '';
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    let settled = false;
    const record = (/** @type {number} */ i, /** @type {Outcome} */ o) => {
      outcomes[i] = o;
      onOutcome?.(cases[i], o);
    };
    const finish = (/** @type {number} */ nextIndex) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(nextIndex);
    };
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      if (stray.length < 100000) stray += chunk;
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = JSON.parse(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
        if ('start' in line) {
          current = line.start;
          started = performance.now();
          stray = '';
          const seconds = cases[current].seconds ?? CASE_SECONDS;
          clearTimeout(timer);
          timer = setTimeout(
            () => {
              const i = current;
              record(i, { status: 'timeout', stderr: '', stray, stdoutBytes: 0, ms: Math.round(performance.now() - started) });
              child.kill('SIGKILL');
              finish(i + 1);
            },
            seconds * 1000 + 2000,
          );
        } else {
          clearTimeout(timer);
          record(line.done, { status: line.status, stderr: line.stderr, stray, stdoutBytes: line.stdoutBytes, ms: line.ms });
          current = -1;
        }
      }
    });
    child.on('close', (code, signal) => {
      if (settled) return;
      if (current >= 0) {
        record(current, {
          status: 'crash',
          stderr: '',
          stray: `${signal ?? `exit ${code}`}: ${stray}`,
          stdoutBytes: 0,
          ms: Math.round(performance.now() - started),
        });
        finish(current + 1);
      } else {
        finish(cases.length);
      }
    });
  });
}

/**
 * Runs one case as its own `node bin/obs-sim.mjs` process (for standard input from
 * /dev/zero or an endless pipe).
 * @param {Case} c
 * @returns {Promise<Outcome>}
 */
export function runProcess(c) {
  return new Promise((resolve) => {
    const seconds = c.seconds ?? CASE_SECONDS;
    const zero = c.stdin === 'dev-zero' ? openSync('/dev/zero', 'r') : null;
    const child = spawn(process.execPath, [BIN, ...argvOf(c)], {
      stdio: [zero ?? (c.stdin === 'endless-pipe' ? 'pipe' : 'ignore'), 'pipe', 'pipe'],
    });
    if (zero !== null) closeSync(zero);
    const started = performance.now();
    let stderr = '';
    let stdoutBytes = 0;
    let timedOut = false;
    const err = /** @type {import('node:stream').Readable} */ (child.stderr);
    err.setEncoding('utf8');
    err.on('data', (chunk) => {
      if (stderr.length < 100000) stderr += chunk;
    });
    /** @type {import('node:stream').Readable} */ (child.stdout).on('data', (chunk) => {
      stdoutBytes += chunk.length;
    });
    if (c.stdin === 'endless-pipe' && child.stdin) {
      const block = Buffer.alloc(1 << 16, 0x20);
      const pump = () => {
        while (child.stdin && !child.stdin.destroyed && child.stdin.write(block));
      };
      child.stdin.on('drain', pump);
      child.stdin.on('error', () => {}); // the CLI stops reading: EPIPE is the point
      pump();
    }
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill('SIGKILL');
      },
      seconds * 1000 + 2000,
    );
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = Math.round(performance.now() - started);
      if (timedOut) resolve({ status: 'timeout', stderr, stray: '', stdoutBytes, ms });
      else if (code === null) resolve({ status: 'crash', stderr, stray: `${signal}: ${stderr}`, stdoutBytes, ms });
      else resolve({ status: code, stderr, stray: '', stdoutBytes, ms });
    });
  });
}
