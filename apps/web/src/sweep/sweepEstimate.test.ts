import { describe, expect, it } from 'vitest';
import { defaultScenario, type Scenario } from '@obs-tcp-sim/scenario';
import { estimateSweep, formatWallTime, scaleTrial } from './sweepEstimate';

describe('a sweep timed before it starts', () => {
  it('scales a trial to the runs, in rounds of one run per worker', () => {
    // 0.5 s of wall for 1 of 10 simulated seconds: 5 s a run; 5 runs on 2 workers is 3 rounds.
    expect(scaleTrial({ simulated: 1, wall: 0.5 }, 10, 5, 2)).toBeCloseTo(15, 9);
    expect(scaleTrial({ simulated: 1, wall: 0.5 }, 10, 4, 2)).toBeCloseTo(10, 9);
  });

  it('says it in a unit a person reads', () => {
    expect(formatWallTime(0.2)).toBe('about 1 s');
    expect(formatWallTime(40)).toBe('about 40 s');
    expect(formatWallTime(12 * 60)).toBe('about 12 min');
    expect(formatWallTime(3.5 * 3600)).toBe('about 3.5 h');
  });

  it('lengthens a trial too short to time, and never past the whole run', async () => {
    const asked: number[] = [];
    // A fake engine on a fake clock: 0.1 s of wall per simulated second.
    let clock = 0;
    const spawn = () => ({
      async runToEnd(s: Scenario) {
        asked.push(s.duration);
        clock += s.duration * 100;
        return { summary: {} } as never;
      },
      dispose() {},
    });
    const scenario = { ...(defaultScenario as Scenario), duration: 10 };
    const e = (await estimateSweep(
      scenario,
      100,
      2,
      () => false,
      spawn,
      () => clock,
    ))!;
    // 0.2 s (2 % of the run) takes 0.02 s: too short; 0.8 s, 0.08 s; 3.2 s, 0.32 s: timed.
    expect(asked).toEqual([0.2, 0.8, 3.2]);
    expect(e.trialWall).toBeCloseTo(0.32, 9);
    // 1 s of wall per run, 50 rounds on 2 workers.
    expect(e.seconds).toBeCloseTo(50, 6);
    clock = 0;
    asked.length = 0;
    // A run too fast to time at all: the trial stops at the whole run.
    const quick = { ...scenario, duration: 1 };
    await estimateSweep(
      quick,
      100,
      2,
      () => false,
      () => ({ runToEnd: async (s: Scenario) => (asked.push(s.duration), {}) as never, dispose() {} }),
      () => clock,
    );
    expect(asked.at(-1)).toBe(1);
  });

  it('stops when the form changed meanwhile', async () => {
    let disposed = false;
    const spawn = () => ({ runToEnd: async () => ({ summary: {} }) as never, dispose: () => void (disposed = true) });
    expect(await estimateSweep({ ...(defaultScenario as Scenario), duration: 1 }, 100, 2, () => true, spawn)).toBeNull();
    expect(disposed).toBe(true);
  });
});
