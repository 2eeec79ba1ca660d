// Splitting a sweep over several machines and putting it back together.
//
// Shard i of N (i from 1 to N) holds the runs whose index k has k mod N = i - 1: round
// robin, so every shard gets points from the whole range (the costly ones are spread).
// A shard file carries the sweep as resolved and its hash, so `merge` needs nothing else
// and refuses shards of different sweeps; the merged results equal an unsharded run's.

import { sweepHash } from './spec.js';
import { sweepRunCount } from './runs.js';
import { summarizeSweep } from './results.js';

export const SHARD_FORMAT = 1;

/**
 * Reads `i/N` (1 <= i <= N). Throws Error saying what is wrong.
 * @param {string} text
 * @returns {import('./index').Shard}
 */
export function parseShard(text) {
  const match = /^([0-9]+)\/([0-9]+)$/.exec(text);
  if (!match) throw new Error(`"${text}" is not a shard: write i/N, like 3/8 (i from 1 to N)`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > 100000) throw new Error(`shard ${text}: N must be from 1 to 100000`);
  if (index < 1 || index > count) {
    throw new Error(`shard ${text}: i must be from 1 to ${count}${index === 0 ? ' (shards count from 1; with a 0-based index such as JOB_COMPLETION_INDEX, pass index + 1)' : ''}`);
  }
  return { index, count };
}

/**
 * The run indices of one shard, in order.
 * @param {number} runCount
 * @param {import('./index').Shard} shard
 */
export function shardRunIndices(runCount, shard) {
  const indices = [];
  for (let k = shard.index - 1; k < runCount; k += shard.count) indices.push(k);
  return indices;
}

/**
 * The content of a shard file, from the results of exactly the shard's runs.
 * @param {import('./index').Sweep} sweep
 * @param {import('./index').Shard} shard
 * @param {readonly import('./index').RunResult[]} results
 * @returns {import('./index').ShardFile}
 */
export function makeShardFile(sweep, shard, results) {
  const expected = shardRunIndices(sweepRunCount(sweep), shard);
  const sorted = results.slice().sort((a, b) => a.run - b.run);
  if (sorted.length !== expected.length || sorted.some((r, i) => r.run !== expected[i])) {
    throw new Error(`shard ${shard.index}/${shard.count} must hold runs ${describeRuns(expected)}`);
  }
  const { hash, ...body } = sweep;
  return {
    obsSweepShard: SHARD_FORMAT,
    hash,
    shard: `${shard.index}/${shard.count}`,
    runCount: expected.length,
    runs: sorted.map((r) => ({ run: r.run, outputs: r.outputs.slice() })),
    sweep: body,
  };
}

/** A shard file as text: JSON, one run per line, so shard files stay readable. @param {import('./index').ShardFile} file */
export function shardJson(file) {
  const { runs, sweep, ...head } = file;
  const lines = runs.map((run) => `    ${JSON.stringify(run)}`);
  const top = JSON.stringify(head, null, 2).slice(0, -2);
  return `${top},\n  "runs": [\n${lines.join(',\n')}\n  ],\n  "sweep": ${JSON.stringify(sweep)}\n}\n`;
}

/**
 * Merges the files of all N shards of one sweep (in any order) into the results an
 * unsharded run gives. Throws Error naming the file at fault when a shard is missing or
 * given twice, when files come from different sweeps or splits, or when a file was edited.
 * @param {readonly { name: string, value: unknown }[]} files parsed shard files and their names
 * @returns {import('./index').SweepResults}
 */
export function mergeShards(files) {
  if (files.length === 0) throw new Error('no shard files to merge');
  /** @type {{ name: string, file: import('./index').ShardFile, shard: import('./index').Shard }[]} */
  const shards = files.map(({ name, value }) => {
    const file = /** @type {import('./index').ShardFile} */ (value);
    if (file === null || typeof file !== 'object' || file.obsSweepShard !== SHARD_FORMAT) {
      throw new Error(`${name}: not a sweep shard file (it has no "obsSweepShard": ${SHARD_FORMAT}; write shards with sweep --shard i/N)`);
    }
    if (typeof file.hash !== 'string' || typeof file.sweep !== 'object' || file.sweep === null || !Array.isArray(file.runs)) {
      throw new Error(`${name}: a shard file needs hash, sweep and runs`);
    }
    let shard;
    try {
      shard = parseShard(String(file.shard));
    } catch (error) {
      throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    let hash;
    try {
      hash = sweepHash(file.sweep);
    } catch {
      hash = '';
    }
    if (hash !== file.hash) throw new Error(`${name}: the sweep in the file does not match its hash ${file.hash} (was the file edited?)`);
    return { name, file, shard };
  });

  const first = shards[0];
  for (const { name, file, shard } of shards.slice(1)) {
    if (file.hash !== first.file.hash) {
      throw new Error(`${name}: from a different sweep than ${first.name} (spec hash ${file.hash}, not ${first.file.hash})`);
    }
    if (shard.count !== first.shard.count) {
      throw new Error(`${name}: shard ${file.shard}, but ${first.name} is shard ${first.file.shard}: all shards must split the sweep into the same N`);
    }
  }
  const count = first.shard.count;
  /** @type {(string | undefined)[]} */
  const seen = new Array(count + 1);
  for (const { name, shard } of shards) {
    const other = seen[shard.index];
    if (other !== undefined) throw new Error(`${other} and ${name} are both shard ${shard.index}/${count}`);
    seen[shard.index] = name;
  }
  const missing = [];
  for (let i = 1; i <= count; i++) if (seen[i] === undefined) missing.push(`${i}/${count}`);
  if (missing.length) throw new Error(`missing shard${missing.length > 1 ? 's' : ''} ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', ...' : ''} (got ${shards.length} of ${count})`);

  const sweep = { ...first.file.sweep, hash: first.file.hash };
  const runCount = sweepRunCount(sweep);
  const results = [];
  for (const { name, file, shard } of shards) {
    const expected = shardRunIndices(runCount, shard);
    const runs = file.runs.map((r) => r?.run);
    if (runs.length !== expected.length || runs.some((run, i) => run !== expected[i])) {
      throw new Error(`${name}: shard ${file.shard} must hold runs ${describeRuns(expected)}, in order`);
    }
    results.push(...file.runs);
  }
  return summarizeSweep(sweep, results);
}

/** "0, 3, 6 ... 27 (10 runs)". @param {number[]} runs */
function describeRuns(runs) {
  if (runs.length === 0) return 'none';
  if (runs.length <= 6) return runs.join(', ');
  return `${runs.slice(0, 3).join(', ')} ... ${runs[runs.length - 1]} (${runs.length} runs)`;
}
