// Pins paper 001's reproduction (docs/validation.md, "Paper 001"): on the paper001 preset,
// every high-speed variant beats Reno; goodput rises and falls with the burst size and the
// assembly time, the falls at large bursts and the low point at short timers coming from
// bursts overtaking each other (duplicate ACKs without any loss), not from losses; and it
// rises with the wavelengths. Single runs at the preset's own start times (the first run of
// each point of the sweeps), 10 s instead of the sweeps' 20 s, except Fig. 2 (the preset's
// 60 s, all 8 start times of its sweep). The sweeps' numbers are in the comments.
import { describe, expect, it } from 'vitest';
import type { Summary } from '@obs-tcp-sim/scenario';
import { mean, pointScenarios, readSpec, runAll, sumOverFlows } from './support';

const HIGH_SPEED = ['hstcp', 'bic', 'stcp', 'htcp', 'cubic'];
const DURATION = 10;

async function run(spec: string, value: number, duration?: number): Promise<Summary> {
  const [s] = await runAll(pointScenarios(spec, value, { seeds: [1], duration }));
  return s;
}

/** One run per value of the spec's parameter, one after another, each DURATION long. */
async function runEach(spec: string, values: number[]): Promise<Summary[]> {
  const out: Summary[] = [];
  for (const value of values) out.push(await run(spec, value, DURATION));
  return out;
}
const flow = (s: Summary, id: string) => s.flows.find((f) => f.id === id)!;
const total = sumOverFlows;

describe('paper 001: high-speed TCP variants over OBS (preset paper001)', () => {
  it('nothing is random: seeds 1 and 2 give the same run, a later CUBIC start another one (why the sweeps replicate over start times)', async () => {
    const [a, b] = await runAll(pointScenarios('paper001-variants', 0, { seeds: [1, 2], duration: 5 }));
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(b.flows.map((f) => f.goodput)).toEqual(a.flows.map((f) => f.goodput));
    const [shifted] = await runAll(pointScenarios('paper001-variants', 0.13, { seeds: [1], duration: 5 }));
    expect(shifted.fingerprint).not.toBe(a.fingerprint);
  });

  // Over the sweep's 8 start times of the CUBIC flow, not the first alone: since Reno's
  // fast retransmit has ns-2's recover guard (issue 20), Reno is no longer held down by
  // spurious halvings, and in single runs (start 0: Reno 11.3, HSTCP 8.1 Mbit/s) the
  // chaotic sharing of the wavelengths can put one high-speed flow below it.
  it(
    "Fig. 2: every high-speed variant above Reno on the mean of the sweep's 8 start times, as the paper says (60 s: Reno 7.8, HSTCP 10.0 ... STCP 72 Mbit/s)",
    { timeout: 600_000 },
    async () => {
      const starts = readSpec('paper001-variants').parameter.values as number[];
      const runs = await runAll(starts.flatMap((start) => pointScenarios('paper001-variants', start, { seeds: [1] })));
      const meanOf = (id: string) => mean(runs.map((s) => flow(s, id).goodput));
      const reno = meanOf('reno');
      expect(reno).toBeGreaterThan(3e6);
      for (const id of HIGH_SPEED) expect(meanOf(id), id).toBeGreaterThan(reno);
    },
  );

  it('Fig. 3: up from 40 KB to 640 KB, then down at 1.28 MB with no loss at all, only overtaken bursts (sweep: 115, 1164, 154 Mbit/s)', async () => {
    const [small, peak, large] = await runEach('paper001-burst-size', [40_000, 640_000, 1_280_000]);
    expect(peak.aggregate.goodput).toBeGreaterThan(4 * small.aggregate.goodput);
    expect(peak.aggregate.goodput).toBeGreaterThan(3 * large.aggregate.goodput);
    // The fall: nothing is dropped anywhere, yet every sender fast-retransmits: the duplicate
    // ACKs come from reordering (a later, shorter burst overtaking a long one).
    expect(large.bursts.dropped).toBe(0);
    expect(large.packets.queueDrops + large.packets.randomDrops).toBe(0);
    expect(total(large, 'rtos')).toBe(0);
    expect(total(large, 'fastRetransmits')).toBeGreaterThan(10);
  });

  it('Fig. 4: up from 0.1 ms to 0.5 ms (overtaking stops), then down to a low value at 100 ms (sweep: 124, 615, 10 Mbit/s)', async () => {
    const [short, peak, long] = await runEach('paper001-assembly-time', [0.0001, 0.0005, 0.1]);
    expect(peak.aggregate.goodput).toBeGreaterThan(2 * short.aggregate.goodput);
    expect(long.aggregate.goodput).toBeLessThan(0.15 * peak.aggregate.goodput);
    // At 0.1 ms few bursts are lost but the flows retransmit far more often than that.
    expect(total(short, 'fastRetransmits')).toBeGreaterThan(5 * short.bursts.data.dropped);
    // At 100 ms the ACKs wait for the timer: the RTT grows by most of it (sweep: 128 ms).
    expect(flow(long, 'reno').meanRtt).toBeGreaterThan(0.1);
  });

  it('Fig. 5: more wavelengths, fewer bursts lost, 1 > 4 > 6, and more goodput than one wavelength (sweep: 27, 124, 1006 Mbit/s)', async () => {
    const [one, four, six] = await runEach('paper001-wavelengths', [1, 4, 6]);
    // One start time over 10 s, where the sweep averages 8 over 20 s: the loss falls at every
    // step, goodput rises from one wavelength; between 4 and 6 a single short run is not the
    // mean (173 against 123 Mbit/s here since issue 20's Limited Transmit and H-TCP), so
    // that step is left to the sweep (docs/validation.md).
    expect(four.aggregate.goodput).toBeGreaterThan(1.2 * one.aggregate.goodput);
    expect(six.aggregate.goodput).toBeGreaterThan(1.2 * one.aggregate.goodput);
    const lossShare = (s: Summary) => s.bursts.data.droppedContention / s.bursts.data.sent;
    expect(lossShare(four)).toBeLessThan(lossShare(one));
    expect(lossShare(six)).toBeLessThan(lossShare(four));
  });
});
