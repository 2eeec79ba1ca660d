// The backbone presets' "What to look for" points (nsfnet, nsfnet-continuity, usnet) against
// their runs in wasm, numbers included, as showMeRuns.test.ts does for the others: each Show
// me pauses where it says, and the loss, route and throughput figures are the run's.
import { describe, expect, it, vi } from 'vitest';
import { applyScenarioSet, findPreset, lookForShow, lookForText, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import { EventKind } from '../sim/visualStore';
import { CONDITION_KIND_MASK, inSession, quotedNumber, roundsTo, runStep, type StepRun, summaryOf } from './testHeadlessRun';

// Whole 5 s runs of half a million bursts in wasm, on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

const preset = (id: string) => structuredClone(findPreset(id)!.scenario) as Scenario;
const show = (id: string, point: number) => lookForShow(findPreset(id)!.lookFor[point])!;

/** A point's Show me from t = 0, played to its pause. */
async function showMe(id: string, point: number): Promise<StepRun> {
  const s = show(id, point);
  const scenario = s.set ? applyScenarioSet(preset(id), s.set) : preset(id);
  return inSession({ slice: 0.005, overshoot: 2, kinds: CONDITION_KIND_MASK }, (session, watch) => {
    const run = runStep(session, watch, scenario, s.pauseAt);
    if (s.pauseAt) expect(run.hit, `${id} point ${point + 1} pauses`).not.toBeNull();
    return run;
  });
}

/** Loss over the bursts whose fate is known (bursts still in flight at the end are neither). */
const burstLoss = (s: Summary) => s.bursts.dropped / (s.bursts.sent - (s.bursts.inFlight ?? 0));
const goodput = (s: Summary) => s.flows[0].goodput;
const pairOf = (s: Summary, src: string, dst: string) => s.pairs!.find((p) => p.src === src && p.dst === dst)!;
/** Mean core-to-core fibers of the routes that carry traffic. */
const meanFibers = (s: Summary) => {
  const routes = s.pairs!.filter((p) => p.offeredErlangs > 0).map((p) => p.route.length - 4);
  return routes.reduce((a, b) => a + b, 0) / routes.length;
};

const text = (id: string, point: number) => lookForText(findPreset(id)!.lookFor[point]);

/**
 * A Show me that pauses at the end of its run, where the counters and the Loss matrix tab
 * give the run's totals: its summary there, after checking the pause.
 */
async function atEnd(id: string, point: number): Promise<Summary> {
  const run = await showMe(id, point);
  expect(run.hit, `${id} point ${point + 1} pauses at the end`).toMatchObject({ event: null, at: preset(id).duration });
  return run.summary;
}

/** The text's figure before `unit` holds the run's figure at the rounding it is written with. */
function expectQuoted(id: string, point: number, pattern: RegExp, actual: number): void {
  const q = quotedNumber(text(id, point), pattern);
  expect(roundsTo(actual, q), `${id} point ${point + 1}: ${q.value} in the text, ${actual} in the run`).toBe(true);
}

const whole = new Map<string, Summary>();
const run = (id: string) => {
  if (!whole.has(id)) whole.set(id, summaryOf(preset(id)));
  return whole.get(id)!;
};

describe('NSFNET backbone', () => {
  it('1: 182 pairs of edges on 8 wavelengths lose 0.7 % of their bursts (the base of the points after); Show me pauses at a background contention drop', async () => {
    const s = run('nsfnet');
    expect(s.pairs!.filter((p) => p.offeredErlangs > 0)).toHaveLength(182);
    expect(
      preset('nsfnet')
        .links.filter((l) => l.kind === 'fiber')
        .every((l) => l.wavelengths % 8 === 0),
    ).toBe(true);
    expect(burstLoss(s)).toBeGreaterThan(0.0065);
    expect(burstLoss(s)).toBeLessThan(0.0075);
    const drop = (await showMe('nsfnet', 0)).hit!.event!;
    expect(drop).toMatchObject({ kind: EventKind.BurstDropped, cls: 2, reason: 1 });
  });

  it("2: the flow's bursts cross SEA, CHA, PIT, CPK, PRI and about 1.5 % of that path's are lost; fast retransmits; about 1.1 Mbit/s at the end, where Show me pauses", async () => {
    const s = await atEnd('nsfnet', 1);
    expectQuoted('nsfnet', 1, /about ([\d.]+) Mbit\/s/, goodput(s) / 1e6);
    const path = pairOf(s, 'E-SEA', 'E-PRI');
    expect(path.route).toEqual(['E-SEA', 'SEA', 'CHA', 'PIT', 'CPK', 'PRI', 'E-PRI']);
    expect(path.loss).toBeGreaterThan(0.013);
    expect(path.loss).toBeLessThan(0.017);
    expect(s.flows[0].fastRetransmits).toBeGreaterThan(2);
    expect(goodput(s)).toBeGreaterThan(1.0e6);
    expect(goodput(s)).toBeLessThan(1.2e6);
  });

  it('3: at load 0.3 about 4 % of the bursts are lost, five times as many; the flow times out again and again, under 0.1 Mbit/s; Show me pauses at the end', async () => {
    const s = await atEnd('nsfnet', 2);
    expectQuoted('nsfnet', 2, /about ([\d.]+) % of all bursts/, burstLoss(s) * 100);
    expect(burstLoss(s)).toBeGreaterThan(0.035);
    expect(burstLoss(s)).toBeLessThan(0.045);
    const ratio = burstLoss(s) / burstLoss(run('nsfnet'));
    expect(ratio).toBeGreaterThan(4.5);
    expect(ratio).toBeLessThan(6);
    expect(s.flows[0].rtos).toBeGreaterThanOrEqual(5);
    expect(goodput(s)).toBeLessThan(0.1e6);
  });
});

describe('NSFNET backbone without wavelength conversion', () => {
  it('1: the same traffic loses 36 %, fifty times the 0.7 % of NSFNET; Show me pauses at the end', async () => {
    const s = await atEnd('nsfnet-continuity', 0);
    expectQuoted('nsfnet-continuity', 0, /loses ([\d.]+) % of the bursts/, burstLoss(s) * 100);
    const times = burstLoss(s) / burstLoss(run('nsfnet'));
    expect(times).toBeGreaterThan(45);
    expect(times).toBeLessThan(55);
  });

  it("2: seven in ten bursts on the flow's path are lost; a handful of segments delivered; Show me pauses at a timeout", async () => {
    const s = run('nsfnet-continuity');
    const path = pairOf(s, 'E-SEA', 'E-PRI');
    expect(path.loss).toBeGreaterThan(0.68);
    expect(path.loss).toBeLessThan(0.74);
    expect(s.flows[0].delivered / preset('nsfnet').flows[0].tcp.mss).toBeLessThan(10);
    expect(s.flows[0].rtos).toBeGreaterThan(s.flows[0].fastRetransmits);
    expect((await showMe('nsfnet-continuity', 1)).hit!.event!).toMatchObject({ kind: EventKind.TcpEvent, reason: 0 });
  });

  it('3: random choice halves the loss, to 18 %; Show me pauses at the end', async () => {
    const s = await atEnd('nsfnet-continuity', 2);
    expectQuoted('nsfnet-continuity', 2, /gives ([\d.]+) % lost/, burstLoss(s) * 100);
    expect(burstLoss(s)).toBeGreaterThan(0.175);
    expect(burstLoss(s)).toBeLessThan(0.185);
    const ratio = burstLoss(s) / burstLoss(run('nsfnet-continuity'));
    expect(ratio).toBeGreaterThan(0.45);
    expect(ratio).toBeLessThan(0.55);
  });
});

describe('USNET backbone', () => {
  it('1: 552 pairs lose 3.0 % of the bursts, four times NSFNET’s; 2.1 core-to-core fibers per route against 1.4; Show me pauses at the end', async () => {
    const s = await atEnd('usnet', 0);
    expectQuoted('usnet', 0, /([\d.]+) % of the bursts are lost/, burstLoss(s) * 100);
    expect(Math.round(burstLoss(s) / burstLoss(run('nsfnet')))).toBe(4);
    expect(s.pairs!.filter((p) => p.offeredErlangs > 0)).toHaveLength(552);
    expect(burstLoss(s)).toBeGreaterThan(0.0295);
    expect(burstLoss(s)).toBeLessThan(0.0305);
    expect(meanFibers(s)).toBeCloseTo(2.1, 1);
    expect(meanFibers(run('nsfnet'))).toBeCloseTo(1.4, 1);
  });

  it('2: the flow from N1 to N24 crosses seven cores (6,150 km), loses about as large a share of its bursts as the NSFNET flow does over five, gets about 1.4 Mbit/s at the end, where Show me pauses', async () => {
    const s = await atEnd('usnet', 1);
    expectQuoted('usnet', 1, /about ([\d.]+) Mbit\/s/, goodput(s) / 1e6);
    const path = pairOf(s, 'E-N1', 'E-N24');
    expect(path.route.slice(1, -1)).toEqual(['N1', 'N6', 'N9', 'N10', 'N14', 'N18', 'N24']);
    const km = preset('usnet')
      .links.filter((l) => l.kind === 'fiber' && l.a.startsWith('N') && l.b.startsWith('N'))
      .filter((l) => path.route.some((n, i) => i > 0 && [l.a, l.b].sort().join() === [path.route[i - 1], n].sort().join()))
      .reduce((sum, l) => sum + l.delay * 2e5, 0); // 5 µs per km
    expect(km).toBeCloseTo(6150, 0);
    expect(path.loss).toBeGreaterThan(0.013);
    expect(path.loss).toBeLessThan(0.018);
    expect(Math.abs(path.loss - pairOf(run('nsfnet'), 'E-SEA', 'E-PRI').loss)).toBeLessThan(0.003);
    expect(goodput(s)).toBeGreaterThan(1.3e6);
    expect(goodput(s)).toBeLessThan(1.5e6);
  });
});
