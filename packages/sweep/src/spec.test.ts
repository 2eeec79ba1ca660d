import { describe, expect, it } from 'vitest';
import defaultScenario from '../../scenario/scenarios/default.json';
import meshFeatures from '../../scenario/scenarios/mesh-features.json';
import { PRESETS } from '@obs-tcp-sim/scenario';
import { SweepSpecError, axisStrides, expandSweep, linearValues, resolveSweepSpec, sweepPoints, sweepRun, sweepRunCount } from './index';

const base = defaultScenario; // links E1-C1 (index 2) and C1-E2 (3) are fibers
const spec = (extra: object = {}) => ({
  sweep: 1,
  base,
  parameter: { path: 'obs.burstLoss.data', values: { from: 0, to: 0.01, steps: 3 } },
  seeds: 2,
  ...extra,
});

function refusal(value: unknown, options = {}): string {
  try {
    resolveSweepSpec(value, options);
  } catch (error) {
    expect(error).toBeInstanceOf(SweepSpecError);
    return (error as Error).message;
  }
  throw new Error('the spec was accepted');
}

describe('resolveSweepSpec', () => {
  it('resolves a spec with defaults', () => {
    const sweep = resolveSweepSpec(spec());
    expect(sweep.axes).toEqual([{ paths: ['obs.burstLoss.data'], values: [0, 0.005, 0.01] }]);
    expect(sweep.seeds).toEqual([base.seed, base.seed + 1]);
    expect(sweep.outputs).toEqual(['aggregate.goodput']);
    expect(sweep.name).toBe(base.name);
    expect(sweep.hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('takes a preset, overrides, several paths together, a grid, explicit seeds and outputs', () => {
    const sweep = resolveSweepSpec(
      {
        sweep: 1,
        name: 'both',
        base: { preset: 'paper000' },
        overrides: { duration: 2, 'flows[tcp1].tcp.variant': 'newreno' },
        parameter: { path: ['obs.burstLoss.data', 'obs.burstLoss.ack'], values: [0, 0.01] },
        parameter2: { path: 'links[E1-C1].wavelengths', values: [1, 2, 4] },
        seeds: [7, 3],
        outputs: ['aggregate.goodput', 'flows[tcp1].meanRtt'],
      },
      { presets: PRESETS },
    );
    expect(sweep.base.duration).toBe(2);
    expect(sweep.base.flows?.[0].tcp?.variant).toBe('newreno');
    expect(PRESETS[1].scenario.duration).toBe(20); // the preset itself is untouched
    expect(sweepPoints(sweep).map((p) => p.values)).toEqual([
      [0, 1],
      [0, 2],
      [0, 4],
      [0.01, 1],
      [0.01, 2],
      [0.01, 4],
    ]);
    expect(sweepRunCount(sweep)).toBe(12);
    const runs = expandSweep(sweep);
    expect(runs.map((r) => [r.index, r.point, r.seed])).toEqual(
      Array.from({ length: 12 }, (_, k) => [k, Math.floor(k / 2), [7, 3][k % 2]]),
    );
    const run9 = runs[9]; // point 4: data = ack = 0.01, E1-C1 has 2 wavelengths; seed 3
    expect(run9.scenario.obs?.burstLoss).toEqual({ data: 0.01, ack: 0.01 });
    expect(run9.scenario.links.find((l) => l.id === 'E1-C1')).toMatchObject({ wavelengths: 2 });
    expect(run9.scenario.seed).toBe(3);
    expect(run9.values).toEqual([0.01, 2]);
  });

  it('sweeps the routing extensions like any number, once the base or the overrides give them (docs/routing.md)', () => {
    const sweep = resolveSweepSpec(
      spec({
        overrides: { 'flows[tcp1].startSpread': 0, 'links[f1].cost': 1 },
        parameter: { path: 'flows[tcp1].startSpread', values: [0, 0.5] },
        parameter2: { path: 'links[f1].cost', values: [1, 100] },
      }),
    );
    const runs = expandSweep(sweep);
    expect(runs.map((r) => [r.scenario.flows?.[0].startSpread, (r.scenario.links[1] as { cost?: number }).cost])).toEqual([
      [0, 1],
      [0, 1],
      [0, 100],
      [0, 100],
      [0.5, 1],
      [0.5, 1],
      [0.5, 100],
      [0.5, 100],
    ]);
    expect(refusal(spec({ parameter: { path: 'flows[tcp1].startSpread', values: [0, 1] } }))).toMatch(/^parameter\.path: /);
  });

  it("sweeps the mesh extensions: the traffic load, a core's conversion range (docs/mesh.md)", () => {
    const sweep = resolveSweepSpec(
      spec({
        base: meshFeatures,
        overrides: { 'obs.wavelengthChoice': 'first-fit' },
        parameter: { path: 'traffic.load', values: { from: 0.2, to: 0.6, steps: 3 } },
        parameter2: { path: 'nodes[C1].conversion.range', values: [1, 4] },
        seeds: 1,
      }),
    );
    const runs = expandSweep(sweep);
    expect(runs.map((r) => [r.scenario.traffic?.load, (r.scenario.nodes[1] as { conversion?: unknown }).conversion])).toEqual([
      [0.2, { range: 1 }],
      [0.2, { range: 4 }],
      [0.4, { range: 1 }],
      [0.4, { range: 4 }],
      [0.6, { range: 1 }],
      [0.6, { range: 4 }],
    ]);
    expect(runs.every((r) => r.scenario.obs?.wavelengthChoice === 'first-fit')).toBe(true);
    // The default scenario has no traffic: there is no load to sweep.
    expect(refusal(spec({ parameter: { path: 'traffic.load', values: [0.1, 0.2] } }))).toMatch(/^parameter\.path: /);
  });

  it('sweeps deflections per burst and the extra offsets (docs/mesh.md sections 6 and 8)', () => {
    const sweep = resolveSweepSpec(
      spec({
        base: meshFeatures,
        parameter: { path: 'obs.maxDeflections', values: [1, 16] },
        parameter2: { path: 'traffic.extraOffset', values: [0, 1e-3] },
        seeds: 1,
      }),
    );
    expect(expandSweep(sweep).map((r) => [r.scenario.obs?.maxDeflections, r.scenario.traffic?.extraOffset])).toEqual([
      [1, 0],
      [1, 1e-3],
      [16, 0],
      [16, 1e-3],
    ]);
    expect(
      expandSweep(resolveSweepSpec(spec({ base: meshFeatures, parameter: { path: 'background[0].extraOffset', values: [0.5] } })))[0]
        .scenario.background?.[0].extraOffset,
    ).toBe(0.5);
  });

  it('sweeps strings and booleans (a variant, the delayed ACK), each value held to the schema (issue 39, item 3)', () => {
    const sweep = resolveSweepSpec(
      spec({
        overrides: { 'flows[tcp1].tcp.delayedAck': false },
        parameter: { path: 'flows[tcp1].tcp.variant', values: ['reno', 'newreno', 'cubic'] },
        parameter2: { path: 'flows[tcp1].tcp.delayedAck', values: [false, true] },
        seeds: 1,
      }),
    );
    expect(expandSweep(sweep).map((r) => [r.scenario.flows?.[0].tcp?.variant, r.scenario.flows?.[0].tcp?.delayedAck])).toEqual([
      ['reno', false],
      ['reno', true],
      ['newreno', false],
      ['newreno', true],
      ['cubic', false],
      ['cubic', true],
    ]);
    // A field that takes a number or a name: both, in one list.
    expect(resolveSweepSpec(spec({ parameter: { path: 'obs.offset', values: ['auto', 0.001] } })).axes[0].values).toEqual(['auto', 0.001]);
  });

  it('sweeps a grid of any number of axes, the first outermost, the last the fastest', () => {
    const sweep = resolveSweepSpec(
      spec({
        parameter: undefined,
        parameters: [
          { path: 'flows[tcp1].tcp.variant', values: ['reno', 'cubic'] },
          { path: 'obs.burstLoss.data', values: [0, 0.01, 0.02] },
          { path: 'obs.burstLoss.ack', values: [0, 0.1] },
        ],
        seeds: [7],
      }),
    );
    expect(sweepRunCount(sweep)).toBe(12);
    const points = sweepPoints(sweep);
    expect(points.map((p) => p.values)).toEqual(
      ['reno', 'cubic'].flatMap((v) => [0, 0.01, 0.02].flatMap((d) => [0, 0.1].map((a) => [v, d, a]))),
    );
    expect(axisStrides(sweep)).toEqual([6, 2, 1]);
    const run = sweepRun(sweep, 9);
    expect([run.scenario.flows?.[0].tcp?.variant, run.scenario.obs?.burstLoss, run.seed]).toEqual(['cubic', { data: 0.01, ack: 0.1 }, 7]);
  });

  it('sweeps explicit combinations: one value per path, as listed, not every pair', () => {
    const sweep = resolveSweepSpec(
      spec({
        parameter: {
          path: ['flows[tcp1].tcp.variant', 'obs.burstLoss.data'],
          values: [
            ['reno', 0.01],
            ['cubic', 0.02],
          ],
        },
        parameter2: { path: 'obs.burstLoss.ack', values: [0, 0.1] },
        seeds: 1,
      }),
    );
    expect(
      expandSweep(sweep).map((r) => [r.scenario.flows?.[0].tcp?.variant, r.scenario.obs?.burstLoss?.data, r.scenario.obs?.burstLoss?.ack]),
    ).toEqual([
      ['reno', 0.01, 0],
      ['reno', 0.01, 0.1],
      ['cubic', 0.02, 0],
      ['cubic', 0.02, 0.1],
    ]);
  });

  it('refuses, naming the value and the rule, what the schema refuses and what is not a value', () => {
    const cases: [object, string][] = [
      [
        spec({ parameter: { path: 'flows[tcp1].tcp.variant', values: ['reno', 'cubic', 'nope'] } }),
        'parameter.values[2]: with "nope", flows[0].tcp.variant: TCP variant must be one of "tahoe", "reno", "newreno", "sack", "hstcp", "stcp", "bic", "cubic", "htcp", "vegas", "westwood"',
      ],
      [
        spec({ parameter: { path: 'flows[tcp1].tcp.variant', values: { from: 1, to: 2, steps: 2 } } }),
        'parameter.values.from: with 1, flows[0].tcp.variant: TCP variant must be one of "tahoe", "reno", "newreno", "sack", "hstcp", "stcp", "bic", "cubic", "htcp", "vegas", "westwood"',
      ],
      [
        spec({ parameter: { path: ['flows[tcp1].tcp.variant', 'duration'], values: [['reno', 1], ['cubic']] } }),
        'parameter.values[1]: must be a list of 2 values, one per path (flows[tcp1].tcp.variant, duration), as parameter.values[0] is; not a list of 1',
      ],
      [
        spec({ parameter: { path: ['flows[tcp1].tcp.variant', 'duration'], values: [['reno', 1], 'cubic'] } }),
        'parameter.values[1]: must be a list of 2 values, one per path (flows[tcp1].tcp.variant, duration), as parameter.values[0] is; not a string ("cubic")',
      ],
      [
        spec({ parameter: { path: ['flows[tcp1].tcp.variant', 'duration'], values: ['reno', ['cubic', 1]] } }),
        'parameter.values[1]: is a list, but parameter.values[0] is not: give every value as one value for all paths, or every value as a list of one per path',
      ],
      [
        spec({
          parameter: {
            path: ['flows[tcp1].tcp.variant', 'duration'],
            values: [
              ['reno', 1],
              ['cubic', -1],
            ],
          },
        }),
        'parameter.values[1][1]: Duration must be > 0',
      ],
      [
        spec({ parameter: { path: 'duration', values: [[1]] } }),
        'parameter.values[0]: must be a number, string or boolean (a list of values per path needs a list of paths)',
      ],
      [
        spec({
          parameter: undefined,
          parameters: [
            { path: 'duration', values: [1] },
            { path: 'duration', values: [2] },
          ],
        }),
        'parameters[1].path: duration is already swept by parameters[0]',
      ],
      [
        spec({ parameters: [{ path: 'duration', values: [1] }] }),
        'parameter: give either parameters (a list) or parameter and parameter2, not both',
      ],
      [
        spec({ parameter: undefined, parameters: [] }),
        'parameters: must be a list of 1 to 8 parameters, each { "path": ..., "values": [...] }, not a list of 0',
      ],
      [
        spec({ parameter: undefined, parameter2: { path: 'duration', values: [1] } }),
        'parameter: missing: parameter2 is the second parameter of a grid, after parameter',
      ],
      [spec({ parameter: { path: 'version', values: [1] } }), 'parameter.path: the scenario format version cannot be swept'],
      [
        spec({ outputs: ['flows[].goodput'] }),
        'outputs[0]: flows[].goodput: [] (every element) needs a function around it, one of sum, mean, min, max, p50, p95, jain, count: sum(flows[].goodput)',
      ],
      [
        spec({ outputs: ['avg(flows[].goodput)'] }),
        'outputs[0]: avg(...) is not a function of outputs (they are sum, mean, min, max, p50, p95, jain, count)',
      ],
    ];
    for (const [value, message] of cases) expect(refusal(value), message).toBe(message);
  });

  it('reads a file base only through readBase', () => {
    expect(refusal(spec({ base: 'default.json' }))).toBe(
      'base: a file path works only in the CLI; give the scenario itself or { "preset": "<id>" }',
    );
    const sweep = resolveSweepSpec(spec({ base: 'x.json' }), { readBase: () => base });
    expect(sweep.base).toEqual(base);
    expect(
      refusal(spec({ base: 'x.json' }), {
        readBase: () => {
          throw new Error('no such file');
        },
      }),
    ).toBe('base: x.json: no such file');
  });

  it('gives the same hash for the same sweep, another for any change', () => {
    const a = resolveSweepSpec(spec()).hash;
    expect(resolveSweepSpec(JSON.parse(JSON.stringify(spec()))).hash).toBe(a);
    expect(resolveSweepSpec(spec({ seeds: 3 })).hash).not.toBe(a);
    expect(resolveSweepSpec(spec({ overrides: { duration: 1 } })).hash).not.toBe(a);
    expect(resolveSweepSpec(spec({ outputs: ['bursts.dropped'] })).hash).not.toBe(a);
  });

  it('names the field and the rule when it refuses', () => {
    const cases: [object, string][] = [
      [
        spec({ parameter: { path: 'links[f9].wavelengths', values: [1, 2] } }),
        'parameter.path: links[f9] names no link (links are fe1, f1, f2, fe2)',
      ],
      [
        spec({ parameter: { path: 'links[9].wavelengths', values: [1, 2] } }),
        'parameter.path: links[9] is out of range (links has 4 links: 0 to 3)',
      ],
      [
        spec({ parameter: { path: 'obs.offset', values: ['never'] } }),
        'parameter.values[0]: with "never", obs.offset: Offset must be "auto"',
      ],
      [
        spec({ parameter: { path: 'obs.burstLoss', values: [1] } }),
        'parameter.path: obs.burstLoss is an object in the base scenario; a sweep sets numbers, strings and booleans (sweep the fields inside it)',
      ],
      [spec({ parameter: { path: 'seed', values: [1] } }), 'parameter.path: the seed is swept by "seeds", not as a parameter'],
      [
        spec({ parameter: { path: ['obs.burstLoss.data', 'obs.burstLoss.data'], values: [1] } }),
        'parameter.path[1]: obs.burstLoss.data is listed twice',
      ],
      [
        spec({ parameter: { path: 'duration', values: { from: 1, to: 2, steps: 1 } } }),
        'parameter.values.steps: must be an integer from 2 to 1000 (got 1)',
      ],
      [
        spec({ parameter: { path: 'duration', values: { from: 1, to: 2, steps: 2.5 } } }),
        'parameter.values.steps: must be an integer from 2 to 1000 (got 2.5)',
      ],
      [
        spec({ parameter: { path: 'duration', values: { from: 1, steps: 3 } } }),
        'parameter.values.to: must be a finite number, not absent',
      ],
      [
        spec({ parameter: { path: 'duration', values: [1, '2'] } }),
        'parameter.values[1]: with "2", duration: Duration must be a number, not a string',
      ],
      [
        spec({ parameter: { path: 'duration', values: [1, null] } }),
        'parameter.values[1]: must be a finite number, a string or a boolean, not null',
      ],
      [spec({ parameter: { path: 'duration', values: [] } }), 'parameter.values: must hold 1 to 1000 values (it holds 0)'],
      [spec({ parameter: { path: 'duration', values: [1], step: 2 } }), 'parameter.step: unknown field (a parameter has path and values)'],
      [
        spec({ parameter2: { path: 'obs.burstLoss.data', values: [1] } }),
        'parameter2.path: obs.burstLoss.data is already swept by parameter',
      ],
      [spec({ seeds: 0 }), 'seeds: a count of seeds must be an integer from 1 to 1000 (got 0)'],
      [spec({ seeds: [1, -2] }), 'seeds[1]: must be an integer from 0 to 4294967295, not -2'],
      [spec({ seeds: [1, 1] }), 'seeds[1]: 1 is listed twice'],
      [spec({ outputs: ['aggregate.goodput', 'flows[.x'] }), 'outputs[1]: "flows[.x" is not a path: unbalanced brackets in "flows[.x"'],
      [
        spec({ outputs: ['bursts.dropped / 2'] }),
        'outputs[0]: "2" is not a path: "2" should start with a field name (like obs.burstLoss.data or links[f1].wavelengths)',
      ],
      [spec({ overrides: { 'flows[tcp2].count': 3 } }), 'overrides.flows[tcp2].count: flows[tcp2] names no flow (flows are tcp1)'],
      [spec({ overrides: { version: 2 } }), 'overrides.version: the scenario format version cannot be overridden'],
      [spec({ sweep: 2 }), 'sweep: must be 1 (the format version), got 2'],
      [
        spec({ colour: 'red' }),
        'colour: unknown field (a sweep spec has sweep, name, base, overrides, parameter, parameter2, parameters, seeds, outputs)',
      ],
      [spec({ base: { preset: 'paper999' } }), 'base.preset: "paper999" is not a preset (no presets were given)'],
      [spec({ base: undefined }), 'base: missing: a scenario object, { "preset": "<id>" } or (in the CLI) a scenario file path'],
      [[1], 'a sweep spec is a JSON object, not a list'],
    ];
    for (const [value, message] of cases) expect(refusal(value), message).toBe(message);
    expect(refusal(spec({ base: { preset: 'x' } }), { presets: PRESETS })).toMatch(
      /^base\.preset: "x" is not a preset \(presets are first-lesson, paper000, /,
    );
  });
});

describe('linearValues', () => {
  it('includes both ends exactly and spaces evenly', () => {
    expect(linearValues(0, 0.01, 11)).toEqual([0, 0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.007, 0.008, 0.009, 0.01]);
    expect(linearValues(0.1, 0.3, 3)).toEqual([0.1, 0.2, 0.3]);
    expect(linearValues(5, 1, 5)).toEqual([5, 4, 3, 2, 1]);
    expect(linearValues(1e-5, 1e-2, 4)).toEqual([1e-5, 0.00334, 0.00667, 0.01]);
  });
});

describe('spec limits and messages (issue 17)', () => {
  const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;

  it('refuses too many overrides, long paths and unsafe or long names', () => {
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`nodes[0].x${i}`, i]));
    expect(refusal(spec({ overrides: many }))).toBe('overrides: must hold at most 1000 paths (it holds 1001)');
    expect(refusal(spec({ parameter: { path: 'a'.repeat(1001), values: [1] } }))).toBe(
      'parameter.path: must be at most 1000 characters (it has 1001)',
    );
    expect(refusal(spec({ outputs: ['a'.repeat(1001)] }))).toBe('outputs[0]: must be at most 1000 characters (it has 1001)');
    expect(refusal(spec({ name: 'n'.repeat(201) }))).toBe('name: must be at most 200 characters (it has 201)');
    expect(refusal(spec({ name: 'tcp\u202E1' }))).toBe(
      'name: must not contain control, bidirectional or invisible format characters (found U+202E at character 4)',
    );
    expect(refusal(spec({ name: 'a\nb' }))).toMatch(/found U\+000A/);
  });

  it('never quotes input raw or at length', () => {
    const messages = [
      refusal(spec({ ['evil\u202Etxt']: 1 })),
      refusal(spec({ ['k'.repeat(100000)]: 1 })),
      refusal(spec({ sweep: { huge: 'x'.repeat(100000) } })),
      refusal(spec({ sweep: 'a\u202Eb' })),
      refusal(spec({ base: { preset: 'p'.repeat(100000) } }), { presets: PRESETS }),
      refusal(spec({ base: { preset: Array.from({ length: 100000 }, (_, i) => i) } }), { presets: PRESETS }),
      refusal(spec({ base: { preset: 'paper000', ['x\u202E'.repeat(1000)]: 1 } }), { presets: PRESETS }),
      refusal(spec({ parameter: { path: 'links[f\u202E1].rate', values: [1] } })),
      refusal(spec({ parameter: { path: 'links[f\n1].rate', values: [1] } })),
      refusal(spec({ parameter: { path: `${'x'.repeat(900)}[`, values: [1] } })),
      refusal(spec({ parameter: { path: 'name', values: [1] }, base: { ...base, name: '\u202E'.repeat(500) } })),
      refusal(spec({ overrides: { ['a\u2028b'.repeat(100)]: 1 } })),
      refusal(spec({ outputs: ['flows[tcp\u202E1].goodput', 'flows[tcp\u202E1].goodput'] })),
      refusal(
        spec({
          parameter: { path: 'links[nope].rate', values: [1] },
          base: { ...base, links: Array.from({ length: 5000 }, (_, i) => ({ id: `\u202E${'l'.repeat(100)}${i}` })) },
        }),
      ),
    ];
    for (const message of messages) {
      expect(message, message.slice(0, 80)).not.toMatch(UNSAFE);
      expect(message.length, message.slice(0, 80)).toBeLessThan(700);
    }
    expect(messages[0]).toBe(
      'evil\\u{202E}txt: unknown field (a sweep spec has sweep, name, base, overrides, parameter, parameter2, parameters, seeds, outputs)',
    );
    expect(messages[4]).toMatch(/^base\.preset: "p{60}"\.\.\. \(99940 more characters\) is not a preset/);
    expect(messages[5]).toMatch(/^base\.preset: an array is not a preset/);
  });
});

describe('sweepHash', () => {
  it('is FNV-1a (64 bits) of the canonical JSON, computed in 32-bit halves', async () => {
    const { Fnv1a64, canonicalJson, sweepHash } = await import('./index');
    const reference = (text: string) => {
      let hash = 0xcbf29ce484222325n;
      for (let i = 0; i < text.length; i++) {
        hash ^= BigInt(text.charCodeAt(i));
        hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
      }
      return hash.toString(16).padStart(16, '0');
    };
    let text = '';
    for (let i = 0; i < 3000; i++) text += String.fromCharCode((i * 7919) % 65536);
    for (const sample of ['', 'a', 'hello', text, JSON.stringify(base)]) {
      const hasher = new Fnv1a64();
      hasher.update(sample.slice(0, 7));
      hasher.update(sample.slice(7));
      expect(hasher.digest()).toBe(reference(sample));
    }
    const { hash, ...body } = resolveSweepSpec(spec());
    expect(sweepHash(body)).toBe(
      reference(
        canonicalJson({ format: body.format, name: body.name, base: body.base, axes: body.axes, seeds: body.seeds, outputs: body.outputs }),
      ),
    );
    expect(hash).toBe(sweepHash(body));
  });
});
