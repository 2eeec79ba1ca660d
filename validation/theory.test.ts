// Pins the theory checks of docs/validation.md ("Theory (a)" and "(b)"), with shorter runs
// of the same specs: Erlang-B burst loss on a bufferless link; Padhye's and Mathis' TCP
// throughput with one segment per burst; the correlation benefit of 1 ms assembly.
import { describe, expect, it } from 'vitest';
import type { Summary } from '@obs-tcp-sim/scenario';
import { mean, pointScenarios, runAll } from './support';
// The same closed forms docs/validation.md is drawn against (one definition of each).
import { erlangB, mathisRate, padhyeRate } from '@obs-tcp-sim/theory';

const padhye = (mss: number, rtt: number, p: number, t0: number): number => padhyeRate({ mss, rtt, p, t0 })!;
const mathis = (mss: number, rtt: number, p: number): number => mathisRate({ mss, rtt, p })!;

const sendRate = (s: Summary, mss: number, duration: number) => (s.flows[0].segmentsSent * mss * 8) / duration;

describe('theory (a): Poisson burst loss on K wavelengths is Erlang-B (spec theory-erlang-b)', () => {
  it.each([
    { k: 2, load: 0.7 },
    { k: 8, load: 0.5 },
  ])('K = $k, load $load: within 7 percent of Erlang-B over 2 seeds x 8 s (sweep: within 1.2 percent)', async ({ k, load }) => {
    const runs = await runAll(
      pointScenarios('theory-erlang-b', load, { seeds: [7, 8], duration: 8, overrides: { 'links[out].wavelengths': k } }),
    );
    const loss = mean(runs.map((s) => (s.bursts.background?.droppedContention ?? NaN) / (s.bursts.background?.sent ?? NaN)));
    expect(loss / erlangB(k, load * k)).toBeGreaterThan(0.93);
    expect(loss / erlangB(k, load * k)).toBeLessThan(1.07);
  });
});

describe('theory (b): one Reno flow, random burst loss (specs theory-mathis-*)', () => {
  const MSS = 1460;
  const DURATION = 100;
  const T0 = 0.2;

  it('one segment per burst, p = 1 %: send rate within 20 % of Padhye (sweep: 0.98 of it) and below Mathis', async () => {
    const runs = await runAll(pointScenarios('theory-mathis-one-segment', 0.01, { seeds: [1, 2, 3], duration: DURATION }));
    const rate = mean(runs.map((s) => sendRate(s, MSS, DURATION)));
    const rtt = mean(runs.map((s) => s.flows[0].meanRtt ?? NaN));
    expect(rate / padhye(MSS, rtt, 0.01, T0)).toBeGreaterThan(0.8);
    expect(rate / padhye(MSS, rtt, 0.01, T0)).toBeLessThan(1.2);
    expect(rate).toBeLessThan(mathis(MSS, rtt, 0.01));
  });

  it('one segment per burst, p = 0.2 %: send rate within 20 % of Mathis (sweep: 1.00 of it)', async () => {
    const runs = await runAll(pointScenarios('theory-mathis-one-segment', 0.002, { seeds: [1, 2, 3], duration: DURATION }));
    const rate = mean(runs.map((s) => sendRate(s, MSS, DURATION)));
    const rtt = mean(runs.map((s) => s.flows[0].meanRtt ?? NaN));
    expect(rate / mathis(MSS, rtt, 0.002)).toBeGreaterThan(0.8);
    expect(rate / mathis(MSS, rtt, 0.002)).toBeLessThan(1.2);
  });

  it('correlation benefit: at burst loss 1 %, 1 ms assembly sends over 3x what one segment per burst sends (sweep: 6x)', async () => {
    const one = await runAll(pointScenarios('theory-mathis-one-segment', 0.01, { seeds: [1, 2], duration: 50 }));
    const win = await runAll(pointScenarios('theory-mathis-window-bursts', 0.01, { seeds: [1, 2], duration: 50 }));
    const ratio = mean(win.map((s) => sendRate(s, MSS, 50))) / mean(one.map((s) => sendRate(s, MSS, 50)));
    expect(ratio).toBeGreaterThan(3);
  });
});
