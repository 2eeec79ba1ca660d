// The contention-resolution preset's "What to look for" points against their runs in wasm,
// as showMeRuns.test.ts does for the others: each Show me pauses where it says (a data
// burst dropped, deflected, cut short at C1), and every figure the sentences give is the
// run's own, set by set. The Erlang-B figures are computed here, not copied.
import { describe, expect, it, vi } from 'vitest';
import { applyScenarioSet, findPreset, lookForShow, lookForText, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import { erlangB } from '@obs-tcp-sim/theory';
import { EventKind } from '../sim/visualStore';
import { CONDITION_KIND_MASK, inSession, quotedNumber, roundsTo, runStep, type StepRun, summaryOf } from './testHeadlessRun';

vi.setConfig({ testTimeout: 120_000 });

const ID = 'contention-resolution';
const preset = () => structuredClone(findPreset(ID)!.scenario) as Scenario;
const point = (i: number) => findPreset(ID)!.lookFor[i];
const withSet = (i: number) => {
  const show = lookForShow(point(i))!;
  return show.set ? applyScenarioSet(preset(), show.set) : preset();
};

async function showMe(i: number): Promise<StepRun> {
  const show = lookForShow(point(i))!;
  return inSession({ slice: 0.005, overshoot: 2, kinds: CONDITION_KIND_MASK }, (session, watch) =>
    runStep(session, watch, withSet(i), show.pauseAt),
  );
}

const CLASSES = ['data', 'ack', 'background'] as const;
const total = (s: Summary, key: 'deflections' | 'segmented' | 'bytesSent' | 'bytesLost' | 'segmentsCut') =>
  CLASSES.reduce((sum, c) => sum + (s.bursts[c]?.[key] ?? 0), 0);
const burstLoss = (s: Summary) => s.bursts.dropped / (s.bursts.sent - (s.bursts.inFlight ?? 0));

const drop = summaryOf(preset());
const dataLost = (s: Summary) => s.bursts.data.dropped + (s.bursts.data.segmented ?? 0);

describe('contention-resolution preset', () => {
  it('is one mesh where only C1→C2 is contended: 4 wavelengths, two background sources of 0.6 Erlang, a detour by C3', () => {
    const s = preset();
    const fiber = (id: string) => s.links.find((l) => l.id === id) as { wavelengths: number };
    expect([fiber('direct'), fiber('detour1'), fiber('detour2')].map((l) => l.wavelengths)).toEqual([4, 4, 4]);
    expect(s.background.map((b) => b.load * fiber('direct').wavelengths)).toEqual([0.6, 0.6]);
    expect(s.nodes.some((n) => n.kind === 'core' && (n.deflection || n.segmentation))).toBe(false);
  });

  it('1: Erlang-B gives 2.6 % for 1.2 Erlangs on 4 wavelengths and the run loses close to that (2.7 %); Show me pauses at a data burst dropped at C1, at 0.150 s', async () => {
    const theory = erlangB(4, 1.2);
    expect(roundsTo(theory * 100, quotedNumber(lookForText(point(0)), /at ([\d.]+) % for 1.2 Erlangs/))).toBe(true);
    expect(burstLoss(drop)).toBeCloseTo(0.027, 3);
    expect(Math.abs(burstLoss(drop) / theory - 1)).toBeLessThan(0.1);
    expect(drop.flows[0].goodput / 1e6).toBeCloseTo(13.0, 1);
    const hit = (await showMe(0)).hit!;
    expect(hit.event).toMatchObject({ kind: EventKind.BurstDropped, cls: 0, reason: 1 });
    expect(hit.at).toBeCloseTo(0.15, 3);
  });

  it('2: with deflection at C1, 1,172 bursts take the detour, none is lost, the flow gets 49.7 Mbit/s; Show me pauses at a data burst deflected', async () => {
    const s = summaryOf(withSet(1));
    expect(total(s, 'deflections')).toBe(1172);
    expect(s.bursts.dropped).toBe(0);
    expect(s.flows[0].goodput / 1e6).toBeCloseTo(49.7, 1);
    expect(s.flows[0].goodput / drop.flows[0].goodput).toBeGreaterThan(3.7);
    expect(s.flows[0].goodput / drop.flows[0].goodput).toBeLessThan(4);
    const hit = (await showMe(1)).hit!;
    expect(hit.event).toMatchObject({ kind: EventKind.BurstDeflected, cls: 0 });
  });

  it('3: with segmentation at C1, far fewer bytes are lost (0.8 %) than bursts were (2.7 %), yet the flow gets no more (11.7 Mbit/s): more of its bursts cut or dropped than were dropped (27 against 16); Show me pauses at a data burst cut', async () => {
    const s = summaryOf(withSet(2));
    expect(total(s, 'bytesLost') / total(s, 'bytesSent')).toBeCloseTo(0.008, 3);
    expect(s.flows[0].goodput / 1e6).toBeCloseTo(11.7, 1);
    expect(s.flows[0].goodput).toBeLessThan(drop.flows[0].goodput);
    expect([dataLost(s), dataLost(drop)]).toEqual([27, 16]);
    expect(dataLost(s)).toBeGreaterThan(dataLost(drop));
    const run = await showMe(2);
    expect(run.hit!.event).toMatchObject({ kind: EventKind.BurstSegmented, cls: 0 });
    expect(run.hit!.event!.segments).toBeGreaterThan(0);
  });

  it('4: 2 ms of extra offset for the second source: it loses 0.34 % (Erlang-B of its own 0.6 Erlang: 0.30 %), the rest 5.3 %, the flow among them 2.8 Mbit/s, at the end of the run where Show me pauses', async () => {
    const run = await showMe(3);
    expect(run.hit).toMatchObject({ event: null, at: preset().duration });
    const s = run.summary;
    const [plain, high] = s.qos!;
    const text = lookForText(point(3));
    expect(roundsTo(high.loss * 100, quotedNumber(text, /lose ([\d.]+) % \(the Loss matrix tab\)/))).toBe(true);
    expect(roundsTo(erlangB(4, 0.6) * 100, quotedNumber(text, /alone \(([\d.]+) %\)/))).toBe(true);
    expect(roundsTo(plain.loss * 100, quotedNumber(text, /without it lose ([\d.]+) %/))).toBe(true);
    expect(roundsTo(s.flows[0].goodput / 1e6, quotedNumber(text, /gets ([\d.]+) Mbit\/s/))).toBe(true);
    expect(high.extraOffset).toBe(0.002);
    expect(high.loss).toBeCloseTo(0.0034, 4);
    expect(erlangB(4, 0.6)).toBeCloseTo(0.003, 4);
    // About 60 losses in 18,800 bursts: the count alone is uncertain by 1/sqrt(60), 13 %; allow two of that.
    expect(high.dropped.contention).toBeGreaterThan(50);
    expect(Math.abs(high.loss / erlangB(4, 0.6) - 1)).toBeLessThan(2 / Math.sqrt(high.dropped.contention));
    expect(plain.loss).toBeCloseTo(0.053, 3);
    expect(plain.loss / burstLoss(drop)).toBeGreaterThan(1.9);
    expect(plain.loss / burstLoss(drop)).toBeLessThan(2.1);
    expect(s.flows[0].goodput / 1e6).toBeCloseTo(2.8, 1);
    // The extra offset is over 12 mean burst lengths (20 kB at 1 Gbit/s: 160 µs).
    expect(0.002 / ((preset().background[0].meanBytes * 8) / 1e9)).toBeGreaterThan(12);
  });

  it('each Show me pauses at its burst on the file’s own scenario with only its point’s fields: no mechanism kept from the one before', () => {
    const mechanisms = (s: Scenario) => {
      const c1 = s.nodes.find((n) => n.id === 'C1') as { deflection?: boolean; segmentation?: boolean };
      return [c1.deflection ?? false, c1.segmentation ?? false, s.background[1].extraOffset ?? 0];
    };
    expect([0, 1, 2, 3].map((i) => mechanisms(withSet(i)))).toEqual([
      [false, false, 0],
      [true, false, 0],
      [false, true, 0],
      [false, false, 0.002],
    ]);
    for (let i = 0; i < 3; i++) expect(lookForShow(point(i))!.pauseAt, `point ${i + 1}`).toMatchObject({ node: 'C1', class: 'data' });
  });
});
