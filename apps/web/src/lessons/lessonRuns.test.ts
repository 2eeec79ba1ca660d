// Every lesson played through the real wasm engine with the app's own pause watch: each
// pause lands on the event its step talks about, at the same event whatever the frames'
// size, and what the texts say about it (numbers included) is what the engine does.
import { describe, expect, it, vi } from 'vitest';
import { applyScenarioSet, findPreset, type Scenario } from '@obs-tcp-sim/scenario';
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { findLesson } from './catalog';
import type { Lesson } from './lessonFormat';
import { inSession, runStep, type FrameCut, type StepRun } from './testHeadlessRun';
import { scenarioAtStep } from './lessonScenario';

// Whole runs in wasm, on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

/** Plays every step of a lesson in one session, as the page does. */
async function play(lesson: Lesson, cut: FrameCut): Promise<StepRun[]> {
  return inSession(cut, (session, watch) =>
    lesson.steps.map((step, i) => runStep(session, watch, step.scenario ? scenarioAtStep(lesson, i).scenario : null, step.pauseAt)),
  );
}

/** A scenario run from t = 0 to `t` (for claims about what follows a pause). */
async function runUntil(scenario: Scenario, t: number): Promise<StepRun> {
  return inSession({ slice: 0.01, overshoot: 0 }, (session, watch) => runStep(session, watch, scenario, { event: 'time', at: t }));
}

/** The flow's ssthresh in the first sample after `t` (samples every 10 ms). */
async function ssthreshAfter(scenario: Scenario, t: number): Promise<number | undefined> {
  return (await runUntil(scenario, t + 0.0101)).latest.get(0)?.ssthresh;
}

/** ssthresh just after `t` in the scenario of a lesson's step. */
const ssthresholdAt = (id: string, step: number, t: number) => ssthreshAfter(scenarioAtStep(lesson(id), step).scenario, t);

const FINE: FrameCut = { slice: 0.0005, overshoot: 1 };
const COARSE: FrameCut = { slice: 0.007, overshoot: 3 };

function lesson(id: string): Lesson {
  const found = findLesson(id);
  if (!found) throw new Error(`no lesson ${id}`);
  return found;
}

const hitOf = (run: StepRun): VisualEvent => {
  if (!run.hit?.event) throw new Error(`the step did not pause at an event (ended: ${run.ended})`);
  return run.hit.event;
};
const first = (run: StepRun, test: (e: VisualEvent) => boolean) => run.events.find(test);
const kind = (k: number) => (e: VisualEvent) => e.kind === k;
const TCP = { rto: 0, fastRetransmit: 1, exit: 2 };
const tcp = (reason: number) => (e: VisualEvent) => e.kind === EventKind.TcpEvent && e.reason === reason;
const firstLesson = () => structuredClone(findPreset('first-lesson')!.scenario) as Scenario;

/** The same pauses whatever the frames' size: the events, not the page's timing, decide. */
async function playBoth(id: string): Promise<StepRun[]> {
  const [fine, coarse] = await Promise.all([play(lesson(id), FINE), play(lesson(id), COARSE)]);
  expect(coarse.map((r) => r.hit && { at: r.hit.at, event: r.hit.event })).toEqual(
    fine.map((r) => r.hit && { at: r.hit.at, event: r.hit.event }),
  );
  for (const [i, step] of lesson(id).steps.entries()) {
    if (step.pauseAt) expect(fine[i].hit, `step ${i + 1} pauses`).not.toBeNull();
  }
  return coarse;
}

describe('lesson "burst-and-offset"', () => {
  it('pauses at the first burst E1 sends, while its control packet runs ahead, at the drop of a burst that came too early', async () => {
    const runs = await playBoth('burst-and-offset');
    const nodes = findPreset('first-lesson')!.scenario.nodes.map((n) => n.id);
    const [E1, C1] = [nodes.indexOf('E1'), nodes.indexOf('C1')];

    // 1: the first burst, sent by E1 2 ms after the segment arrived (1.2 ms to send + 1 ms): at 4.2 ms, one segment, offset 1.0015 ms.
    const formed = hitOf(runs[0]);
    expect(formed).toMatchObject({ kind: EventKind.BurstFormed, node: E1, cls: 0, segments: 1 });
    expect(formed.t0).toBeCloseTo(0.0042, 9);
    // 1 ms processing + 0.512 µs to send the 64-byte BHP at 1 Gbit/s + 1 µs set-up: "1.0015 ms".
    expect(formed.value).toBeCloseTo(0.001001512, 12);

    // 2: at 6 ms the BHP and, 1.0015 ms behind it, the burst are both on fiber1 (5 ms) to C1.
    expect(runs[1].hit).toMatchObject({ event: null, at: 0.006 });
    const bhp = first(runs[1], (e) => e.kind === EventKind.ControlPacket && e.id === formed.id)!;
    expect(bhp.t0).toBeCloseTo(0.0042, 9);
    expect(bhp.t1).toBeGreaterThan(0.006);
    const onFiber1 = first(runs[1], (e) => e.kind === EventKind.BurstOnLink && e.id === formed.id)!;
    expect(onFiber1.t0 - bhp.t0).toBeCloseTo(0.001001512, 12);
    expect(onFiber1.t0).toBeLessThan(0.006);
    expect(onFiber1.t0 + 0.005).toBeGreaterThan(0.006);

    // 3: the BHP reached C1 at 9.2 ms; C1 done at 10.2005 ms; the burst leaves C1 1 µs later, as its first bit arrives.
    expect(bhp.t1).toBeCloseTo(0.0092005, 7);
    expect(runs[2].hit).toMatchObject({ event: null, at: 0.0106 });
    const onFiber2 = runs[2].events.filter((e) => e.kind === EventKind.BurstOnLink && e.id === formed.id)[1];
    expect(onFiber2.t0).toBeCloseTo(bhp.t1 + 0.001 + 1e-6, 9);
    expect(onFiber2.t0).toBeCloseTo(onFiber1.t0 + 0.005, 9);

    // 4: with a 0.5 ms offset the burst reaches C1 at 9.7 ms; it is dropped (late) when C1 finishes its BHP, at 10.2 ms.
    const late = hitOf(runs[3]);
    expect(late).toMatchObject({ kind: EventKind.BurstDropped, cls: 0, reason: 2, node: C1 });
    expect(late.t0).toBeCloseTo(0.0102005, 7);
    const early = first(runs[3], (e) => e.kind === EventKind.BurstOnLink && e.id === late.id)!;
    expect(early.t0 + 0.005).toBeCloseTo(0.0097, 7);
  });

  it('says the truth about what follows: an RTO after 1 s, its retransmission lost the same way; the real offset and round trip', async () => {
    const l = lesson('burst-and-offset');
    const tooShort = await runUntil(scenarioAtStep(l, 3).scenario, 1.1);
    const rto = first(tooShort, tcp(TCP.rto))!;
    expect(rto.t0).toBeCloseTo(1, 6);
    const drops = tooShort.events.filter(kind(EventKind.BurstDropped));
    expect(drops.length).toBe(2);
    expect(drops.every((d) => d.reason === 2)).toBe(true);
    expect(drops[1].t0).toBeGreaterThan(rto.t0);
    expect(tooShort.summary.flows[0].delivered).toBe(0);

    // 5: the preset as published: offset 11.5 µs, round trip about 35 ms.
    const real = await runUntil(scenarioAtStep(l, 4).scenario, 2);
    expect(first(real, kind(EventKind.BurstFormed))!.value).toBeCloseTo(11.512e-6, 12);
    expect(real.summary.flows[0].meanRtt).toBeGreaterThan(0.033);
    expect(real.summary.flows[0].meanRtt).toBeLessThan(0.037);
  });
});

describe('lesson "data-vs-ack-loss"', () => {
  it('pauses at the lost data burst, its fast retransmit, its timeout, then a lost ACK burst that costs nothing', async () => {
    const runs = await playBoth('data-vs-ack-loss');
    const drop = hitOf(runs[0]);
    expect(drop).toMatchObject({ kind: EventKind.BurstDropped, cls: 0, reason: 0, segments: 2 });

    // 2: the third duplicate ACK: ssthresh 16 (half of the 32-segment window), cwnd 16 + 3.
    const fr = hitOf(runs[1]);
    expect(fr).toMatchObject({ kind: EventKind.TcpEvent, reason: TCP.fastRetransmit, value: 19 });
    expect(await ssthresholdAt('data-vs-ack-loss', 1, fr.t0)).toBe(16);

    // 3: a partial ACK (one segment further) ends recovery at cwnd 16; the timer fires 0.2 s later; no other loss in between.
    const rto = hitOf(runs[2]);
    expect(rto).toMatchObject({ kind: EventKind.TcpEvent, reason: TCP.rto, value: 1 });
    const exit = first(runs[2], tcp(TCP.exit))!;
    expect(exit).toMatchObject({ value: 16, segments: fr.segments + 1 });
    expect(rto.t0 - exit.t0).toBeCloseTo(0.2, 6);
    expect(runs[2].events.filter(kind(EventKind.BurstDropped))).toEqual([drop]);

    // 4: an ACK burst of two ACKs.
    expect(hitOf(runs[3])).toMatchObject({ kind: EventKind.BurstDropped, cls: 1, segments: 2 });

    // 5: by 5 s several ACK bursts lost, nothing retransmitted, the 10 Mbit/s link nearly full.
    expect(runs[4].hit).toMatchObject({ event: null, at: 5 });
    const s = runs[4].summary;
    expect(s.bursts.ack.dropped).toBeGreaterThanOrEqual(3);
    expect(runs[4].events.filter(kind(EventKind.TcpEvent))).toEqual([]);
    expect(s.flows[0].retransmits).toBe(0);
    expect(s.flows[0].goodput).toBeGreaterThan(9e6);
  });

  it('compares as its last step says, over the three seeds a side Compare runs: 0.5 % data-burst loss leaves about 5 Mbit/s with some fifteen fast retransmits and as many timeouts; ACK loss, 9.7 Mbit/s', async () => {
    const base = scenarioAtStep(lesson('data-vs-ack-loss'), 5).scenario;
    // As the Compare tab runs them (compare/CompareArea.tsx): the scenario's seed and the next two, on both sides.
    const seeds = [0, 1, 2].map((k) => base.seed + k);
    const side = (set: Record<string, number>) =>
      Promise.all(seeds.map((seed) => runUntil({ ...applyScenarioSet(base, set), seed }, base.duration)));
    const [a, b] = await Promise.all([
      side({ 'obs.burstLoss.data': 0.005, 'obs.burstLoss.ack': 0 }),
      side({ 'obs.burstLoss.data': 0, 'obs.burstLoss.ack': 0.005 }),
    ]);
    const mean = (runs: typeof a, key: 'goodput' | 'fastRetransmits' | 'rtos' | 'retransmits') =>
      runs.reduce((n, r) => n + (r.summary.flows[0][key] ?? 0), 0) / runs.length;
    // A lost burst takes two segments: the fast retransmit repairs one, the timer the other
    // (Reno's recover guard, as ns-2's bugFix_: no second fast retransmit in one window).
    expect(mean(a, 'goodput')).toBeGreaterThan(4.5e6);
    expect(mean(a, 'goodput')).toBeLessThan(5.5e6);
    expect(mean(a, 'fastRetransmits')).toBeGreaterThanOrEqual(10);
    expect(mean(a, 'fastRetransmits')).toBeLessThanOrEqual(20);
    expect(mean(a, 'rtos')).toBeGreaterThanOrEqual(10);
    expect(mean(a, 'rtos')).toBeLessThanOrEqual(20);
    expect(mean(b, 'goodput')).toBeGreaterThan(9.65e6);
    expect(mean(b, 'goodput')).toBeLessThan(9.75e6);
    expect(mean(b, 'retransmits')).toBe(0);
    expect(mean(b, 'rtos')).toBe(0);
  });
});

describe('lesson "tahoe-reno-newreno"', () => {
  it('loses the same burst in the three runs; Tahoe falls to 1, Reno halves, exits on a partial ACK and times out, NewReno repairs both', async () => {
    const runs = await playBoth('tahoe-reno-newreno');
    const drop = hitOf(runs[0]);
    expect(drop).toMatchObject({ kind: EventKind.BurstDropped, cls: 0, segments: 2 });
    const sameDrop = (run: StepRun) => expect(first(run, kind(EventKind.BurstDropped))).toEqual(drop);

    // Tahoe: cwnd 1, ssthresh 16.
    const tahoeFr = hitOf(runs[1]);
    expect(tahoeFr).toMatchObject({ reason: TCP.fastRetransmit, value: 1 });
    expect(await ssthresholdAt('tahoe-reno-newreno', 1, tahoeFr.t0)).toBe(16);

    // Reno: the same drop, the third duplicate ACK at the same moment; cwnd 19.
    const renoFr = hitOf(runs[2]);
    sameDrop(runs[2]);
    expect(renoFr).toMatchObject({ reason: TCP.fastRetransmit, value: 19, t0: tahoeFr.t0, segments: tahoeFr.segments });
    const partial = hitOf(runs[3]);
    expect(partial).toMatchObject({ reason: TCP.exit, value: 16, segments: renoFr.segments + 1 });
    const renoRto = hitOf(runs[4]);
    expect(renoRto).toMatchObject({ reason: TCP.rto, value: 1, segments: partial.segments });
    expect(renoRto.t0 - partial.t0).toBeCloseTo(0.2, 6);
    // Half of the window of 16 it had (the flight within the window, as ns-2; issue 20, finding 3).
    expect(await ssthresholdAt('tahoe-reno-newreno', 4, renoRto.t0)).toBe(8);

    // NewReno: the same drop and fast retransmit, no timeout; it leaves recovery once the
    // whole window outstanding at the loss (32 segments) is acknowledged, before Reno's timer, with cwnd 2.
    const exit = hitOf(runs[5]);
    sameDrop(runs[5]);
    expect(first(runs[5], tcp(TCP.fastRetransmit))).toMatchObject({ t0: tahoeFr.t0, value: 19 });
    expect(exit).toMatchObject({ reason: TCP.exit, value: 2, segments: renoFr.segments + 32 });
    expect(exit.t0).toBeLessThan(renoRto.t0);
    expect(runs[5].events.filter(tcp(TCP.rto))).toEqual([]);
    expect(runs[5].events.filter(tcp(TCP.exit))).toEqual([exit]);
  });

  it('Tahoe fills both holes within two round trips, and neither Tahoe nor NewReno times out over this loss', async () => {
    const l = lesson('tahoe-reno-newreno');
    const tahoe = await runUntil(scenarioAtStep(l, 0).scenario, 0.8);
    const fr = first(tahoe, tcp(TCP.fastRetransmit))!;
    const rtt = 0.034;
    expect(fr.t0 + 2 * rtt).toBeLessThan(0.8);
    // Delivered in order past both lost segments (the burst took segments fr.segments and fr.segments + 1).
    expect(tahoe.summary.flows[0].delivered / 1460).toBeGreaterThanOrEqual(fr.segments + 2);
    for (const variant of ['tahoe', 'newreno']) {
      const run = await runUntil(applyScenarioSet(firstLesson(), { 'flows[0].tcp.variant': variant }), 1.2);
      const drops = run.events.filter((e) => e.kind === EventKind.BurstDropped);
      // Up to its next lost burst, no timeout.
      const next = drops[1]?.t0 ?? Infinity;
      expect(
        run.events.filter((e) => tcp(TCP.rto)(e) && e.t0 < next),
        variant,
      ).toEqual([]);
    }
  });
});
