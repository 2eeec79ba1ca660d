import { describe, expect, it } from 'vitest';
import { formatChange } from '../format';
import { PRESETS, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import type { SampleColumns } from '@obs-tcp-sim/engine';
import { applySettings, defaultPair, meanSeries, seriesOf, settingsOf, settingsProblem, settingsProblems, summaryRows } from './variants';

const paper000 = structuredClone(PRESETS.find((p) => p.id === 'paper000')!.scenario) as Scenario;

describe('variants', () => {
  it('default pair: the same loss on data bursts, then on ACK bursts', () => {
    const [a, b] = defaultPair(paper000);
    expect(a).toMatchObject({ dataLoss: 0.01, ackLoss: 0 });
    expect(b).toMatchObject({ dataLoss: 0, ackLoss: 0.01 });
    expect(settingsOf(paper000).tcp).toBe(paper000.flows[0].tcp.variant);
  });

  it('applies to a copy: losses, seed, every flow TCP variant, a name that says which', () => {
    const out = applySettings(paper000, { dataLoss: 0, ackLoss: 0.05, tcp: 'cubic', seed: 9 }, 'variant B');
    expect(out.obs.burstLoss).toEqual({ data: 0, ack: 0.05 });
    expect(out.seed).toBe(9);
    expect(out.flows.every((f) => f.tcp.variant === 'cubic')).toBe(true);
    expect(out.name).toMatch(/\(variant B\)$/);
    expect(paper000.obs.burstLoss.data).toBe(0.01);
    expect(applySettings(paper000, { ...settingsOf(paper000), tcp: '' }, 'A').flows).toEqual(paper000.flows);
  });

  it('refuses impossible settings by name', () => {
    expect(settingsProblem({ dataLoss: NaN, ackLoss: 0, tcp: '', seed: 1 }, 'A')).toBe('A: Data-burst loss must be a number');
    expect(settingsProblem({ dataLoss: 0, ackLoss: 5, tcp: '', seed: 1 }, 'A')).toBe('A: ACK-burst loss must be at most 100 %');
    expect(settingsProblem({ dataLoss: 0, ackLoss: 0, tcp: '', seed: 1.5 }, 'B')).toBe('B: Seed must be a whole number');
    expect(settingsProblems({ dataLoss: -1, ackLoss: 0, tcp: '', seed: -1 })).toEqual({
      dataLoss: 'Data-burst loss must be ≥ 0',
      seed: 'Seed must be ≥ 0',
    });
    expect(settingsProblem({ dataLoss: 0, ackLoss: 1, tcp: '', seed: 0 }, 'B')).toBeNull();
  });
});

describe('series of a run', () => {
  it('sums goodput over flows per sample time, averages it over the window, and means cwnd', () => {
    const rows = (values: number[][]) => Float64Array.from(values.flat());
    // two flows, samples at 0, 0.1, 0.2
    const samples = {
      t: rows([
        [0, 0],
        [0.1, 0.1],
        [0.2, 0.2],
      ]),
      flow: Int32Array.from([0, 1, 0, 1, 0, 1]),
      goodput: rows([
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
      cwnd: rows([
        [2, 4],
        [6, 8],
        [10, 12],
      ]),
    } as unknown as SampleColumns;
    const s = seriesOf(samples, 0.15);
    expect([...s.t]).toEqual([0, 0.1, 0.2]);
    expect([...s.cwnd]).toEqual([3, 7, 11]);
    // totals 3, 7, 11; mean over the last 0.15 s: 3, (3+7)/2, (7+11)/2
    expect([...s.throughput]).toEqual([3, 5, 9]);
  });
});

describe('summary table', () => {
  it('B against A in percent', () => {
    expect(formatChange(100, 70)).toBe('−30 %');
    expect(formatChange(100, 105)).toBe('+5.0 %');
    expect(formatChange(0, 5)).toBe('');
  });

  it('rows read the summaries, flows summed or averaged', () => {
    const summary = (goodput: number, rtos: number): Summary =>
      ({
        aggregate: { goodput },
        bursts: { sent: 10, data: { dropped: 1 }, ack: { dropped: 0 } },
        flows: [
          { rtos, retransmits: 2, fastRetransmits: 1, meanRtt: 0.002, meanCwnd: 10 },
          { rtos, retransmits: 0, fastRetransmits: 0, meanRtt: 0.004, meanCwnd: 20 },
        ],
      }) as unknown as Summary;
    const id = (x: number) => String(x);
    const rows = summaryRows([summary(1e8, 1), summary(9e7, 2)], [summary(5e7, 3)], { rate: id, count: id, ms: id, plain: id });
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, [r.a, r.b]]));
    expect(byLabel['Goodput (all flows)']).toEqual([[1e8, 9e7], [5e7]]);
    expect(byLabel['Timeouts (RTO)']).toEqual([[2, 4], [6]]);
    expect(byLabel['Mean RTT']).toEqual([[0.003, 0.003], [0.003]]);
  });

  it("averages several runs' series point by point, over the times all have", () => {
    const series = (t: number[], y: number[]) => ({
      t: Float64Array.from(t),
      throughput: Float64Array.from(y),
      cwnd: Float64Array.from(y, (v) => v / 10),
    });
    const m = meanSeries([series([0, 1, 2], [10, 20, 30]), series([0, 1], [30, 40])]);
    expect([...m.t]).toEqual([0, 1]);
    expect([...m.throughput]).toEqual([20, 30]);
    expect([...m.cwnd]).toEqual([2, 3]);
  });
});
