import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import defaultScenario from '../../scenario/scenarios/default.json';
import {
  checkShardFile,
  makeShardFile,
  mergeShards,
  parseShard,
  resolveSweepSpec,
  shardJson,
  shardResultsHash,
  shardRunIndices,
  summarizeSweep,
  sweepCsv,
  sweepHash,
  sweepJson,
  sweepRunCount,
  type RunResult,
  type Sweep,
} from './index';

describe('parseShard', () => {
  it('reads i/N from 1 to N', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('8/8')).toEqual({ index: 8, count: 8 });
    expect(() => parseShard('0/8')).toThrow(
      'shard 0/8: i must be from 1 to 8 (shards count from 1; with a 0-based index such as JOB_COMPLETION_INDEX, pass index + 1)',
    );
    expect(() => parseShard('9/8')).toThrow('shard 9/8: i must be from 1 to 8');
    for (const bad of ['1', '1/', '/2', 'a/b', '1/2/3', ' 1/2']) expect(() => parseShard(bad)).toThrow('is not a shard');
  });
});

describe('shardRunIndices', () => {
  it('covers every run exactly once, in order within a shard, for any N', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 60 }), (runs, count) => {
        const seen = new Array(runs).fill(0);
        for (let index = 1; index <= count; index++) {
          const mine = shardRunIndices(runs, { index, count });
          for (let k = 1; k < mine.length; k++) expect(mine[k]).toBeGreaterThan(mine[k - 1]);
          for (const run of mine) seen[run]++;
          // Balanced: shard sizes differ by at most one.
          expect(Math.abs(mine.length - runs / count)).toBeLessThan(1);
        }
        expect(seen.every((n) => n === 1)).toBe(true);
      }),
    );
  });
});

function sweep(extra: object = {}): Sweep {
  return resolveSweepSpec({
    sweep: 1,
    base: defaultScenario,
    parameter: { path: 'obs.burstLoss.data', values: [0, 0.005, 0.01] },
    seeds: 3,
    outputs: ['aggregate.goodput', 'bursts.dropped'],
    ...extra,
  });
}
/** Fake results: the merge does not care where the numbers come from. */
const fakeResults = (s: Sweep): RunResult[] =>
  Array.from({ length: sweepRunCount(s) }, (_, run) => ({ run, outputs: [1e8 / (run + 1), run % 4] }));

/** An engine build's hash, as the CLI writes it (the wasm's SHA-256, 16 hex digits). */
const ENGINE = '0123456789abcdef';

/** Shard files as written to disk and read back. */
function shardFiles(s: Sweep, count: number, engine = ENGINE) {
  const all = fakeResults(s);
  return Array.from({ length: count }, (_, i) => {
    const shard = { index: i + 1, count };
    const mine = shardRunIndices(all.length, shard).map((run) => all[run]);
    return { name: `part${i + 1}.json`, value: JSON.parse(shardJson(makeShardFile(s, shard, mine, engine))) };
  });
}

describe('mergeShards', () => {
  it('gives exactly the unsharded results, whatever the order of the files', () => {
    const s = sweep();
    const whole = { ...summarizeSweep(s, fakeResults(s)), engine: ENGINE };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((n) => fc.shuffledSubarray(shardFiles(s, n), { minLength: n })),
        (files) => {
          const merged = mergeShards(files);
          expect(sweepJson(merged)).toBe(sweepJson(whole));
          expect(sweepCsv(merged)).toBe(sweepCsv(whole));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('merges sweeps over names, combinations and grids of three axes like any other', () => {
    const s = sweep({
      parameter: undefined,
      parameters: [
        { path: 'flows[tcp1].tcp.variant', values: ['reno', 'cubic'] },
        {
          path: ['obs.burstLoss.data', 'obs.burstLoss.ack'],
          values: [
            [0, 0],
            [0.01, 0.1],
          ],
        },
        { path: 'flows[tcp1].tcp.delayedAck', values: [false, true] },
      ],
      overrides: { 'flows[tcp1].tcp.delayedAck': false },
      seeds: 2,
    });
    const whole = { ...summarizeSweep(s, fakeResults(s)), engine: ENGINE };
    const merged = mergeShards(shardFiles(s, 3));
    expect(merged.sweep.hash).toBe(s.hash);
    expect(sweepJson(merged)).toBe(sweepJson(whole));
  });

  it('refuses missing, duplicate, foreign and edited shards, naming the file', () => {
    const s = sweep();
    const files = shardFiles(s, 3);
    expect(() => mergeShards([files[0], files[2]])).toThrow('missing shard 2/3 (got 2 of 3)');
    expect(() => mergeShards([files[0], files[1], files[2], files[1]])).toThrow('part2.json and part2.json are both shard 2/3');
    const other = shardFiles(sweep({ seeds: 2 }), 3);
    expect(() => mergeShards([files[0], other[1], files[2]])).toThrow(
      /^part2\.json: from a different sweep than part1\.json \(spec hash [0-9a-f]{16}, not [0-9a-f]{16}\)$/,
    );
    const rebuilt = shardFiles(s, 3, 'fedcba9876543210');
    expect(() => mergeShards([files[0], rebuilt[1], files[2]])).toThrow(
      'part2.json: made by engine fedcba9876543210, but part1.json by engine 0123456789abcdef: results of two builds are not mixed (run the shards of one build again with the other)',
    );
    const older = structuredClone(files[1]);
    older.value.obsSweepShard = 2;
    delete older.value.engine;
    expect(() => mergeShards([files[0], older, files[2]])).toThrow(
      'part2.json: made by an older version of obs-sim (shard format 2, which does not say which engine made its runs): run this shard again with this version (sweep --shard 2/3)',
    );
    const split4 = shardFiles(s, 4);
    expect(() => mergeShards([files[0], split4[1]])).toThrow(
      'part2.json: shard 2/4, but part1.json is shard 1/3: all shards must split the sweep into the same N',
    );
    const edited = structuredClone(files[1]);
    edited.value.sweep.seeds = [1, 2, 4];
    expect(() => mergeShards([files[0], edited, files[2]])).toThrow(/^part2\.json: the sweep in the file does not match its hash/);
    const short = structuredClone(files[1]);
    short.value.runs.pop();
    expect(() => mergeShards([files[0], short, files[2]])).toThrow(
      'part2.json: runs: holds 2 runs, but shard 2/3 of a sweep of 9 runs holds 3: runs 1, 4, 7, in order',
    );
    expect(() => mergeShards([{ name: 'results.json', value: { obsSweepResults: 1 } }])).toThrow('results.json: not a sweep shard file');
    expect(() => mergeShards([])).toThrow('no shard files to merge');
  });

  it('will not write a shard from the wrong runs', () => {
    const s = sweep();
    expect(() => makeShardFile(s, { index: 1, count: 2 }, fakeResults(s), ENGINE)).toThrow('shard 1/2 must hold runs 0, 2, 4, 6, 8');
  });
});

/** A shard file edited and both hashes recomputed, as anyone who read docs/sweeps.md can. */
function reforge(value: any) {
  const copy = structuredClone(value);
  copy.hash = sweepHash(copy.sweep);
  copy.resultsHash = shardResultsHash(copy.hash, copy.shard, copy.runs, copy.engine);
  return copy;
}

describe('checkShardFile (issue 17: a shard file is input like any other)', () => {
  const s = sweep();
  const [file] = shardFiles(s, 1);
  const refusal = (value: unknown) => {
    try {
      checkShardFile('p.json', value);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the shard was accepted');
  };
  const edit = (change: (f: any) => void, forge = true) => {
    const copy = structuredClone(file.value);
    change(copy);
    return forge ? reforge(copy) : copy;
  };

  it('accepts what sweep --shard writes, format 3 with its engine and both hashes', () => {
    expect(file.value).toMatchObject({
      obsSweepShard: 3,
      hash: s.hash,
      engine: ENGINE,
      shard: '1/1',
      runCount: 9,
      resultsHash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const checked = checkShardFile('p.json', file.value);
    expect(checked.sweep).toEqual(s);
    expect(checked.runs).toEqual(fakeResults(s));
    expect(() => checkShardFile('p.json', reforge(file.value))).not.toThrow(); // recomputing unchanged hashes changes nothing
  });

  it('refuses a shard of the older format, naming what to do', () => {
    const { resultsHash, ...old } = file.value;
    expect(refusal({ ...old, obsSweepShard: 1 })).toBe(
      'p.json: made by an older version of obs-sim (shard format 1, whose results no hash covers): run this shard again with this version (sweep --shard 1/1)',
    );
    const { engine: _, ...format2 } = file.value;
    expect(refusal({ ...format2, obsSweepShard: 2 })).toBe(
      'p.json: made by an older version of obs-sim (shard format 2, which does not say which engine made its runs): run this shard again with this version (sweep --shard 1/1)',
    );
    expect(refusal({ ...file.value, obsSweepShard: 4 })).toBe(
      'p.json: made by a newer version of obs-sim (shard format 4; this one reads format 3)',
    );
  });

  it('refuses edited results through the hash of the results', () => {
    for (const value of [file.value.runs[0].outputs[0] * 10, null, 0]) {
      expect(refusal(edit((f) => (f.runs[0].outputs[0] = value), false))).toMatch(
        /^p\.json: the runs in the file do not match its resultsHash [0-9a-f]{16} \(was the file edited\? run shard 1\/1 again\)$/,
      );
    }
  });

  it('refuses forged shards (hashes recomputed) by their content, before building anything from their numbers', () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => i / 1000);
    const started = performance.now();
    expect(
      refusal(
        edit((f) => {
          f.sweep.axes = [
            { paths: ['obs.burstLoss.data'], values: thousand },
            { paths: ['obs.burstLoss.ack'], values: thousand },
          ];
          f.sweep.seeds = Array.from({ length: 1000 }, (_, i) => i);
        }),
      ),
    ).toBe('p.json: sweep.seeds: 1000000 points x 1000 seeds is 1000000000 runs, more than 1000000');
    expect(performance.now() - started).toBeLessThan(2000);
    const cases: [(f: any) => void, string][] = [
      [(f) => (f.sweep.axes = 5), 'p.json: sweep.axes: must be a list of 1 to 8 parameters, not a number'],
      [(f) => (f.sweep.axes = []), 'p.json: sweep.axes: must be a list of 1 to 8 parameters, not a list of 0'],
      [
        (f) => (f.sweep.axes[0].values = { from: 0, to: 1, steps: 1000 }),
        'p.json: sweep.axes[0].values: must be a list of values, not an object',
      ],
      [
        (f) => (f.sweep.axes[0].values = Array.from({ length: 1001 }, (_, i) => i)),
        'p.json: sweep.axes[0].values: must hold 1 to 1000 values (it holds 1001)',
      ],
      [
        (f) => (f.sweep.axes[0].paths = ['links[f9].rate']),
        'p.json: sweep.axes[0].paths[0]: links[f9] names no link (links are fe1, f1, f2, fe2)',
      ],
      [(f) => (f.sweep.seeds = 3), 'p.json: sweep.seeds: must be a list of seeds, not a number'],
      [(f) => (f.sweep.seeds = [1, 1, 2]), 'p.json: sweep.seeds[1]: 1 is listed twice'],
      [(f) => (f.sweep.outputs = ['bursts.dropped', 'bursts.dropped']), 'p.json: sweep.outputs[1]: bursts.dropped is listed twice'],
      [(f) => (f.sweep.base = { preset: 'paper000' }), 'p.json: sweep.base: must be a scenario object'],
      [
        (f) => (f.sweep.name = 'a\u202Eb'),
        'p.json: sweep.name: must not contain control, bidirectional or invisible format characters (found U+202E at character 2)',
      ],
      [(f) => (f.sweep.extra = 1), 'p.json: sweep.extra: unknown field (the sweep has format, name, base, axes, seeds, outputs)'],
      [(f) => (f.runCount = 1e9), 'p.json: runCount: must be an integer from 0 to 1000000, not 1000000000'],
      [(f) => (f.runCount = 8), 'p.json: runCount: is 8, but shard 1/1 of a sweep of 9 runs holds 9'],
      [(f) => (f.shard = '1/100001'), 'p.json: shard: shard 1/100001: N must be from 1 to 100000'],
      [(f) => (f.shard = '1/1\u202E'), 'p.json: shard: "1/1\\u{202E}" is not a shard: write i/N, like 3/8 (i from 1 to N)'],
      [(f) => (f.runs = { 0: 1 }), 'p.json: runs: must be a list of runs, not an object'],
      [(f) => f.runs.reverse(), 'p.json: runs[0].run: must be 0, not 8 (shard 1/1 holds runs 0, 1, 2 ... 8 (9 runs), in order)'],
      [(f) => (f.runs[0].run = '0'), 'p.json: runs[0].run: must be 0, not "0" (shard 1/1 holds runs 0, 1, 2 ... 8 (9 runs), in order)'],
      [(f) => (f.runs[0].extra = 1), 'p.json: runs[0].extra: unknown field (a run has run and outputs)'],
      [(f) => f.runs[3].outputs.pop(), 'p.json: runs[3].outputs: holds 1 values, but the sweep has 2 outputs'],
      [
        (f) => (f.runs[1].outputs[1] = 1e308),
        'p.json: runs[1].outputs[1] (bursts.dropped): must be null or a finite number of magnitude at most 1e+100, not 1e+308',
      ],
      [
        (f) => (f.runs[1].outputs[0] = -1e101),
        'p.json: runs[1].outputs[0] (aggregate.goodput): must be null or a finite number of magnitude at most 1e+100, not -1e+101',
      ],
      [
        (f) => (f.runs[1].outputs[0] = 'NaN'),
        'p.json: runs[1].outputs[0] (aggregate.goodput): must be null or a finite number of magnitude at most 1e+100, not "NaN"',
      ],
      [
        (f) => (f.runs[1].outputs[0] = [1]),
        'p.json: runs[1].outputs[0] (aggregate.goodput): must be null or a finite number of magnitude at most 1e+100, not an array',
      ],
      [
        (f) => (f['\u202E'] = 1),
        'p.json: \\u{202E}: unknown field (a shard file has obsSweepShard, hash, engine, shard, runCount, resultsHash, runs, sweep)',
      ],
    ];
    for (const [change, message] of cases) expect(refusal(edit(change))).toBe(message);
    // Infinity cannot be written in JSON, but JSON.parse reads 1e999 as Infinity.
    expect(refusal(edit((f) => (f.runs[1].outputs[0] = Infinity), false))).toMatch(
      /^p\.json: runs\[1\]\.outputs\[0\] \(aggregate\.goodput\): must be null or a finite number/,
    );
    expect(refusal(edit((f) => (f.hash = 'zz'), false))).toBe('p.json: hash: must be 16 hexadecimal digits, not "zz"');
    expect(refusal(edit((f) => (f.sweep.seeds = [1, 2, 4]), false))).toMatch(
      /^p\.json: the sweep in the file does not match its hash [0-9a-f]{16} \(was the file edited\?\)$/,
    );
    expect(refusal(null)).toBe(
      'p.json: not a sweep shard file (it is null, not an object with "obsSweepShard": 3; write shards with sweep --shard i/N)',
    );
  });

  it('accepts the largest output allowed, and null', () => {
    const value = edit((f) => {
      f.runs[0].outputs = [1e100, null];
      f.runs[1].outputs = [-1e100, 0];
    });
    expect(checkShardFile('p.json', value).runs.slice(0, 2)).toEqual([
      { run: 0, outputs: [1e100, null] },
      { run: 1, outputs: [-1e100, 0] },
    ]);
  });
});
