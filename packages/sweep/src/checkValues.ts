// A sweep's values against the scenario's own rules, before any run: each value against
// its field's rule (checkNumber, the sentence the side panel shows under the field), and
// the scenario at each end of each axis against the whole schema (rules between fields).
// Without it a value the engine refuses (a probability of -3 %) was found mid-sweep, in
// the engine's units, after the runs before it had been spent.
import { checkNumber, NUMBER_RULES, validateScenario } from '@obs-tcp-sim/scenario/schema';
import { quoteInput } from '@obs-tcp-sim/scenario/safe-text';
import { parsePath, setAtPath } from './path';
import { axisSettings, axisValueOf } from './runs';
import type { SweepAxis, SweepValue } from './types';

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
  const combined = axis.values.some(Array.isArray);
  const where = (k: number, p?: number) =>
    written === 'list'
      ? `${field}.values[${k}]${combined && p !== undefined ? `[${p}]` : ''}`
      : k === 0
        ? `${field}.values.from`
        : k === last
          ? `${field}.values.to`
          : `${field}.values.steps`;
  // The ends first: a range's middle values are refused only for what its ends are not (a whole number).
  const order = [0, last, ...axis.values.keys()].filter((k, i, all) => all.indexOf(k) === i);
  for (const [p, path] of axis.paths.entries()) {
    const rule = NUMBER_RULES[genericOfPath(path)];
    if (!rule) continue;
    for (const k of order) {
      const value = axisValueOf(axis.values[k], p);
      if (typeof value !== 'number') continue;
      const reason = checkNumber(value, rule);
      if (reason === null) continue;
      const inRange = written === 'range' && k !== 0 && k !== last ? ` (${value} is value ${k + 1} of ${last + 1} from the range)` : '';
      return { field: where(k, p), rule: `${reason}${inRange}` };
    }
  }
  // Rules between fields (a minimum above its maximum, an offset too short for the path)
  // and the rules of strings and booleans (a variant's name): the whole scenario, others as
  // in the base, at each end of a range of numbers, at every value of anything else (a
  // list of names or combinations is short, and its values are not in order).
  const numbersOnly = !combined && axis.values.every((value) => typeof value === 'number');
  for (const k of numbersOnly ? order.slice(0, 2) : order) {
    let scenario: unknown = base;
    for (const [path, value] of axisSettings(axis, axis.values[k])) scenario = setAtPath(scenario as Record<string, unknown>, path, value);
    const issue = validateScenario(scenario)[0];
    if (issue)
      return { field: where(k), rule: `with ${showValue(axis.values[k])}, ${issue.path ? `${issue.path}: ` : ''}${issue.message}` };
  }
  return null;
}

/** A swept value as the spec wrote it: 0.01, "cubic", true, ["reno", 0.01]. */
export function showValue(value: SweepValue): string {
  if (Array.isArray(value)) return `[${value.map(showValue).join(', ')}]`;
  return typeof value === 'string' ? quoteInput(value, 40) : String(value);
}
