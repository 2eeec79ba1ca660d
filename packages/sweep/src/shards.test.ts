import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import defaultScenario from '../../scenario/scenarios/default.json';
import {
  describeGaps,
  incompleteShards,
  makeShardText,
  mergeShards,
  parseShard,
  readShardText,
  resolveSweepSpec,
  shardLineCheck,
  shardRunIndices,
  summarizeSweep,
  sweepCsv,
  sweepHash,
  sweepJson,
  sweepRunCount,
  type RunOutcome,
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

/** The text of shard i/N with these outcomes (default: every run, in order). */
function shardText(s: Sweep, index: number, count: number, pick: (run: RunResult) => RunOutcome | null = (r) => r, engine = ENGINE) {
  const shard = { index, count };
  const all = fakeResults(s);
  const outcomes = shardRunIndices(all.length, shard)
    .map((run) => pick(all[run]))
    .filter((o): o is RunOutcome => o !== null);
  return makeShardText(s, shard, outcomes, engine);
}

/** Shard files as written to disk. */
function shardFiles(s: Sweep, count: number, engine = ENGINE) {
  return Array.from({ length: count }, (_, i) => ({ name: `part${i + 1}.jsonl`, text: shardText(s, i + 1, count, undefined, engine) }));
}

/** A shard file's lines, parsed. */
const linesOf = (text: string): any[] =>
  text
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line));

/**
 * A shard file edited as parsed lines and its hashes recomputed (the sweep's and every
 * line's check), as anyone who read docs/sweeps.md can. `forge` false: edited only.
 */
function edit(text: string, change: (header: any, runs: any[]) => void, forge = true): string {
  const [header, ...runs] = linesOf(text);
  change(header, runs);
  if (forge) {
    try {
      header.hash = sweepHash(header.sweep);
    } catch {
      // a sweep too odd to hash keeps its hash
    }
    for (const r of runs) {
      if (r === null || typeof r !== 'object') continue;
      const outcome = 'failed' in r ? { run: r.run, reason: r.failed } : { run: r.run, outputs: r.outputs };
      r.check = shardLineCheck({ hash: header.hash, engine: header.engine, shard: header.shard }, outcome);
    }
  }
  return [header, ...runs].map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** What format 3 (one JSON document, written when the shard ended) looked like. */
function format3(text: string): string {
  const [header, ...runs] = linesOf(text);
  const { sweep: body, ...head } = header;
  const lines = runs.map((r) => `    ${JSON.stringify({ run: r.run, outputs: r.outputs })}`);
  const top = JSON.stringify({ ...head, obsSweepShard: 3, resultsHash: '0123456789abcdef' }, null, 2).slice(0, -2);
  return `${top},\n  "runs": [\n${lines.join(',\n')}\n  ],\n  "sweep": ${JSON.stringify(body)}\n}\n`;
}

describe('shard files (format 4: JSON Lines, a header then a line per run as it finishes)', () => {
  it('writes the header, then one line per run with its check', () => {
    const s = sweep();
    const text = shardText(s, 2, 3);
    const [header, ...runs] = linesOf(text);
    expect(header).toEqual({ obsSweepShard: 4, hash: s.hash, engine: ENGINE, shard: '2/3', runCount: 3, sweep: expect.any(Object) });
    expect(runs.map((r) => r.run)).toEqual([1, 4, 7]);
    expect(runs[0]).toEqual({ run: 1, outputs: [5e7, 1], check: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(text.split('\n')).toHaveLength(5); // four lines, each ended
    const failed = shardText(s, 2, 3, (r) => (r.run === 4 ? { run: 4, reason: 'stopped at t = 0.1 s: the work budget' } : r));
    expect(linesOf(failed)[2]).toEqual({ run: 4, failed: 'stopped at t = 0.1 s: the work budget', check: expect.any(String) });
  });

  it('reads back what it wrote: the runs, the failed runs with their reasons, the missing runs', () => {
    const s = sweep();
    const content = readShardText(
      'p.jsonl',
      shardText(s, 1, 2, (r) => (r.run === 2 ? null : r.run === 4 ? { run: 4, reason: 'why' } : r)),
    );
    expect(content).toMatchObject({ name: 'p.jsonl', hash: s.hash, engine: ENGINE, shard: { index: 1, count: 2 }, notes: [] });
    expect(content.sweep).toEqual(s);
    expect(content.runs.map((r) => r.run)).toEqual([0, 6, 8]);
    expect(content.runs[1]).toEqual(fakeResults(s)[6]);
    expect(content.failed).toEqual([{ run: 4, reason: 'why' }]);
    expect(content.missing).toEqual([2]);
  });

  it('takes the runs in any order: the order they finished in', () => {
    const s = sweep();
    const text = shardText(s, 1, 1);
    const [header, ...runs] = text.split('\n').slice(0, -1);
    fc.assert(
      fc.property(fc.shuffledSubarray(runs, { minLength: runs.length }), (order) => {
        const content = readShardText('p.jsonl', [header, ...order].map((l) => `${l}\n`).join(''));
        expect(content.runs).toEqual(fakeResults(s));
        expect(content.missing).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('ignores a last line cut short, with a note, wherever the file was cut; a cut first line is refused', () => {
    const s = sweep();
    const text = shardText(s, 1, 1, (r) => (r.run === 3 ? { run: 3, reason: 'a reason, with "quotes"' } : r));
    const whole = readShardText('p.jsonl', text);
    const headerEnd = text.indexOf('\n') + 1;
    for (let cut = 0; cut <= text.length; cut++) {
      const part = text.slice(0, cut);
      if (cut < headerEnd - 1) {
        expect(() => readShardText('p.jsonl', part), `cut at ${cut}`).toThrow(/^p\.jsonl: (is empty|line 1: is cut short)/);
        continue;
      }
      const content = readShardText('p.jsonl', part);
      const complete = part.lastIndexOf('\n') + 1;
      const kept = part.slice(0, complete).split('\n').length - 2; // run lines with their line end
      expect(content.runs.length + content.failed.length, `cut at ${cut}`).toBe(Math.max(0, kept));
      expect(content.runs).toEqual(whole.runs.filter((r) => content.runs.some((c) => c.run === r.run)));
      expect(content.notes, `cut at ${cut}`).toEqual(
        complete < cut && cut > headerEnd
          ? [
              expect.stringMatching(
                /^line \d+ is cut short \(no line end: the shard was stopped as it wrote it\): ignored, its run counts as missing$/,
              ),
            ]
          : [],
      );
    }
  });

  it('refuses a file changed at any one character, or else reads only what was written (a property)', () => {
    const s = sweep();
    const text = shardText(s, 2, 3, (r) => (r.run === 4 ? { run: 4, reason: 'over budget' } : r));
    const truth = new Map(readShardText('p.jsonl', text).runs.map((r) => [r.run, r.outputs]));
    fc.assert(
      fc.property(fc.nat(text.length - 1), fc.integer({ min: 0x20, max: 0x7e }), (at, code) => {
        const changed = text.slice(0, at) + String.fromCharCode(code) + text.slice(at + 1);
        let content;
        try {
          content = readShardText('p.jsonl', changed);
        } catch (error) {
          const message = (error as Error).message;
          expect(message.startsWith('p.jsonl: ')).toBe(true);
          expect(message).not.toContain('\n');
          return;
        }
        for (const r of content.runs) expect(r.outputs).toEqual(truth.get(r.run));
        for (const f of content.failed) expect(f).toEqual({ run: 4, reason: 'over budget' });
      }),
      { numRuns: 400 },
    );
  });
});

describe('mergeShards', () => {
  it('gives exactly the unsharded results, whatever the order of the files and of their lines', () => {
    const s = sweep();
    const whole = { ...summarizeSweep(s, fakeResults(s)), engine: ENGINE };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((n) => fc.shuffledSubarray(shardFiles(s, n), { minLength: n })),
        fc.boolean(),
        (files, reverse) => {
          const ordered = files.map(({ name, text }) => {
            const [header, ...runs] = text.split('\n').slice(0, -1);
            return { name, text: [header, ...(reverse ? runs.reverse() : runs)].map((l) => `${l}\n`).join('') };
          });
          const { results, gaps } = mergeShards(ordered);
          expect(gaps).toBeNull();
          expect(sweepJson(results!)).toBe(sweepJson(whole));
          expect(sweepCsv(results!)).toBe(sweepCsv(whole));
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
    const { results, gaps } = mergeShards(shardFiles(s, 3));
    expect(gaps).toBeNull();
    expect(results!.sweep.hash).toBe(s.hash);
    expect(sweepJson(results!)).toBe(sweepJson(whole));
  });

  it('names missing shards, missing runs and failed runs, and merges only with partial', () => {
    const s = sweep();
    const files = shardFiles(s, 3);
    const stopped = {
      name: 'part2.jsonl',
      text: shardText(s, 2, 3, (r) => (r.run === 7 ? null : r.run === 4 ? { run: 4, reason: 'stopped: the work budget' } : r)),
    };
    const { results, gaps } = mergeShards([files[0], stopped]);
    expect(results).toBeNull();
    expect(gaps).toMatchObject({ count: 3, runCount: 9, missing: 4, failed: 1 });
    expect(gaps!.shards.map((g) => [g.shard.index, g.name, g.missing, g.failed])).toEqual([
      [2, 'part2.jsonl', [7], [{ run: 4, reason: 'stopped: the work budget' }]],
      [3, null, [2, 5, 8], []],
    ]);
    const describe = (run: number) => `x = ${s.axes[0].values[Math.floor(run / 3)]}, seed ${s.seeds[run % 3]}`;
    expect(describeGaps(gaps!, describe)).toEqual([
      'part2.jsonl (shard 2/3): 1 of 3 runs missing: 7 (x = 0.01, seed 2); 1 of 3 runs failed: 4 (x = 0.005, seed 2): stopped: the work budget',
      'shard 3/3: no file given: its 3 runs are missing (2, 5, 8)',
      '4 of 9 runs missing (shards 2-3), 1 failed (shard 2)',
    ]);
    expect(incompleteShards(gaps)).toBe('2-3');
    expect(incompleteShards(gaps, { failed: true })).toBe('2-3');
    expect(
      incompleteShards(
        mergeShards([files[0], files[1], { name: 'p3', text: shardText(s, 3, 3, (r) => ({ run: r.run, reason: 'x' })) }]).gaps,
      ),
    ).toBe('');

    // Partial: the statistics over the runs there are; runs and n say how many.
    const partial = mergeShards([files[0], stopped], { partial: true }).results!;
    const present = fakeResults(s).filter((r) => [0, 3, 6, 1].includes(r.run));
    expect(partial.runs).toEqual(present);
    expect(partial.points.map((p) => p.runs)).toEqual([2, 1, 1]);
    expect(partial.points.map((p) => p.outputs[0].n)).toEqual([2, 1, 1]);
    expect(partial.points[0].outputs[0].mean).toBe((1e8 / 1 + 1e8 / 2) / 2);
    expect(partial.points[2].outputs[0].mean).toBe(1e8 / 7);
    expect(sweepCsv(partial).split('\n')[1]).toMatch(/^0,0,2,2,75000000,/);
    // Its JSON says what it lacks.
    expect(JSON.parse(sweepJson(partial)).incomplete).toEqual({
      missing: [2, 5, 7, 8],
      failed: [{ run: 4, reason: 'stopped: the work budget' }],
    });
    expect(JSON.parse(sweepJson(mergeShards(files).results!)).incomplete).toBeUndefined();
    // With every run there, partial changes nothing.
    expect(sweepCsv(mergeShards(files, { partial: true }).results!)).toBe(sweepCsv(mergeShards(files).results!));
  });

  it('lists many gaps compactly', () => {
    const s = sweep({ seeds: 30 });
    const files = Array.from({ length: 30 }, (_, i) => ({
      name: `p${i + 1}`,
      text: shardText(s, i + 1, 30, (r) => (r.run < 60 ? r : null)),
    }));
    const { gaps } = mergeShards(files.filter((_, i) => i !== 4));
    const lines = describeGaps(gaps!, () => 'x', 3);
    expect(lines).toEqual([
      'p1 (shard 1/30): 1 of 3 runs missing: 60 (x)',
      'p2 (shard 2/30): 1 of 3 runs missing: 61 (x)',
      'p3 (shard 3/30): 1 of 3 runs missing: 62 (x)',
      '... and 27 more shards with missing or failed runs',
      '32 of 90 runs missing (shards 1-30)',
    ]);
    expect(incompleteShards(gaps)).toBe('1-30');
  });

  it('refuses duplicate, foreign, older and edited shards, naming the file', () => {
    const s = sweep();
    const files = shardFiles(s, 3);
    expect(() => mergeShards([files[0], files[1], files[2], files[1]])).toThrow('part2.jsonl and part2.jsonl are both shard 2/3');
    const other = shardFiles(sweep({ seeds: 2 }), 3);
    expect(() => mergeShards([files[0], other[1], files[2]])).toThrow(
      /^part2\.jsonl: from a different sweep than part1\.jsonl \(spec hash [0-9a-f]{16}, not [0-9a-f]{16}\)$/,
    );
    const rebuilt = shardFiles(s, 3, 'fedcba9876543210');
    expect(() => mergeShards([files[0], rebuilt[1], files[2]])).toThrow(
      'part2.jsonl: made by engine fedcba9876543210, but part1.jsonl by engine 0123456789abcdef: results of two builds are not mixed (run the shards of one build again with the other)',
    );
    const split4 = shardFiles(s, 4);
    expect(() => mergeShards([files[0], split4[1]])).toThrow(
      'part2.jsonl: shard 2/4, but part1.jsonl is shard 1/3: all shards must split the sweep into the same N',
    );
    const edited = { name: 'part2.jsonl', text: edit(files[1].text, (h) => (h.sweep.seeds = [1, 2, 4]), false) };
    expect(() => mergeShards([files[0], edited, files[2]])).toThrow(/^part2\.jsonl: the sweep in the file does not match its hash/);
    expect(() => mergeShards([{ name: 'results.json', text: '{"obsSweepResults":1}\n' }])).toThrow('results.json: not a sweep shard file');
    expect(() => mergeShards([])).toThrow('no shard files to merge');
  });

  it('will not write a shard from the wrong runs', () => {
    const s = sweep();
    expect(() => makeShardText(s, { index: 1, count: 2 }, fakeResults(s), ENGINE)).toThrow(
      'run 1 is not a run of shard 1/2 (its runs are 0, 2, 4, 6, 8)',
    );
    expect(() => makeShardText(s, { index: 1, count: 1 }, [fakeResults(s)[0], fakeResults(s)[0]], ENGINE)).toThrow('run 0 is given twice');
  });
});

describe('readShardText (issue 17: a shard file is input like any other)', () => {
  const s = sweep();
  const file = shardText(s, 1, 1);
  const refusal = (text: string) => {
    try {
      readShardText('p.jsonl', text);
    } catch (error) {
      return (error as Error).message;
    }
    return 'the shard was accepted';
  };

  it('refuses a shard of an older format, naming what to do', () => {
    const old = format3(file);
    expect(refusal(old)).toBe(
      'p.jsonl: made by an older version of obs-sim (shard format 3, written whole when the shard ended; this one writes format 4 run by run): run this shard again with this version (sweep --shard 1/1)',
    );
    const [header] = linesOf(file);
    expect(refusal(`${JSON.stringify({ ...header, obsSweepShard: 1 })}\n`)).toBe(
      'p.jsonl: made by an older version of obs-sim (shard format 1, whose results no hash covers): run this shard again with this version (sweep --shard 1/1)',
    );
    expect(refusal(`${JSON.stringify({ ...header, obsSweepShard: 2 })}\n`)).toBe(
      'p.jsonl: made by an older version of obs-sim (shard format 2, which does not say which engine made its runs): run this shard again with this version (sweep --shard 1/1)',
    );
    expect(refusal(`${JSON.stringify({ ...header, obsSweepShard: 5 })}\n`)).toBe(
      'p.jsonl: made by a newer version of obs-sim (shard format 5; this one reads format 4)',
    );
  });

  it('refuses edited results through the check of their line', () => {
    for (const value of [1e9, null, 0]) {
      expect(refusal(edit(file, (_, runs) => (runs[0].outputs[0] = value), false))).toBe(
        `p.jsonl: line 2: does not match its check ${linesOf(file)[1].check} (was the file edited? delete the line and run the shard again with sweep --shard 1/1 --resume)`,
      );
    }
    expect(refusal(edit(file, (h) => (h.engine = 'fedcba9876543210'), false))).toMatch(/^p\.jsonl: line 2: does not match its check/);
    expect(refusal(edit(file, (_, runs) => (runs[0] = { run: 0, failed: 'made up', check: runs[0].check }), false))).toMatch(
      /^p\.jsonl: line 2: does not match its check/,
    );
  });

  it('refuses forged shards (hashes recomputed) by their content, before building anything from their numbers', () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => i / 1000);
    const started = performance.now();
    expect(
      refusal(
        edit(file, (h) => {
          h.sweep.axes = [
            { paths: ['obs.burstLoss.data'], values: thousand },
            { paths: ['obs.burstLoss.ack'], values: thousand },
          ];
          h.sweep.seeds = Array.from({ length: 1000 }, (_, i) => i);
        }),
      ),
    ).toBe('p.jsonl: line 1: sweep.seeds: 1000000 points x 1000 seeds is 1000000000 runs, more than 1000000');
    expect(performance.now() - started).toBeLessThan(2000);
    const extraRun = { run: 9, outputs: [1, 2] };
    const cases: [(h: any, runs: any[]) => void, string][] = [
      [(h) => (h.sweep.axes = 5), 'p.jsonl: line 1: sweep.axes: must be a list of 1 to 8 parameters, not a number'],
      [(h) => (h.sweep.axes = []), 'p.jsonl: line 1: sweep.axes: must be a list of 1 to 8 parameters, not a list of 0'],
      [
        (h) => (h.sweep.axes[0].values = Array.from({ length: 1001 }, (_, i) => i)),
        'p.jsonl: line 1: sweep.axes[0].values: must hold 1 to 1000 values (it holds 1001)',
      ],
      [
        (h) => (h.sweep.axes[0].paths = ['links[f9].rate']),
        'p.jsonl: line 1: sweep.axes[0].paths[0]: links[f9] names no link (links are fe1, f1, f2, fe2)',
      ],
      [(h) => (h.sweep.seeds = [1, 1, 2]), 'p.jsonl: line 1: sweep.seeds[1]: 1 is listed twice'],
      [(h) => (h.sweep.base = { preset: 'paper000' }), 'p.jsonl: line 1: sweep.base: must be a scenario object'],
      [(h) => (h.sweep.extra = 1), 'p.jsonl: line 1: sweep.extra: unknown field (the sweep has format, name, base, axes, seeds, outputs)'],
      [(h) => (h.runCount = 1e9), 'p.jsonl: line 1: runCount: must be an integer from 0 to 1000000, not 1000000000'],
      [(h) => (h.runCount = 8), 'p.jsonl: line 1: runCount: is 8, but shard 1/1 of a sweep of 9 runs holds 9'],
      [(h) => (h.shard = '1/100001'), 'p.jsonl: line 1: shard: shard 1/100001: N must be from 1 to 100000'],
      [(h) => (h.shard = '1/1\u202E'), 'p.jsonl: line 1: shard: "1/1\\u{202E}" is not a shard: write i/N, like 3/8 (i from 1 to N)'],
      [(h) => delete h.engine, 'p.jsonl: line 1: engine: must be 16 hexadecimal digits, not absent'],
      [
        (h) => (h.resultsHash = '0123456789abcdef'),
        'p.jsonl: line 1: resultsHash: unknown field (the first line of a shard file has obsSweepShard, hash, engine, shard, runCount, sweep)',
      ],
      [
        (h) => (h['\u202E'] = 1),
        'p.jsonl: line 1: \\u{202E}: unknown field (the first line of a shard file has obsSweepShard, hash, engine, shard, runCount, sweep)',
      ],
      // The run lines.
      [(_, runs) => runs.push(runs[3]), 'p.jsonl: line 11: run 3 is already on line 5 (each run is written once)'],
      [(_, runs) => runs.push({ ...runs[3], outputs: [7, 7] }), 'p.jsonl: line 11: run 3 is already on line 5 (each run is written once)'],
      [(_, runs) => runs.push(extraRun), 'p.jsonl: line 11: run: must be a run of shard 1/1 (its runs are 0, 1, 2 ... 8, 9 runs), not 9'],
      [(_, runs) => (runs[0].run = -1), 'p.jsonl: line 2: run: must be a run of shard 1/1 (its runs are 0, 1, 2 ... 8, 9 runs), not -1'],
      [(_, runs) => (runs[0].run = '0'), 'p.jsonl: line 2: run: must be a run of shard 1/1 (its runs are 0, 1, 2 ... 8, 9 runs), not "0"'],
      [(_, runs) => (runs[0].run = 0.5), 'p.jsonl: line 2: run: must be a run of shard 1/1 (its runs are 0, 1, 2 ... 8, 9 runs), not 0.5'],
      [(_, runs) => (runs[0].extra = 1), 'p.jsonl: line 2: extra: unknown field (a run line has run, outputs or failed, and check)'],
      [
        (_, runs) => (runs[0] = [1]),
        'p.jsonl: line 2: must be { "run": k, "outputs": [...], "check": "..." } or { "run": k, "failed": "why", "check": "..." }, not a list',
      ],
      [
        (_, runs) => (runs[1].failed = 'x'),
        'p.jsonl: line 3: must have either outputs (the run finished) or failed (why it did not), not both',
      ],
      [
        (_, runs) => delete runs[1].outputs,
        'p.jsonl: line 3: must have either outputs (the run finished) or failed (why it did not), not neither',
      ],
      [
        (_, runs) => (runs[1] = { run: 1, failed: '' }),
        'p.jsonl: line 3: failed: must be the reason the run failed, 1 to 2000 characters, not 0 characters',
      ],
      [
        (_, runs) => (runs[1] = { run: 1, failed: 'x'.repeat(2001) }),
        'p.jsonl: line 3: failed: must be the reason the run failed, 1 to 2000 characters, not 2001 characters',
      ],
      [
        (_, runs) => (runs[1] = { run: 1, failed: 5 }),
        'p.jsonl: line 3: failed: must be the reason the run failed, 1 to 2000 characters, not a number',
      ],
      [(_, runs) => runs[3].outputs.pop(), 'p.jsonl: line 5: outputs: holds 1 values, but the sweep has 2 outputs'],
      [(_, runs) => (runs[3].outputs = 5), 'p.jsonl: line 5: outputs: must be a list of 2 outputs, not a number'],
      [
        (_, runs) => (runs[1].outputs[1] = 1e308),
        'p.jsonl: line 3: outputs[1] (bursts.dropped): must be null or a finite number of magnitude at most 1e+100, not 1e+308',
      ],
      [
        (_, runs) => (runs[1].outputs[0] = 'NaN'),
        'p.jsonl: line 3: outputs[0] (aggregate.goodput): must be null or a finite number of magnitude at most 1e+100, not "NaN"',
      ],
      [
        (_, runs) => (runs[1].outputs[0] = [1]),
        'p.jsonl: line 3: outputs[0] (aggregate.goodput): must be null or a finite number of magnitude at most 1e+100, not an array',
      ],
      [(_, runs) => runs.push(runs[0]), 'p.jsonl: line 11: run 0 is already on line 2 (each run is written once)'],
    ];
    for (const [change, message] of cases) expect(refusal(edit(file, change)), message).toBe(message);
    expect(refusal(edit(file, (h) => (h.hash = 'zz'), false))).toBe('p.jsonl: line 1: hash: must be 16 hexadecimal digits, not "zz"');
    expect(refusal(edit(file, (_, runs) => (runs[0].check = 'zz'), false))).toBe(
      'p.jsonl: line 2: check: must be 16 hexadecimal digits, not "zz"',
    );
    // Infinity cannot be written in JSON, but JSON.parse reads 1e999 as Infinity.
    const [head, ...rest] = file.split('\n');
    expect(refusal([head, rest[0].replace(/"outputs":\[[^,]*,/, '"outputs":[1e999,'), ...rest.slice(1)].join('\n'))).toMatch(
      /^p\.jsonl: line 2: outputs\[0\] \(aggregate\.goodput\): must be null or a finite number/,
    );
    expect(refusal(edit(file, (h) => (h.sweep.seeds = [1, 2, 4]), false))).toMatch(
      /^p\.jsonl: the sweep in the file does not match its hash [0-9a-f]{16} \(was the file edited\?\)$/,
    );
    const lines = file.split('\n');
    expect(refusal([lines[0], lines[1], '', ...lines.slice(2)].join('\n'))).toBe(
      'p.jsonl: line 3: is empty (a shard file has one run on each line after the first)',
    );
    expect(refusal([lines[0], lines[1], lines[2].slice(0, 20), ...lines.slice(3)].join('\n'))).toMatch(/^p\.jsonl: line 3: not JSON \(/);
    expect(refusal([lines[0], `{"run":[${'['.repeat(100)}`, ...lines.slice(2)].join('\n'))).toBe(
      'p.jsonl: line 2: nests deeper than 8 levels',
    );
    expect(refusal([lines[0], `{"run":0,"outputs":[${'1,'.repeat(1000)}1]}`, ''].join('\n'))).toBe(
      'p.jsonl: line 2: has a list of more than 128 items, more than the format needs',
    );
    expect(refusal([lines[0], lines[0], ''].join('\n'))).toBe(
      'p.jsonl: line 2: obsSweepShard: unknown field (a run line has run, outputs or failed, and check)',
    );
    expect(refusal('null\n')).toBe(
      'p.jsonl: not a sweep shard file (its first line is not an object with "obsSweepShard": 4; write shards with sweep --shard i/N: it is null)',
    );
    expect(refusal('')).toMatch(/^p\.jsonl: is empty, not a sweep shard file/);
    expect(refusal(`${JSON.stringify({ obsSweepResults: 1 }, null, 2)}\n`)).toMatch(
      /^p\.jsonl: not a sweep shard file \(its first line is not JSON: .*; a shard file is JSON Lines, written by sweep --shard i\/N\)$/,
    );
  });

  it('accepts the largest output allowed, null, CRLF line ends and a header without its line end', () => {
    const value = edit(file, (_, runs) => {
      runs[0].outputs = [1e100, null];
      runs[1].outputs = [-1e100, 0];
    });
    expect(readShardText('p.jsonl', value).runs.slice(0, 2)).toEqual([
      { run: 0, outputs: [1e100, null] },
      { run: 1, outputs: [-1e100, 0] },
    ]);
    expect(readShardText('p.jsonl', file.replace(/\n/g, '\r\n')).runs).toEqual(fakeResults(s));
    const headerOnly = readShardText('p.jsonl', file.slice(0, file.indexOf('\n')));
    expect(headerOnly.missing).toHaveLength(9);
    expect(headerOnly.notes).toEqual([]);
  });
});
