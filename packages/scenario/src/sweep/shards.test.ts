import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import defaultScenario from '../../scenarios/default.json';
import { makeShardFile, mergeShards, parseShard, resolveSweepSpec, shardJson, shardRunIndices, summarizeSweep, sweepCsv, sweepJson, sweepRunCount, type RunResult, type Sweep } from './index.js';

describe('parseShard', () => {
  it('reads i/N from 1 to N', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('8/8')).toEqual({ index: 8, count: 8 });
    expect(() => parseShard('0/8')).toThrow('shard 0/8: i must be from 1 to 8 (shards count from 1; with a 0-based index such as JOB_COMPLETION_INDEX, pass index + 1)');
    expect(() => parseShard('9/8')).toThrow('shard 9/8: i must be from 1 to 8');
    for (const bad of ['1', '1/', '/2', 'a/b', '1/2/3', ' 1/2']) expect(() => parseShard(bad)).toThrow('is not a shard');
  });
});

describe('shardRunIndices', () => {
  it('covers every run exactly once, in order within a shard, for any N', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 60 }), (runs, count) => {
      const seen = new Array(runs).fill(0);
      for (let index = 1; index <= count; index++) {
        const mine = shardRunIndices(runs, { index, count });
        for (let k = 1; k < mine.length; k++) expect(mine[k]).toBeGreaterThan(mine[k - 1]);
        for (const run of mine) seen[run]++;
        // Balanced: shard sizes differ by at most one.
        expect(Math.abs(mine.length - runs / count)).toBeLessThan(1);
      }
      expect(seen.every((n) => n === 1)).toBe(true);
    }));
  });
});

function sweep(extra: object = {}): Sweep {
  return resolveSweepSpec({ sweep: 1, base: defaultScenario, parameter: { path: 'obs.burstLoss.data', values: [0, 0.005, 0.01] }, seeds: 3, outputs: ['aggregate.goodput', 'bursts.dropped'], ...extra });
}
/** Fake results: the merge does not care where the numbers come from. */
const fakeResults = (s: Sweep): RunResult[] => Array.from({ length: sweepRunCount(s) }, (_, run) => ({ run, outputs: [1e8 / (run + 1), run % 4] }));

/** Shard files as written to disk and read back. */
function shardFiles(s: Sweep, count: number) {
  const all = fakeResults(s);
  return Array.from({ length: count }, (_, i) => {
    const shard = { index: i + 1, count };
    const mine = shardRunIndices(all.length, shard).map((run) => all[run]);
    return { name: `part${i + 1}.json`, value: JSON.parse(shardJson(makeShardFile(s, shard, mine))) };
  });
}

describe('mergeShards', () => {
  it('gives exactly the unsharded results, whatever the order of the files', () => {
    const s = sweep();
    const whole = summarizeSweep(s, fakeResults(s));
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }).chain((n) => fc.shuffledSubarray(shardFiles(s, n), { minLength: n })), (files) => {
      const merged = mergeShards(files);
      expect(sweepJson(merged)).toBe(sweepJson(whole));
      expect(sweepCsv(merged)).toBe(sweepCsv(whole));
    }), { numRuns: 40 });
  });

  it('refuses missing, duplicate, foreign and edited shards, naming the file', () => {
    const s = sweep();
    const files = shardFiles(s, 3);
    expect(() => mergeShards([files[0], files[2]])).toThrow('missing shard 2/3 (got 2 of 3)');
    expect(() => mergeShards([files[0], files[1], files[2], files[1]])).toThrow('part2.json and part2.json are both shard 2/3');
    const other = shardFiles(sweep({ seeds: 2 }), 3);
    expect(() => mergeShards([files[0], other[1], files[2]])).toThrow(/^part2\.json: from a different sweep than part1\.json \(spec hash [0-9a-f]{16}, not [0-9a-f]{16}\)$/);
    const split4 = shardFiles(s, 4);
    expect(() => mergeShards([files[0], split4[1]])).toThrow('part2.json: shard 2/4, but part1.json is shard 1/3: all shards must split the sweep into the same N');
    const edited = structuredClone(files[1]);
    edited.value.sweep.seeds = [1, 2, 4];
    expect(() => mergeShards([files[0], edited, files[2]])).toThrow(/^part2\.json: the sweep in the file does not match its hash/);
    const short = structuredClone(files[1]);
    short.value.runs.pop();
    expect(() => mergeShards([files[0], short, files[2]])).toThrow('part2.json: shard 2/3 must hold runs 1, 4, 7, in order');
    expect(() => mergeShards([{ name: 'results.json', value: { obsSweepResults: 1 } }])).toThrow('results.json: not a sweep shard file');
    expect(() => mergeShards([])).toThrow('no shard files to merge');
  });

  it('will not write a shard from the wrong runs', () => {
    const s = sweep();
    expect(() => makeShardFile(s, { index: 1, count: 2 }, fakeResults(s))).toThrow('shard 1/2 must hold runs 0, 2, 4, 6, 8');
  });
});
