/**
 * The sweep form, pure: the parameters a scenario offers (every numeric field it holds,
 * named by the scenario schema, with a free path for any other), the outputs, and the spec
 * the form stands for: the same spec the CLI reads, so a sweep made here can be run again
 * from the command line (docs/sweeps.md).
 */
import { numericPaths, PRESETS, type Scenario } from '@obs-tcp-sim/scenario';
import { getAtPath, resolveSweepSpec, SWEEP_LIMITS, SweepSpecError, type Sweep } from '@obs-tcp-sim/sweep';
import { BACKGROUND_CONTENTION_SHARE } from '../theory/erlangOverlay';

export interface ParameterChoice {
  /** One path, or several set together (both burst-loss classes). */
  paths: string[];
  label: string;
  /** Shown as percent (probabilities). */
  percent?: boolean;
}

/** The SI unit a sweep's values are written in, after the label. */
const SI_UNIT: Record<string, string> = { time: 's', rate: 'bit/s', bytes: 'bytes' };

export function parameterChoices(scenario: Scenario): ParameterChoice[] {
  const out: ParameterChoice[] = [
    { paths: ['obs.burstLoss.data'], label: 'data-burst drop probability', percent: true },
    { paths: ['obs.burstLoss.ack'], label: 'ACK-burst drop probability', percent: true },
    { paths: ['obs.burstLoss.data', 'obs.burstLoss.ack'], label: 'data and ACK burst drop probability together', percent: true },
  ];
  const listed = new Set(out.flatMap((c) => c.paths));
  for (const field of numericPaths(scenario)) {
    if (listed.has(field.idPath)) continue;
    const { quantity, suffix } = field.rule;
    const unit = SI_UNIT[quantity] ?? (quantity === 'plain' ? suffix : undefined);
    out.push({
      paths: [field.idPath],
      label: unit ? `${field.label} (${unit})` : field.label,
      ...(quantity === 'percent' ? { percent: true } : {}),
    });
  }
  return out.filter((c) => c.paths.every((p) => isNumberAt(scenario, p)));
}

function isNumberAt(scenario: Scenario, path: string): boolean {
  try {
    return typeof getAtPath(scenario, path) === 'number';
  } catch {
    return false;
  }
}

export interface OutputChoice {
  path: string;
  label: string;
  /** Display: divide by this, add the unit. */
  divide: number;
  unit: string;
}

export function outputChoices(scenario: Scenario): OutputChoice[] {
  const first = scenario.flows[0];
  const flowKey = first ? (first.count && first.count > 1 ? `${first.id}#0` : first.id) : '';
  const out: OutputChoice[] = [
    { path: 'aggregate.goodput', label: 'goodput, all flows', divide: 1e6, unit: 'Mbit/s' },
    { path: 'bursts.dropped', label: 'bursts dropped', divide: 1, unit: '' },
    { path: 'bursts.droppedContention', label: 'bursts dropped for contention', divide: 1, unit: '' },
    { path: 'bursts.meanSegments', label: 'segments per burst (mean)', divide: 1, unit: '' },
    { path: 'bursts.droppedContention / bursts.sent', label: 'burst loss to contention', divide: 0.01, unit: '%' },
  ];
  // What Erlang-B predicts (theory/erlangOverlay.ts): offered when there is a background to measure.
  if ((scenario.background ?? []).length > 0) {
    out.push({ path: BACKGROUND_CONTENTION_SHARE, label: 'background loss to contention', divide: 0.01, unit: '%' });
  }
  if (flowKey) {
    out.push(
      { path: `flows[${flowKey}].meanRtt`, label: `mean RTT of ${flowKey}`, divide: 1e-3, unit: 'ms' },
      { path: `flows[${flowKey}].rtos`, label: `RTOs of ${flowKey}`, divide: 1, unit: '' },
      { path: `flows[${flowKey}].fastRetransmits`, label: `fast retransmits of ${flowKey}`, divide: 1, unit: '' },
      { path: `flows[${flowKey}].meanCwnd`, label: `mean cwnd of ${flowKey}`, divide: 1, unit: 'segments' },
    );
  }
  return out;
}

export interface SweepFormState {
  /** Index into parameterChoices, or -1 for a path typed by hand. */
  choice: number;
  customPath: string;
  /** In display units (percent for probabilities). */
  from: string;
  to: string;
  steps: string;
  /**
   * How the values are spread from From to To: evenly (the default), or by a constant
   * factor (1e-4, 1e-3, 1e-2: even steps on a log axis, the papers' loss sweeps).
   */
  spacing?: 'even' | 'factor';
  seeds: string;
  output: string;
  /** Simulated seconds per run ('' = the scenario's own). */
  duration: string;
}

/** The spec the form stands for, with the scenario inline (docs/sweeps.md). */
export function specOf(scenario: Scenario, form: SweepFormState, choices: ParameterChoice[]): Record<string, unknown> {
  const choice = choices[form.choice];
  const paths = choice ? choice.paths : [form.customPath.trim()];
  const scale = choice?.percent ? 0.01 : 1;
  const overrides: Record<string, unknown> = {};
  if (form.duration.trim() !== '') overrides.duration = Number(form.duration);
  const from = Number(form.from);
  const to = Number(form.to);
  const steps = Number(form.steps);
  // Spread by a factor: the list itself (the spec's ranges are even). What cannot be spread
  // so stays a range, which the spec refuses by name (bad steps) or spacingProblem does.
  const byFactor = form.spacing === 'factor' ? factorValues(from, to, steps) : [];
  return {
    sweep: 1,
    name: `${scenario.name ?? 'scenario'}: ${choice ? choice.label : paths[0]}`,
    base: scenario,
    ...(Object.keys(overrides).length ? { overrides } : {}),
    parameter: {
      path: paths.length === 1 ? paths[0] : paths,
      // Percent to probability without 0.7 * 0.01 = 0.006999999999999999.
      values:
        byFactor.length > 0
          ? byFactor.map((v) => +(v * scale).toPrecision(12))
          : { from: +(from * scale).toPrecision(12), to: +(to * scale).toPrecision(12), steps },
    },
    seeds: Number(form.seeds),
    outputs: [form.output],
  };
}

/** Most values a sweep may have (the spec's own limit). */
export const MAX_STEPS = SWEEP_LIMITS.maxValues;

/**
 * `steps` values from `from` to `to`, both included, each the one before times the same
 * factor; rounded to 12 significant digits (0.01 to 1 in 3 steps gives 0.1, not
 * 0.09999999999999999). Empty when they cannot be spread so.
 */
export function factorValues(from: number, to: number, steps: number): number[] {
  if (
    !(from > 0) ||
    !(to > 0) ||
    !Number.isFinite(from) ||
    !Number.isFinite(to) ||
    !Number.isInteger(steps) ||
    steps < 2 ||
    steps > MAX_STEPS
  )
    return [];
  const last = steps - 1;
  const ratio = Math.log(to / from);
  return Array.from({ length: steps }, (_, k) =>
    k === 0 ? from : k === last ? to : +(from * Math.exp((ratio * k) / last)).toPrecision(12),
  );
}

/** Why the values cannot be spread by a factor, or null when they can (or are spread evenly). */
export function spacingProblem(form: Pick<SweepFormState, 'spacing' | 'from' | 'to'>): string | null {
  if (form.spacing !== 'factor') return null;
  const from = Number(form.from);
  const to = Number(form.to);
  if (form.from.trim() === '' || form.to.trim() === '' || !(from > 0) || !(to > 0) || !Number.isFinite(from) || !Number.isFinite(to)) {
    return 'values spread by a factor need From and To above 0';
  }
  return null;
}

/** A first range for a parameter: 0 to 1 % for probabilities, else the current value to twice it. */
export function defaultRange(scenario: Scenario, choice: ParameterChoice | undefined): { from: string; to: string } {
  if (!choice || choice.percent) return { from: '0', to: '1' };
  let current: number;
  try {
    current = Number(getAtPath(scenario, choice.paths[0]));
  } catch {
    current = 0;
  }
  if (!(current > 0)) return { from: '0', to: '1' };
  const integer = Number.isInteger(current);
  return {
    from: String(integer ? Math.max(1, Math.round(current / 2)) : +(current / 2).toPrecision(6)),
    to: String(integer ? current * 2 : +(current * 2).toPrecision(6)),
  };
}

/** The form's boxes a problem can be put under. */
export type SweepField = 'path' | 'from' | 'to' | 'steps' | 'seeds' | 'duration';

export interface FormProblem {
  /** The box it belongs under; null for the form as a whole. */
  field: SweepField | null;
  message: string;
}

const BOX_WORDS: Record<SweepField, string> = {
  path: 'Path',
  from: 'From',
  to: 'To',
  steps: 'Values',
  seeds: 'Seeds',
  duration: 'Simulated time per run',
};

/**
 * The form's first problem, put under the box it comes from: a box left empty or not a
 * number, then what the spec's checks refuse (resolveSweepSpec: the scenario's own rules
 * for each value, in the side panel's words). Null when the sweep can run.
 */
export function formProblem(scenario: Scenario, form: SweepFormState, choices: ParameterChoice[]): FormProblem | null {
  return checkSweepForm(scenario, form, choices).problem;
}

/** The form's problem, or the sweep it stands for, resolved once (the form reads both). */
export function checkSweepForm(
  scenario: Scenario,
  form: SweepFormState,
  choices: ParameterChoice[],
): { problem: FormProblem; sweep: null } | { problem: null; sweep: Sweep } {
  const refuse = (problem: FormProblem) => ({ problem, sweep: null }) as const;
  if (form.choice === -1 && form.customPath.trim() === '') {
    return refuse({ field: 'path', message: 'Path is empty: a number of the scenario, such as links[f1].rate' });
  }
  for (const field of ['from', 'to', 'steps', 'seeds'] as const) {
    const text = form[field].trim();
    if (text === '') return refuse({ field, message: `${BOX_WORDS[field]} is empty` });
    if (!Number.isFinite(Number(text))) return refuse({ field, message: `${BOX_WORDS[field]} must be a number` });
  }
  if (form.duration.trim() !== '' && !Number.isFinite(Number(form.duration))) {
    return refuse({ field: 'duration', message: `${BOX_WORDS.duration} must be a number of seconds, or empty for the scenario's own` });
  }
  const spacing = spacingProblem(form);
  if (spacing) return refuse({ field: Number(form.from) > 0 ? 'to' : 'from', message: spacing });
  try {
    return { problem: null, sweep: resolveSweepSpec(specOf(scenario, form, choices), { presets: PRESETS }) };
  } catch (error) {
    if (!(error instanceof SweepSpecError)) return refuse({ field: null, message: error instanceof Error ? error.message : String(error) });
    const field = boxOf(error.field, Number(form.steps));
    const rule = error.field === '' ? error.message : error.message.slice(error.field.length + 2);
    return refuse({ field, message: field ? `${BOX_WORDS[field]}: ${rule}` : error.message });
  }
}

/** The box a spec field was written from (a list spread by a factor: its ends are From and To). */
function boxOf(specField: string, steps: number): SweepField | null {
  if (specField === 'parameter.path' || specField.startsWith('parameter.path[')) return 'path';
  if (specField === 'parameter.values.from') return 'from';
  if (specField === 'parameter.values.to') return 'to';
  if (specField === 'parameter.values.steps' || specField === 'parameter.values') return 'steps';
  const listed = /^parameter\.values\[(\d+)\]$/.exec(specField);
  if (listed) return Number(listed[1]) === 0 ? 'from' : Number(listed[1]) === steps - 1 ? 'to' : 'steps';
  if (specField === 'seeds' || specField.startsWith('seeds[')) return 'seeds';
  if (specField === 'overrides.duration') return 'duration';
  return null;
}
