// `obs-sim sweep` and `obs-sim merge` as a user runs them: separate Node processes.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, defaultScenario, runCli, scratchFiles } from './cli-test-support';
import { PRESETS } from '@obs-tcp-sim/scenario';
import {
  collectOutputs,
  expandSweep,
  readOutput,
  readShardText,
  resolveSweepSpec,
  summarizeSweep,
  sweepCsv,
  sweepJson,
  sweepRunsCsv,
} from '@obs-tcp-sim/sweep';
import { loadEngineNode, runScenarioNode } from '@obs-tcp-sim/engine/node';
import { createEngine, type EngineWorkerHandle } from '@obs-tcp-sim/engine';
import { createWorkerApi } from '@obs-tcp-sim/engine/worker-api';
import * as Comlink from 'comlink';
import { PRESET_FILES, loadPresets } from './preset-files';
import { parseArgs, parseByteCount } from './args';
import { Progress, formatDuration } from './progress';

const { dir, file } = scratchFiles('obs-sweep-');

/**
 * What the CLI says made its results (the last columns of its CSV, fields of its JSON): the
 * engine build (the wasm's SHA-256, 16 digits) and obs-sim's version.
 */
const made = {
  engine: createHash('sha256')
    .update(readFileSync(fileURLToPath(new URL('../../engine/wasm/obs_engine.wasm', import.meta.url))))
    .digest('hex')
    .slice(0, 16),
  version: (JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { version: string }).version,
};

/** Three points x two seeds of the default scenario, cut to 0.3 simulated seconds. */
const spec = {
  sweep: 1,
  name: 'test sweep',
  base: defaultScenario,
  overrides: { duration: 0.3 },
  parameter: { path: 'obs.burstLoss.data', values: { from: 0, to: 0.02, steps: 3 } },
  seeds: 2,
  outputs: ['aggregate.goodput', 'bursts.data.dropped', 'flows[tcp1].meanRtt'],
};
const specFile = file('spec.json', spec);

let unsharded: { csv: string; json: string };
beforeAll(async () => {
  const { status, stderr } = await runCli(
    'sweep',
    specFile,
    '--workers',
    '2',
    '--out',
    join(dir, 'all.csv'),
    '--json',
    join(dir, 'all.json'),
    '--keep-runs',
    join(dir, 'runs.jsonl'),
  );
  expect(stderr).toMatch(/^obs-sim: sweep: 6 runs \(3 points x 2 seeds\) on 2 worker threads\n/);
  expect(status).toBe(0);
  unsharded = { csv: readFileSync(join(dir, 'all.csv'), 'utf8'), json: readFileSync(join(dir, 'all.json'), 'utf8') };
});

describe('obs-sim sweep', () => {
  it('gives what running each scenario alone and aggregating gives', async () => {
    const sweep = resolveSweepSpec(spec);
    const results = [];
    const summaries = [];
    for (const run of expandSweep(sweep)) {
      const summary = await runScenarioNode(run.scenario);
      summaries.push(summary);
      results.push({ run: run.index, outputs: collectOutputs(sweep, summary) });
    }
    // The CLI says which engine build ran the sweep (the wasm's SHA-256), and which obs-sim wrote it.
    const { engine } = made;
    const expected = { ...summarizeSweep(sweep, results), ...made };
    expect(unsharded.csv).toBe(sweepCsv(expected));
    expect(unsharded.json).toBe(sweepJson(expected));
    // Not a sweep of identical runs: loss lowers goodput and the seeds differ.
    const points = expected.points.map((p) => p.outputs[0]);
    expect(points[2].mean!).toBeLessThan(points[0].mean!);
    expect(points[2].sd!).toBeGreaterThan(0);
    expect(unsharded.csv.split('\n')[0]).toMatch(/^point,obs\.burstLoss\.data,runs,aggregate\.goodput:n,aggregate\.goodput:mean,/);
    // --keep-runs: each run's whole summary, in run order, with what made it.
    const kept = readFileSync(join(dir, 'runs.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(kept.map((k) => [k.run, k.point, k.seed, k.values])).toEqual(
      expandSweep(sweep).map((r) => [r.index, r.point, r.seed, { 'obs.burstLoss.data': r.values[0] }]),
    );
    expect(kept.map((k) => k.summary)).toEqual(summaries);
    expect(kept[5].provenance).toMatchObject({ engine, seed: sweep.seeds[1], scenario: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('sweeps names and booleans on a grid, with outputs reduced over the flows (issue 39, item 3)', async () => {
    const grid = file('grid.json', {
      sweep: 1,
      base: defaultScenario,
      overrides: { duration: 0.3, 'flows[tcp1].count': 3, 'flows[tcp1].tcp.delayedAck': false },
      parameters: [
        { path: 'flows[tcp1].tcp.variant', values: ['reno', 'cubic'] },
        { path: 'flows[tcp1].tcp.delayedAck', values: [false, true] },
      ],
      seeds: 1,
      outputs: ['sum(flows[].goodput) / aggregate.goodput', 'jain(flows[].goodput)', 'count(flows[].goodput)'],
    });
    const { status, stdout } = await runCli('sweep', grid, '--raw', '--quiet', '--workers', '1');
    expect(status).toBe(0);
    const rows = stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split(','));
    expect(rows[0]).toEqual([
      'run',
      'point',
      'flows[tcp1].tcp.variant',
      'flows[tcp1].tcp.delayedAck',
      'seed',
      'sum(flows[].goodput) / aggregate.goodput',
      'jain(flows[].goodput)',
      'count(flows[].goodput)',
      'engine',
      'version',
      'sweep',
    ]);
    expect(rows.slice(1).map((row) => row.slice(2, 4))).toEqual([
      ['reno', 'false'],
      ['reno', 'true'],
      ['cubic', 'false'],
      ['cubic', 'true'],
    ]);
    for (const row of rows.slice(1)) {
      // The flows' goodputs add up to the aggregate; three copies share the path fairly but not exactly.
      expect(Number(row[5])).toBeCloseTo(1, 9);
      expect(Number(row[6])).toBeGreaterThan(1 / 3);
      expect(Number(row[6])).toBeLessThanOrEqual(1);
      expect(row[7]).toBe('3');
    }
    // The variants differ: not one scenario run four times.
    expect(new Set(rows.slice(1).map((row) => row[6])).size).toBeGreaterThan(1);
  });

  it("gives what the app's engine gives: runToEnd on two engine workers, as the app's pool will call it", async () => {
    // The browser's worker code (createWorkerApi) behind Comlink over a MessageChannel in
    // this process, as packages/engine's own tests do; only the transport differs.
    const spawnWorker = (): EngineWorkerHandle => {
      const { port1, port2 } = new MessageChannel();
      Comlink.expose(createWorkerApi(loadEngineNode), port1 as unknown as Comlink.Endpoint);
      return Object.assign(port2 as unknown as Comlink.Endpoint, {
        terminate: () => {
          port1.close();
          port2.close();
        },
      });
    };
    const engines = [createEngine({ spawnWorker }), createEngine({ spawnWorker })];
    try {
      const sweep = resolveSweepSpec(spec);
      const results = await Promise.all(
        expandSweep(sweep).map(async (run) => {
          const { summary } = await engines[run.index % 2].runToEnd(run.scenario);
          return { run: run.index, outputs: collectOutputs(sweep, summary) };
        }),
      );
      expect(sweepCsv({ ...summarizeSweep(sweep, results), ...made })).toBe(unsharded.csv);
    } finally {
      for (const engine of engines) engine.dispose();
    }
  });

  it('gives the same output with one worker as with two, on stdout when no file is named', async () => {
    const one = await runCli('sweep', specFile, '--workers', '1', '--quiet');
    expect(one.status).toBe(0);
    expect(one.stderr).toBe('');
    expect(one.stdout).toBe(unsharded.csv);
    const raw = await runCli('sweep', specFile, '--workers=2', '--raw', '--quiet', '--out', '-');
    expect(raw.status).toBe(0);
    const runs = JSON.parse(unsharded.json).runs.map((r: { run: number; outputs: Record<string, number | null> }) => ({
      run: r.run,
      outputs: Object.values(r.outputs),
    }));
    expect(raw.stdout).toBe(sweepRunsCsv({ ...summarizeSweep(resolveSweepSpec(spec), runs), ...made }));
    expect(raw.stdout.split('\n')).toHaveLength(1 + 6 + 1);
  });

  it('merges shards 1/3, 2/3 and 3/3 into exactly the unsharded output', async () => {
    const parts = [1, 2, 3].map((i) => join(dir, `part${i}.jsonl`));
    const runs = await Promise.all(
      parts.map((part, i) => runCli('sweep', specFile, '--shard', `${i + 1}/3`, '--workers', '1', '--out', part)),
    );
    for (const r of runs) expect(r.status, r.stderr).toBe(0);
    expect(runs[1].stderr).toMatch(/^obs-sim: sweep: 2 runs \(shard 2\/3 of 3 points x 2 seeds\) on 1 worker thread\n/);
    // JSON Lines: the header, then a line per run.
    const lines = readFileSync(parts[1], 'utf8').split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0])).toMatchObject({ obsSweepShard: 4, shard: '2/3', runCount: 2 });
    expect(
      lines
        .slice(1, 3)
        .map((line) => JSON.parse(line).run)
        .sort(),
    ).toEqual([1, 4]);
    const merged = await runCli(
      'merge',
      parts[2],
      parts[0],
      parts[1],
      '--out',
      join(dir, 'merged.csv'),
      '--json',
      join(dir, 'merged.json'),
    );
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stderr).toBe('');
    expect(readFileSync(join(dir, 'merged.csv'), 'utf8')).toBe(unsharded.csv);
    expect(readFileSync(join(dir, 'merged.json'), 'utf8')).toBe(unsharded.json);

    // A shard file not given: its runs are named with their point and seed, nothing is
    // written (exit 3) unless --partial; --list-incomplete says which shard to run again.
    const missing = await runCli('merge', parts[0], parts[2], '--out', join(dir, 'missing.csv'));
    expect(missing).toMatchObject({
      status: 3,
      stdout: '',
      stderr:
        'obs-sim: merge: shard 2/3: no file given: its 2 runs are missing (1, 4)\n' +
        'obs-sim: merge: incomplete: 2 of 6 runs missing (shard 2): nothing written; sweep --shard 2/3 --resume runs the missing runs, merge --partial writes the results of the runs there are\n',
    });
    expect(existsSync(join(dir, 'missing.csv'))).toBe(false);
    const partial = await runCli('merge', parts[0], parts[2], '--partial');
    expect(partial.status, partial.stderr).toBe(0);
    expect(partial.stderr).toMatch(
      /^obs-sim: merge: warning: shard 2\/3: no file given.*\nobs-sim: merge: warning: partial results: 2 of 6 runs missing \(shard 2\); /,
    );
    // Per point, runs and n say how many runs the statistics are over: seed 2 of point 0, seed 1 of point 2 are missing.
    const rows = partial.stdout
      .split('\n')
      .slice(1, -1)
      .map((row) => row.split(','));
    expect(rows.map((row) => [row[2], row[3]])).toEqual([
      ['1', '1'],
      ['2', '2'],
      ['1', '1'],
    ]);
    expect(rows[1]).toEqual(
      unsharded.csv
        .split('\n')[2]
        .split(',')
        .slice(0, rows[1].length)
        .map((cell, i) => (i < 10 ? cell : rows[1][i])),
    );
    const list = await runCli('merge', parts[0], parts[2], '--list-incomplete');
    expect(list).toMatchObject({ status: 0, stdout: '2\n', stderr: '' });
    expect(await runCli('merge', ...parts, '--list-incomplete')).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const twice = await runCli('merge', parts[0], parts[1], parts[1], parts[2]);
    expect(twice).toMatchObject({ status: 2, stderr: `obs-sim: merge: ${parts[1]} and ${parts[1]} are both shard 2/3\n` });

    // Without --out the shard file goes to stdout, as it is written.
    const stdout = await runCli('sweep', specFile, '--shard', '2/3', '--workers', '1', '--quiet');
    expect(stdout.status, stdout.stderr).toBe(0);
    expect(readShardText('stdout', stdout.stdout).runs).toEqual(readShardText('part', readFileSync(parts[1], 'utf8')).runs);
  });

  it('keeps every run a stopped shard finished: --resume runs only the missing ones, and the merge is the same bytes', async () => {
    const whole = join(dir, 'whole.jsonl');
    const wholeKept = join(dir, 'whole-runs.jsonl');
    expect(
      (await runCli('sweep', specFile, '--shard', '1/1', '--workers', '2', '--quiet', '--out', whole, '--keep-runs', wholeKept)).status,
    ).toBe(0);
    const lines = readFileSync(whole, 'utf8').split('\n');
    // Stopped as it wrote its fourth line: two runs kept, the third cut short.
    const stopped = join(dir, 'stopped.jsonl');
    writeFileSync(stopped, `${lines.slice(0, 3).join('\n')}\n${lines[3].slice(0, 25)}`);
    const kept = lines.slice(1, 3).map((line) => JSON.parse(line).run);
    // --keep-runs stopped likewise: the kept runs' lines, then one cut short.
    const summaries = readFileSync(wholeKept, 'utf8').trimEnd().split('\n');
    const stoppedKept = join(dir, 'stopped-runs.jsonl');
    writeFileSync(stoppedKept, `${kept.map((run) => `${summaries[run]}\n`).join('')}${summaries[5].slice(0, 40)}`);
    const resumed = await runCli(
      'sweep',
      specFile,
      '--shard',
      '1/1',
      '--workers',
      '1',
      '--resume',
      '--out',
      stopped,
      '--keep-runs',
      stoppedKept,
    );
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(
      new RegExp(
        `^obs-sim: ${stopped}: warning: line 4 is cut short \\(no line end: the shard was stopped as it wrote it\\): ignored, its run is run again\n` +
          `obs-sim: sweep: ${stopped} holds 2 of 6 runs of shard 1/1: running the other 4\n` +
          'obs-sim: sweep: 4 runs \\(shard 1/1 of 3 points x 2 seeds\\) on 1 worker thread\n',
      ),
    );
    const after = readFileSync(stopped, 'utf8');
    expect(after.endsWith('\n')).toBe(true);
    expect(after.split('\n')).toHaveLength(8);
    expect(
      after
        .split('\n')
        .slice(1, 3)
        .map((line) => JSON.parse(line).run),
    ).toEqual([...kept].sort((a, b) => a - b));
    const merged = await runCli('merge', stopped);
    expect(merged).toMatchObject({ status: 0, stdout: unsharded.csv, stderr: '' });
    // Every run's summary once: the kept ones, then those run now, in run order; the cut line gone.
    const keptNow = readFileSync(stoppedKept, 'utf8').trimEnd().split('\n');
    const rest = [0, 1, 2, 3, 4, 5].filter((run) => !kept.includes(run));
    expect(keptNow).toEqual([...kept.map((run) => summaries[run]), ...rest.map((run) => summaries[run])]);
    // Nothing missing: --resume runs nothing and leaves the file as it is.
    const again = await runCli('sweep', specFile, '--shard', '1/1', '--resume', '--out', stopped);
    expect(again).toMatchObject({ status: 0, stderr: `obs-sim: sweep: ${stopped} holds 6 of 6 runs of shard 1/1: nothing to run\n` });
    expect(readFileSync(stopped, 'utf8')).toBe(after);
    // --resume with no file yet runs the whole shard.
    const fresh = join(dir, 'fresh.jsonl');
    rmSync(fresh, { force: true });
    expect((await runCli('sweep', specFile, '--shard', '2/3', '--resume', '--quiet', '--out', fresh)).status).toBe(0);
    expect(readShardText('fresh', readFileSync(fresh, 'utf8')).missing).toEqual([]);

    // Not the same sweep, or not the same shard: refused, the file left as it is.
    const other = file('other-spec.json', { ...spec, seeds: 3 });
    const foreign = await runCli('sweep', other, '--shard', '1/1', '--resume', '--out', stopped);
    expect(foreign.status).toBe(2);
    expect(foreign.stderr).toMatch(
      new RegExp(
        `^obs-sim: ${stopped}: holds a shard of a different sweep \\(spec hash [0-9a-f]{16}, not [0-9a-f]{16} as ${other}\\): --resume adds only to the same sweep \\(move the file away, or write the shard elsewhere\\)\n$`,
      ),
    );
    const otherShard = await runCli('sweep', specFile, '--shard', '1/2', '--resume', '--out', stopped);
    expect(otherShard).toMatchObject({
      status: 2,
      stderr: `obs-sim: ${stopped}: holds shard 1/1, not 1/2: --resume adds only to the same shard\n`,
    });
    expect(readFileSync(stopped, 'utf8')).toBe(after);
  });

  it('a shard stopped by SIGTERM (a Slurm time limit) says so, and --resume finishes it', async () => {
    // Six runs of 3 simulated seconds on one worker: the shard is stopped after its first run.
    const slow = file('slow.json', { ...spec, overrides: { duration: 3 } });
    const out = join(dir, 'slow.jsonl');
    const child = spawn(process.execPath, [bin, 'sweep', slow, '--shard', '1/1', '--workers', '1', '--out', out]);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let waited = 0; waited < 60_000; waited += 20) {
      if (existsSync(out) && readFileSync(out, 'utf8').split('\n').length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(stderr).toContain(
      `obs-sim: ${slow}: shard 1/1 stopped by SIGTERM: ${out} keeps the runs that finished (sweep --resume runs the others)\n`,
    );
    const done = readShardText('slow', readFileSync(out, 'utf8'));
    expect(done.runs.length).toBeGreaterThan(0);
    expect(done.missing.length).toBeGreaterThan(0);
    const resumed = await runCli('sweep', slow, '--shard', '1/1', '--workers', '2', '--resume', '--out', out);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`holds ${done.runs.length} of 6 runs of shard 1/1: running the other ${6 - done.runs.length}\n`);
    const merged = await runCli('merge', out);
    const whole = await runCli('sweep', slow, '--workers', '2', '--quiet');
    expect(merged).toMatchObject({ status: 0, stdout: whole.stdout, stderr: '' });
  });

  it('writes a run over its budget with its reason and goes on; merge names it; --retry-failed runs it again', async () => {
    // Two points: 0.1 s runs, and 10 s runs that pass a work budget of 10,000 events' worth
    // (the guard looks every 65,536 units of work: the long runs do more than that, about
    // 100,000; 5 s did until receivers took segments ahead).
    const budgeted = file('budgeted.json', { ...spec, parameter: { path: 'duration', values: [0.1, 10] }, outputs: ['aggregate.goodput'] });
    const out = join(dir, 'budgeted.jsonl');
    const run = await runCli('sweep', budgeted, '--shard', '1/1', '--workers', '1', '--max-events', '10000', '--out', out);
    expect(run.status).toBe(3);
    const stderr = run.stderr.split('\n');
    const stop =
      /stopped at t = [0-9.]+ s of 10 s: the run reached its work budget of 10000 events' worth \(raise it with obs-sim --max-events\)/;
    for (const [k, seed] of [
      [2, 1],
      [3, 2],
    ])
      expect(stderr.find((line) => line.includes(`run ${k} (`))).toMatch(
        new RegExp(`^obs-sim: ${budgeted}: run ${k} \\(duration = 10, seed ${seed}\\) failed, the shard goes on: ${stop.source}`),
      );
    expect(stderr.at(-2)).toBe(
      `obs-sim: ${budgeted}: shard 1/1: 2 of 4 runs failed; their reasons are in ${out} (merge names them, sweep --resume --retry-failed runs them again)`,
    );
    const content = readShardText('budgeted', readFileSync(out, 'utf8'));
    expect(content.runs.map((r) => r.run)).toEqual([0, 1]);
    expect(content.failed.map((f) => f.run)).toEqual([2, 3]);
    expect(content.failed[0].reason).toMatch(stop);

    const merged = await runCli('merge', out);
    expect(merged.status).toBe(3);
    expect(merged.stderr).toMatch(
      new RegExp(
        `^obs-sim: merge: ${out} \\(shard 1/1\\): 2 of 4 runs failed: 2 \\(duration = 10, seed 1\\): ${stop.source}.*; 3 \\(duration = 10, seed 2\\): .*\n` +
          'obs-sim: merge: incomplete: 2 failed \\(shard 1\\): nothing written; merge --partial writes the results of the runs there are\n$',
      ),
    );
    const partial = await runCli('merge', out, '--partial');
    expect(partial.status).toBe(0);
    expect(partial.stdout.split('\n')[2]).toMatch(/^1,10,0,0,,,/); // point 1: no runs
    expect(await runCli('merge', out, '--list-incomplete')).toMatchObject({ status: 0, stdout: '' });
    expect(await runCli('merge', out, '--list-incomplete', '--retry-failed')).toMatchObject({ status: 0, stdout: '1\n' });

    // --resume alone leaves failed runs as they are; --retry-failed runs them again.
    const resumed = await runCli('sweep', budgeted, '--shard', '1/1', '--resume', '--out', out);
    expect(resumed.status).toBe(3);
    expect(resumed.stderr.split('\n')[0]).toBe(`obs-sim: sweep: ${out} holds 2 of 4 runs of shard 1/1 and 2 failed: nothing to run`);
    const retried = await runCli('sweep', budgeted, '--shard', '1/1', '--workers', '2', '--resume', '--retry-failed', '--out', out);
    expect(retried.status, retried.stderr).toBe(0);
    expect(retried.stderr.split('\n')[0]).toBe(
      `obs-sim: sweep: ${out} holds 2 of 4 runs of shard 1/1 and 2 failed (to run again): running the other 2`,
    );
    const whole = await runCli('sweep', budgeted, '--workers', '2', '--quiet');
    expect(await runCli('merge', out)).toMatchObject({ status: 0, stdout: whole.stdout, stderr: '' });
  });

  it('refuses a bad spec with one line naming the field, exit 2', async () => {
    const cases: [object, string][] = [
      [
        { ...spec, parameter: { path: 'links[f9].wavelengths', values: [1, 2] } },
        'parameter.path: links[f9] names no link (links are fe1, f1, f2, fe2)',
      ],
      [
        { ...spec, parameter: { path: 'duration', values: { from: 1, to: 2, steps: 1 } } },
        'parameter.values.steps: must be an integer from 2 to 1000 (got 1)',
      ],
      [{ ...spec, base: 'no-such.json' }, 'base: no-such.json: no such file'],
    ];
    for (const [value, message] of cases) {
      const bad = file('bad.json', value);
      const { status, stdout, stderr } = await runCli('sweep', bad);
      expect(stdout).toBe('');
      expect(stderr).toBe(`obs-sim: ${bad}: ${message}\n`);
      expect(status).toBe(2);
    }
    const syntax = await runCli('sweep', file('syntax.json', '{ "sweep": 1,, }'));
    expect(syntax.status).toBe(2);
    expect(syntax.stderr).toMatch(/^obs-sim: .*syntax\.json: invalid JSON at line 1, column 14: .*\n$/);
  });

  it("names the value the scenario's rules refuse, where the spec gives it, before running any, exit 2", async () => {
    const bad = file('refused.json', {
      ...spec,
      overrides: { duration: 1000 },
      parameter: { path: 'links[f1].wavelengths', values: [2, 0] },
      parameter2: { path: 'obs.burstLoss.ack', values: [0, 2] },
    });
    const started = Date.now();
    const { status, stderr } = await runCli('sweep', bad);
    // In the side panel's words (checkValues.ts), at the value's place in the spec.
    expect(stderr).toMatch(/^obs-sim: .*refused\.json: parameter\.values\[1\]: Wavelengths must be ≥ 1\n$/);
    expect(status).toBe(2);
    expect(Date.now() - started).toBeLessThan(30_000); // 1000 simulated seconds were not run
  });

  it('reads a base scenario file relative to the spec, and presets', async () => {
    const sub = join(dir, 'specs');
    rmSync(sub, { recursive: true, force: true });
    writeFileSync(join(dir, 'base.json'), JSON.stringify(defaultScenario));
    mkdirSync(sub);
    const relative = join(sub, 'relative.json');
    writeFileSync(relative, JSON.stringify({ ...spec, base: '../base.json' }));
    const { status, stdout } = await runCli('sweep', relative, '--quiet', '--workers', '2');
    expect(status).toBe(0);
    expect(stdout.split('\n').slice(1)).toEqual(unsharded.csv.split('\n').slice(1)); // same numbers
    const preset = file('preset.json', {
      sweep: 1,
      base: { preset: 'first-lesson' },
      overrides: { duration: 0.2 },
      parameter: { path: 'obs.burstLoss.data', values: [0] },
      seeds: 1,
    });
    const fromPreset = await runCli('sweep', preset, '--quiet');
    expect(fromPreset.status, fromPreset.stderr).toBe(0);
    expect(fromPreset.stdout.split('\n')[1]).toMatch(/^0,0,1,1,\d+/);
  });

  it('refuses bad arguments', async () => {
    for (const [args, message] of [
      [['sweep'], 'sweep: missing the spec file'],
      [['sweep', specFile, '--workers', '0'], 'sweep: --workers must be an integer from 1 to 1024, not "0"'],
      [
        ['sweep', specFile, '--max-input-bytes', '2G'],
        'sweep: --max-input-bytes must be a number of bytes from 1 to 1073741824 (a suffix K, M or G counts KiB, MiB or GiB), not "2G"',
      ],
      [
        ['sweep', specFile, '--max-events', '1.5'],
        'sweep: --max-events must be a whole number of events up to 9007199254740991 (like 5e8; 0 for no limit), not "1.5"',
      ],
      [['merge', specFile, '--max-events', '5'], 'merge: unknown option --max-events'],
      [
        ['sweep', specFile, '--shard', '0/3'],
        '--shard: shard 0/3: i must be from 1 to 3 (shards count from 1; with a 0-based index such as JOB_COMPLETION_INDEX, pass index + 1)',
      ],
      [['sweep', specFile, '--shard', '3'], '--shard: "3" is not a shard: write i/N, like 3/8 (i from 1 to N)'],
      [
        ['sweep', specFile, '--shard', '1/3', '--json', 'x.json'],
        'sweep: with --shard the output is a shard file (use --out part.jsonl, then merge); --json and --raw belong to merge',
      ],
      [
        ['sweep', specFile, '--resume', '--out', 'p.jsonl'],
        'sweep: --resume continues a shard file: give --shard i/N and --out FILE (for a whole sweep on one machine, --shard 1/1)',
      ],
      [['sweep', specFile, '--shard', '1/3', '--resume'], 'sweep: --resume adds to the shard file --out names: give --out FILE'],
      [
        ['sweep', specFile, '--shard', '1/3', '--retry-failed', '--out', 'p.jsonl'],
        'sweep: --retry-failed runs the failed runs of a shard file again: give it with --resume',
      ],
      [
        ['merge', 'p.jsonl', '--list-incomplete', '--out', 'x.csv'],
        'merge: --list-incomplete prints the shards still to run and merges nothing: leave out --out, --json, --raw and --partial',
      ],
      [
        ['merge', 'p.jsonl', '--retry-failed'],
        'merge: --retry-failed counts the shards with failed runs as still to run: give it with --list-incomplete',
      ],
      [['merge'], 'merge: missing the shard files'],
      [['merge', specFile, '--fast'], 'merge: unknown option --fast'],
    ] as [string[], string][]) {
      const { status, stderr } = await runCli(...args);
      expect(status, args.join(' ')).toBe(2);
      expect(stderr).toBe(`obs-sim: ${message} (see --help)\n`);
    }
    const notShard = await runCli('merge', specFile);
    expect(notShard.stderr).toMatch(
      /^obs-sim: merge: .*spec\.json: not a sweep shard file \(its first line is not JSON: .*; a shard file is JSON Lines, written by sweep --shard i\/N\)\n$/,
    );
  });
});

describe('CLI pieces', () => {
  it('knows every preset, with the same scenario as the app', () => {
    expect(Object.keys(PRESET_FILES).sort()).toEqual(PRESETS.map((p) => p.id).sort());
    for (const { id, scenario } of loadPresets()) expect(scenario, id).toEqual(PRESETS.find((p) => p.id === id)!.scenario);
  });

  it('ships example specs that resolve, the one in docs/sweeps.md among them', () => {
    const examples = fileURLToPath(new URL('../examples/', import.meta.url));
    const names = readdirSync(examples).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names)
      expect(() => resolveSweepSpec(JSON.parse(readFileSync(join(examples, name), 'utf8')), { presets: PRESETS }), name).not.toThrow();
    const docs = readFileSync(fileURLToPath(new URL('../../../docs/sweeps.md', import.meta.url)), 'utf8');
    const block = /```json\n([\s\S]*?)```/.exec(docs)![1];
    expect(JSON.parse(block)).toEqual(JSON.parse(readFileSync(join(examples, 'paper000-data-loss.json'), 'utf8')));
  });

  it("reads every reduction docs/sweeps.md shows from a real run's summary", async () => {
    const docs = readFileSync(fileURLToPath(new URL('../../../docs/sweeps.md', import.meta.url)), 'utf8');
    const shown = [...new Set([...docs.matchAll(/`((?:sum|mean|min|max|p50|p95|jain|count)\([^`]*\)[^`]*)`/g)].map((m) => m[1]))];
    expect(shown.length).toBeGreaterThanOrEqual(4);
    const summary = await runScenarioNode({ ...defaultScenario, duration: 0.3 });
    for (const output of shown) expect(readOutput(summary, output), output).not.toBeNull();
  });

  it('keeps the plain run as it was', () => {
    const plain = { kind: 'run', file: 'scenario.json', trace: null, warmup: null, maxInputBytes: null, budget: {} };
    expect(parseArgs(['scenario.json'])).toEqual(plain);
    expect(parseArgs(['--', 'scenario.json'])).toEqual(plain);
    expect(parseArgs(['scenario.json', '--trace', 'out'])).toEqual({ ...plain, trace: 'out' });
    expect(parseArgs(['scenario.json', '--trace'])).toEqual({ kind: 'usage-error', message: '--trace needs a value' });
    expect(parseArgs(['sweep', 's.json', '--shard=2/8', '--out', 'p.json'])).toMatchObject({
      kind: 'sweep',
      spec: 's.json',
      shard: '2/8',
      out: 'p.json',
      workers: null,
    });
  });

  it('reads the input cap and the run budgets', () => {
    expect(parseArgs(['s.json', '--max-input-bytes', '64M', '--max-events=5e8', '--max-memory', '512'])).toEqual({
      kind: 'run',
      file: 's.json',
      trace: null,
      warmup: null,
      maxInputBytes: 64 * 1024 * 1024,
      budget: { maxEvents: 5e8, maxMemoryBytes: 512 * 1024 * 1024 },
    });
    expect(parseArgs(['sweep', 's.json', '--max-events', '0', '--max-memory', '0', '--max-seconds', '0'])).toMatchObject({
      budget: { maxEvents: 0, maxMemoryBytes: 0, maxSeconds: 0 },
    });
    expect(parseArgs(['s.json', '--max-seconds', '12.5'])).toMatchObject({ budget: { maxSeconds: 12.5 } });
    for (const bad of ['-1', 'ten', '1e3', '604801'])
      expect(parseArgs(['s.json', '--max-seconds', bad])).toMatchObject({ kind: 'usage-error' });
    expect(parseArgs(['merge', 'a.json', 'b.json', '--max-input-bytes', '1073741824'])).toMatchObject({
      kind: 'merge',
      maxInputBytes: 1073741824,
    });
    for (const [text, bytes] of [
      ['1', 1],
      ['33554432', 32 << 20],
      ['512K', 512 << 10],
      ['512KiB', 512 << 10],
      ['1g', 1 << 30],
      ['0', null],
      ['1.5M', null],
      ['2G', null],
      ['-1', null],
      ['1T', null],
    ] as const) {
      expect(parseByteCount(text), text).toBe(bytes);
    }
    expect(parseArgs(['s.json', '--max-memory', '65537'])).toMatchObject({ kind: 'usage-error' });
    expect(parseArgs(['s.json', '--max-events', '1e17'])).toMatchObject({ kind: 'usage-error' });
    expect(parseArgs(['s.json', '--\u202E'])).toEqual({ kind: 'usage-error', message: 'unknown option --\\u{202E}' });
  });
});

describe('progress', () => {
  const stream = (isTTY: boolean) => {
    const chunks: string[] = [];
    return { chunks, isTTY, write: (text: string) => chunks.push(text) } as unknown as NodeJS.WriteStream & { chunks: string[] };
  };

  it('writes a plain line at every tenth when stderr is not a terminal', () => {
    let now = 0;
    const out = stream(false);
    const progress = new Progress(20, { stream: out, now: () => now });
    for (let k = 0; k < 20; k++) {
      now += 3;
      progress.tick();
    }
    expect(out.chunks).toHaveLength(10);
    expect(out.chunks[0]).toBe('obs-sim: sweep: 2/20 runs (10 %), 0:06 elapsed, ETA 0:54\n');
    expect(out.chunks[9]).toBe('obs-sim: sweep: 20/20 runs (100 %), 1:00 elapsed, done\n');
  });

  it('redraws one bar in place on a terminal', () => {
    let now = 0;
    const out = stream(true);
    const progress = new Progress(4, { stream: out, now: () => now });
    for (let k = 0; k < 4; k++) {
      now += 1;
      progress.tick();
    }
    expect(out.chunks[0]).toBe('\r\x1b[2K[########......................] 1/4 runs (25 %), 0:01 elapsed, ETA 0:03');
    expect(out.chunks.at(-1)).toBe('\n');
    expect(out.chunks.join('').split('\n')).toHaveLength(2);
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
