/**
 * How long a sweep will take, said before it starts: one trial run of its first scenario,
 * shortened, timed on an engine worker, then scaled to the runs and the workers. A trial
 * too short to time well is doubled until it takes a measurable while (or reaches the
 * whole run). Only sweeps of many runs are tried: a small one says its count alone.
 */
import { createEngine, type EngineClient } from '@obs-tcp-sim/engine';
import type { Scenario } from '@obs-tcp-sim/scenario';

/** From this many runs on, the form says how long they would take. */
export const ESTIMATE_FROM_RUNS = 50;
/** A trial's wall time worth scaling from, seconds. */
const MEASURABLE_S = 0.25;
const FIRST_TRIAL_SHARE = 0.02;
const MIN_TRIAL_S = 0.02;

export interface SweepEstimate {
  /** Wall seconds the whole sweep should take on `workers`. */
  seconds: number;
  /** The trial: simulated and wall seconds. */
  trialSimulated: number;
  trialWall: number;
}

/** Wall seconds for `runs` runs of `duration` simulated seconds each, on `workers`, from a trial. */
export function scaleTrial(trial: { simulated: number; wall: number }, duration: number, runs: number, workers: number): number {
  const perRun = (trial.wall * duration) / trial.simulated;
  // The runs go in rounds of one per worker.
  return perRun * Math.ceil(runs / Math.max(1, workers));
}

/** "about 40 s", "about 12 min", "about 3.5 h". */
export function formatWallTime(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} min`;
  return `about ${(seconds / 3600).toFixed(1)} h`;
}

/**
 * Times a trial of `scenario` and scales it. `spawn` makes the engine (a worker in the
 * app); `cancelled` is checked between trials, so a form changed meanwhile stops it.
 */
export async function estimateSweep(
  scenario: Scenario,
  runs: number,
  workers: number,
  cancelled: () => boolean,
  spawn: () => Pick<EngineClient, 'runToEnd' | 'dispose'> = () => createEngine(),
  /** Milliseconds (a test's clock). */
  now: () => number = () => performance.now(),
): Promise<SweepEstimate | null> {
  const duration = scenario.duration;
  const engine = spawn();
  try {
    let simulated = Math.min(duration, Math.max(MIN_TRIAL_S, duration * FIRST_TRIAL_SHARE));
    for (;;) {
      const since = now();
      await engine.runToEnd({ ...scenario, duration: simulated });
      const wall = (now() - since) / 1000;
      if (cancelled()) return null;
      if (wall >= MEASURABLE_S || simulated >= duration) {
        return { seconds: scaleTrial({ simulated, wall }, duration, runs, workers), trialSimulated: simulated, trialWall: wall };
      }
      simulated = Math.min(duration, simulated * 4);
    }
  } finally {
    engine.dispose();
  }
}
