// Every "What to look for" point against the run of its preset: its Show me pauses where
// it says (the pause watch on the wasm engine's events), and the sentence is what the run
// shows, numbers included. A point whose text no longer matches its run fails here.
import { describe, expect, it, vi } from 'vitest';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import { applyScenarioSet, findPreset, lookForShow, lookForText, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { CONDITION_KIND_MASK, inSession, quotedNumber, roundsTo, runStep, type StepRun, summaryOf } from './testHeadlessRun';

const engine = await loadEngineNode();
// Whole runs of the presets in wasm, on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

function preset(id: string): Scenario {
  const found = findPreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return structuredClone(found.scenario) as Scenario;
}

/** A point's Show me from t = 0 of its preset: its fields set, then played to its pause. */
async function showMe(id: string, point: number): Promise<StepRun> {
  const show = lookForShow(findPreset(id)!.lookFor[point]);
  if (!show) throw new Error(`${id} point ${point} has no Show me`);
  const scenario = show.set ? applyScenarioSet(preset(id), show.set) : preset(id);
  return inSession({ slice: 0.005, overshoot: 2, kinds: CONDITION_KIND_MASK }, (session, watch) => {
    const run = runStep(session, watch, scenario, show.pauseAt);
    if (show.pauseAt) expect(run.hit, `${id} point ${point + 1} pauses`).not.toBeNull();
    return run;
  });
}

/** A scenario run to `until` (default: its end) with the event kinds conditions read. */
async function runScenario(scenario: Scenario, until = scenario.duration): Promise<StepRun> {
  return inSession({ slice: 0.05, overshoot: 0, kinds: CONDITION_KIND_MASK }, (session, watch) =>
    runStep(session, watch, scenario, { event: 'time', at: until }),
  );
}

const runWhole = (id: string) => runScenario(preset(id));
const wholeUntil = (id: string, until: number) => runScenario(preset(id), until);

/** Every cwnd sample of a run to `until`: [t, flow, cwnd][]. */
function cwndSamples(scenario: Scenario, until: number): Array<[number, number, number]> {
  const sim = new engine.module.Simulation(JSON.stringify(scenario));
  const out: Array<[number, number, number]> = [];
  try {
    for (let t = 0; t < until;) {
      t = Math.min(until, t + 0.05);
      sim.advanceTo(t);
      const s = sim.drainSamples();
      for (let i = 0; i < s.t.length; i++) out.push([s.t[i], s.flow[i], s.cwnd[i]]);
    }
    return out;
  } finally {
    sim.delete();
  }
}

const hitOf = (run: StepRun): VisualEvent => {
  if (!run.hit?.event) throw new Error('no pause at an event');
  return run.hit.event;
};
const ofKind = (run: StepRun, kind: number, reason?: number) =>
  run.events.filter((e) => e.kind === kind && (reason === undefined || e.reason === reason));
const TCP = { rto: 0, fastRetransmit: 1, exit: 2 };
const nodeIndex = (id: string, node: string) => findPreset(id)!.scenario.nodes.findIndex((n) => n.id === node);
const goodput = (s: Summary) => s.aggregate.goodput ?? 0;

/** The point's figure found by `pattern` holds `actual`, the run's, at the rounding the text writes. */
function expectQuoted(id: string, point: number, pattern: RegExp, actual: number): void {
  const q = quotedNumber(lookForText(findPreset(id)!.lookFor[point]), pattern);
  expect(roundsTo(actual, q), `${id} point ${point + 1}: ${q.value} in the text, ${actual} in the run`).toBe(true);
}

/** A Show me that pauses at a time: its run there (the counters show its summary). */
async function pausedAtTime(id: string, point: number, at: number): Promise<StepRun> {
  const run = await showMe(id, point);
  expect(run.hit, `${id} point ${point + 1}`).toMatchObject({ event: null, at });
  return run;
}

describe('first lesson', () => {
  it('1: the first burst leaves E1 2 ms after its first packet arrived (1.2 ms to send, 1 ms to travel), 11.5 µs behind its control packet', async () => {
    const formed = hitOf(await showMe('first-lesson', 0));
    expect(formed).toMatchObject({ kind: EventKind.BurstFormed, node: nodeIndex('first-lesson', 'E1'), cls: 0 });
    expect(formed.t0).toBeCloseTo(0.0012 + 0.001 + 0.002, 9);
    expect(formed.value).toBeCloseTo(11.512e-6, 12);
  });

  it('2 and 3: each fast retransmit follows a lost data burst and halves the window; lost bursts take two segments, and often only a timeout repairs the second', async () => {
    const fr = await showMe('first-lesson', 1);
    expect(hitOf(fr)).toMatchObject({ reason: TCP.fastRetransmit, value: 16 + 3 });
    const rto = await showMe('first-lesson', 2);
    expect(hitOf(rto)).toMatchObject({ reason: TCP.rto, value: 1 });
    expect(ofKind(rto, EventKind.TcpEvent, TCP.exit).at(-1)!.t0).toBeGreaterThan(hitOf(rto).t0 - 0.21);

    const whole = await runWhole('first-lesson');
    const drops = ofKind(whole, EventKind.BurstDropped);
    expect(drops.filter((d) => d.segments === 2).length / drops.length).toBeGreaterThan(0.6);
    const rtos = ofKind(whole, EventKind.TcpEvent, TCP.rto);
    expect(rtos.length / drops.length).toBeGreaterThan(1 / 3);
    for (const f of ofKind(whole, EventKind.TcpEvent, TCP.fastRetransmit)) {
      // Within a few round trips (34 ms): a second hole of the same burst can bring a second fast retransmit.
      expect(
        drops.some((d) => d.t0 < f.t0 && f.t0 - d.t0 < 0.2),
        `a drop before the fast retransmit at ${f.t0}`,
      ).toBe(true);
    }
  });

  it('4: 2 % data-burst loss costs far more throughput than the preset’s 0.5 %: paused at 5 s, about 2 Mbit/s so far, a third of the preset’s', async () => {
    const show = lookForShow(findPreset('first-lesson')!.lookFor[3])!;
    const raised = applyScenarioSet(preset('first-lesson'), show.set!);
    expect(goodput(summaryOf(raised))).toBeLessThan(0.7 * goodput(summaryOf(preset('first-lesson'))));
    const run = await showMe('first-lesson', 3);
    expect(run.hit).toMatchObject({ event: null, at: 5 });
    expectQuoted('first-lesson', 3, /about ([\d.]+) Mbit\/s so far/, goodput(run.summary) / 1e6);
    expect(Math.round(goodput(summaryOf(preset('first-lesson'), 5)) / goodput(run.summary))).toBe(3);
  });
});

describe('paper 000', () => {
  it('1: pauses at the first ACK burst E2 sends (the paths are held by presets-run.test.ts)', async () => {
    expect(hitOf(await showMe('paper000', 0))).toMatchObject({ kind: EventKind.BurstFormed, node: nodeIndex('paper000', 'E2'), cls: 1 });
  });

  it('2-4: 1 % data loss leaves about a tenth (27 of 223 Mbit/s); 1 % ACK loss much less harm; 5 % ACK loss about a fifth, twice what 1 % data loss leaves', async () => {
    const lossless = goodput(summaryOf(applyScenarioSet(preset('paper000'), { 'obs.burstLoss.data': 0 })));
    const data1 = goodput((await pausedAtTime('paper000', 1, 20)).summary);
    expectQuoted('paper000', 1, /about ([\d.]+) Mbit\/s/, data1 / 1e6);
    expect(Math.round(lossless / data1)).toBe(8);
    expect(lossless / 1e6).toBeCloseTo(223, -1);
    expect(data1 / 1e6).toBeGreaterThan(23);
    expect(data1 / 1e6).toBeLessThan(30);
    expect(data1 / lossless).toBeGreaterThan(0.08);
    expect(data1 / lossless).toBeLessThan(0.13);

    const ack1 = await showMe('paper000', 2);
    expect(hitOf(ack1)).toMatchObject({ kind: EventKind.BurstDropped, cls: 1 });
    expect(
      goodput(summaryOf(applyScenarioSet(preset('paper000'), lookForShow(findPreset('paper000')!.lookFor[2])!.set!))) / lossless,
    ).toBeGreaterThan(0.6);

    const ack5 = await showMe('paper000', 3);
    expect(hitOf(ack5)).toMatchObject({ reason: TCP.rto });
    const five = goodput(summaryOf(applyScenarioSet(preset('paper000'), lookForShow(findPreset('paper000')!.lookFor[3])!.set!)));
    expect(five / lossless).toBeGreaterThan(0.15);
    expect(five / lossless).toBeLessThan(0.27);
    expect(five / data1).toBeGreaterThan(1.5);
    expect(five / data1).toBeLessThan(2.6);
  });
});

describe('paper 001', () => {
  it('1 and 2: BIC, Scalable TCP and H-TCP above Reno in cwnd and throughput (HSTCP and CUBIC near it in this run); the losses are contention drops at C1', async () => {
    const run = await showMe('paper001', 1);
    expect(hitOf(run)).toMatchObject({ kind: EventKind.BurstDropped, reason: 1, node: nodeIndex('paper001', 'C1') });
    const s = summaryOf(preset('paper001'));
    const reno = s.flows.find((f) => f.id === 'reno')!;
    // Since Reno has ns-2's recover guard (issue 20) it is no longer held down by spurious
    // halvings; in this run HSTCP and CUBIC stay near it (validation/paper001.test.ts holds
    // the mean over start times, where all of them are above).
    for (const f of s.flows.filter((x) => ['bic', 'stcp', 'htcp'].includes(x.id))) {
      expect(f.meanCwnd, f.id).toBeGreaterThan(reno.meanCwnd!);
      expect(f.goodput, f.id).toBeGreaterThan(reno.goodput);
    }
    expect(s.bursts.droppedInjected).toBe(0);
    expect(s.bursts.droppedContention).toBeGreaterThan(0);
  });

  it('1: Show me plays the minute and pauses at its end', async () => {
    await pausedAtTime('paper001', 0, 60);
  });

  it('3: with 8 wavelengths per fiber the drops vanish and throughput rises; Show me pauses at 5 s with no data burst dropped', async () => {
    const four = summaryOf(preset('paper001'), 5);
    const eight = (await pausedAtTime('paper001', 2, 5)).summary;
    expect(eight.bursts.data.dropped).toBe(0);
    expect(four.bursts.dropped).toBeGreaterThan(0);
    expect(eight.bursts.dropped).toBe(0);
    expect(goodput(eight)).toBeGreaterThan(goodput(four));
  });
});

describe('paper 002', () => {
  it('1: few packets dropped on the WLAN, many retries; 2: 50 % loss per try cuts throughput, the core drops under 0.01 % of bursts', async () => {
    expect(hitOf(await showMe('paper002', 0))).toMatchObject({ kind: EventKind.PacketDropped, reason: 1 });
    const base = summaryOf(preset('paper002'));
    expect(base.packets.retries ?? 0).toBeGreaterThan(10 * base.packets.randomDrops);
    expect(base.bursts.dropped / base.bursts.sent).toBeLessThan(1e-4);
    const lossy = (await pausedAtTime('paper002', 1, 30)).summary;
    expect(goodput(lossy)).toBeLessThan(0.6 * goodput(base));
    expectQuoted('paper002', 1, /about ([\d.]+) Mbit\/s/, goodput(lossy) / 1e6);
    expect([base.bursts.data.dropped, lossy.bursts.data.dropped]).toEqual([0, 0]);
    // 3: data bursts of over 70,000 B carrying about one segment; 4: bursts delayed in fiber delay lines.
    expect(base.bursts.data.meanBytes).toBeGreaterThan(70_000);
    expect(base.bursts.data.meanSegments).toBeLessThan(1.5);
    expect(base.bursts.fdlDelayed).toBeGreaterThan(base.bursts.dropped);
    // 4: Show me pauses at 1 s, with bursts delayed in the fiber delay lines by then.
    expect((await pausedAtTime('paper002', 3, 1)).summary.bursts.fdlDelayed).toBeGreaterThan(0);
  });

  it('3: pauses at a data burst from E1 that is mostly background bytes around one segment, past the size threshold by a whole batch: the KB the text gives', async () => {
    const formed = hitOf(await showMe('paper002', 2));
    expect(formed).toMatchObject({ kind: EventKind.BurstFormed, node: nodeIndex('paper002', 'E1'), cls: 0, segments: 1 });
    expect(formed.bytes).toBeGreaterThan(preset('paper002').obs.assembly.maxBytes!);
    expectQuoted('paper002', 2, /holds ([\d.]+) KB/, formed.bytes / 1000);
  });
});

describe('paper 003, slow path', () => {
  it('1-3: three data bursts per round trip, two of 10 MB, each with segments of all 80 flows; a lost burst makes all 80 react at once, by fast recovery or all timing out; slow start back to half the window in about a quarter second', async () => {
    expect(hitOf(await showMe('paper003-slow', 0))).toMatchObject({ kind: EventKind.BurstFormed, cls: 0 });
    const whole = await wholeUntil('paper003-slow', 8);
    const drops = ofKind(whole, EventKind.BurstDropped).filter((d) => d.cls === 0);
    expect(drops.length).toBeGreaterThanOrEqual(2);
    // Before the first loss: windows open, bursts alternate 10 MB, 10 MB, about 2.6 MB.
    const bursts = ofKind(whole, EventKind.BurstFormed).filter((e) => e.cls === 0 && e.t0 > 1 && e.t0 < drops[0].t0);
    const full = bursts.filter((b) => b.bytes >= 9.99e6);
    expect(full.length / bursts.length).toBeCloseTo(2 / 3, 1);
    for (const b of bursts) expect(b.dir).toBe(80);
    for (const b of full) expect(b.segments).toBeGreaterThan(17_000);
    const reacted = drops.map((d) => {
      const within = (reason: number) =>
        new Set(
          ofKind(whole, EventKind.TcpEvent, reason)
            .filter((e) => e.t0 > d.t0 && e.t0 < d.t0 + 0.3)
            .map((e) => e.id),
        ).size;
      return { rto: within(TCP.rto), fr: within(TCP.fastRetransmit) };
    });
    for (const r of reacted) expect(Math.max(r.rto, r.fr), JSON.stringify(reacted)).toBeGreaterThanOrEqual(75);
    expect(reacted.some((r) => r.rto >= 75)).toBe(true);
    expect(reacted.some((r) => r.fr >= 75)).toBe(true);
    const rto = hitOf(await showMe('paper003-slow', 1));
    expect(rto).toMatchObject({ reason: TCP.rto });
    expect(hitOf(await showMe('paper003-slow', 2)).t0).toBeGreaterThanOrEqual(rto.t0);
    const samples = cwndSamples(preset('paper003-slow'), rto.t0 + 1.05).filter(([, flow]) => flow === rto.id);
    const at = (t: number) => samples.filter(([time]) => time <= t).at(-1)![2];
    const before = at(rto.t0 - 0.005);
    expect(at(rto.t0 + 0.3)).toBeGreaterThanOrEqual(before / 2 - 2);
    expect(at(rto.t0 + 1)).toBeLessThan(before);
  });
});

describe('paper 003, fast path', () => {
  it('1 and 2: bursts of about 45 segments, one from each of about 45 flows; losses repaired by fast recovery', async () => {
    const formed = hitOf(await showMe('paper003-fast', 0));
    expect(formed.segments).toBeGreaterThan(35);
    expect(formed.segments).toBeLessThan(60);
    expect(formed.dir).toBeGreaterThan(0.8 * formed.segments);
    expect(hitOf(await showMe('paper003-fast', 1))).toMatchObject({ reason: TCP.fastRetransmit });
  });

  it('3: after the first half second no flow reaches 512 again (Show me pauses at the end); over the run fast retransmits outnumber timeouts about ten to one', async () => {
    await pausedAtTime('paper003-fast', 2, 2);
    const s = preset('paper003-fast');
    const samples = cwndSamples(s, s.duration);
    expect(samples.filter(([t, , cwnd]) => t > 0.5 && cwnd >= 511.5)).toEqual([]);
    const summary = summaryOf(s);
    const fr = summary.flows.reduce((n, f) => n + f.fastRetransmits, 0);
    const rtos = summary.flows.reduce((n, f) => n + f.rtos, 0);
    expect(summary.bursts.data.meanSegments).toBeGreaterThan(35);
    expect(summary.bursts.data.meanSegments).toBeLessThan(60);
    expect(fr).toBeGreaterThan(8 * rtos);
  });
});

describe('paper 004', () => {
  const names = ['tahoe', 'reno', 'newreno'];
  it('1 and 2: no flow above 0.58 Mbit/s; the queue drops hit Reno (a fast retransmit, then a timeout) and NewReno (a fast retransmit, thanks to Limited Transmit); Tahoe loses nothing and ends ahead', async () => {
    const drop = await showMe('paper004', 1);
    expect(hitOf(drop)).toMatchObject({ kind: EventKind.PacketDropped, reason: 0 });
    const whole = await runWhole('paper004');
    const drops = ofKind(whole, EventKind.PacketDropped);
    expect(new Set(drops.map((d) => names[d.id]))).toEqual(new Set(['reno', 'newreno']));
    // Reno: a fast retransmit, then a timeout; NewReno (two losses in a 4-segment window, and
    // Limited Transmit's segments to bring the third duplicate): a fast retransmit only.
    const responses = (flow: number) =>
      ofKind(whole, EventKind.TcpEvent)
        .filter((e) => e.id === flow && e.reason !== TCP.exit)
        .map((e) => e.reason);
    expect(responses(1)).toEqual([TCP.fastRetransmit, TCP.rto]);
    expect(responses(2)).toEqual([TCP.fastRetransmit]);
    const s = whole.summary;
    for (const f of s.flows) expect(f.goodput, f.id).toBeLessThanOrEqual((10 * 1460 * 8) / 0.2);
    expect(s.flows[0].goodput).toBeGreaterThan(Math.max(s.flows[1].goodput, s.flows[2].goodput));
    expect(s.flows[0].goodput).toBeGreaterThan(0.5e6);
    // 1: Show me pauses at the end, where the counters give the three flows' mean together.
    expectQuoted('paper004', 0, /together average about ([\d.]+) Mbit\/s/, goodput((await pausedAtTime('paper004', 0, 5)).summary) / 1e6);
  });

  it('2: not the seed but the start decides who loses: Tahoe started 1 ms later loses segments and falls to one segment', async () => {
    const outcome = (s: Summary) => ({ flows: s.flows, packets: s.packets });
    for (const seed of [2, 3])
      expect(outcome(summaryOf(applyScenarioSet(preset('paper004'), { seed })))).toEqual(outcome(summaryOf(preset('paper004'))));
    const run = await runScenario(applyScenarioSet(preset('paper004'), { 'flows[0].start': 0.001 }));
    expect(ofKind(run, EventKind.TcpEvent, TCP.fastRetransmit).find((e) => e.id === 0)).toMatchObject({ value: 1 });
    expect(ofKind(run, EventKind.PacketDropped).some((d) => d.id === 0)).toBe(true);
  });

  it('3: Reno leaves recovery with three of its four lost segments missing, then times out; NewReno repairs its three holes in one recovery', async () => {
    const exit = hitOf(await showMe('paper004', 2));
    expect(exit).toMatchObject({ reason: TCP.exit, id: 1 });
    const whole = await runWhole('paper004');
    const lost = (flow: number) =>
      ofKind(whole, EventKind.PacketDropped)
        .filter((d) => d.id === flow)
        .map((d) => d.segments);
    const reno = ofKind(whole, EventKind.TcpEvent).filter((e) => e.id === 1);
    expect(lost(1)).toHaveLength(4);
    expect(lost(1).filter((seg) => seg >= exit.segments)).toHaveLength(3);
    expect(reno.map((e) => e.reason)).toEqual([TCP.fastRetransmit, TCP.exit, TCP.rto]);
    const newreno = ofKind(whole, EventKind.TcpEvent).filter((e) => e.id === 2);
    expect(lost(2)).toHaveLength(3);
    expect(newreno.map((e) => e.reason)).toEqual([TCP.fastRetransmit, TCP.exit]);
    expect(newreno[0].segments).toBe(Math.min(...lost(2)));
    expect(newreno[1].segments).toBeGreaterThan(Math.max(...lost(2))); // every hole repaired
  });

  it('4: with MSS 4000 the same packets are lost and each flow carries about 2.7 times as much', async () => {
    const show = lookForShow(findPreset('paper004')!.lookFor[3])!;
    const [before, after] = [await runWhole('paper004'), await runScenario(applyScenarioSet(preset('paper004'), show.set!))];
    expectQuoted('paper004', 3, /together average about ([\d.]+) Mbit\/s/, goodput((await pausedAtTime('paper004', 3, 5)).summary) / 1e6);
    const drops = (run: StepRun) => ofKind(run, EventKind.PacketDropped).map((d) => `${d.id}:${d.segments}`);
    expect(drops(after)).toEqual(drops(before));
    before.summary.flows.forEach((f, i) => {
      const ratio = after.summary.flows[i].goodput / f.goodput;
      expect(ratio, f.id).toBeGreaterThan(2.5);
      expect(ratio, f.id).toBeLessThan(2.9);
    });
  });
});
