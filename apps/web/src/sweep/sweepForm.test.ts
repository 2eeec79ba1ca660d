import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { resolveSweepSpec } from '@obs-tcp-sim/sweep';
import { defaultRange, factorValues, formProblem, outputChoices, parameterChoices, spacingProblem, specOf } from './sweepForm';
import { runOnPool } from './engineWorkerPool';

const paper000 = structuredClone(PRESETS.find((p) => p.id === 'paper000')!.scenario) as Scenario;

describe('the sweep form', () => {
  it('offers the numeric fields the scenario has, by name', () => {
    const labels = parameterChoices(paper000).map((c) => c.label);
    expect(labels.slice(0, 3)).toEqual([
      'data-burst drop probability',
      'ACK-burst drop probability',
      'data and ACK burst drop probability together',
    ]);
    const fiber = paper000.links.find((l) => l.kind === 'fiber')!;
    expect(labels).toContain(`wavelengths of ${fiber.id}`);
    expect(outputChoices(paper000)[0].path).toBe('aggregate.goodput');
  });

  it('stands for a spec the CLI reads: percent to probability, both classes together, a shorter run', () => {
    const choices = parameterChoices(paper000);
    const spec = specOf(
      paper000,
      { choice: 2, customPath: '', from: '0', to: '0.7', steps: '8', seeds: '3', output: 'aggregate.goodput', duration: '2' },
      choices,
    );
    const sweep = resolveSweepSpec(JSON.parse(JSON.stringify(spec)), { presets: PRESETS });
    expect(sweep.axes[0].paths).toEqual(['obs.burstLoss.data', 'obs.burstLoss.ack']);
    expect(sweep.axes[0].values.at(-1)).toBe(0.007);
    expect(sweep.base.duration).toBe(2);
    expect(sweep.seeds).toEqual([paper000.seed, paper000.seed + 1, paper000.seed + 2]);
  });

  it('a path typed by hand that leads nowhere is refused by name', () => {
    const spec = specOf(
      paper000,
      { choice: -1, customPath: 'links[nope].rate', from: '1', to: '2', steps: '2', seeds: '1', output: 'aggregate.goodput', duration: '' },
      parameterChoices(paper000),
    );
    expect(() => resolveSweepSpec(spec, { presets: PRESETS })).toThrow(/links\[nope\]/);
  });

  it('first ranges: 0 to 1 % for probabilities, around the current value otherwise', () => {
    const choices = parameterChoices(paper000);
    expect(defaultRange(paper000, choices[0])).toEqual({ from: '0', to: '1' });
    const wl = choices.find((c) => c.label.startsWith('wavelengths'))!;
    const current = (paper000.links.find((l) => `links[${l.id}].wavelengths` === wl.paths[0]) as { wavelengths: number }).wavelengths;
    expect(defaultRange(paper000, wl)).toEqual({ from: String(Math.max(1, Math.round(current / 2))), to: String(current * 2) });
  });
});

describe('values spread by a factor (for a log axis)', () => {
  it('each the one before times the same factor, both ends kept', () => {
    expect(factorValues(0.01, 1, 3)).toEqual([0.01, 0.1, 1]);
    expect(factorValues(1e-5, 1e-2, 4)).toEqual([1e-5, 1e-4, 1e-3, 1e-2]);
    const v = factorValues(0.2, 2, 3);
    expect(v[1]).toBeCloseTo(Math.sqrt(0.4), 11);
    expect(factorValues(8, 1, 4)).toEqual([8, 4, 2, 1]);
  });

  it('none from 0, below it, or with a bad count', () => {
    expect(factorValues(0, 1, 3)).toEqual([]);
    expect(factorValues(-1, 1, 3)).toEqual([]);
    expect(factorValues(1, 2, 1)).toEqual([]);
    expect(factorValues(1, 2, 2.5)).toEqual([]);
    expect(factorValues(1, Infinity, 3)).toEqual([]);
    expect(spacingProblem({ spacing: 'factor', from: '0', to: '1' })).toMatch(/above 0/);
    expect(spacingProblem({ spacing: 'factor', from: '', to: '1' })).toMatch(/above 0/);
    expect(spacingProblem({ spacing: 'factor', from: '0.1', to: '1' })).toBeNull();
    expect(spacingProblem({ spacing: 'even', from: '0', to: '1' })).toBeNull();
  });

  it('written into the spec as the list itself, in SI units, which the CLI reads', () => {
    const choices = parameterChoices(paper000);
    const form = {
      choice: 0,
      customPath: '',
      from: '0.01',
      to: '1',
      steps: '3',
      spacing: 'factor' as const,
      seeds: '1',
      output: 'aggregate.goodput',
      duration: '',
    };
    const spec = specOf(paper000, form, choices);
    expect((spec.parameter as { values: unknown }).values).toEqual([0.0001, 0.001, 0.01]);
    const sweep = resolveSweepSpec(JSON.parse(JSON.stringify(spec)), { presets: PRESETS });
    expect(sweep.axes[0].values).toEqual([0.0001, 0.001, 0.01]);
    // A count the factor cannot use stays a range, refused by the spec by name.
    expect(() => resolveSweepSpec(specOf(paper000, { ...form, steps: '1' }, choices), { presets: PRESETS })).toThrow(/steps/);
  });
});

describe('the worker pool', () => {
  /** paper000's first parameter from 0 to 1 in these steps, each with these seeds, measuring the goodput: its runs. */
  async function goodputSweep(steps: string, seeds: string) {
    const spec = specOf(
      paper000,
      { choice: 0, customPath: '', from: '0', to: '1', steps, seeds, output: 'aggregate.goodput', duration: '' },
      parameterChoices(paper000),
    );
    const sweep = resolveSweepSpec(spec, { presets: PRESETS });
    const runs = (await import('@obs-tcp-sim/sweep')).expandSweep(sweep);
    return { sweep, runs };
  }

  it('gives every run to the next free worker and files results by run index', async () => {
    const { sweep, runs } = await goodputSweep('3', '2');
    let disposed = 0;
    const fake = () => ({
      // Later runs finish first: the order of results must not matter.
      runToEnd: async (s: Scenario) => {
        await new Promise((r) => setTimeout(r, 10 * (10 - s.seed)));
        return { summary: { aggregate: { goodput: s.obs.burstLoss.data * 1000 + s.seed } } as never, flowIds: [], samples: null };
      },
      dispose: () => void disposed++,
    });
    const progress: number[] = [];
    const pool = runOnPool(sweep, runs, (p) => progress.push(p.done), 2, fake);
    const results = await pool.results;
    expect(results.map((r) => r.run).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.find((r) => r.run === 5)!.outputs).toEqual([0.01 * 1000 + paper000.seed + 1]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    expect(disposed).toBe(2);
  });

  it('shows each finished run and its whole summary to an observer (the theory overlay)', async () => {
    const { sweep, runs } = await goodputSweep('2', '1');
    const fake = () => ({
      runToEnd: async (s: Scenario) => ({
        summary: { aggregate: { goodput: 1 }, flows: [{ id: 'tcp1', segmentsSent: s.obs.burstLoss.data * 1e4 }] } as never,
        flowIds: [],
        samples: null,
      }),
      dispose: () => undefined,
    });
    const seen: Array<[number, number]> = [];
    await runOnPool(
      sweep,
      runs,
      () => undefined,
      1,
      fake,
      (run, summary) => seen.push([run.index, summary.flows[0].segmentsSent!]),
    ).results;
    expect(seen).toEqual([
      [0, 0],
      [1, 100],
    ]);
  });
});

describe("the sweep form's problems, under their boxes", () => {
  const choices = parameterChoices(paper000);
  const form = { choice: 0, customPath: '', from: '0', to: '1', steps: '5', seeds: '2', output: 'aggregate.goodput', duration: '' };
  const wavelengths = choices.findIndex((c) => c.label.startsWith('wavelengths of'));

  it('none for a sweep that can run', () => {
    expect(formProblem(paper000, form, choices)).toBeNull();
  });

  it('a box left empty or not a number, by its name', () => {
    expect(formProblem(paper000, { ...form, seeds: '' }, choices)).toEqual({ field: 'seeds', message: 'Seeds is empty' });
    expect(formProblem(paper000, { ...form, from: '1e999' }, choices)).toEqual({ field: 'from', message: 'From must be a number' });
    expect(formProblem(paper000, { ...form, choice: -1 }, choices)?.field).toBe('path');
  });

  it("a value the scenario's rules refuse, in the side panel's words and the form's units (percent)", () => {
    const p = formProblem(paper000, { ...form, to: '-3' }, choices)!;
    expect(p.field).toBe('to');
    expect(p.message).toMatch(/^To: .*must be ≥ 0$/);
    expect(formProblem(paper000, { ...form, to: '150' }, choices)!.message).toMatch(/must be at most 100 %$/);
  });

  it('a middle value the rule refuses is put under Values; a factor spread list by its ends', () => {
    const p = formProblem(paper000, { ...form, choice: wavelengths, from: '1', to: '8', steps: '6' }, choices)!;
    expect(p.field).toBe('steps');
    expect(p.message).toContain('must be a whole number');
    expect(formProblem(paper000, { ...form, choice: wavelengths, from: '0', to: '8', steps: '3', spacing: 'factor' }, choices)!.field).toBe(
      'from',
    );
  });

  it('Values and Seeds out of their limits, and a duration the scenario refuses', () => {
    expect(formProblem(paper000, { ...form, steps: '0' }, choices)!.field).toBe('steps');
    expect(formProblem(paper000, { ...form, seeds: '0' }, choices)!.field).toBe('seeds');
    expect(formProblem(paper000, { ...form, duration: '-2' }, choices)!.field).toBe('duration');
  });
});
