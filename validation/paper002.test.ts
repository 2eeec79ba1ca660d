// Pins paper 002's reproduction (docs/validation.md, "Paper 002"): on the paper002 preset,
// goodput falls with the WLAN loss; the OBS drop hardly matters below the paper's fall
// point (5e-3) and does beyond; the mean RTT falls as the background load rises; and the
// reason is the paper's: background batches in the edges' assembly queues fill TCP's
// bursts, which the same background offered straight to the core does not. Short runs
// (5 s, 2 seeds) of the specs validation/specs/paper002-*.json; the sweeps' numbers
// (20 s, 5 seeds) are in the comments.
import { describe, expect, it } from 'vitest';
import type { Summary } from '@obs-tcp-sim/scenario';
import { mean, pointScenarios, runAll } from './support';

const SEEDS = [1, 2];
const DURATION = 5;
const loads = (load: number) => Object.fromEntries([0, 1, 2, 3, 4, 5].map((i) => [`background[${i}].load`, load]));

/** The surface's runs at one WLAN loss per try and one background load. */
function runs(spec: string, wlan: number, load: number, overrides: Record<string, unknown> = {}): Promise<Summary[]> {
  return runAll(pointScenarios(spec, wlan, { seeds: SEEDS, duration: DURATION, overrides: { ...loads(load), ...overrides } }));
}
const goodput = (rs: Summary[]) => mean(rs.map((s) => s.aggregate.goodput));
const rtt = (rs: Summary[]) => mean(rs.map((s) => s.flows[0].meanRtt));
const dropShare = (rs: Summary[]) => mean(rs.map((s) => s.bursts.dropped / s.bursts.sent));
const segmentsPerDataBurst = (rs: Summary[]) => mean(rs.map((s) => s.bursts.data.meanSegments));

describe('paper 002: TCP over 802.11b access and an OBS core (preset paper002, 5 s, 2 seeds)', () => {
  it('goodput falls with the WLAN loss per try: 0 > 0.3 > 0.5 by wide margins (sweep at load 0.3: 10.5, 5.3, 1.8 Mbit/s)', async () => {
    const [none, mid, high] = [
      await runs('paper002-surface', 0, 0.3),
      await runs('paper002-surface', 0.3, 0.3),
      await runs('paper002-surface', 0.5, 0.3),
    ];
    expect(goodput(none)).toBeGreaterThan(9e6);
    expect(goodput(mid)).toBeLessThan(0.65 * goodput(none));
    expect(goodput(high)).toBeLessThan(0.6 * goodput(mid));
  });

  it('OBS drop below the fall point hardly matters, beyond it it does (sweep, WLAN 0: 10.5, 10.3, 6.6 Mbit/s at drop 0, 9e-4, 1.2e-2)', async () => {
    const [ref, below, beyond] = [
      await runs('paper002-surface', 0, 0.1),
      await runs('paper002-surface', 0, 0.35),
      await runs('paper002-surface', 0, 0.425),
    ];
    expect(dropShare(below)).toBeLessThan(5e-3);
    expect(dropShare(beyond)).toBeGreaterThan(5e-3);
    expect(dropShare(beyond)).toBeLessThan(3e-2);
    expect(goodput(below)).toBeGreaterThan(0.9 * goodput(ref));
    expect(goodput(beyond)).toBeLessThan(0.85 * goodput(ref));
  });

  it('the mean RTT falls as the background load rises (sweep, WLAN 0.3: 44 ms at load 0.1, 26 ms at 0.4)', async () => {
    const [light, heavy] = [await runs('paper002-surface', 0.3, 0.1), await runs('paper002-surface', 0.3, 0.4)];
    expect(rtt(heavy)).toBeLessThan(rtt(light) - 0.008);
  });

  it("why: background in the assembly queues fills TCP's bursts and shortens its RTT before any drop; offered straight to the core it does not (window 20, WLAN 0.3)", async () => {
    const quiet = await runs('paper002-window20', 0.3, 0);
    const inQueues = await runs('paper002-window20', 0.3, 0.1);
    const toCore = await runs(
      'paper002-window20',
      0.3,
      0.1,
      Object.fromEntries([0, 1, 2, 3, 4, 5].map((i) => [`background[${i}].enterAssembly`, false])),
    );
    expect(dropShare(inQueues)).toBe(0);
    // Without background a data burst waits for the 10 ms timer and carries several segments.
    expect(segmentsPerDataBurst(quiet)).toBeGreaterThan(3);
    expect(segmentsPerDataBurst(inQueues)).toBeLessThan(2);
    expect(segmentsPerDataBurst(toCore)).toBeGreaterThan(3);
    expect(rtt(inQueues)).toBeLessThan(rtt(quiet) - 0.004);
    expect(rtt(toCore)).toBeGreaterThan(rtt(inQueues) + 0.004);
  });
});
