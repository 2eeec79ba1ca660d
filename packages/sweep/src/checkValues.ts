// A sweep's values against the scenario's own rules, before any run: each value against
// its field's rule (checkNumber, the sentence the side panel shows under the field), and
// the scenario at each end of each axis against the whole schema (rules between fields).
// Without it a value the engine refuses (a probability of -3 %) was found mid-sweep, in
// the engine's units, after the runs before it had been spent.
import { checkNumber, NUMBER_RULES, validateScenario } from '@obs-tcp-sim/scenario/schema';
import { parsePath, setAtPath } from './path';
import type { SweepAxis } from './types';

/** Why a swept value is refused, and where in the spec it was written. */
export interface ValueProblem {
  field: string;
  rule: string;
}

/** "links[f1].wavelengths" -> "links[].wavelengths": the key NUMBER_RULES is written under. */
export function genericOfPath(path: string): string {
  let out = '';
  for (const step of parsePath(path)) out += 'key' in step ? (out === '' ? step.key : `.${step.key}`) : '[]';
  return out;
}

/**
 * The first value of `axis` refused, or null. `written` is how the spec gave the values:
 * a range (its ends are `from` and `to`, the values between come from `steps`) or a list.
 */
export function sweptValueProblem(
  base: Record<string, unknown>,
  axis: SweepAxis,
  field: string,
  written: 'range' | 'list',
): ValueProblem | null {
  const last = axis.values.length - 1;
  const where = (k: number) =>
    written === 'list'
      ? `${field}.values[${k}]`
      : k === 0
        ? `${field}.values.from`
        : k === last
          ? `${field}.values.to`
          : `${field}.values.steps`;
  // The ends first: a range's middle values are refused only for what its ends are not (a whole number).
  const order = [0, last, ...axis.values.keys()].filter((k, i, all) => all.indexOf(k) === i);
  for (const path of axis.paths) {
    const rule = NUMBER_RULES[genericOfPath(path)];
    if (!rule) continue;
    for (const k of order) {
      const reason = checkNumber(axis.values[k], rule);
      if (reason === null) continue;
      const inRange =
        written === 'range' && k !== 0 && k !== last ? ` (${axis.values[k]} is value ${k + 1} of ${last + 1} from the range)` : '';
      return { field: where(k), rule: `${reason}${inRange}` };
    }
  }
  // Rules between fields (a minimum above its maximum, an offset too short for the path):
  // the whole scenario at each end of the axis, others as in the base.
  for (const k of order.slice(0, 2)) {
    let scenario: unknown = base;
    for (const path of axis.paths) scenario = setAtPath(scenario as Record<string, unknown>, path, axis.values[k]);
    const issue = validateScenario(scenario)[0];
    if (issue) return { field: where(k), rule: `with ${axis.values[k]}, ${issue.path ? `${issue.path}: ` : ''}${issue.message}` };
  }
  return null;
}
