// Splitting a sweep over several machines and putting it back together.
//
// Shard i of N (i from 1 to N) holds the runs whose index k has k mod N = i - 1: round
// robin, so every shard gets points from the whole range (the costly ones are spread).
//
// A shard file is JSON Lines, written as the shard runs: a first line (the header) with
// the sweep as resolved, its hash, the engine build and the shard; then one line per run
// as it finishes, in the order they finish, either its outputs or why it failed (an engine
// error, a run budget). So a shard stopped at any moment (a job's time limit, a node that
// fails) keeps every run it finished, `sweep --resume` runs only what is missing, and a
// failed run does not take the others with it. A last line cut short as it was written is
// ignored (its run counts as missing), with a note.
//
// A shard file is input like any other: it may have been edited, cut short or forged.
// Before anything is built from it, readShardText holds it to the limits of a spec (the
// sweep inside goes through resolveSweepSpec again), types every field and every output,
// and checks the hashes: `hash` over the sweep, and on each run line `check` over the
// sweep's hash, the engine, the shard and that line's run. The hashes tell edits apart from
// what sweep wrote; they are not signatures (anyone can recompute them), which is why the
// checks come first. Merge then refuses files of different sweeps, engine builds or
// splits, and names the runs that are missing or failed.

import { checkJsonShape, type JsonShapeLimits } from '@obs-tcp-sim/scenario/json-shape';
import { describeValue, showInput } from './path';
import { canonicalJsonParts } from '@obs-tcp-sim/scenario/canonical-json';
import { quoteInput } from '@obs-tcp-sim/scenario/safe-text';
import { Fnv1a64, SWEEP_FORMAT, SWEEP_LIMITS, SweepSpecError, resolveSweepSpec } from './spec';
import { sweepRunCount } from './runs';
import { isOutputValue, summarizeSweep } from './results';
import type { FailedRun, RunOutcome, RunResult, Shard, ShardContent, ShardHeader, Sweep, SweepResults } from './types';

/**
 * 4 since a shard file is JSON Lines written run by run, with failed runs (format 3 was
 * one JSON document written when the shard ended; 2 did not say which engine made its
 * runs; 1 hashed only the sweep).
 */
export const SHARD_FORMAT = 4 as const;

/** The largest N of `--shard i/N`. */
export const MAX_SHARDS: number = 100000;

/** The longest reason a failed run may give, in characters (the CLI cuts the engine's message there). */
export const MAX_FAILURE_REASON = 2000;

const HEADER_FIELDS = ['obsSweepShard', 'hash', 'engine', 'shard', 'runCount', 'sweep'];
const SWEEP_FIELDS = ['format', 'name', 'base', 'axes', 'seeds', 'outputs'];
const RUN_FIELDS = ['run', 'outputs', 'failed', 'check'];
const HASH = /^[0-9a-f]{16}$/;

/**
 * The shape of one line, bounded before JSON.parse builds anything from it: the header
 * holds a scenario (the limits of a scenario file), a run line a few numbers (at most 50
 * outputs; the bounds leave room for a malformed line to be named by the checks).
 */
const HEADER_SHAPE: JsonShapeLimits = { maxDepth: 64, maxContainers: 1_000_000, maxItems: 2_000_000, maxListLength: 1_000_000 };
const RUN_LINE_SHAPE: JsonShapeLimits = { maxDepth: 8, maxContainers: 64, maxItems: 256, maxListLength: 128 };

/**
 * Reads `i/N` (1 <= i <= N). Throws Error saying what is wrong.
 */
export function parseShard(text: string): Shard {
  const match = /^([0-9]{1,9})\/([0-9]{1,9})$/.exec(text);
  if (!match) throw new Error(`${quoteInput(text)} is not a shard: write i/N, like 3/8 (i from 1 to N)`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) throw new Error(`shard ${text}: N must be from 1 to ${MAX_SHARDS}`);
  if (index < 1 || index > count) {
    throw new Error(
      `shard ${text}: i must be from 1 to ${count}${index === 0 ? ' (shards count from 1; with a 0-based index such as JOB_COMPLETION_INDEX, pass index + 1)' : ''}`,
    );
  }
  return { index, count };
}

/**
 * The run indices of one shard, in order.
 */
export function shardRunIndices(runCount: number, shard: Shard): number[] {
  const indices: number[] = [];
  for (let k = shard.index - 1; k < runCount; k += shard.count) indices.push(k);
  return indices;
}

/** How many runs shard i/N of a sweep of `runCount` runs holds, without listing them. */
function shardSize(runCount: number, shard: Shard): number {
  return runCount >= shard.index ? Math.floor((runCount - shard.index) / shard.count) + 1 : 0;
}

/** The first line of a shard file: which sweep, engine build and shard its runs belong to. */
export function shardHeader(sweep: Sweep, shard: Shard, engine: string): ShardHeader {
  const { hash, ...body } = sweep;
  return {
    obsSweepShard: SHARD_FORMAT,
    hash,
    engine,
    shard: `${shard.index}/${shard.count}`,
    runCount: shardSize(sweepRunCount(sweep), shard),
    sweep: body,
  };
}

/** The header as the first line of the file, with its line end. */
export function shardHeaderLine(header: ShardHeader): string {
  return `${JSON.stringify(header)}\n`;
}

/** What a run line's check covers besides the run itself. */
type LineContext = Pick<ShardHeader, 'hash' | 'engine' | 'shard'>;

const isFailed = (outcome: RunOutcome): outcome is FailedRun => 'reason' in outcome;

/**
 * A run line's check: FNV-1a (64 bits) of the canonical JSON of { engine, hash, shard, run,
 * outputs } (or failed: the reason in place of outputs), so a line is tied to the sweep,
 * the shard and the engine build of its file. `hash` is the sweep's hash, `shard` "i/N".
 */
export function shardLineCheck({ hash, engine, shard }: LineContext, outcome: RunOutcome): string {
  const hasher = new Fnv1a64();
  const body = isFailed(outcome)
    ? { engine, failed: outcome.reason, hash, run: outcome.run, shard }
    : { engine, hash, outputs: outcome.outputs, run: outcome.run, shard };
  canonicalJsonParts(body, (part) => hasher.update(part));
  return hasher.digest();
}

/**
 * One run as a line of the file, with its line end: `{"run":k,"outputs":[...],"check":"..."}`
 * or `{"run":k,"failed":"why","check":"..."}`.
 */
export function shardRunLine(context: LineContext, outcome: RunOutcome): string {
  const check = shardLineCheck(context, outcome);
  const line = isFailed(outcome)
    ? { run: outcome.run, failed: outcome.reason, check }
    : { run: outcome.run, outputs: outcome.outputs, check };
  return `${JSON.stringify(line)}\n`;
}

/**
 * A whole shard file at once (the CLI writes it line by line): the header, then a line per
 * outcome in the order given. Each outcome must be a run of the shard, once; runs left out
 * are missing, as in a shard that was stopped.
 */
export function makeShardText(sweep: Sweep, shard: Shard, outcomes: readonly RunOutcome[], engine: string): string {
  const header = shardHeader(sweep, shard, engine);
  const total = sweepRunCount(sweep);
  const seen = new Set<number>();
  for (const { run } of outcomes) {
    if (!Number.isInteger(run) || run < 0 || run >= total || run % shard.count !== shard.index - 1)
      throw new Error(`run ${run} is not a run of shard ${header.shard} (${describeShardRuns(total, shard)})`);
    if (seen.has(run)) throw new Error(`run ${run} is given twice`);
    seen.add(run);
  }
  return shardHeaderLine(header) + outcomes.map((outcome) => shardRunLine(header, outcome)).join('');
}

/** A shard file refused; the message names the file and, when one is at fault, the field. */
class ShardError extends Error {
  constructor(name: string, field: string, rule: string) {
    super(`${showInput(name, 120)}: ${field === '' ? '' : `${field}: `}${rule}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Why a line's shape is refused before it is parsed, or null. */
function shapeRule(text: string, limits: JsonShapeLimits): string | null {
  const broken = checkJsonShape(text, limits);
  if (broken === null) return null;
  switch (broken.rule) {
    case 'depth':
      return `nests deeper than ${limits.maxDepth} levels`;
    case 'containers':
      return `holds more than ${limits.maxContainers} objects and arrays, more than the format needs`;
    case 'items':
      return `holds more than ${limits.maxItems} values, more than the format needs`;
    default:
      return `has a list of more than ${limits.maxListLength} items, more than the format needs`;
  }
}

/** The shard ("2/3") an older file names near its start, for the command that makes it again. */
function olderShardName(text: string): string {
  const match = /"shard"\s*:\s*"([0-9]{1,9}\/[0-9]{1,9})"/.exec(text.slice(0, 4096));
  return match ? match[1] : 'i/N';
}

const OLDER_FORMATS: Record<number, string> = {
  1: 'shard format 1, whose results no hash covers',
  2: 'shard format 2, which does not say which engine made its runs',
  3: `shard format 3, written whole when the shard ended; this one writes format ${SHARD_FORMAT} run by run`,
};

/**
 * Reads one shard file completely: the header (its format, every field's type, the sweep
 * in it against the limits of a spec and its hash), then every run line (a run of this
 * shard, once; its outputs or its reason; its check). Nothing is allocated from the file's
 * numbers before they are checked. A last line without its line end (the shard was stopped
 * as it wrote it) is ignored, with a note; its run counts as missing. Throws Error naming
 * the file, the line and the field. `name` is the file's name, for messages.
 */
export function readShardText(name: string, text: string): ShardContent {
  const fail: (field: string, rule: string) => never = (field, rule) => {
    throw new ShardError(name, field, rule);
  };
  if (text.trim() === '')
    fail('', 'is empty, not a sweep shard file (a shard stopped before it wrote its first line leaves it so: run that shard again)');
  const firstEnd = text.indexOf('\n');
  const firstText = firstEnd < 0 ? text : text.slice(0, firstEnd);
  // A file of format 1 to 3 is one JSON document over many lines: name it by its start.
  const older = /^\s*\{\s*"obsSweepShard"\s*:\s*([0-9]{1,9})\s*,/.exec(text.slice(0, 200));
  if (older && Number(older[1]) in OLDER_FORMATS && firstText.trim() === '{') {
    fail(
      '',
      `made by an older version of obs-sim (${OLDER_FORMATS[Number(older[1])]}): run this shard again with this version (sweep --shard ${olderShardName(text)})`,
    );
  }
  const shape = shapeRule(firstText, HEADER_SHAPE);
  if (shape) fail('line 1', shape);
  let value: unknown;
  try {
    value = JSON.parse(firstText);
  } catch (error) {
    if (firstEnd < 0) fail('line 1', 'is cut short (it has no line end) or not JSON: not a sweep shard file, or one stopped as it began');
    fail(
      '',
      `not a sweep shard file (its first line is not JSON: ${error instanceof Error ? error.message.slice(0, 120) : 'a syntax error'}; a shard file is JSON Lines, written by sweep --shard i/N)`,
    );
  }
  const header = checkHeader(value, text, fail);
  const { hash, engine, shard, sweep } = header;
  const shardText = `${shard.index}/${shard.count}`;
  const total = sweepRunCount(sweep);
  const size = header.runCount;
  const context = { hash, engine, shard: shardText };
  const outcomes: (RunOutcome | undefined)[] = new Array(size);
  const lineOf = new Float64Array(size);
  const notes: string[] = [];
  let line = 1;
  for (let start = firstEnd < 0 ? text.length : firstEnd + 1; start < text.length;) {
    line++;
    const end = text.indexOf('\n', start);
    if (end < 0) {
      notes.push(`line ${line} is cut short (no line end: the shard was stopped as it wrote it): ignored, its run counts as missing`);
      break;
    }
    const lineText = text.slice(start, end);
    start = end + 1;
    const outcome = checkRunLine(lineText, `line ${line}`, { sweep, shard, shardText, total, context }, fail);
    const j = (outcome.run - (shard.index - 1)) / shard.count;
    if (lineOf[j] !== 0) fail(`line ${line}`, `run ${outcome.run} is already on line ${lineOf[j]} (each run is written once)`);
    lineOf[j] = line;
    outcomes[j] = outcome;
  }
  const runs: RunResult[] = [];
  const failed: FailedRun[] = [];
  const missing: number[] = [];
  for (let j = 0; j < size; j++) {
    const outcome = outcomes[j];
    if (outcome === undefined) missing.push(shard.index - 1 + j * shard.count);
    else if (isFailed(outcome)) failed.push(outcome);
    else runs.push(outcome);
  }
  return { name, hash, engine, shard, sweep, runs, failed, missing, notes };
}

/** The header, checked: format, fields, the shard, the sweep and its hash, runCount. */
function checkHeader(
  value: unknown,
  text: string,
  fail: (field: string, rule: string) => never,
): { hash: string; engine: string; shard: Shard; runCount: number; sweep: Sweep } {
  const notShard = `not a sweep shard file (its first line is not an object with "obsSweepShard": ${SHARD_FORMAT}; write shards with sweep --shard i/N)`;
  if (!isRecord(value)) fail('', `${notShard.slice(0, -1)}: it is ${describeValue(value)})`);
  const file = value as Record<string, unknown>;
  const format = file.obsSweepShard;
  if (typeof format === 'number' && format in OLDER_FORMATS) {
    const named = typeof file.shard === 'string' && file.shard.length <= 20 ? showInput(file.shard) : olderShardName(text);
    fail(
      '',
      `made by an older version of obs-sim (${OLDER_FORMATS[format]}): run this shard again with this version (sweep --shard ${named})`,
    );
  }
  if (typeof format === 'number' && Number.isInteger(format) && format > SHARD_FORMAT) {
    fail('', `made by a newer version of obs-sim (shard format ${format}; this one reads format ${SHARD_FORMAT})`);
  }
  if (format !== SHARD_FORMAT) fail('', notShard);
  for (const key of Object.keys(file)) {
    if (!HEADER_FIELDS.includes(key))
      fail(`line 1: ${showInput(key, 40)}`, `unknown field (the first line of a shard file has ${HEADER_FIELDS.join(', ')})`);
  }
  for (const key of ['hash', 'engine']) {
    const hash = file[key];
    if (typeof hash !== 'string' || !HASH.test(hash))
      fail(`line 1: ${key}`, `must be 16 hexadecimal digits, not ${hash === undefined ? 'absent' : quoteInput(hash, 20)}`);
  }
  if (typeof file.shard !== 'string') fail('line 1: shard', `must be "i/N", not ${describeValue(file.shard)}`);
  let shard: Shard;
  try {
    shard = parseShard(file.shard as string);
  } catch (error) {
    fail('line 1: shard', error instanceof Error ? error.message : String(error));
  }
  const runCount = file.runCount;
  if (typeof runCount !== 'number' || !Number.isInteger(runCount) || runCount < 0 || runCount > SWEEP_LIMITS.maxRuns) {
    fail('line 1: runCount', `must be an integer from 0 to ${SWEEP_LIMITS.maxRuns}, not ${quoteInput(runCount, 20)}`);
  }
  const sweep = checkShardSweep(file.sweep, file.hash as string, (field, rule) => fail(field === '' ? '' : `line 1: ${field}`, rule));
  const total = sweepRunCount(sweep);
  const size = shardSize(total, shard);
  if (runCount !== size)
    fail('line 1: runCount', `is ${runCount}, but shard ${shard.index}/${shard.count} of a sweep of ${total} runs holds ${size}`);
  return { hash: file.hash as string, engine: file.engine as string, shard, runCount: size, sweep };
}

/** One run line, checked completely (but not against the other lines). */
function checkRunLine(
  text: string,
  where: string,
  { sweep, shard, shardText, total, context }: { sweep: Sweep; shard: Shard; shardText: string; total: number; context: LineContext },
  fail: (field: string, rule: string) => never,
): RunOutcome {
  if (text.trim() === '') fail(where, 'is empty (a shard file has one run on each line after the first)');
  const shape = shapeRule(text, RUN_LINE_SHAPE);
  if (shape) fail(where, shape);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail(where, `not JSON (${error instanceof Error ? error.message.slice(0, 120) : 'a syntax error'})`);
  }
  const form = '{ "run": k, "outputs": [...], "check": "..." } or { "run": k, "failed": "why", "check": "..." }';
  if (!isRecord(value)) fail(where, `must be ${form}, not ${describeValue(value)}`);
  const r = value as Record<string, unknown>;
  for (const key of Object.keys(r))
    if (!RUN_FIELDS.includes(key))
      fail(`${where}: ${showInput(key, 40)}`, 'unknown field (a run line has run, outputs or failed, and check)');
  const run = r.run;
  if (typeof run !== 'number' || !Number.isInteger(run) || run < 0 || run >= total || run % shard.count !== shard.index - 1)
    fail(`${where}: run`, `must be a run of shard ${shardText} (${describeShardRuns(total, shard)}), not ${quoteInput(run, 20)}`);
  if ('outputs' in r === 'failed' in r)
    fail(where, `must have either outputs (the run finished) or failed (why it did not), not ${'outputs' in r ? 'both' : 'neither'}`);
  let outcome: RunOutcome;
  if ('failed' in r) {
    const reason = r.failed;
    if (typeof reason !== 'string' || reason === '' || reason.length > MAX_FAILURE_REASON)
      fail(
        `${where}: failed`,
        `must be the reason the run failed, 1 to ${MAX_FAILURE_REASON} characters, not ${typeof reason === 'string' ? `${reason.length} characters` : describeValue(reason)}`,
      );
    outcome = { run: run as number, reason: reason as string };
  } else {
    const outputs = r.outputs;
    if (!Array.isArray(outputs))
      fail(`${where}: outputs`, `must be a list of ${sweep.outputs.length} outputs, not ${describeValue(outputs)}`);
    if (outputs.length !== sweep.outputs.length)
      fail(`${where}: outputs`, `holds ${outputs.length} values, but the sweep has ${sweep.outputs.length} outputs`);
    outputs.forEach((x: unknown, o) => {
      if (!isOutputValue(x)) {
        fail(
          `${where}: outputs[${o}] (${showInput(sweep.outputs[o], 60)})`,
          `must be null or a finite number of magnitude at most ${SWEEP_LIMITS.maxOutputMagnitude}, not ${quoteInput(x, 20)}`,
        );
      }
    });
    outcome = { run: run as number, outputs: outputs.slice() as (number | null)[] };
  }
  const check = r.check;
  if (typeof check !== 'string' || !HASH.test(check))
    fail(`${where}: check`, `must be 16 hexadecimal digits, not ${check === undefined ? 'absent' : quoteInput(check, 20)}`);
  if (shardLineCheck(context, outcome) !== check)
    fail(
      where,
      `does not match its check ${check} (was the file edited? delete the line and run the shard again with sweep --shard ${shardText} --resume)`,
    );
  return outcome;
}

/**
 * The sweep inside a shard file, held to everything a spec is held to: resolveSweepSpec
 * checks it again from the same parts, and its hash must be the file's.
 */
function checkShardSweep(value: unknown, hash: string, fail: (field: string, rule: string) => never): Sweep {
  if (!isRecord(value)) fail('sweep', `must be the sweep as resolved (an object), not ${describeValue(value)}`);
  const body = value as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!SWEEP_FIELDS.includes(key)) fail(`sweep.${showInput(key, 40)}`, `unknown field (the sweep has ${SWEEP_FIELDS.join(', ')})`);
  }
  if (body.format !== SWEEP_FORMAT)
    fail('sweep.format', `must be ${SWEEP_FORMAT}, not ${body.format === undefined ? 'absent' : quoteInput(body.format, 20)}`);
  if (typeof body.name !== 'string') fail('sweep.name', `must be a string, not ${describeValue(body.name)}`);
  if (!isRecord(body.base) || 'preset' in (body.base as object)) fail('sweep.base', 'must be a scenario object');
  const axes = body.axes;
  if (!Array.isArray(axes) || axes.length < 1 || axes.length > SWEEP_LIMITS.maxAxes)
    fail(
      'sweep.axes',
      `must be a list of 1 to ${SWEEP_LIMITS.maxAxes} parameters, not ${Array.isArray(axes) ? `a list of ${axes.length}` : describeValue(axes)}`,
    );
  const parameters: unknown[] = [];
  const spec: Record<string, unknown> = { sweep: SWEEP_FORMAT, name: body.name, base: body.base, parameters };
  axes.forEach((axis: unknown, a) => {
    const where = `sweep.axes[${a}]`;
    if (!isRecord(axis)) fail(where, `must be { "paths": [...], "values": [...] }, not ${describeValue(axis)}`);
    for (const key of Object.keys(axis))
      if (key !== 'paths' && key !== 'values') fail(`${where}.${showInput(key, 40)}`, 'unknown field (a parameter has paths and values)');
    if (!Array.isArray(axis.paths)) fail(`${where}.paths`, `must be a list of paths, not ${describeValue(axis.paths)}`);
    if (!Array.isArray(axis.values)) fail(`${where}.values`, `must be a list of values, not ${describeValue(axis.values)}`);
    parameters.push({ path: axis.paths, values: axis.values });
  });
  if (!Array.isArray(body.seeds)) fail('sweep.seeds', `must be a list of seeds, not ${describeValue(body.seeds)}`);
  if (!Array.isArray(body.outputs)) fail('sweep.outputs', `must be a list of summary paths, not ${describeValue(body.outputs)}`);
  spec.seeds = body.seeds;
  spec.outputs = body.outputs;
  let sweep: Sweep;
  try {
    sweep = resolveSweepSpec(spec);
  } catch (error) {
    if (error instanceof SweepSpecError)
      fail(shardField(error.field), error.message.slice(error.field === '' ? 0 : error.field.length + 2));
    throw error;
  }
  if (sweep.hash !== hash) fail('', `the sweep in the file does not match its hash ${hash} (was the file edited?)`);
  return sweep;
}

/** A field of the spec given to resolveSweepSpec, as named in the shard file. */
function shardField(field: string): string {
  const renamed = field.replace(
    /^parameters\[(\d+)\](\.path)?/,
    (_: string, a: string, path: string | undefined) => `axes[${a}]${path ? '.paths' : ''}`,
  );
  return field === '' ? 'sweep' : `sweep.${renamed}`;
}

/** A shard that is not whole: no file, runs missing, or runs failed. */
export interface ShardGap {
  shard: Shard;
  /** The file, or null when no file of this shard was given (all its runs are missing). */
  name: string | null;
  /** Runs of the shard. */
  size: number;
  /** Its runs without a line, in order (all of them when name is null). */
  missing: number[];
  failed: FailedRun[];
}

/** What a merge found missing or failed; null from mergeCheckedShards when nothing is. */
export interface MergeGaps {
  /** N of the shards, and the runs of the sweep. */
  count: number;
  runCount: number;
  missing: number;
  failed: number;
  /** The shards with missing or failed runs, in order. */
  shards: ShardGap[];
}

export interface MergeOutcome {
  /**
   * The merged results: every run when gaps is null (exactly what the unsharded sweep
   * gives); with gaps, only under `partial` (statistics over the runs there are), else null.
   */
  results: SweepResults | null;
  gaps: MergeGaps | null;
}

/**
 * Merges shard files (file name and text) of one sweep, in any order. Throws Error naming
 * the file at fault when a file is malformed, edited or forged (readShardText), when a
 * shard is given twice, or when files come from different sweeps, builds or splits.
 * Missing and failed runs are not errors: they are in `gaps`; the results are whole only
 * without them, or partial with `partial`.
 */
export function mergeShards(files: readonly { name: string; text: string }[], options: { partial?: boolean } = {}): MergeOutcome {
  if (files.length === 0) throw new Error('no shard files to merge');
  const read = files.map(({ name, text }) => readShardText(name, text));
  return mergeCheckedShards(read[0].sweep, read, options);
}

/**
 * The second half of mergeShards, for a caller that reads each file as it goes and keeps
 * only its runs (the CLI: shard files may be large): `sweep` is the first file's.
 */
export function mergeCheckedShards(
  sweep: Sweep,
  shards: readonly Omit<ShardContent, 'sweep' | 'notes'>[],
  { partial = false }: { partial?: boolean } = {},
): MergeOutcome {
  if (shards.length === 0) throw new Error('no shard files to merge');
  const first = shards[0];
  const label = (s: { name: string }) => showInput(s.name, 120);
  for (const s of shards.slice(1)) {
    if (s.hash !== first.hash)
      throw new Error(`${label(s)}: from a different sweep than ${label(first)} (spec hash ${s.hash}, not ${first.hash})`);
    if (s.engine !== first.engine)
      throw new Error(
        `${label(s)}: made by engine ${s.engine}, but ${label(first)} by engine ${first.engine}: results of two builds are not mixed (run the shards of one build again with the other)`,
      );
    if (s.shard.count !== first.shard.count) {
      throw new Error(
        `${label(s)}: shard ${s.shard.index}/${s.shard.count}, but ${label(first)} is shard ${first.shard.index}/${first.shard.count}: all shards must split the sweep into the same N`,
      );
    }
  }
  const count = first.shard.count;
  const byIndex: (Omit<ShardContent, 'sweep' | 'notes'> | undefined)[] = new Array(count + 1);
  for (const s of shards) {
    const other = byIndex[s.shard.index];
    if (other !== undefined) throw new Error(`${label(other)} and ${label(s)} are both shard ${s.shard.index}/${count}`);
    byIndex[s.shard.index] = s;
  }
  const total = sweepRunCount(sweep);
  const gaps: MergeGaps = { count, runCount: total, missing: 0, failed: 0, shards: [] };
  for (let i = 1; i <= count; i++) {
    const s = byIndex[i];
    const shard = { index: i, count };
    const size = shardSize(total, shard);
    if (s === undefined) {
      if (size > 0) gaps.shards.push({ shard, name: null, size, missing: shardRunIndices(total, shard), failed: [] });
    } else if (s.missing.length > 0 || s.failed.length > 0) {
      gaps.shards.push({ shard, name: s.name, size, missing: s.missing, failed: s.failed });
    }
  }
  for (const gap of gaps.shards) {
    gaps.missing += gap.missing.length;
    gaps.failed += gap.failed.length;
  }
  const runs = shards.flatMap((s) => s.runs);
  if (gaps.shards.length === 0) return { results: { ...summarizeSweep(sweep, runs), engine: first.engine }, gaps: null };
  const incomplete = {
    missing: gaps.shards.flatMap((gap) => gap.missing).sort((a, b) => a - b),
    failed: gaps.shards.flatMap((gap) => gap.failed).sort((a, b) => a.run - b.run),
  };
  return { results: partial ? { ...partialResults(sweep, runs), engine: first.engine, incomplete } : null, gaps };
}

/**
 * The statistics over the runs there are: a point's `runs` is how many it has, each
 * output's n how many of those gave a value, and the list of runs holds only those.
 */
function partialResults(sweep: Sweep, runs: readonly RunResult[]): SweepResults {
  const total = sweepRunCount(sweep);
  const present = new Uint8Array(total);
  for (const r of runs) present[r.run] = 1;
  const nothing = sweep.outputs.map(() => null);
  const filled: RunResult[] = runs.slice();
  for (let k = 0; k < total; k++) if (!present[k]) filled.push({ run: k, outputs: nothing });
  const table = summarizeSweep(sweep, filled);
  const seeds = sweep.seeds.length;
  for (const point of table.points) {
    let n = 0;
    for (let s = 0; s < seeds; s++) n += present[point.point * seeds + s];
    point.runs = n;
  }
  return { ...table, runs: table.runs.filter((r) => present[r.run] === 1) };
}

/**
 * What a merge found missing or failed, one line per shard (at most `maxLines`, then how
 * many more), then one line in all: each run with its point and seed as `describeRun`
 * gives them (`obs.burstLoss.data = 0.004, seed 3`), a failed run with its reason.
 */
export function describeGaps(gaps: MergeGaps, describeRun: (run: number) => string, maxLines = 20): string[] {
  const lines: string[] = [];
  const runs = (list: readonly number[], most: number) =>
    list
      .slice(0, most)
      .map((run) => `${run} (${describeRun(run)})`)
      .join(', ') + (list.length > most ? `, ... (${list.length - most} more)` : '');
  for (const gap of gaps.shards.slice(0, maxLines)) {
    const shard = `shard ${gap.shard.index}/${gap.shard.count}`;
    if (gap.name === null) {
      lines.push(
        `${shard}: no file given: its ${gap.size} run${gap.size === 1 ? ' is' : 's are'} missing (${describeRunList(gap.missing)})`,
      );
      continue;
    }
    const parts: string[] = [];
    if (gap.missing.length > 0) parts.push(`${gap.missing.length} of ${gap.size} runs missing: ${runs(gap.missing, 4)}`);
    if (gap.failed.length > 0) {
      const shown = gap.failed
        .slice(0, 2)
        .map((f) => `${f.run} (${describeRun(f.run)}): ${showInput(f.reason, 160)}`)
        .join('; ');
      parts.push(
        `${gap.failed.length} of ${gap.size} runs failed: ${shown}${gap.failed.length > 2 ? `; ... (${gap.failed.length - 2} more)` : ''}`,
      );
    }
    lines.push(`${showInput(gap.name, 120)} (${shard}): ${parts.join('; ')}`);
  }
  if (gaps.shards.length > maxLines) lines.push(`... and ${gaps.shards.length - maxLines} more shards with missing or failed runs`);
  const withMissing = gaps.shards.filter((g) => g.missing.length > 0).map((g) => g.shard.index);
  const withFailed = gaps.shards.filter((g) => g.failed.length > 0).map((g) => g.shard.index);
  const shards = (list: number[]) => `shard${list.length === 1 ? '' : 's'} ${shardList(list)}`;
  const sums = [
    gaps.missing > 0 ? `${gaps.missing} of ${gaps.runCount} runs missing (${shards(withMissing)})` : '',
    gaps.failed > 0 ? `${gaps.failed} failed (${shards(withFailed)})` : '',
  ].filter((s) => s !== '');
  lines.push(sums.join(', '));
  return lines;
}

/**
 * The shards still to run, for `sbatch --array` (`3,5-7`): those with missing runs, and
 * with `failed` those with failed runs too; '' when none.
 */
export function incompleteShards(gaps: MergeGaps | null, { failed = false }: { failed?: boolean } = {}): string {
  if (gaps === null) return '';
  return shardList(gaps.shards.filter((g) => g.missing.length > 0 || (failed && g.failed.length > 0)).map((g) => g.shard.index));
}

/** Increasing shard indices as ranges: [1, 2, 3, 5, 7, 8] gives "1-3,5,7-8". */
function shardList(indices: readonly number[]): string {
  const parts: string[] = [];
  for (let a = 0; a < indices.length;) {
    let b = a;
    while (b + 1 < indices.length && indices[b + 1] === indices[b] + 1) b++;
    parts.push(b === a ? `${indices[a]}` : `${indices[a]}-${indices[b]}`);
    a = b + 1;
  }
  return parts.join(',');
}

/** "0, 3, 6 ... 27 (10 runs)". */
function describeRunList(runs: readonly number[]): string {
  if (runs.length === 0) return 'none';
  if (runs.length <= 6) return runs.join(', ');
  return `${runs.slice(0, 3).join(', ')} ... ${runs[runs.length - 1]}, ${runs.length} runs`;
}

/** The runs of a shard without listing them: "0, 3, 6 ... 27, 10 runs". */
function describeShardRuns(total: number, shard: Shard): string {
  const size = shardSize(total, shard);
  const run = (j: number) => shard.index - 1 + j * shard.count;
  if (size === 0) return 'it has none';
  if (size <= 6) return `its runs are ${Array.from({ length: size }, (_, j) => run(j)).join(', ')}`;
  return `its runs are ${run(0)}, ${run(1)}, ${run(2)} ... ${run(size - 1)}, ${size} runs`;
}
