// The "contention-resolution" lesson through the wasm engine with the page's pause watch,
// as lessonConversionRuns.test.ts does for wavelength conversion: the same pauses at two
// frame sizes, the burst deflected the one dropped before, and every figure its texts give
// from the runs (Erlang-B computed here, the eight-seed means run here).
import { describe, expect, it, vi } from 'vitest';
import type { Scenario, Summary } from '@obs-tcp-sim/scenario';
import { erlangB } from '@obs-tcp-sim/theory';
import { EventKind } from '../sim/visualStore';
import { findLesson } from './catalog';
import { CONDITION_KIND_MASK, inSession, runStep, type FrameCut, type StepRun, summaryOf } from './testHeadlessRun';
import { scenarioAtStep } from './lessonScenario';

vi.setConfig({ testTimeout: 120_000 });

const ID = 'contention-resolution';
const lesson = () => findLesson(ID)!;
const scenario = (step: number) => scenarioAtStep(lesson(), step).scenario;
const text = (step: number) => {
  const s = lesson().steps[step];
  return [s.text, s.question?.prompt, s.question?.explanation, ...(s.question?.choices ?? [])].join(' ');
};

async function play(cut: Omit<FrameCut, 'kinds'>): Promise<StepRun[]> {
  const l = lesson();
  return inSession({ ...cut, kinds: CONDITION_KIND_MASK }, (session, watch) =>
    l.steps.map((step, i) => runStep(session, watch, step.scenario ? scenarioAtStep(l, i).scenario : null, step.pauseAt)),
  );
}

const CLASSES = ['data', 'ack', 'background'] as const;
const total = (s: Summary, key: 'deflections' | 'bytesSent' | 'bytesLost') =>
  CLASSES.reduce((sum, c) => sum + (s.bursts[c]?.[key] ?? 0), 0);
const burstLoss = (s: Summary) => s.bursts.dropped / (s.bursts.sent - (s.bursts.inFlight ?? 0));
const flowLost = (s: Summary) => s.bursts.data.dropped + (s.bursts.data.segmented ?? 0);
const mbps = (s: Summary) => s.flows[0].goodput / 1e6;

describe('lesson "contention-resolution"', () => {
  it('pauses at the same moments whatever the frames: a data burst dropped, deflected, cut at C1 (the same burst each time), and the ends', async () => {
    const [fine, coarse] = [await play({ slice: 0.005, overshoot: 1 }), await play({ slice: 0.02, overshoot: 3 })];
    const hits = (runs: StepRun[]) => runs.map((r) => r.hit && { at: r.hit.at, event: r.hit.event });
    expect(hits(coarse)).toEqual(hits(fine));
    expect(fine[0].hit!.event).toMatchObject({ kind: EventKind.BurstDropped, cls: 0, reason: 1 });
    expect(fine[2].hit!.event).toMatchObject({ kind: EventKind.BurstDeflected, cls: 0 });
    expect(fine[4].hit!.event).toMatchObject({ kind: EventKind.BurstSegmented, cls: 0 });
    expect(fine[4].hit!.event!.segments).toBeGreaterThan(0);
    // "the same burst that was dropped before"
    expect(fine[2].hit!.event!.id).toBe(fine[0].hit!.event!.id);
    for (const i of [1, 3, 5, 6]) expect(fine[i].hit).toMatchObject({ event: null, at: 5 });
  });

  const drop = summaryOf(scenario(0));

  it('1-2: 1.2 Erlangs on 4 wavelengths: 2.7 % lost (Erlang-B 2.6 %), 16 of the flow’s bursts, 13.0 Mbit/s with fast retransmits and a timeout', () => {
    const s = scenario(0);
    const direct = s.links.find((l) => l.id === 'direct') as { wavelengths: number };
    const erlangs = s.background.reduce((sum, b) => sum + b.load * direct.wavelengths, 0);
    expect(erlangs).toBeCloseTo(1.2, 9);
    expect(text(0)).toContain('2.6 %');
    expect(erlangB(direct.wavelengths, erlangs)).toBeCloseTo(0.026, 3);
    expect(burstLoss(drop)).toBeCloseTo(0.027, 3);
    expect(flowLost(drop)).toBe(16);
    expect(mbps(drop)).toBeCloseTo(13.0, 1);
    // "an eighth of what its access links carry"
    const access = s.links.find((l) => l.a === 'Server' || l.b === 'Server') as { rate: number };
    expect(Math.round(access.rate / drop.flows[0].goodput)).toBe(8);
    expect(drop.flows[0].fastRetransmits).toBeGreaterThan(0);
    expect(drop.flows[0].rtos).toBeGreaterThan(0);
  });

  it('3-4: deflection at C1: the detour is 1 ms longer; 1,172 deflected, none lost, 49.7 Mbit/s, about the window’s limit', () => {
    const s = scenario(2);
    const delay = (id: string) => (s.links.find((l) => l.id === id) as { delay: number }).delay;
    expect(delay('detour1') + delay('detour2') - delay('direct')).toBeCloseTo(0.001, 9);
    expect(s.nodes.find((n) => n.id === 'C1')).toMatchObject({ deflection: true });
    const d = summaryOf(s);
    expect(total(d, 'deflections')).toBe(1172);
    expect(d.bursts.dropped).toBe(0);
    expect(mbps(d)).toBeCloseTo(49.7, 1);
    expect(mbps(d) / mbps(drop)).toBeGreaterThan(3.7);
    expect(mbps(d) / mbps(drop)).toBeLessThan(4);
    const tcp = s.flows[0].tcp;
    const windowLimit = (tcp.maxWindow * tcp.mss * 8) / d.flows[0].meanRtt;
    expect(d.flows[0].goodput / windowLimit).toBeGreaterThan(0.95);
    expect(d.flows[0].goodput / windowLimit).toBeLessThanOrEqual(1.001);
  });

  it('5-6: segmentation instead: 0.8 % of the bytes lost, about a third of the 2.7 % of bursts dropping lost; 11.7 Mbit/s, less than 13.0; more of the flow’s bursts cut or dropped (27) than dropped (16); over eight seeds less with cuts (9.3 against 10.1)', () => {
    const s = scenario(4);
    expect(s.nodes.find((n) => n.id === 'C1')).toMatchObject({ deflection: false, segmentation: true });
    const c = summaryOf(s);
    expect(total(c, 'bytesLost') / total(c, 'bytesSent')).toBeCloseTo(0.008, 3);
    expect(mbps(c)).toBeCloseTo(11.7, 1);
    expect(Math.round(burstLoss(drop) / (total(c, 'bytesLost') / total(c, 'bytesSent')))).toBe(3);
    expect(mbps(c)).toBeLessThan(mbps(drop));
    expect(flowLost(c)).toBe(27);
    expect(flowLost(c)).toBeGreaterThan(flowLost(drop));
    const mean = (base: Scenario) => {
      let sum = 0;
      for (let seed = 1; seed <= 8; seed++) sum += mbps(summaryOf({ ...base, seed }));
      return sum / 8;
    };
    expect(mean(s)).toBeCloseTo(9.3, 1);
    expect(mean(scenario(0))).toBeCloseTo(10.1, 1);
    expect(mean(s)).toBeLessThan(mean(scenario(0)));
  });

  it('7: 2 ms of extra offset on the second source: 0.34 % against 5.3 % (Erlang-B of 0.6 Erlang: 0.30 %), the flow 2.8 Mbit/s', () => {
    const s = scenario(6);
    expect(s.nodes.find((n) => n.id === 'C1')).toMatchObject({ deflection: false, segmentation: false });
    expect(s.background.map((b) => b.extraOffset ?? 0)).toEqual([0, 0.002]);
    const q = summaryOf(s);
    const [plain, high] = q.qos!;
    expect(high.loss).toBeCloseTo(0.0034, 4);
    expect(plain.loss).toBeCloseTo(0.053, 3);
    expect(erlangB(4, 0.6)).toBeCloseTo(0.003, 4);
    expect(plain.loss / burstLoss(drop)).toBeCloseTo(2, 1);
    expect(mbps(q)).toBeCloseTo(2.8, 1);
    // "over 12 mean burst lengths"
    expect(0.002 / ((s.background[1].meanBytes * 8) / 1e9)).toBeGreaterThan(12);
  });
});
