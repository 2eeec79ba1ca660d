import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { flowModelRates, flowSpecFor, timeoutFor, whyNoModel, type FlowSpec } from './flow-models';
import { mathisRate, padhyeRate } from './tcp-models';

const reno: FlowSpec = {
  id: 'tcp1',
  src: 'S',
  dst: 'D',
  count: 1,
  tcp: { variant: 'reno', mss: 1460, maxWindow: 64, delayedAck: false, rto: { min: 0.2, max: 60, fixed: null } },
  app: { kind: 'bulk' },
};

describe('which scenario flow an engine flow id is', () => {
  it('the flow itself, or copy k of a flow with a count', () => {
    const many = { ...reno, id: 'fast', count: 320 };
    expect(flowSpecFor([reno, many], 'tcp1')).toBe(reno);
    expect(flowSpecFor([reno, many], 'fast#0')).toBe(many);
    expect(flowSpecFor([reno, many], 'fast#319')).toBe(many);
    expect(flowSpecFor([reno, many], 'fast#320')).toBeNull();
    expect(flowSpecFor([reno, many], 'fast#x')).toBeNull();
    expect(flowSpecFor([reno, many], 'tcp1#0')).toBeNull();
    expect(flowSpecFor([], 'tcp1')).toBeNull();
  });

  it('finds every flow of paper 003 fast (320 copies) and paper 004', () => {
    const fast = PRESETS.find((p) => p.id === 'paper003-fast')!.scenario as Scenario;
    expect(flowSpecFor(fast.flows, 'fast#17')?.id).toBe('fast');
    const dumbbell = PRESETS.find((p) => p.id === 'paper004')!.scenario as Scenario;
    expect(dumbbell.flows.map((f) => flowSpecFor(dumbbell.flows, f.id)?.id)).toEqual(['tahoe', 'reno', 'newreno']);
  });
});

describe('where the models apply', () => {
  it('Reno, NewReno and SACK bulk senders; not Tahoe, CUBIC, nor a CBR or file application', () => {
    for (const variant of ['reno', 'newreno', 'sack']) expect(whyNoModel({ ...reno, tcp: { ...reno.tcp, variant } }, 'x')).toBeNull();
    expect(whyNoModel({ ...reno, tcp: { ...reno.tcp, variant: 'cubic' } }, 'tcp9')).toMatch(/tcp9 runs cubic/);
    expect(whyNoModel({ ...reno, tcp: { ...reno.tcp, variant: 'tahoe' } }, 'x')).toMatch(/runs tahoe/);
    expect(whyNoModel({ ...reno, app: { kind: 'cbr' } }, 'x')).toMatch(/CBR/);
    expect(whyNoModel({ ...reno, app: { kind: 'file' } }, 'x')).toMatch(/file transfer/);
  });
});

describe('the parameters taken from the flow', () => {
  it('T0: the fixed RTO, else the floor, at least one RTT, at most the ceiling', () => {
    expect(timeoutFor({ min: 0.2, max: 60, fixed: 0.0105 }, 0.03)).toBe(0.0105);
    expect(timeoutFor({ min: 0.2, max: 60, fixed: null }, 0.03)).toBe(0.2);
    expect(timeoutFor({ min: 0.2, max: 60 }, 0.5)).toBe(0.5);
    expect(timeoutFor({ min: 0.2, max: 1 }, 3)).toBe(1);
  });

  it('both models at the measured p and RTT, with b = 2 for delayed ACKs and the window limit', () => {
    const m = { p: 0.004, rtt: 0.05 };
    const r = flowModelRates(reno, m);
    expect(r.mathis).toBe(mathisRate({ mss: 1460, rtt: 0.05, p: 0.004, b: 1 }));
    expect(r.padhye).toBe(padhyeRate({ mss: 1460, rtt: 0.05, p: 0.004, b: 1, t0: 0.2, wmax: 64 }));
    expect(r.t0).toBe(0.2);
    const delayed = flowModelRates({ ...reno, tcp: { ...reno.tcp, delayedAck: true } }, m);
    expect(delayed.b).toBe(2);
    expect(delayed.mathis! / r.mathis!).toBeCloseTo(Math.sqrt(0.5), 12);
    // A small window caps Padhye at Wmax/RTT: 4 segments per 50 ms.
    expect(flowModelRates({ ...reno, tcp: { ...reno.tcp, maxWindow: 4 } }, m).padhye).toBeCloseTo((4 / 0.05) * 1460 * 8, 6);
  });

  it('no value without loss or RTT', () => {
    expect(flowModelRates(reno, { p: 0, rtt: 0.05 })).toMatchObject({ mathis: null, padhye: null });
    expect(flowModelRates(reno, { p: null, rtt: 0.05 })).toMatchObject({ mathis: null, padhye: null });
    expect(flowModelRates(reno, { p: 0.01, rtt: null })).toMatchObject({ mathis: null, padhye: null, t0: null });
  });
});
