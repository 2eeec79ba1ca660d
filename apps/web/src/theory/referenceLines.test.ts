import { describe, expect, it } from 'vitest';
import { PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { mathisRate, padhyeRate, type FlowCounters } from '@obs-tcp-sim/theory';
import { formatLossRate, theoryLines, theorySubject } from './referenceLines';
import { NO_ROUTES_YET } from '../routes/engineRoutes';
import { dataCheaperThroughE3, E3_ACCESS_RATE, engineRoutesOf } from '../routes/testNetworks';

const preset = (id: string) => structuredClone(PRESETS.find((p) => p.id === id)!.scenario) as Scenario;
// The routes the engine computes for each network below (what SimState.routes holds).
const lessonRoutes = await engineRoutesOf(preset('first-lesson'));
const dumbbellRoutes = await engineRoutesOf(preset('paper004'));

describe('whom the lines are for', () => {
  it('the only flow; the one flow shown without the total; else all flows', () => {
    expect(theorySubject({ aggregate: false, flows: [0] }, 1)).toEqual({ kind: 'flow', index: 0 });
    expect(theorySubject({ aggregate: false, flows: [] }, 1)).toEqual({ kind: 'flow', index: 0 });
    expect(theorySubject({ aggregate: false, flows: [2] }, 3)).toEqual({ kind: 'flow', index: 2 });
    expect(theorySubject({ aggregate: true, flows: [2] }, 3)).toEqual({ kind: 'all' });
    expect(theorySubject({ aggregate: false, flows: [0, 1] }, 3)).toEqual({ kind: 'all' });
  });
});

describe('the theory lines of the first lesson (one Reno flow)', () => {
  const lesson = preset('first-lesson');
  const ids = ['tcp1'];
  const flow = lesson.flows[0];
  /** The lines for tcp1 in `scenario` (the lesson), from these counters of it (null: no summary yet). */
  const tcp1Lines = (counters: FlowCounters | null, scenario = lesson) =>
    theoryLines(scenario, counters && { flows: [{ id: 'tcp1', ...counters }] }, ids, { kind: 'flow', index: 0 }, lessonRoutes);

  it('capacity, Mathis and Padhye from the counters, each saying from what', () => {
    const t = tcp1Lines({ segmentsSent: 4000, fastRetransmits: 9, rtos: 3, meanRtt: 0.0312 });
    expect(t.subject).toBe('tcp1');
    expect(t.notes).toEqual([]);
    expect(t.lines.map((l) => l.kind)).toEqual(['capacity', 'mathis', 'padhye']);
    const [capacity, mathis, padhye] = t.lines;
    expect(capacity.value).toBe(10e6);
    expect(capacity.label).toBe('capacity 10 Mbit/s');
    expect(capacity.detail).toContain('access1');
    const p = 12 / 4000;
    expect(t.measure?.p).toBe(p);
    expect(mathis.value).toBe(mathisRate({ mss: flow.tcp.mss, rtt: 0.0312, p }));
    expect(padhye.value).toBe(padhyeRate({ mss: flow.tcp.mss, rtt: 0.0312, p, t0: 0.2, wmax: flow.tcp.maxWindow }));
    expect(mathis.label).toMatch(/^Mathis [\d.]+ Mbit\/s \(p 0\.3 %, RTT 31\.2 ms\)$/);
    expect(mathis.detail).toContain('9 fast retransmits + 3 RTOs over 4,000 segments sent');
    expect(padhye.detail).toContain('T0 = 200 ms');
    expect(padhye.detail).toContain(`Wmax = ${flow.tcp.maxWindow} segments`);
  });

  it('no loss yet: the capacity only, and a note', () => {
    const t = tcp1Lines({ segmentsSent: 800, fastRetransmits: 0, rtos: 0, meanRtt: 0.03 });
    expect(t.lines.map((l) => l.kind)).toEqual(['capacity']);
    expect(t.notes).toEqual(['no loss yet (p = 0 over 800 segments): no Mathis or Padhye line']);
  });

  it('before the first counters, and with counters that make no sense: notes, no crash', () => {
    expect(tcp1Lines(null).notes).toEqual(['no segment sent yet: no Mathis or Padhye line']);
    const odd = tcp1Lines({ segmentsSent: 2, fastRetransmits: 9, meanRtt: 0.03 });
    expect(odd.lines.map((l) => l.kind)).toEqual(['capacity']);
    expect(tcp1Lines({ segmentsSent: 20, fastRetransmits: 1 }).notes).toEqual(['no RTT sample yet: no Mathis or Padhye line']);
    expect(theoryLines(lesson, null, ['ghost'], { kind: 'flow', index: 0 }, lessonRoutes).notes[0]).toMatch(/ghost is not in the scenario/);
    expect(theoryLines(lesson, null, ids, { kind: 'flow', index: 5 }, lessonRoutes).notes).toEqual(['no flow to compare with']);
  });

  it('a variant the models do not describe: a note instead of the lines', () => {
    const cubic = preset('first-lesson');
    cubic.flows[0].tcp.variant = 'cubic';
    const t = tcp1Lines({ segmentsSent: 4000, fastRetransmits: 9, rtos: 3, meanRtt: 0.03 }, cubic);
    expect(t.lines.map((l) => l.kind)).toEqual(['capacity']);
    expect(t.notes[0]).toMatch(/tcp1 runs cubic/);
  });
});

describe('all flows of a run together', () => {
  it('paper 004: no model (Tahoe among them) but the shared 60 Mbit/s bottleneck', () => {
    const dumbbell = preset('paper004');
    const ids = dumbbell.flows.map((f) => f.id);
    const t = theoryLines(
      dumbbell,
      { flows: ids.map((id) => ({ id, segmentsSent: 1000, fastRetransmits: 2, rtos: 0, meanRtt: 0.2 })) },
      ids,
      { kind: 'all' },
      dumbbellRoutes,
    );
    expect(t.subject).toBe('all 3 flows');
    expect(t.lines.map((l) => [l.kind, l.value])).toEqual([['capacity', 60e6]]);
    expect(t.notes[0]).toMatch(/tahoe runs tahoe/);
    // The Reno flow alone has its lines.
    const reno = theoryLines(
      dumbbell,
      { flows: ids.map((id) => ({ id, segmentsSent: 1000, fastRetransmits: 2, rtos: 0, meanRtt: 0.2 })) },
      ids,
      { kind: 'flow', index: 1 },
      dumbbellRoutes,
    );
    expect(reno.lines.map((l) => l.kind)).toEqual(['capacity', 'mathis', 'padhye']);
  });

  it('the sum over the flows that have sent, at their pooled p and mean RTT', () => {
    const dumbbell = preset('paper004');
    for (const f of dumbbell.flows) f.tcp.variant = 'newreno';
    const ids = dumbbell.flows.map((f) => f.id);
    const summary = {
      flows: [
        { id: ids[0], segmentsSent: 1000, fastRetransmits: 2, rtos: 1, meanRtt: 0.2 },
        { id: ids[1], segmentsSent: 3000, fastRetransmits: 3, rtos: 0, meanRtt: 0.3 },
        { id: ids[2], segmentsSent: 0 },
      ],
    };
    const t = theoryLines(dumbbell, summary, ids, { kind: 'all' }, dumbbellRoutes);
    const p = 6 / 4000;
    const rtt = 0.25;
    const mss = dumbbell.flows[0].tcp.mss;
    expect(t.measure?.p).toBe(p);
    expect(t.lines.find((l) => l.kind === 'mathis')!.value).toBeCloseTo(2 * mathisRate({ mss, rtt, p })!, 6);
    expect(t.lines.find((l) => l.kind === 'mathis')!.detail).toContain('summed over the 2 flows that have sent');
    expect(t.lines.find((l) => l.kind === 'padhye')!.label).toContain(`p ${formatLossRate(p)}`);
  });

  it('flows with different bottlenecks: no capacity line, and why', async () => {
    const two = preset('paper004');
    const access = two.links.find((l) => l.id === 'a0')!;
    access.rate = 1e6;
    const ids = two.flows.map((f) => f.id);
    const t = theoryLines(two, null, ids, { kind: 'all' }, await engineRoutesOf(two));
    expect(t.lines).toEqual([]);
    expect(t.notes[0]).toMatch(/different bottlenecks \(a0, bottleneck\)/);
  });
});

describe('the capacity line on the engine’s routes', () => {
  it('is on the links the engine’s data route takes: costs send the data through E3’s narrow access', async () => {
    const s = dataCheaperThroughE3();
    const t = theoryLines(s, null, ['tcp1'], { kind: 'flow', index: 0 }, await engineRoutesOf(s));
    const capacity = t.lines.find((l) => l.kind === 'capacity')!;
    expect(capacity.value).toBe(E3_ACCESS_RATE);
    expect(capacity.detail).toContain('link access3 (E3 → Client)');
  });

  it('is absent before the engine has loaded the scenario, with a note saying so', () => {
    const t = theoryLines(preset('first-lesson'), null, ['tcp1'], { kind: 'flow', index: 0 }, null);
    expect(t.lines.map((l) => l.kind)).toEqual([]);
    expect(t.notes[0]).toBe(`no capacity line: ${NO_ROUTES_YET}`);
  });
});

describe('formats', () => {
  it('p in percent with three significant digits', () => {
    expect(formatLossRate(0.00213)).toBe('0.213 %');
    expect(formatLossRate(0.01)).toBe('1 %');
    expect(formatLossRate(4.3e-5)).toBe('0.0043 %');
  });
});
