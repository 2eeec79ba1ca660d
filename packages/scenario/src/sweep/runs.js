// The runs of a sweep, in one fixed order: points in order (the first parameter's values
// outside, the second's inside), and for each point every seed in order.
// run index = point * seeds.length + seed index.

import { setAtPath } from './path.js';

/**
 * The points of a sweep: one per value of the parameter, or per pair of values on a grid.
 * @param {import('./index').Sweep} sweep
 * @returns {import('./index').SweepPoint[]}
 */
export function sweepPoints(sweep) {
  const [first, second] = sweep.axes;
  /** @type {import('./index').SweepPoint[]} */
  const points = [];
  for (const a of first.values) {
    if (!second) points.push({ index: points.length, values: [a] });
    else for (const b of second.values) points.push({ index: points.length, values: [a, b] });
  }
  return points;
}

/** @param {import('./index').Sweep} sweep */
export function sweepRunCount(sweep) {
  return sweep.axes.reduce((count, axis) => count * axis.values.length, 1) * sweep.seeds.length;
}

/**
 * The scenario of one run: the base with the point's values and the seed set.
 * @param {import('./index').Sweep} sweep
 * @param {number} index run index, 0 to sweepRunCount - 1
 * @returns {import('./index').SweepRun}
 */
export function sweepRun(sweep, index) {
  const count = sweepRunCount(sweep);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new RangeError(`run ${index} does not exist (the sweep has ${count} runs)`);
  const point = Math.floor(index / sweep.seeds.length);
  const seed = sweep.seeds[index % sweep.seeds.length];
  const values = pointValues(sweep, point);
  let scenario = sweep.base;
  sweep.axes.forEach((axis, a) => {
    for (const path of axis.paths) scenario = setAtPath(scenario, path, values[a]);
  });
  scenario = { ...scenario, seed };
  return { index, point, seed, values, scenario };
}

/**
 * Every run of the sweep, in run order.
 * @param {import('./index').Sweep} sweep
 */
export function expandSweep(sweep) {
  return Array.from({ length: sweepRunCount(sweep) }, (_, index) => sweepRun(sweep, index));
}

/** @param {import('./index').Sweep} sweep @param {number} point */
function pointValues(sweep, point) {
  const [first, second] = sweep.axes;
  if (!second) return [first.values[point]];
  return [first.values[Math.floor(point / second.values.length)], second.values[point % second.values.length]];
}
