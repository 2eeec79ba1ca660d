// Sweep spec format 1 (docs/sweeps.md): which scenario, which parameter over which
// values, how many seeds, which outputs. resolveSweepSpec checks a spec as written and
// returns the Sweep every other function takes; its errors name the field and the rule.

import type { ScenarioFile } from '@obs-tcp-sim/scenario';
import { canonicalJsonParts } from '@obs-tcp-sim/scenario/canonical-json';
import { quoteInput } from '@obs-tcp-sim/scenario/safe-text';
import { validateScenario } from '@obs-tcp-sim/scenario/schema';
import type { ResolveOptions, Sweep, SweepAxis, SweepScalar, SweepValue } from './types';
import { describeValue, locate, outputTerms, parsePath, setAtPath, showInput } from './path';
import { sweptValueProblem } from './checkValues';
import { parseOutputTerm } from './aggregates';

export const SWEEP_FORMAT = 1 as const;

/**
 * Generous bounds: a sweep larger than these belongs in several sweeps. Shard files are
 * held to the same (shards.js), so a file cannot make merge allocate more than a spec can.
 * maxOutputMagnitude bounds every output value: sums of squares of 1000 seeds of such
 * values stay finite, and no summary number of the engine comes near it.
 */
export const SWEEP_LIMITS: Readonly<{
  maxValues: number;
  maxSeeds: number;
  maxRuns: number;
  maxOutputs: number;
  maxPaths: number;
  /** Axes of a grid (`parameters`). */
  maxAxes: number;
  /** Entries of `overrides`. */
  maxOverrides: number;
  /** Characters of one path (parameter, override or output). */
  maxPathLength: number;
  /** Characters of `name`. */
  maxNameLength: number;
  /** Largest magnitude of an output value (see isOutputValue). */
  maxOutputMagnitude: number;
}> = Object.freeze({
  maxValues: 1000,
  maxSeeds: 1000,
  maxRuns: 1_000_000,
  maxOutputs: 50,
  maxPaths: 10,
  maxAxes: 8,
  maxOverrides: 1000,
  maxPathLength: 1000,
  maxNameLength: 200,
  maxOutputMagnitude: 1e100,
});

const TOP_FIELDS = ['sweep', 'name', 'base', 'overrides', 'parameter', 'parameter2', 'parameters', 'seeds', 'outputs'];
const UINT32_MAX = 4294967295;

/** A spec the sweep functions refuse; `field` is where in the spec (`parameter.path`). */
export class SweepSpecError extends Error {
  override name = 'SweepSpecError' as const;
  /** Where in the spec: `parameter.values.steps`, `seeds[2]`, `outputs[0]`; '' for the whole spec. */
  readonly field: string;
  constructor(field: string, rule: string) {
    super(field === '' ? rule : `${field}: ${rule}`);
    this.field = field;
  }
}

/**
 * Checks a spec (`spec`: the parsed JSON of a spec file) and returns the Sweep to run.
 * Throws SweepSpecError.
 */
export function resolveSweepSpec(spec: unknown, options: ResolveOptions = {}): Sweep {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    throw new SweepSpecError('', `a sweep spec is a JSON object, not ${describeValue(spec)}`);
  }
  const s = spec as Record<string, unknown>;
  for (const key of Object.keys(s)) {
    if (!TOP_FIELDS.includes(key)) throw new SweepSpecError(showInput(key), `unknown field (a sweep spec has ${TOP_FIELDS.join(', ')})`);
  }
  if (s.sweep !== SWEEP_FORMAT) {
    throw new SweepSpecError(
      'sweep',
      `must be ${SWEEP_FORMAT} (the format version), got ${s.sweep === undefined ? 'nothing' : quoteInput(s.sweep)}`,
    );
  }
  if (s.name !== undefined) checkName(s.name);

  let base = resolveBase(s.base, options);
  base = applyOverrides(base, s.overrides);
  checkBase(base, s.overrides);

  const axes = resolveAxes(base, s);
  const seeds = resolveSeeds(s.seeds, (base as { seed?: unknown }).seed);
  const outputs = resolveOutputs(s.outputs);
  const points = axes.reduce((count, axis) => count * axis.values.length, 1);
  if (points * seeds.length > SWEEP_LIMITS.maxRuns) {
    throw new SweepSpecError(
      'seeds',
      `${points} points x ${seeds.length} seeds is ${points * seeds.length} runs, more than ${SWEEP_LIMITS.maxRuns}`,
    );
  }
  const name = typeof s.name === 'string' ? s.name : typeof base.name === 'string' ? base.name : 'sweep';
  const body = { format: SWEEP_FORMAT, name, base, axes, seeds, outputs };
  return { ...body, hash: sweepHash(body) };
}

// C0 and C1 controls, line and paragraph separators, bidirectional marks, embeddings,
// overrides and isolates, and other invisible format characters: a name is shown in the
// app and in results files, and must read as what it is.
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;

function checkName(name: unknown): void {
  if (typeof name !== 'string') throw new SweepSpecError('name', `must be a string, not ${describeValue(name)}`);
  if (name.length > SWEEP_LIMITS.maxNameLength)
    throw new SweepSpecError('name', `must be at most ${SWEEP_LIMITS.maxNameLength} characters (it has ${name.length})`);
  const bad = UNSAFE_IN_NAME.exec(name);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw new SweepSpecError(
      'name',
      `must not contain control, bidirectional or invisible format characters (found U+${code} at character ${bad.index + 1})`,
    );
  }
}

/** A path of the spec: a string of at most maxPathLength characters. */
function checkPathText(path: unknown, field: string): asserts path is string {
  if (typeof path !== 'string') throw new SweepSpecError(field, `must be a path like "obs.burstLoss.data", not ${describeValue(path)}`);
  if (path.length > SWEEP_LIMITS.maxPathLength)
    throw new SweepSpecError(field, `must be at most ${SWEEP_LIMITS.maxPathLength} characters (it has ${path.length})`);
}

function resolveBase(base: unknown, options: ResolveOptions): Record<string, unknown> {
  if (base === undefined)
    throw new SweepSpecError('base', 'missing: a scenario object, { "preset": "<id>" } or (in the CLI) a scenario file path');
  if (typeof base === 'string') {
    if (!options.readBase)
      throw new SweepSpecError('base', 'a file path works only in the CLI; give the scenario itself or { "preset": "<id>" }');
    let read;
    try {
      read = options.readBase(base);
    } catch (error) {
      throw new SweepSpecError('base', `${showInput(base)}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return checkScenarioObject(read, 'base');
  }
  if (base !== null && typeof base === 'object' && !Array.isArray(base) && 'preset' in base) {
    const keys = Object.keys(base);
    if (keys.length !== 1) {
      const others = keys.filter((k) => k !== 'preset');
      throw new SweepSpecError(
        'base',
        `{ "preset": ... } takes no other field (found ${others
          .slice(0, 5)
          .map((k) => showInput(k, 40))
          .join(', ')}${others.length > 5 ? ', ...' : ''}); use overrides to change the preset`,
      );
    }
    const id = (base as { preset: unknown }).preset;
    const presets = options.presets ?? [];
    const preset = presets.find((p) => p.id === id);
    if (!preset) {
      throw new SweepSpecError(
        'base.preset',
        `${quoteInput(id)} is not a preset (${presets.length ? `presets are ${presets.map((p) => p.id).join(', ')}` : 'no presets were given'})`,
      );
    }
    return structuredCloneJson(preset.scenario);
  }
  return checkScenarioObject(base, 'base');
}

function checkScenarioObject(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SweepSpecError(field, `must be a scenario object, { "preset": "<id>" } or a file path, not ${describeValue(value)}`);
  }
  return structuredCloneJson(value);
}

/** A deep copy through JSON: what a scenario is, and free of frozen or shared parts. */
function structuredCloneJson(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value));
}

function applyOverrides(base: Record<string, unknown>, overrides: unknown): Record<string, unknown> {
  if (overrides === undefined) return base;
  if (overrides === null || typeof overrides !== 'object' || Array.isArray(overrides)) {
    throw new SweepSpecError('overrides', `must be an object of path: value, like { "duration": 5 }, not ${describeValue(overrides)}`);
  }
  const entries = Object.entries(overrides);
  if (entries.length > SWEEP_LIMITS.maxOverrides)
    throw new SweepSpecError('overrides', `must hold at most ${SWEEP_LIMITS.maxOverrides} paths (it holds ${entries.length})`);
  let scenario = base;
  for (const [path, value] of entries) {
    const field = `overrides.${showInput(path)}`;
    if (path.length > SWEEP_LIMITS.maxPathLength)
      throw new SweepSpecError(field, `must be at most ${SWEEP_LIMITS.maxPathLength} characters (it has ${path.length})`);
    if (value === undefined || (typeof value === 'number' && !Number.isFinite(value)))
      throw new SweepSpecError(field, 'must be a JSON value');
    try {
      const head = parsePath(path)[0];
      if ('key' in head && head.key === 'version') throw new Error('the scenario format version cannot be overridden');
      scenario = setAtPath(scenario, path, value);
    } catch (error) {
      throw new SweepSpecError(field, messageOf(error));
    }
  }
  return scenario;
}

/**
 * The axes a spec writes: `parameter` (and `parameter2` for a grid of two), or `parameters`,
 * a list of any number up to maxAxes for a grid of as many dimensions. Each sets its own
 * paths: a path swept by two axes would be set twice.
 */
function resolveAxes(base: Record<string, unknown>, s: Record<string, unknown>): SweepAxis[] {
  let written: { axis: unknown; field: string }[];
  if (s.parameters !== undefined) {
    const both = ['parameter', 'parameter2'].find((key) => s[key] !== undefined);
    if (both) throw new SweepSpecError(both, 'give either parameters (a list) or parameter and parameter2, not both');
    const list = s.parameters;
    if (!Array.isArray(list) || list.length < 1 || list.length > SWEEP_LIMITS.maxAxes)
      throw new SweepSpecError(
        'parameters',
        `must be a list of 1 to ${SWEEP_LIMITS.maxAxes} parameters, each { "path": ..., "values": [...] }, not ${describeValue(list)}${Array.isArray(list) ? ` of ${list.length}` : ''}`,
      );
    written = list.map((axis, i) => ({ axis, field: `parameters[${i}]` }));
  } else {
    if (s.parameter2 !== undefined && s.parameter === undefined)
      throw new SweepSpecError('parameter', 'missing: parameter2 is the second parameter of a grid, after parameter');
    written = [{ axis: s.parameter, field: 'parameter' }];
    if (s.parameter2 !== undefined) written.push({ axis: s.parameter2, field: 'parameter2' });
  }
  const axes: SweepAxis[] = [];
  const sweptBy = new Map<string, string>();
  for (const { axis, field } of written) {
    const resolved = resolveAxis(base, axis, field);
    resolved.paths.forEach((path, p) => {
      const earlier = sweptBy.get(path);
      const where = typeof (axis as { path?: unknown }).path === 'string' ? `${field}.path` : `${field}.path[${p}]`;
      if (earlier !== undefined) throw new SweepSpecError(where, `${showInput(path)} is already swept by ${earlier}`);
      sweptBy.set(path, field);
    });
    axes.push(resolved);
  }
  return axes;
}

function resolveAxis(base: Record<string, unknown>, parameter: unknown, field: string): SweepAxis {
  if (parameter === undefined)
    throw new SweepSpecError(field, 'missing: { "path": "obs.burstLoss.data", "values": { "from": 0, "to": 0.01, "steps": 6 } }');
  if (parameter === null || typeof parameter !== 'object' || Array.isArray(parameter)) {
    throw new SweepSpecError(field, `must be an object with path and values, not ${describeValue(parameter)}`);
  }
  const p = parameter as Record<string, unknown>;
  for (const key of Object.keys(p)) {
    if (key !== 'path' && key !== 'values')
      throw new SweepSpecError(`${field}.${showInput(key)}`, 'unknown field (a parameter has path and values)');
  }
  const paths = typeof p.path === 'string' ? [p.path] : p.path;
  if (
    !Array.isArray(paths) ||
    paths.length === 0 ||
    paths.length > SWEEP_LIMITS.maxPaths ||
    paths.some((path) => typeof path !== 'string')
  ) {
    throw new SweepSpecError(
      `${field}.path`,
      `must be a path like "obs.burstLoss.data", or a list of 1 to ${SWEEP_LIMITS.maxPaths} paths (set to the same value, or each to its own in a list of combinations)`,
    );
  }
  paths.forEach((path: string, i) => {
    const where = typeof p.path === 'string' ? `${field}.path` : `${field}.path[${i}]`;
    checkPathText(path, where);
    if (paths.indexOf(path) !== i) throw new SweepSpecError(where, `${showInput(path)} is listed twice`);
    const head = parsePathOrNull(path)?.[0].key;
    if (head === 'seed') throw new SweepSpecError(where, 'the seed is swept by "seeds", not as a parameter');
    if (head === 'version') throw new SweepSpecError(where, 'the scenario format version cannot be swept');
    // The field must be in the base (overrides can add an optional one): a misspelt path
    // is refused here, not run as the base a thousand times.
    let value: unknown;
    try {
      value = locate(base, path).value;
    } catch (error) {
      throw new SweepSpecError(where, messageOf(error));
    }
    if (value === null || typeof value === 'object')
      throw new SweepSpecError(
        where,
        `${showInput(path)} is ${describeValue(value)} in the base scenario; a sweep sets numbers, strings and booleans (sweep the fields inside it)`,
      );
  });
  const written = Array.isArray(p.values) ? 'list' : 'range';
  const values =
    written === 'list' ? resolveList(p.values as unknown[], `${field}.values`, paths) : resolveRange(p.values, `${field}.values`);
  const axis = { paths: paths.slice(), values };
  const problem = sweptValueProblem(base, axis, field, written);
  if (problem) throw new SweepSpecError(problem.field, problem.rule);
  return axis;
}

/**
 * The base as the runs will start from it, against the scenario's rules: a problem an
 * override made is named at that override, any other at the base.
 */
/** Throws unless the schema accepts the base: then it is a scenario as a file may write it. */
function checkBase(base: Record<string, unknown>, overrides: unknown): asserts base is ScenarioFile {
  const issue = validateScenario(base)[0];
  if (!issue) return;
  const changed = overrides && typeof overrides === 'object' ? Object.keys(overrides) : [];
  const by = changed.find((path) => issue.path === path || issue.path.startsWith(`${path}.`) || issue.path.startsWith(`${path}[`));
  throw new SweepSpecError(
    by === undefined ? 'base' : `overrides.${showInput(by)}`,
    issue.path ? `${issue.path}: ${issue.message}` : issue.message,
  );
}

function parsePathOrNull(path: string): [{ key?: string }] | null {
  try {
    return parsePath(path) as [{ key?: string }];
  } catch {
    return null;
  }
}

/**
 * A list of values: scalars (every path set to each), or, with several paths, lists of one
 * value per path (combinations). Whether a field takes a value is the schema's to say
 * (sweptValueProblem): a field may take a number or a name (`obs.offset`: 0.001 or "auto").
 */
function resolveList(values: unknown[], field: string, paths: string[]): SweepValue[] {
  if (values.length < 1 || values.length > SWEEP_LIMITS.maxValues)
    throw new SweepSpecError(field, `must hold 1 to ${SWEEP_LIMITS.maxValues} values (it holds ${values.length})`);
  const combined = paths.length > 1 && Array.isArray(values[0]);
  return values.map((value, i) => {
    const where = `${field}[${i}]`;
    if (!combined) {
      if (Array.isArray(value))
        throw new SweepSpecError(
          where,
          paths.length > 1
            ? `is a list, but ${field}[0] is not: give every value as one value for all paths, or every value as a list of one per path`
            : 'must be a number, string or boolean (a list of values per path needs a list of paths)',
        );
      checkScalar(value, where);
      return value as SweepScalar;
    }
    if (!Array.isArray(value) || value.length !== paths.length)
      throw new SweepSpecError(
        where,
        `must be a list of ${paths.length} values, one per path (${paths.map((path) => showInput(path, 40)).join(', ')}), as ${field}[0] is; not ${describeValue(value)}${Array.isArray(value) ? ` of ${value.length}` : ''}`,
      );
    value.forEach((one, p) => checkScalar(one, `${where}[${p}]`));
    return value.slice() as SweepScalar[];
  });
}

/** A value a field may be set to: a finite number, a string or a boolean. */
function checkScalar(value: unknown, where: string): void {
  const own = typeof value;
  if (!((own === 'number' && Number.isFinite(value)) || own === 'string' || own === 'boolean'))
    throw new SweepSpecError(where, `must be a finite number, a string or a boolean, not ${describeValue(value)}`);
}

function resolveRange(values: unknown, field: string): number[] {
  if (values === null || typeof values !== 'object') {
    throw new SweepSpecError(field, `must be a list of values or { "from": a, "to": b, "steps": n }, not ${describeValue(values)}`);
  }
  const v = values as Record<string, unknown>;
  for (const key of Object.keys(v)) {
    if (!['from', 'to', 'steps'].includes(key))
      throw new SweepSpecError(`${field}.${showInput(key)}`, 'unknown field (a range has from, to and steps)');
  }
  for (const key of ['from', 'to']) {
    if (typeof v[key] !== 'number' || !Number.isFinite(v[key]))
      throw new SweepSpecError(`${field}.${key}`, `must be a finite number, not ${describeValue(v[key])}`);
  }
  const steps = v.steps;
  if (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 2 || steps > SWEEP_LIMITS.maxValues) {
    throw new SweepSpecError(
      `${field}.steps`,
      `must be an integer from 2 to ${SWEEP_LIMITS.maxValues}${typeof steps === 'number' ? ` (got ${steps})` : ''}`,
    );
  }
  return linearValues(v.from as number, v.to as number, steps);
}

/**
 * `steps` values from `from` to `to`, both included, evenly spaced, rounded to 15
 * significant digits so that 0 to 0.01 in 11 steps gives 0.007, not 0.007000000000000001.
 * Plain arithmetic and toPrecision (exactly specified), so every JavaScript engine gives
 * the same doubles.
 */
export function linearValues(from: number, to: number, steps: number): number[] {
  const last = steps - 1;
  return Array.from({ length: steps }, (_, k) =>
    k === 0 ? from : k === last ? to : Number(((from * (last - k) + to * k) / last).toPrecision(15)),
  );
}

function resolveSeeds(seeds: unknown, baseSeed: unknown): number[] {
  if (seeds === undefined) throw new SweepSpecError('seeds', 'missing: a count (seeds base.seed, base.seed + 1, ...) or a list of seeds');
  if (typeof seeds === 'number') {
    if (!Number.isInteger(seeds) || seeds < 1 || seeds > SWEEP_LIMITS.maxSeeds) {
      throw new SweepSpecError('seeds', `a count of seeds must be an integer from 1 to ${SWEEP_LIMITS.maxSeeds} (got ${seeds})`);
    }
    if (typeof baseSeed !== 'number' || !Number.isInteger(baseSeed) || baseSeed < 0 || baseSeed > UINT32_MAX) {
      throw new SweepSpecError(
        'seeds',
        `a count needs the base scenario's seed to be an integer from 0 to ${UINT32_MAX} (it is ${describeValue(baseSeed)}); or list the seeds`,
      );
    }
    if (baseSeed + seeds - 1 > UINT32_MAX)
      throw new SweepSpecError('seeds', `base seed ${baseSeed} + ${seeds - 1} passes ${UINT32_MAX}; list the seeds instead`);
    return Array.from({ length: seeds }, (_, k) => baseSeed + k);
  }
  if (!Array.isArray(seeds) || seeds.length < 1 || seeds.length > SWEEP_LIMITS.maxSeeds) {
    throw new SweepSpecError(
      'seeds',
      `must be a count from 1 to ${SWEEP_LIMITS.maxSeeds} or a list of 1 to ${SWEEP_LIMITS.maxSeeds} seeds`,
    );
  }
  seeds.forEach((seed, i) => {
    if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > UINT32_MAX) {
      throw new SweepSpecError(
        `seeds[${i}]`,
        `must be an integer from 0 to ${UINT32_MAX}, not ${typeof seed === 'number' ? seed : describeValue(seed)}`,
      );
    }
    if (seeds.indexOf(seed) !== i) throw new SweepSpecError(`seeds[${i}]`, `${seed} is listed twice`);
  });
  return seeds.slice();
}

function resolveOutputs(outputs: unknown): string[] {
  if (outputs === undefined) return ['aggregate.goodput'];
  if (!Array.isArray(outputs) || outputs.length < 1 || outputs.length > SWEEP_LIMITS.maxOutputs) {
    throw new SweepSpecError(
      'outputs',
      `must be a list of 1 to ${SWEEP_LIMITS.maxOutputs} summary paths, reductions over a list or ratios of two, like ["aggregate.goodput", "jain(flows[].goodput)", "bursts.data.dropped / bursts.data.sent"]`,
    );
  }
  outputs.forEach((path, i) => {
    if (typeof path !== 'string') throw new SweepSpecError(`outputs[${i}]`, `must be a summary path, not ${describeValue(path)}`);
    checkPathText(path, `outputs[${i}]`);
    try {
      for (const term of outputTerms(path)) parseOutputTerm(term);
    } catch (error) {
      throw new SweepSpecError(`outputs[${i}]`, messageOf(error));
    }
    if (outputs.indexOf(path) !== i) throw new SweepSpecError(`outputs[${i}]`, `${showInput(path)} is listed twice`);
  });
  return outputs.slice();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * 16 hex digits identifying what a sweep computes: FNV-1a (64 bits) of its canonical
 * JSON (keys sorted). Detects shards of different sweeps; not a security measure.
 */
export function sweepHash(sweep: Omit<Sweep, 'hash'>): string {
  const { format, name, base, axes, seeds, outputs } = sweep;
  const hasher = new Fnv1a64();
  canonicalJsonParts({ format, name, base, axes, seeds, outputs }, (part) => hasher.update(part));
  return hasher.digest();
}

/**
 * FNV-1a, 64 bits, over UTF-16 code units, fed piece by piece (a shard's results may be
 * too long for one string). The 64-bit product is done in two 32-bit halves: the prime is
 * 2^40 + 0x1b3, so hash * prime = hash * 0x1b3 + (hash << 40).
 */
export class Fnv1a64 {
  private hi = 0xcbf29ce4;
  private lo = 0x84222325;

  update(text: string): void {
    let { hi, lo } = this;
    for (let i = 0; i < text.length; i++) {
      lo ^= text.charCodeAt(i);
      const low = (lo >>> 0) * 0x1b3; // < 2^41: exact
      const carry = Math.floor(low / 0x100000000);
      hi = (Math.imul(hi, 0x1b3) + (lo << 8) + carry) | 0;
      lo = low | 0;
    }
    this.hi = hi;
    this.lo = lo;
  }

  digest(): string {
    return (this.hi >>> 0).toString(16).padStart(8, '0') + (this.lo >>> 0).toString(16).padStart(8, '0');
  }
}
