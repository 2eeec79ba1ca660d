// Splitting a sweep over several machines and putting it back together.
//
// Shard i of N (i from 1 to N) holds the runs whose index k has k mod N = i - 1: round
// robin, so every shard gets points from the whole range (the costly ones are spread).
// A shard file carries the sweep as resolved and its hash, so `merge` needs nothing else
// and refuses shards of different sweeps; the merged results equal an unsharded run's.
//
// A shard file is input like any other: it may have been edited, cut short or forged.
// Before anything is built from it, checkShardFile holds it to the limits of a spec (the
// sweep inside goes through resolveSweepSpec again), types every field and every output,
// and checks two hashes: `hash` over the sweep, `resultsHash` over the sweep's hash, the
// shard and the runs. The hashes tell edits apart from what sweep wrote; they are not
// signatures (anyone can recompute them), which is why the checks come first.

import { describeValue, showInput } from './path';
import { canonicalJsonParts } from '@obs-tcp-sim/scenario/canonical-json';
import { quoteInput } from '@obs-tcp-sim/scenario/safe-text';
import { Fnv1a64, SWEEP_FORMAT, SWEEP_LIMITS, SweepSpecError, resolveSweepSpec } from './spec';
import { sweepRunCount } from './runs';
import { isOutputValue, summarizeSweep } from './results';
import type { CheckedShard, RunResult, Shard, ShardFile, Sweep, SweepResults } from './types';

/** 3 since a shard says which engine made its runs (format 2 did not; format 1 hashed only the sweep). */
export const SHARD_FORMAT = 3 as const;

/** The largest N of `--shard i/N`. */
export const MAX_SHARDS: number = 100000;

const SHARD_FIELDS = ['obsSweepShard', 'hash', 'engine', 'shard', 'runCount', 'resultsHash', 'runs', 'sweep'];
const SWEEP_FIELDS = ['format', 'name', 'base', 'axes', 'seeds', 'outputs'];
const HASH = /^[0-9a-f]{16}$/;

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

/**
 * FNV-1a (64 bits) of the canonical JSON of { engine, hash, shard, runs }: the results, tied
 * to the sweep, the shard and the engine build they belong to. Computed piece by piece: a
 * large shard's runs may not fit in one string. `hash` is the sweep's hash, `shard` "i/N".
 */
export function shardResultsHash(hash: string, shard: string, runs: readonly RunResult[], engine: string): string {
  const hasher = new Fnv1a64();
  canonicalJsonParts({ engine, hash, runs, shard }, (part) => hasher.update(part));
  return hasher.digest();
}

/**
 * The content of a shard file, from the results of exactly the shard's runs, made by the
 * engine build `engine` (16 hex digits).
 */
export function makeShardFile(sweep: Sweep, shard: Shard, results: readonly RunResult[], engine: string): ShardFile {
  const expected = shardRunIndices(sweepRunCount(sweep), shard);
  const sorted = results.slice().sort((a, b) => a.run - b.run);
  if (sorted.length !== expected.length || sorted.some((r, i) => r.run !== expected[i])) {
    throw new Error(`shard ${shard.index}/${shard.count} must hold runs ${describeRuns(expected)}`);
  }
  const { hash, ...body } = sweep;
  const shardText = `${shard.index}/${shard.count}`;
  const runs = sorted.map((r) => ({ run: r.run, outputs: r.outputs.slice() }));
  return {
    obsSweepShard: SHARD_FORMAT,
    hash,
    engine,
    shard: shardText,
    runCount: expected.length,
    resultsHash: shardResultsHash(hash, shardText, runs, engine),
    runs,
    sweep: body,
  };
}

/** A shard file as text: JSON, one run per line, so shard files stay readable. */
export function shardJson(file: ShardFile): string {
  const { runs, sweep, ...head } = file;
  const lines = runs.map((run) => `    ${JSON.stringify(run)}`);
  const top = JSON.stringify(head, null, 2).slice(0, -2);
  return `${top},\n  "runs": [\n${lines.join(',\n')}\n  ],\n  "sweep": ${JSON.stringify(sweep)}\n}\n`;
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

/**
 * Checks one parsed shard file completely: its format, every field's type, the sweep in it
 * against the limits of a spec, the run indices of its shard, every output, and both
 * hashes. Nothing is allocated from the file's numbers before they are checked. Throws
 * Error naming the file and the field. `name` is the file's name, for messages; `value` the
 * parsed JSON.
 */
export function checkShardFile(name: string, value: unknown): CheckedShard {
  const fail: (field: string, rule: string) => never = (field, rule) => {
    throw new ShardError(name, field, rule);
  };
  if (!isRecord(value))
    fail(
      '',
      `not a sweep shard file (it is ${describeValue(value)}, not an object with "obsSweepShard": ${SHARD_FORMAT}; write shards with sweep --shard i/N)`,
    );
  const file = value as Record<string, unknown>;
  const format = file.obsSweepShard;
  if (format === 1)
    fail(
      '',
      `made by an older version of obs-sim (shard format 1, whose results no hash covers): run this shard again with this version (sweep --shard ${typeof file.shard === 'string' && file.shard.length <= 20 ? showInput(file.shard) : 'i/N'})`,
    );
  if (format === 2)
    fail(
      '',
      `made by an older version of obs-sim (shard format 2, which does not say which engine made its runs): run this shard again with this version (sweep --shard ${typeof file.shard === 'string' && file.shard.length <= 20 ? showInput(file.shard) : 'i/N'})`,
    );
  if (typeof format === 'number' && Number.isInteger(format) && format > SHARD_FORMAT) {
    fail('', `made by a newer version of obs-sim (shard format ${format}; this one reads format ${SHARD_FORMAT})`);
  }
  if (format !== SHARD_FORMAT)
    fail('', `not a sweep shard file (it has no "obsSweepShard": ${SHARD_FORMAT}; write shards with sweep --shard i/N)`);
  for (const key of Object.keys(file)) {
    if (!SHARD_FIELDS.includes(key)) fail(showInput(key, 40), `unknown field (a shard file has ${SHARD_FIELDS.join(', ')})`);
  }
  for (const key of ['hash', 'engine', 'resultsHash']) {
    const hash = file[key];
    if (typeof hash !== 'string' || !HASH.test(hash))
      fail(key, `must be 16 hexadecimal digits, not ${hash === undefined ? 'absent' : quoteInput(hash, 20)}`);
  }
  const hash = file.hash as string;
  const engine = file.engine as string;
  if (typeof file.shard !== 'string') fail('shard', `must be "i/N", not ${describeValue(file.shard)}`);
  let shard: Shard;
  try {
    shard = parseShard(file.shard as string);
  } catch (error) {
    fail('shard', error instanceof Error ? error.message : String(error));
  }
  const runCount = file.runCount;
  if (typeof runCount !== 'number' || !Number.isInteger(runCount) || runCount < 0 || runCount > SWEEP_LIMITS.maxRuns) {
    fail('runCount', `must be an integer from 0 to ${SWEEP_LIMITS.maxRuns}, not ${quoteInput(runCount, 20)}`);
  }
  if (!Array.isArray(file.runs)) fail('runs', `must be a list of runs, not ${describeValue(file.runs)}`);
  const sweep = checkShardSweep(file.sweep, hash, fail);

  const total = sweepRunCount(sweep);
  const shardText = `${shard.index}/${shard.count}`;
  const expected = shardRunIndices(total, shard);
  const runs = file.runs as unknown[];
  if (runCount !== expected.length)
    fail('runCount', `is ${runCount}, but shard ${shardText} of a sweep of ${total} runs holds ${expected.length}`);
  if (runs.length !== expected.length) {
    fail(
      'runs',
      `holds ${runs.length} runs, but shard ${shardText} of a sweep of ${total} runs holds ${expected.length}: runs ${describeRuns(expected)}, in order`,
    );
  }
  const results: RunResult[] = runs.map((item, j) => {
    const where = `runs[${j}]`;
    if (!isRecord(item)) fail(where, `must be { "run": k, "outputs": [...] }, not ${describeValue(item)}`);
    const r = item as Record<string, unknown>;
    for (const key of Object.keys(r))
      if (key !== 'run' && key !== 'outputs') fail(`${where}.${showInput(key, 40)}`, 'unknown field (a run has run and outputs)');
    if (r.run !== expected[j])
      fail(
        `${where}.run`,
        `must be ${expected[j]}, not ${quoteInput(r.run, 20)} (shard ${shardText} holds runs ${describeRuns(expected)}, in order)`,
      );
    const outputs = r.outputs;
    if (!Array.isArray(outputs))
      fail(`${where}.outputs`, `must be a list of ${sweep.outputs.length} outputs, not ${describeValue(outputs)}`);
    if (outputs.length !== sweep.outputs.length)
      fail(`${where}.outputs`, `holds ${outputs.length} values, but the sweep has ${sweep.outputs.length} outputs`);
    outputs.forEach((x: unknown, o) => {
      if (!isOutputValue(x)) {
        fail(
          `${where}.outputs[${o}] (${showInput(sweep.outputs[o], 60)})`,
          `must be null or a finite number of magnitude at most ${SWEEP_LIMITS.maxOutputMagnitude}, not ${quoteInput(x, 20)}`,
        );
      }
    });
    return { run: expected[j], outputs: outputs.slice() as (number | null)[] };
  });
  if (shardResultsHash(hash, shardText, results, engine) !== file.resultsHash) {
    fail('', `the runs in the file do not match its resultsHash ${file.resultsHash} (was the file edited? run shard ${shardText} again)`);
  }
  return { name, hash, engine, shard, sweep, runs: results };
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

/**
 * Merges the files of all N shards of one sweep (in any order) into the results an
 * unsharded run gives. Throws Error naming the file at fault when a file is malformed,
 * edited or forged (checkShardFile), when a shard is missing or given twice, or when
 * files come from different sweeps or splits. `files`: parsed shard files and their names.
 */
export function mergeShards(files: readonly { name: string; value: unknown }[]): SweepResults {
  if (files.length === 0) throw new Error('no shard files to merge');
  const checked = files.map(({ name, value }) => checkShardFile(name, value));
  return mergeCheckedShards(checked[0].sweep, checked);
}

/**
 * The second half of mergeShards, for a caller that checks each file as it reads it and
 * keeps only the runs (the CLI: shard files may be large): `sweep` is the first file's.
 */
export function mergeCheckedShards(sweep: Sweep, shards: readonly Omit<CheckedShard, 'sweep'>[]): SweepResults {
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
  const seen: (string | undefined)[] = new Array(count + 1);
  for (const s of shards) {
    const other = seen[s.shard.index];
    if (other !== undefined) throw new Error(`${other} and ${label(s)} are both shard ${s.shard.index}/${count}`);
    seen[s.shard.index] = label(s);
  }
  const missing: string[] = [];
  for (let i = 1; i <= count && missing.length <= 20; i++) if (seen[i] === undefined) missing.push(`${i}/${count}`);
  if (missing.length)
    throw new Error(
      `missing shard${missing.length > 1 ? 's' : ''} ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', ...' : ''} (got ${shards.length} of ${count})`,
    );
  return {
    ...summarizeSweep(
      sweep,
      shards.flatMap((s) => s.runs),
    ),
    engine: first.engine,
  };
}

/** "0, 3, 6 ... 27 (10 runs)". */
function describeRuns(runs: number[]): string {
  if (runs.length === 0) return 'none';
  if (runs.length <= 6) return runs.join(', ');
  return `${runs.slice(0, 3).join(', ')} ... ${runs[runs.length - 1]} (${runs.length} runs)`;
}
