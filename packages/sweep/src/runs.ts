// The runs of a sweep, in one fixed order: points in order (the first axis's values
// outermost, the last's innermost), and for each point every seed in order.
// run index = point * seeds.length + seed index.

import type { ScenarioFile } from '@obs-tcp-sim/scenario';
import { setAtPath } from './path';
import type { Sweep, SweepAxis, SweepPoint, SweepRun, SweepScalar, SweepValue } from './types';

/**
 * The points of a sweep: one per value of the parameter, or per combination of values on
 * a grid of several.
 */
export function sweepPoints(sweep: Sweep): SweepPoint[] {
  return Array.from({ length: sweepPointCount(sweep) }, (_, index) => ({ index, values: pointValues(sweep, index) }));
}

export function sweepPointCount(sweep: Sweep): number {
  return sweep.axes.reduce((count, axis) => count * axis.values.length, 1);
}

export function sweepRunCount(sweep: Sweep): number {
  return sweepPointCount(sweep) * sweep.seeds.length;
}

/**
 * How many points apart two neighbouring values of each axis are: the product of the
 * lengths of the axes after it (1 for the last). Point = sum of value index x stride.
 */
export function axisStrides(sweep: Sweep): number[] {
  const strides = new Array<number>(sweep.axes.length);
  let stride = 1;
  for (let a = sweep.axes.length - 1; a >= 0; a--) {
    strides[a] = stride;
    stride *= sweep.axes[a].values.length;
  }
  return strides;
}

/** The value `axis` gives its path number `p` at `value` (a combination gives each path its own). */
export function axisValueOf(value: SweepValue, p: number): SweepScalar {
  return Array.isArray(value) ? value[p] : value;
}

/** Every path the axis sets, with its value at `value`. */
export function axisSettings(axis: SweepAxis, value: SweepValue): [string, SweepScalar][] {
  return axis.paths.map((path, p) => [path, axisValueOf(value, p)]);
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
    for (const [path, value] of axisSettings(axis, values[a])) scenario = setAtPath(scenario, path, value);
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

/** The point's value on each axis: its index read as digits, the last axis the fastest. */
function pointValues(sweep: Sweep, point: number): SweepValue[] {
  const values: SweepValue[] = new Array(sweep.axes.length);
  let rest = point;
  for (let a = sweep.axes.length - 1; a >= 0; a--) {
    const { values: axisValues } = sweep.axes[a];
    values[a] = axisValues[rest % axisValues.length];
    rest = Math.floor(rest / axisValues.length);
  }
  return values;
}
