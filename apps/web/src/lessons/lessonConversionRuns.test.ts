// The "wavelength-conversion" lesson through the wasm engine with the page's pause watch,
// as lessonRuns.test.ts does for the first three: the same pauses at two frame sizes, and
// every figure its texts give (loss, the flow's path, what TCP delivers) from the runs.
import { describe, expect, it, vi } from 'vitest';
import type { Summary } from '@obs-tcp-sim/scenario';
import { EventKind } from '../sim/visualStore';
import { findLesson } from './catalog';
import { inSession, runStep, type FrameCut, type StepRun, summaryOf } from './testHeadlessRun';
import { scenarioAtStep } from './lessonScenario';

// Three 5 s backbone runs of half a million bursts each, twice, on a shared 2-core machine.
vi.setConfig({ testTimeout: 240_000 });

const ID = 'wavelength-conversion';
const lesson = () => findLesson(ID)!;

/** Its pauses read burst drops and the clock only: recording no other kind keeps 1.3 M bursts' events out of memory. */
const DROPS_ONLY = 1 << EventKind.BurstDropped;

async function play(cut: Omit<FrameCut, 'kinds'>): Promise<StepRun[]> {
  const l = lesson();
  return inSession({ ...cut, kinds: DROPS_ONLY }, (session, watch) =>
    l.steps.map((step, i) => runStep(session, watch, step.scenario ? scenarioAtStep(l, i).scenario : null, step.pauseAt)),
  );
}

const burstLoss = (s: Summary) => s.bursts.dropped / (s.bursts.sent - (s.bursts.inFlight ?? 0));
const flowPath = (s: Summary) => s.pairs!.find((p) => p.src === 'E-SEA' && p.dst === 'E-PRI')!;

describe('lesson "wavelength-conversion"', () => {
  it('pauses at the same moments whatever the frames: a background contention drop, the end, a drop, the end, the end', async () => {
    const [fine, coarse] = [await play({ slice: 0.005, overshoot: 1 }), await play({ slice: 0.02, overshoot: 3 })];
    const hits = (runs: StepRun[]) => runs.map((r) => r.hit && { at: r.hit.at, event: r.hit.event });
    expect(hits(coarse)).toEqual(hits(fine));
    for (const i of [0, 2]) expect(fine[i].hit!.event).toMatchObject({ kind: EventKind.BurstDropped, cls: 2, reason: 1 });
    for (const i of [1, 3, 4]) expect(fine[i].hit).toMatchObject({ event: null, at: 5 });
  });

  const scenario = (step: number) => scenarioAtStep(lesson(), step).scenario;

  it('1-2: with converters 0.7 % of the bursts are lost, 1.5 % on the flow’s five-core path; the flow gets about 1.1 Mbit/s with fast retransmits and timeouts', () => {
    const s = summaryOf(scenario(0));
    expect(s.pairs!.filter((p) => p.offeredErlangs > 0)).toHaveLength(182);
    expect(burstLoss(s)).toBeGreaterThan(0.0065);
    expect(burstLoss(s)).toBeLessThan(0.0075);
    expect(flowPath(s).route.slice(1, -1)).toEqual(['SEA', 'CHA', 'PIT', 'CPK', 'PRI']);
    expect(flowPath(s).loss).toBeGreaterThan(0.013);
    expect(flowPath(s).loss).toBeLessThan(0.017);
    expect(s.flows[0].goodput).toBeGreaterThan(1.0e6);
    expect(s.flows[0].goodput).toBeLessThan(1.2e6);
    // "a tenth of its access link"
    const access = scenario(0).links.find((l) => l.a === 'Server' || l.b === 'Server') as { rate: number };
    expect(s.flows[0].goodput / access.rate).toBeCloseTo(0.1, 1);
    expect(s.flows[0].fastRetransmits).toBeGreaterThan(0);
    expect(s.flows[0].rtos).toBeGreaterThan(0);
  });

  it('3-4: the same traffic and seed without converters: 36 % lost, fifty times as many, more on the path (72 %); 2 segments delivered, every loss a timeout', () => {
    const withConverters = scenario(0);
    const without = scenario(2);
    expect({ ...without, name: '', nodes: [] }).toEqual({ ...withConverters, name: '', nodes: [] });
    const s = summaryOf(without);
    expect(burstLoss(s)).toBeGreaterThan(0.35);
    expect(burstLoss(s)).toBeLessThan(0.365);
    expect(Math.round(burstLoss(s) / burstLoss(summaryOf(withConverters)) / 10) * 10).toBe(50);
    expect(flowPath(s).loss).toBeGreaterThan(burstLoss(s));
    expect(flowPath(s).loss).toBeGreaterThan(0.71);
    expect(flowPath(s).loss).toBeLessThan(0.73);
    expect(s.flows[0].delivered).toBe(2 * without.flows[0].tcp.mss);
    expect(s.flows[0].fastRetransmits).toBe(0);
    expect(s.flows[0].rtos).toBeGreaterThan(1);
  });

  it('5: random choice halves the loss, 36 % to 18 %, still about 25 times the loss with converters', () => {
    const s = summaryOf(scenario(4));
    expect(scenario(4).obs.wavelengthChoice).toBe('random');
    expect(burstLoss(s)).toBeGreaterThan(0.175);
    expect(burstLoss(s)).toBeLessThan(0.185);
    const ratio = burstLoss(s) / burstLoss(summaryOf(scenario(0)));
    expect(ratio).toBeGreaterThan(23);
    expect(ratio).toBeLessThan(27);
  });
});
