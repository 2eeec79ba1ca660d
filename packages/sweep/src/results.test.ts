import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import defaultScenario from '../../scenario/scenarios/default.json';
import {
  collectOutputs,
  formatNumber,
  isOutputValue,
  readOutput,
  resolveSweepSpec,
  summarizeSweep,
  sweepCsv,
  sweepJson,
  sweepRunsCsv,
  type RunResult,
  type Sweep,
} from './index';

const summary = {
  aggregate: { goodput: 1.5e8 },
  flows: [{ id: 'tcp1', meanRtt: 0.004, completionTime: null }],
  bursts: { sent: 10, dropped: 1, data: { sent: 6, dropped: 1 } },
};

describe('readOutput', () => {
  it('reads numbers and null, by index or id', () => {
    expect(readOutput(summary, 'aggregate.goodput')).toBe(1.5e8);
    expect(readOutput(summary, 'flows[0].meanRtt')).toBe(0.004);
    expect(readOutput(summary, 'flows[tcp1].meanRtt')).toBe(0.004);
    expect(readOutput(summary, 'flows[tcp1].completionTime')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(() => readOutput(summary, 'bursts.data')).toThrow(
      'bursts.data is an object, not a number (its numbers: bursts.data.sent, bursts.data.dropped)',
    );
    expect(() => readOutput(summary, 'flows[tcp1].id')).toThrow('flows[tcp1].id is a string ("tcp1"), not a number');
    expect(() => readOutput(summary, 'flows[tcp2].meanRtt')).toThrow('flows[tcp2] names no flow (flows are tcp1)');
  });

  it('reads a ratio of two paths, a share: none of nothing, an error in either term named', () => {
    expect(readOutput(summary, 'bursts.data.dropped / bursts.data.sent')).toBe(1 / 6);
    expect(readOutput(summary, 'bursts.dropped / bursts.sent')).toBe(0.1);
    expect(readOutput({ bursts: { sent: 0, dropped: 0 } }, 'bursts.dropped / bursts.sent')).toBeNull();
    expect(readOutput(summary, 'flows[tcp1].completionTime / aggregate.goodput')).toBeNull();
    expect(() => readOutput(summary, 'bursts.dropped / bursts.data')).toThrow('bursts.data is an object, not a number');
    // Without the spaces the slash is part of a path, and no field has one.
    expect(() => readOutput(summary, 'bursts.dropped/bursts.sent')).toThrow();
  });
});

/** Two points x three seeds, outputs: goodput and RTT. */
function sweep(extra: object = {}): Sweep {
  return resolveSweepSpec({
    sweep: 1,
    base: defaultScenario,
    parameter: { path: 'obs.burstLoss.data', values: [0, 0.01] },
    seeds: 3,
    outputs: ['aggregate.goodput', 'flows[tcp1].meanRtt'],
    ...extra,
  });
}

const results: RunResult[] = [
  { run: 0, outputs: [100, 1] },
  { run: 1, outputs: [110, 2] },
  { run: 2, outputs: [90, null] },
  { run: 3, outputs: [30, 4] },
  { run: 4, outputs: [40, 4] },
  { run: 5, outputs: [20, 4] },
];

describe('summarizeSweep', () => {
  it('gives mean, sd, CI and the series normalised to the first point', () => {
    const { points } = summarizeSweep(sweep(), results);
    const t2 = 4.302652729749464;
    expect(points[0].values).toEqual([0]);
    expect(points[0].outputs[0]).toMatchObject({ n: 3, mean: 100, sd: 10 });
    expect(points[0].outputs[0].ci95).toBeCloseTo((t2 * 10) / Math.sqrt(3), 12);
    expect(points[0].outputs[0].normalised).toEqual({
      mean: 1,
      low: points[0].outputs[0].low! / 100,
      high: points[0].outputs[0].high! / 100,
    });
    expect(points[1].outputs[0].normalised!.mean).toBeCloseTo(0.3, 15);
    expect(points[1].outputs[0].normalised!.high).toBeCloseTo((30 + (t2 * 10) / Math.sqrt(3)) / 100, 12);
    // A null output (e.g. an unfinished transfer) is left out of n.
    expect(points[0].outputs[1]).toMatchObject({ n: 2, mean: 1.5 });
    expect(points[1].outputs[1]).toMatchObject({ n: 3, mean: 4, sd: 0, ci95: 0 });
  });

  it('normalises each row of a grid to its own first point', () => {
    const grid = sweep({ parameter2: { path: 'duration', values: [1, 2] }, seeds: 1, outputs: ['aggregate.goodput'] });
    const { points } = summarizeSweep(
      grid,
      [10, 20, 5, 4].map((x, run) => ({ run, outputs: [x] })),
    );
    expect(points.map((p) => p.values)).toEqual([
      [0, 1],
      [0, 2],
      [0.01, 1],
      [0.01, 2],
    ]);
    expect(points.map((p) => p.outputs[0].normalised?.mean)).toEqual([1, 1, 0.5, 0.2]);
  });

  it('normalises a grid of three axes to the first value of the first axis, the others the same', () => {
    const grid = sweep({
      parameter: undefined,
      parameters: [
        { path: 'flows[tcp1].tcp.variant', values: ['reno', 'cubic'] },
        { path: 'obs.burstLoss.data', values: [0, 0.01] },
        { path: 'obs.burstLoss.ack', values: [0, 0.1] },
      ],
      seeds: 1,
      outputs: ['aggregate.goodput'],
    });
    const goodput = [10, 20, 30, 40, 5, 10, 60, 10];
    const { points } = summarizeSweep(
      grid,
      goodput.map((x, run) => ({ run, outputs: [x] })),
    );
    expect(points.map((p) => p.outputs[0].normalised?.mean)).toEqual([1, 1, 1, 1, 0.5, 0.5, 2, 0.25]);
  });

  it('refuses missing, duplicate and malformed runs', () => {
    expect(() => summarizeSweep(sweep(), results.slice(1))).toThrow('run 0 has no result');
    expect(() => summarizeSweep(sweep(), results.slice(0, 5))).toThrow('run 5 has no result');
    expect(() => summarizeSweep(sweep(), [...results, results[2]])).toThrow('run 2 is given twice');
    expect(() => summarizeSweep(sweep(), [...results.slice(1), { run: 0, outputs: [1] }])).toThrow('run 0: expected 2 outputs');
    expect(() => summarizeSweep(sweep(), [...results, { run: 6, outputs: [1, 1] }])).toThrow('run 6 does not exist (the sweep has 6 runs)');
  });

  it('does not depend on the order results arrive in', () => {
    const s = sweep();
    const expected = sweepJson(summarizeSweep(s, results));
    fc.assert(
      fc.property(fc.shuffledSubarray(results, { minLength: results.length }), (shuffled) => {
        expect(sweepJson(summarizeSweep(s, shuffled))).toBe(expected);
      }),
    );
  });
});

describe('CSV and JSON of sweeps over names and combinations (issue 39, item 3)', () => {
  const named = () =>
    sweep({
      parameter: {
        path: ['flows[tcp1].tcp.variant', 'obs.burstLoss.data'],
        values: [
          ['reno', 0.01],
          ['cubic', 0.02],
        ],
      },
      parameter2: { path: 'flows[tcp1].tcp.delayedAck', values: [false, true] },
      overrides: { 'flows[tcp1].tcp.delayedAck': false },
      seeds: 1,
      outputs: ['aggregate.goodput'],
    });

  it('writes each path its own value: names as text, booleans as true and false', () => {
    const results = summarizeSweep(
      named(),
      [1, 2, 3, 4].map((x, run) => ({ run, outputs: [x] })),
    );
    const rows = sweepRunsCsv(results).trimEnd().split('\n');
    expect(rows).toEqual([
      'run,point,flows[tcp1].tcp.variant,obs.burstLoss.data,flows[tcp1].tcp.delayedAck,seed,aggregate.goodput',
      '0,0,reno,0.01,false,1,1',
      '1,1,reno,0.01,true,1,2',
      '2,2,cubic,0.02,false,1,3',
      '3,3,cubic,0.02,true,1,4',
    ]);
    const json = JSON.parse(sweepJson(results));
    expect(json.parameters[0]).toEqual({
      paths: ['flows[tcp1].tcp.variant', 'obs.burstLoss.data'],
      values: [
        ['reno', 0.01],
        ['cubic', 0.02],
      ],
    });
    expect(json.points[3].values).toEqual([['cubic', 0.02], true]);
  });

  it('never lets a swept name become a spreadsheet formula', () => {
    // The schema allows no such variant, but a value in a shard file or a spec read by
    // another tool is text from outside: the CSV writer holds it as text either way.
    const s = sweep({ parameter: { path: 'flows[tcp1].tcp.variant', values: ['reno'] }, seeds: 1, outputs: ['aggregate.goodput'] });
    const forged: Sweep = { ...s, axes: [{ paths: s.axes[0].paths, values: ['=HYPERLINK("x")'] }] };
    const csv = sweepCsv(summarizeSweep(forged, [{ run: 0, outputs: [1] }]));
    expect(csv.split('\n')[1]).toMatch(/^0,"'=HYPERLINK\(""x""\)",1,/);
  });
});

describe('CSV and JSON', () => {
  it('prints one row per point with full precision', () => {
    const csv = sweepCsv(summarizeSweep(sweep(), results));
    const lines = csv.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'point,obs.burstLoss.data,runs,' +
        ['aggregate.goodput', 'flows[tcp1].meanRtt']
          .flatMap((o) => ['n', 'mean', 'sd', 'ci95', 'low', 'high', 'norm', 'norm_low', 'norm_high'].map((c) => `${o}:${c}`))
          .join(','),
    );
    const cells = lines[2].split(',');
    expect(cells.slice(0, 6)).toEqual(['1', '0.01', '3', '3', '30', '10']);
    expect(Number(cells[6])).toBe((4.302652729749464 * 10) / Math.sqrt(3)); // round trip
    expect(csv.endsWith('\n')).toBe(true);
  });

  it('prints one row per run on request', () => {
    const csv = sweepRunsCsv(summarizeSweep(sweep(), results));
    expect(csv.split('\n').slice(0, 4)).toEqual([
      'run,point,obs.burstLoss.data,seed,aggregate.goodput,flows[tcp1].meanRtt',
      '0,0,0,1,100,1',
      '1,0,0,2,110,2',
      '2,0,0,3,90,',
    ]);
  });

  it('quotes columns that need it and repeats a value set on several paths', () => {
    const s = sweep({
      parameter: { path: ['obs.burstLoss.data', 'obs.burstLoss.ack'], values: [0.5] },
      seeds: 1,
      outputs: ['flows[tcp1].meanRtt'],
    });
    const s2 = { ...s, outputs: ['flows[a,b].x'] };
    const csv = sweepCsv(summarizeSweep(s2, [{ run: 0, outputs: [2] }]));
    expect(csv.split('\n')[0].startsWith('point,obs.burstLoss.data,obs.burstLoss.ack,runs,"flows[a,b].x:n",')).toBe(true);
    expect(csv.split('\n')[1]).toBe('0,0.5,0.5,1,1,2,,,,,1,,');
  });

  it('formats numbers as the shortest text that reads back the same', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(Number(formatNumber(x))).toBe(Object.is(x, -0) ? 0 : x);
      }),
    );
    expect([0.1 + 0.2, 1e-7, 1.5e8, -0, Number.NaN, null].map(formatNumber)).toEqual([
      '0.30000000000000004',
      '1e-7',
      '150000000',
      '0',
      '',
      '',
    ]);
  });

  it('writes the JSON results document', () => {
    const doc = JSON.parse(sweepJson(summarizeSweep(sweep(), results)));
    expect(doc.obsSweepResults).toBe(1);
    expect(doc.parameters).toEqual([{ paths: ['obs.burstLoss.data'], values: [0, 0.01] }]);
    expect(doc.points[1].outputs['aggregate.goodput']).toMatchObject({ n: 3, mean: 30, sd: 10 });
    expect(doc.runs[2]).toEqual({ run: 2, point: 0, seed: 3, outputs: { 'aggregate.goodput': 90, 'flows[tcp1].meanRtt': null } });
    expect(doc.base.obs.burstLoss).toEqual(defaultScenario.obs.burstLoss);
  });

  it('collects the outputs of a summary in order', () => {
    expect(collectOutputs(sweep(), summary)).toEqual([1.5e8, 0.004]);
    expect(() => collectOutputs(sweep({ outputs: ['bursts.nope'] }), summary)).toThrow('outputs[0]: bursts.nope does not exist');
  });
});

describe('hostile outputs and text cells (issue 17)', () => {
  it('writes every text cell of the CSV through csvTextCell; numbers keep their sign', () => {
    // Paths must start with a field name, so a formula can only come from a Sweep built
    // some other way; the CSV neutralises it all the same.
    const s = { ...sweep({ seeds: 1 }), outputs: ['=HYPERLINK("http://evil.example","x")', '+1', '@SUM(1)', '-2', 'a\tb'] };
    const results = summarizeSweep(s, [
      { run: 0, outputs: [-5, -0.5, 1, 2, 3] },
      { run: 1, outputs: [-7, 0, 1, 2, 3] },
    ]);
    const [header, row] = sweepCsv(results).split('\n');
    expect(header).toContain(',"\'=HYPERLINK(""http://evil.example"",""x""):n",');
    expect(header).toContain(',"\'+1:mean",');
    expect(header).toContain(',"\'@SUM(1):sd",');
    expect(header).toContain(',"\'-2:ci95",');
    expect(header).toContain(',a\tb:low,');
    expect(row.split(',').slice(0, 5)).toEqual(['0', '0', '1', '1', '-5']);
    const raw = sweepRunsCsv(results).split('\n');
    expect(raw[0]).toBe('run,point,obs.burstLoss.data,seed,"\'=HYPERLINK(""http://evil.example"",""x"")","\'+1","\'@SUM(1)","\'-2",a\tb');
    expect(raw[1]).toBe('0,0,0,1,-5,-0.5,1,2,3');
  });

  it('takes as an output only null or a finite number of magnitude at most 1e100', () => {
    expect([0, -0, 1e100, -1e100, null, 5e-324].every(isOutputValue)).toBe(true);
    expect([1e101, -1e101, Infinity, NaN, '1', undefined, true, [], {}].some(isOutputValue)).toBe(false);
    expect(() => readOutput({ a: 1e300 }, 'a')).toThrow(
      'a is 1e+300, outside what an output may be (a finite number of magnitude at most 1e+100)',
    );
    expect(() =>
      summarizeSweep(sweep({ seeds: 1, outputs: ['aggregate.goodput'] }), [
        { run: 0, outputs: [Infinity] },
        { run: 1, outputs: [1] },
      ]),
    ).toThrow('run 0: expected 1 outputs (null or finite numbers of magnitude at most 1e+100)');
    expect(() =>
      summarizeSweep(sweep({ seeds: 1, outputs: ['aggregate.goodput'] }), [{ run: 'x\u202E' as unknown as number, outputs: [1] }]),
    ).toThrow('run "x\\u{202E}" does not exist');
  });

  it("keeps a summary's field names out of messages at length", () => {
    const big = { bursts: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k\u202E${'x'.repeat(100)}${i}`, i])) };
    let message = '';
    try {
      readOutput(big, 'bursts');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^bursts is an object, not a number \(its numbers: /);
    expect(message).not.toMatch(/\u202E/);
    expect(message.length).toBeLessThan(600);
  });
});
