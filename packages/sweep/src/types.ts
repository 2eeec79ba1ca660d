// Types of the sweep module (docs/sweeps.md), shared by spec.ts, path.ts, runs.ts, stats.ts,
// results.ts and shards.ts and re-exported by index.ts.
import type { Scenario, ScenarioFile } from '@obs-tcp-sim/scenario';

export interface ResolveOptions {
  /** For `"base": { "preset": id }`: pass PRESETS. */
  presets?: readonly { id: string; scenario: Scenario }[];
  /** For `"base": "file.json"` (the CLI): returns the parsed scenario or throws Error. */
  readBase?: (path: string) => unknown;
}

/** A value a parameter takes: a number, a string (`"cubic"`) or a boolean, as the field holds. */
export type SweepScalar = number | string | boolean;

/**
 * One value of an axis: a scalar every path of the axis is set to, or (an axis of
 * combinations) a list holding one value per path, in the order of `paths`.
 */
export type SweepValue = SweepScalar | SweepScalar[];

/**
 * One swept parameter. Either every path is set to the same value at each point (`values`
 * scalars), or the axis lists combinations (`values` lists, one value per path): the
 * explicit points a grid would not give, such as (reno, 0.01), (cubic, 0.02).
 */
export interface SweepAxis {
  paths: string[];
  values: SweepValue[];
}

/** A checked spec: what every other function takes. */
export interface Sweep {
  format: 1;
  name: string;
  /**
   * The base scenario with the spec's overrides applied, as the spec wrote it: a field it
   * leaves out is the engine's default, and stays out of the sweep's hash.
   */
  base: ScenarioFile;
  /** One axis, or several for a grid: every combination, the first axis outermost. */
  axes: SweepAxis[];
  seeds: number[];
  /** Summary paths, e.g. `aggregate.goodput`, or ratios of two, `a / b` (outputTerms). */
  outputs: string[];
  /** sweepHash of the rest: identifies the sweep in shard files. */
  hash: string;
}

export interface SweepPoint {
  index: number;
  /** One value per axis. */
  values: SweepValue[];
}

export interface SweepRun {
  /** point * seeds.length + seed index. */
  index: number;
  point: number;
  seed: number;
  values: SweepValue[];
  /** The scenario of this run (base, overrides, the point's values, the seed), as the spec wrote it. */
  scenario: ScenarioFile;
}

/** What one run gives: its index and its outputs in the order of sweep.outputs. */
export interface RunResult {
  run: number;
  outputs: (number | null)[];
}

export interface SampleStats {
  n: number;
  mean: number | null;
  /** Sample standard deviation; null below 2 samples. */
  sd: number | null;
  /** Half-width of the 95 % confidence interval of the mean (Student's t); null below 2 samples. */
  ci95: number | null;
}

export interface OutputStats extends SampleStats {
  low: number | null;
  high: number | null;
  /**
   * mean, low and high divided by the mean of the point at the first value of the first
   * axis and the same values of the others (on a grid, one reference per column); null
   * when that mean is 0.
   */
  normalised: { mean: number; low: number | null; high: number | null } | null;
}

export interface PointResult {
  point: number;
  values: SweepValue[];
  /** Runs of this point (= seeds); OutputStats.n may be lower where an output was null. */
  runs: number;
  /** In the order of sweep.outputs. */
  outputs: OutputStats[];
}

export interface SweepResults {
  sweep: Sweep;
  /** Which engine build made the runs (16 hex digits of the wasm's SHA-256), where known: the CLI's sweeps and merges. */
  engine?: string;
  /** The version of the tool that wrote them (obs-sim's, or the app's), where known: with `engine`, what made them. */
  version?: string;
  points: PointResult[];
  /** In run order. */
  runs: RunResult[];
  /**
   * Only for a partial merge (`merge --partial`): the runs it had no result of, in order,
   * and those that failed with their reason; the statistics cover the other runs.
   */
  incomplete?: { missing: number[]; failed: { run: number; reason: string }[] };
}

/** Shard i of N, i from 1 to N. */
export interface Shard {
  index: number;
  count: number;
}

/** The first line of a shard file (format 4, JSON Lines): which sweep, build and shard its runs belong to. */
export interface ShardHeader {
  /** 4; formats 1 to 3 are refused as made by an older version. */
  obsSweepShard: 4;
  hash: string;
  /** The engine build that made the runs (16 hex digits of the wasm's SHA-256): merge refuses shards of different builds. */
  engine: string;
  /** "i/N". */
  shard: string;
  /** The runs of the shard. */
  runCount: number;
  sweep: Omit<Sweep, 'hash'>;
}

/** A run that did not finish (an engine error, a run budget), with the reason, on one line. */
export interface FailedRun {
  run: number;
  reason: string;
}

/** What became of a run: its outputs, or why it failed. */
export type RunOutcome = RunResult | FailedRun;

/** A shard file that passed readShardText. */
export interface ShardContent {
  name: string;
  hash: string;
  engine: string;
  shard: Shard;
  /** The sweep in the file, resolved again as a spec would be. */
  sweep: Sweep;
  /** The runs that finished, in run order, each output null or a number within the limits. */
  runs: RunResult[];
  /** The runs that failed, in run order. */
  failed: FailedRun[];
  /** The shard's runs the file has no line for, in order. */
  missing: number[];
  /** What was forgiven (a last line cut short), one sentence each. */
  notes: string[];
}

export type { PathStep } from '@obs-tcp-sim/scenario/path-grammar';
