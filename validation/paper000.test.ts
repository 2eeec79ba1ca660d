// Pins paper 000's reproduction (docs/validation.md, "Paper 000"): on the paper000 preset,
// data-burst loss hurts far more than ACK-burst loss. Short runs (5 s, 3 seeds) of the
// specs validation/specs/paper000-*.json; the full sweeps (20 s, 10 seeds) gave
// data DP 1 %: 0.11, ACK DP 1 %: 0.74, ACK DP 5 %: 0.23 of the lossless goodput.
import { beforeAll, describe, expect, it } from 'vitest';
import { mean, pointScenarios, runAll } from './support';

const SEEDS = [1, 2, 3];
const DURATION = 5;

async function normalised(spec: string, dp: number): Promise<number[]> {
  const runs = await runAll(pointScenarios(spec, dp, { seeds: SEEDS, duration: DURATION }));
  return runs.map((s) => s.aggregate.goodput / lossless);
}

let lossless = NaN;

describe('paper 000: data-burst loss vs ACK-burst loss (preset paper000, 5 s, 3 seeds)', () => {
  beforeAll(async () => {
    const [run] = await runAll(pointScenarios('paper000-data-loss', 0, { seeds: [1], duration: DURATION }));
    lossless = run.aggregate.goodput;
  });

  it('the lossless run fills most of the 64 KB window: above 150 Mbit/s (20 s sweep: 223 Mbit/s)', () => {
    expect(lossless).toBeGreaterThan(150e6);
  });

  it('pins "data DP 1 % leaves far less than 30 %": below 0.25 of the lossless goodput (sweep: 0.11)', async () => {
    const g = mean(await normalised('paper000-data-loss', 0.01));
    expect(g).toBeLessThan(0.25);
    expect(g).toBeGreaterThan(0.03);
  });

  it('pins "ACK DP 1 % leaves about 73 %": between 0.5 and 0.95 (sweep: 0.74)', async () => {
    const g = mean(await normalised('paper000-ack-loss', 0.01));
    expect(g).toBeGreaterThan(0.5);
    expect(g).toBeLessThan(0.95);
  });

  it('pins "ACK DP 5 % hurts in the range of data DP 1 %": below 0.45 (sweep: 0.23)', async () => {
    const g = mean(await normalised('paper000-ack-loss', 0.05));
    expect(g).toBeLessThan(0.45);
  });

  it('pins "with both lost, ACK loss adds little": both 1 % within 0.1 below data 1 %', async () => {
    const both = mean(await normalised('paper000-both-loss', 0.01));
    const data = mean(await normalised('paper000-data-loss', 0.01));
    expect(both).toBeLessThanOrEqual(data + 0.03);
    expect(data - both).toBeLessThan(0.1);
  });
});
