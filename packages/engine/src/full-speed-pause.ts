// How hard the engine worker may run at full speed, for the machine the page is on.
// Apart from the runner so the page can say what "max" means without bundling the runner.
import type { RunnerOptions } from './simulation-runner';

/**
 * The full-speed slice and pause for a machine with `cores` logical processors. With two
 * or fewer, the engine runs 12 ms and pauses 4 ms (75 % of a core). Measured on the
 * 2-core test machine, paper 003's fast path at full speed, 5 s traces: the page's main
 * thread 35-40 % busy, longest task 24-39 ms (under the tracer), against 47-49 % and
 * 36-45 ms with no pause; pauses after 16 ms slices helped less (33-42 ms). In the e2e
 * measurement, no task of 50 ms or more in 15 runs, where about 1 run in 4 had one before.
 * With more cores the engine's core is its own and it never pauses.
 */
export function fullSpeedPause(cores: number): Pick<RunnerOptions, 'fullSpeedSliceMs' | 'fullSpeedRestMs'> {
  return cores > 2 ? {} : { fullSpeedSliceMs: 12, fullSpeedRestMs: 4 };
}

/** The share of wall time the engine rests at full speed on such a machine (0 to 1). */
export function fullSpeedRestShare(cores: number): number {
  const { fullSpeedSliceMs = 1, fullSpeedRestMs = 0 } = fullSpeedPause(cores);
  return fullSpeedRestMs / (fullSpeedSliceMs + fullSpeedRestMs);
}
