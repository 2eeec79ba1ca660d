import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { mathisRate, padhyeRate } from '@obs-tcp-sim/theory';
import { flowIdsOf, overlayCurve, overlayFor, runModels, type RunModels } from './sweepOverlay';

const preset = (id: string) => structuredClone(PRESETS.find((p) => p.id === id)!.scenario) as Scenario;

// The TCP models need no route (the sweep draws no capacity line): no routes are given.
describe('which closed form a sweep gets', () => {
  it('Mathis and Padhye over a goodput of Reno-style bulk flows (paper 000, the first lesson)', () => {
    expect(overlayFor(preset('paper000'), 'aggregate.goodput', null)).toEqual({ kind: 'tcp' });
    expect(overlayFor(preset('first-lesson'), 'aggregate.goodput', null)).toEqual({ kind: 'tcp' });
    expect(overlayFor(preset('first-lesson'), 'flows[tcp1].goodput', null)).toEqual({ kind: 'tcp' });
  });

  it('none where a flow is not Reno-style or not bulk, with the reason', () => {
    const p001 = overlayFor(preset('paper001'), 'aggregate.goodput', null);
    expect(p001.kind).toBe('none');
    expect(p001.kind === 'none' && p001.reason).toMatch(/hstcp runs hstcp/);
    const fast = overlayFor(preset('paper003-fast'), 'aggregate.goodput', null);
    expect(fast.kind === 'none' && fast.reason).toMatch(/CBR source/);
    const none = preset('first-lesson');
    none.flows = [];
    expect(overlayFor(none, 'aggregate.goodput', null)).toEqual({ kind: 'none', reason: 'the scenario has no TCP flow' });
  });

  it('no Erlang-B over a count of bursts (it gives a share), and nothing over other outputs', () => {
    for (const out of ['bursts.dropped', 'bursts.droppedContention', 'bursts.background.droppedContention']) {
      const d = overlayFor(preset('paper000'), out, null);
      expect(d.kind === 'none' && d.reason, out).toMatch(/Erlang-B gives a share of bursts lost, and this output is a count/);
    }
    const rtt = overlayFor(preset('paper000'), 'flows[tcp1].meanRtt', null);
    expect(rtt.kind === 'none' && rtt.reason).toMatch(/no closed form for this output/);
  });

  it('the engine names copies of a flow id#k', () => {
    expect(flowIdsOf(preset('paper003-fast'))).toHaveLength(320);
    expect(flowIdsOf(preset('paper003-fast'))[5]).toBe('fast#5');
    expect(flowIdsOf(preset('paper004'))).toEqual(['tahoe', 'reno', 'newreno']);
  });
});

describe('the models of one run', () => {
  const lesson = preset('first-lesson');
  const flow = lesson.flows[0];
  const summary = { flows: [{ id: 'tcp1', segmentsSent: 10000, fastRetransmits: 20, rtos: 5, meanRtt: 0.03 }] };

  it('at its own p and RTT, with its own MSS and window', () => {
    const r = runModels(lesson, summary, 'aggregate.goodput', null);
    expect(r.p).toBe(0.0025);
    expect(r.rtt).toBe(0.03);
    expect(r.mathis).toBe(mathisRate({ mss: flow.tcp.mss, rtt: 0.03, p: 0.0025 }));
    expect(r.padhye).toBe(padhyeRate({ mss: flow.tcp.mss, rtt: 0.03, p: 0.0025, t0: 0.2, wmax: flow.tcp.maxWindow }));
    // The swept value is in the run's scenario: half the MSS, half the rate.
    const small = structuredClone(lesson);
    small.flows[0].tcp.mss = flow.tcp.mss / 2;
    expect(runModels(small, summary, 'aggregate.goodput', null).mathis! / r.mathis!).toBeCloseTo(0.5, 12);
    expect(runModels(lesson, summary, 'flows[tcp1].goodput', null)).toEqual(r);
  });

  it('no value for a run without loss', () => {
    const r = runModels(
      lesson,
      { flows: [{ id: 'tcp1', segmentsSent: 10000, fastRetransmits: 0, rtos: 0, meanRtt: 0.03 }] },
      'aggregate.goodput',
      null,
    );
    expect(r).toEqual({ mathis: null, padhye: null, p: 0, rtt: 0.03 });
    expect(runModels(lesson, {}, 'aggregate.goodput', null).mathis).toBeNull();
    expect(runModels(lesson, summary, 'flows[nobody].goodput', null).mathis).toBeNull();
  });
});

describe('the curve drawn', () => {
  const run = (mathis: number | null, p = 0.01, rtt = 0.05): RunModels => ({ mathis, padhye: mathis === null ? null : mathis / 2, p, rtt });

  it('the mean over the runs with a value, in display units; a point without any left out', () => {
    const curve = overlayCurve(
      [
        { values: [0], runs: [run(null, 0), run(null, 0)] },
        { values: [0.005], runs: [run(4e6, 0.001, 0.04), run(6e6, 0.003, 0.06)] },
        { values: [0.01], runs: [run(2e6), undefined, run(null)] },
      ],
      'mathis',
      100,
      1e6,
    );
    expect(curve).toEqual([
      { x: 0.5, y: 5, n: 2, p: 0.002, rtt: 0.05 },
      { x: 1, y: 2, n: 1, p: 0.01, rtt: 0.05 },
    ]);
    expect(overlayCurve([{ values: [1], runs: [run(4e6)] }], 'padhye', 1, 2e6)[0].y).toBe(1);
  });

  it('nothing when the divisor is unusable (normalised to a first point of 0)', () => {
    expect(overlayCurve([{ values: [1], runs: [run(4e6)] }], 'mathis', 1, 0)).toEqual([]);
    expect(overlayCurve([{ values: [1], runs: [run(4e6)] }], 'mathis', 1, NaN)).toEqual([]);
  });
});
