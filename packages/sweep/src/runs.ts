// The runs of a sweep, in one fixed order: points in order (the first parameter's values
// outside, the second's inside), and for each point every seed in order.
// run index = point * seeds.length + seed index.

import type { ScenarioFile } from '@obs-tcp-sim/scenario';
import { setAtPath } from './path';
import type { Sweep, SweepPoint, SweepRun } from './types';

/**
 * The points of a sweep: one per value of the parameter, or per pair of values on a grid.
 */
export function sweepPoints(sweep: Sweep): SweepPoint[] {
  const [first, second] = sweep.axes;
  const points: SweepPoint[] = [];
  for (const a of first.values) {
    if (!second) points.push({ index: points.length, values: [a] });
    else for (const b of second.values) points.push({ index: points.length, values: [a, b] });
  }
  return points;
}

export function sweepRunCount(sweep: Sweep): number {
  return sweep.axes.reduce((count, axis) => count * axis.values.length, 1) * sweep.seeds.length;
}

/**
 * The scenario of one run (`index` from 0 to sweepRunCount - 1): the base with the point's
 * values and the seed set.
 */
export function sweepRun(sweep: Sweep, index: number): SweepRun {
  const count = sweepRunCount(sweep);
  if (!Number.isInteger(index) || index < 0 || index >= count)
    throw new RangeError(`run ${index} does not exist (the sweep has ${count} runs)`);
  const point = Math.floor(index / sweep.seeds.length);
  const seed = sweep.seeds[index % sweep.seeds.length];
  const values = pointValues(sweep, point);
  let scenario: ScenarioFile = sweep.base;
  sweep.axes.forEach((axis, a) => {
    for (const path of axis.paths) scenario = setAtPath(scenario, path, values[a]);
  });
  scenario = { ...scenario, seed };
  return { index, point, seed, values, scenario };
}

/**
 * Every run of the sweep, in run order.
 */
export function expandSweep(sweep: Sweep): SweepRun[] {
  return Array.from({ length: sweepRunCount(sweep) }, (_, index) => sweepRun(sweep, index));
}

function pointValues(sweep: Sweep, point: number): number[] {
  const [first, second] = sweep.axes;
  if (!second) return [first.values[point]];
  return [first.values[Math.floor(point / second.values.length)], second.values[point % second.values.length]];
}
