// Types of the sweep module (index.js and the files it re-exports). The code is plain JS
// with JSDoc, like parse-scenario-text.js, so the Node CLI and its worker threads import
// it without a TypeScript step; tsconfig.json here type-checks the JS against this file.
import type { Scenario } from '../scenario';

/** Version of the sweep spec format (`"sweep": 1`). */
export declare const SWEEP_FORMAT: 1;
export declare const SWEEP_LIMITS: Readonly<{
  maxValues: number;
  maxSeeds: number;
  maxRuns: number;
  maxOutputs: number;
  maxPaths: number;
  /** Entries of `overrides`. */
  maxOverrides: number;
  /** Characters of one path (parameter, override or output). */
  maxPathLength: number;
  /** Characters of `name`. */
  maxNameLength: number;
  /** Largest magnitude of an output value (see isOutputValue). */
  maxOutputMagnitude: number;
}>;

/** A spec refused; the message is `field: rule`, e.g. `parameter.path: links[f9] names no link (links are f1, f2)`. */
export declare class SweepSpecError extends Error {
  name: 'SweepSpecError';
  /** Where in the spec: `parameter.values.steps`, `seeds[2]`, `outputs[0]`; '' for the whole spec. */
  field: string;
  constructor(field: string, rule: string);
}

export interface ResolveOptions {
  /** For `"base": { "preset": id }`: pass PRESETS. */
  presets?: readonly { id: string; scenario: Scenario }[];
  /** For `"base": "file.json"` (the CLI): returns the parsed scenario or throws Error. */
  readBase?: (path: string) => unknown;
}

/** One swept parameter: every path is set to the same value at each point. */
export interface SweepAxis {
  paths: string[];
  values: number[];
}

/** A checked spec: what every other function takes. */
export interface Sweep {
  format: 1;
  name: string;
  /** The base scenario with the spec's overrides applied. */
  base: Scenario;
  /** One axis, or two for a grid (the first outside, the second inside). */
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
  values: number[];
}

export interface SweepRun {
  /** point * seeds.length + seed index. */
  index: number;
  point: number;
  seed: number;
  values: number[];
  /** The full scenario of this run (base, overrides, the point's values, the seed). */
  scenario: Scenario;
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
  /** mean, low and high divided by the mean of the first point (per value of parameter2 on a grid); null when that mean is 0. */
  normalised: { mean: number; low: number | null; high: number | null } | null;
}

export interface PointResult {
  point: number;
  values: number[];
  /** Runs of this point (= seeds); OutputStats.n may be lower where an output was null. */
  runs: number;
  /** In the order of sweep.outputs. */
  outputs: OutputStats[];
}

export interface SweepResults {
  sweep: Sweep;
  points: PointResult[];
  /** In run order. */
  runs: RunResult[];
}

/** Shard i of N, i from 1 to N. */
export interface Shard {
  index: number;
  count: number;
}

export interface ShardFile {
  /** 2; format 1 (without resultsHash) is refused by merge as made by an older version. */
  obsSweepShard: 2;
  hash: string;
  /** "i/N". */
  shard: string;
  runCount: number;
  /** shardResultsHash(hash, shard, runs). */
  resultsHash: string;
  runs: RunResult[];
  sweep: Omit<Sweep, 'hash'>;
}

/** A shard file that passed checkShardFile. */
export interface CheckedShard {
  name: string;
  hash: string;
  shard: Shard;
  /** The sweep in the file, resolved again as a spec would be. */
  sweep: Sweep;
  /** The shard's runs, in order, each output null or a number within the limits. */
  runs: RunResult[];
}

export type PathStep = { key: string } | { index: number } | { id: string };

/** Checks a spec (parsed JSON) and returns the sweep. Throws SweepSpecError. */
export declare function resolveSweepSpec(spec: unknown, options?: ResolveOptions): Sweep;
export declare function sweepHash(sweep: Omit<Sweep, 'hash'>): string;
export declare function canonicalJson(value: unknown): string;
/** canonicalJson's text in pieces, for hashing without building one string. */
export declare function canonicalJsonParts(value: unknown, emit: (part: string) => void): void;
/** FNV-1a, 64 bits, over UTF-16 code units, fed piece by piece; digest() gives 16 hex digits. */
export declare class Fnv1a64 {
  update(text: string): void;
  digest(): string;
}
/** `steps` evenly spaced values from `from` to `to`, both included. */
export declare function linearValues(from: number, to: number, steps: number): number[];

/** Throws Error when malformed. */
export declare function parsePath(path: string): PathStep[];
/** The summary paths of an output: one, or two for a ratio `a / b`. */
export declare function outputTerms(output: string): [string] | [string, string];
/** Throws Error naming the step that leads nowhere (`links[f9] names no link (links are f1, f2)`). */
export declare function getAtPath(root: unknown, path: string): unknown;
/** A copy of root with value at path (root unchanged). The last key may be new; anything else must exist. */
export declare function setAtPath<T>(root: T, path: string, value: unknown): T;
/** A path, key or id from outside, unquoted in a message: unsafe characters escaped, cut so that the result (escapes included) holds at most `max` characters plus a count of the rest. */
export declare function showInput(text: unknown, max?: number): string;

export declare function sweepPoints(sweep: Sweep): SweepPoint[];
export declare function sweepRunCount(sweep: Sweep): number;
/** One run by index, without expanding the others. */
export declare function sweepRun(sweep: Sweep, index: number): SweepRun;
/** Every run, in run order. */
export declare function expandSweep(sweep: Sweep): SweepRun[];

/** t(0.975, df): exact to double for df <= 60, Cornish-Fisher beyond (relative error < 5e-10). */
export declare function tQuantile975(df: number): number;
export declare function describeSamples(samples: readonly number[]): SampleStats;

/** null, or a finite number of magnitude at most SWEEP_LIMITS.maxOutputMagnitude: what an output may be. */
export declare function isOutputValue(x: unknown): x is number | null;
/** A number (or null) at a summary path; throws Error naming the path otherwise. */
export declare function readOutput(summary: unknown, output: string): number | null;
/** The sweep's outputs from one summary; throws Error starting `outputs[i]: `. */
export declare function collectOutputs(sweep: Sweep, summary: unknown): (number | null)[];
/** Statistics per point; results in any order, each run exactly once (else throws Error). */
export declare function summarizeSweep(sweep: Sweep, results: readonly RunResult[]): SweepResults;
/** Shortest round-trip text of a number; '' for null, NaN and infinities. */
export declare function formatNumber(x: number | null | undefined): string;
/** One row per point (columns in docs/sweeps.md). */
export declare function sweepCsv(results: SweepResults): string;
/** One row per run. */
export declare function sweepRunsCsv(results: SweepResults): string;
/** The whole results document (format in docs/sweeps.md). */
export declare function sweepJson(results: SweepResults): string;

export declare const SHARD_FORMAT: 2;
/** The largest N of a shard i/N. */
export declare const MAX_SHARDS: number;
/** Reads "i/N" with 1 <= i <= N; throws Error. */
export declare function parseShard(text: string): Shard;
export declare function shardRunIndices(runCount: number, shard: Shard): number[];
/** FNV-1a (64 bits) of the canonical JSON of { hash, shard, runs }. */
export declare function shardResultsHash(hash: string, shard: string, runs: readonly RunResult[]): string;
export declare function makeShardFile(sweep: Sweep, shard: Shard, results: readonly RunResult[]): ShardFile;
export declare function shardJson(file: ShardFile): string;
/** One parsed shard file checked completely (format, types, limits, outputs, both hashes); throws Error naming the file and the field. */
export declare function checkShardFile(name: string, value: unknown): CheckedShard;
/** All N shard files of one sweep, any order, to the unsharded results; throws Error naming the file at fault. */
export declare function mergeShards(files: readonly { name: string; value: unknown }[]): SweepResults;
/** mergeShards after checkShardFile, with the first file's sweep. */
export declare function mergeCheckedShards(sweep: Sweep, shards: readonly Omit<CheckedShard, 'sweep'>[]): SweepResults;
