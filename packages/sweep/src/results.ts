// From the summaries of a sweep's runs to a table per point: n, mean, sd, 95 % CI and the
// series normalised to the first point; and that table as CSV or JSON text. The text
// depends only on the sweep and the run results, never on the order they arrived in.

import { csvTextCell, quoteInput } from '@obs-tcp-sim/scenario/safe-text';
import { collectAll, parseOutputTerm, reduceValues } from './aggregates';
import { describeValue, getAtPath, outputTerms, showInput } from './path';
import { axisStrides, axisValueOf, sweepPoints, sweepRunCount } from './runs';
import { SWEEP_LIMITS } from './spec';
import { describeSamples } from './stats';
import type { OutputStats, RunResult, Sweep, SweepResults, SweepValue } from './types';

/**
 * Whether `x` may be an output of a run: null (a value that does not exist, such as the
 * completion time of an unfinished transfer) or a finite number of magnitude at most
 * SWEEP_LIMITS.maxOutputMagnitude. The same rule for a run's summary, the app's pool and a
 * shard file, so nothing a sweep writes is refused by merge and nothing else gets in.
 */
export function isOutputValue(x: unknown): x is number | null {
  return x === null || (typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= SWEEP_LIMITS.maxOutputMagnitude);
}

/**
 * One output of a run's summary: the number at its path, a reduction over a list
 * (`sum(flows[].goodput)`, aggregates.ts), or the ratio of two of these (outputTerms).
 * Null when the summary holds null there (a file transfer that did not finish has
 * completionTime null), when a reduction has nothing to reduce, or for a ratio over 0 (no
 * share of nothing sent). Throws Error naming the path when it leads nowhere or to
 * something that is not a number.
 */
export function readOutput(summary: unknown, output: string): number | null {
  const terms = outputTerms(output);
  if (terms.length === 1) return readTerm(summary, output);
  const over = readTerm(summary, terms[0]);
  const under = readTerm(summary, terms[1]);
  if (over === null || under === null || under === 0) return null;
  const ratio = over / under;
  return isOutputValue(ratio) ? ratio : null;
}

function readTerm(summary: unknown, text: string): number | null {
  const term = parseOutputTerm(text);
  if (!('aggregate' in term)) return readPath(summary, term.path);
  const value = reduceValues(term.aggregate, collectAll(summary, term.path));
  if (value !== null && !isOutputValue(value))
    throw new Error(
      `${showInput(text)} is ${value}, outside what an output may be (a finite number of magnitude at most ${SWEEP_LIMITS.maxOutputMagnitude})`,
    );
  return value;
}

function readPath(summary: unknown, path: string): number | null {
  const value = getAtPath(summary, path);
  if (value === null) return null;
  if (typeof value === 'number') {
    if (!isOutputValue(value))
      throw new Error(
        `${showInput(path)} is ${value}, outside what an output may be (a finite number of magnitude at most ${SWEEP_LIMITS.maxOutputMagnitude})`,
      );
    return value;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const numeric = Object.keys(value).filter((key) => typeof (value as Record<string, unknown>)[key] === 'number');
    const shown = numeric.slice(0, 6).map((key) => `${showInput(path, 60)}.${showInput(key, 30)}`);
    throw new Error(
      `${showInput(path)} is an object, not a number${numeric.length ? ` (its numbers: ${shown.join(', ')}${numeric.length > 6 ? ', ...' : ''})` : ''}`,
    );
  }
  throw new Error(`${showInput(path)} is ${describeValue(value)}, not a number`);
}

/**
 * The sweep's outputs read from one run's summary, in the order of sweep.outputs.
 * Throws Error whose message starts with `outputs[i]: `.
 */
export function collectOutputs(sweep: Sweep, summary: unknown): (number | null)[] {
  return sweep.outputs.map((path, i) => {
    try {
      return readOutput(summary, path);
    } catch (error) {
      throw new Error(`outputs[${i}]: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  });
}

/**
 * Statistics per point from every run's outputs (in any order). Throws Error when a run is
 * missing or given twice, or its outputs do not match the sweep.
 */
export function summarizeSweep(sweep: Sweep, results: readonly RunResult[]): SweepResults {
  const count = sweepRunCount(sweep);
  const byRun: (RunResult | undefined)[] = new Array(count);
  for (const result of results) {
    if (!Number.isInteger(result.run) || result.run < 0 || result.run >= count)
      throw new Error(`run ${quoteInput(result.run, 20)} does not exist (the sweep has ${count} runs)`);
    if (byRun[result.run]) throw new Error(`run ${result.run} is given twice`);
    if (!Array.isArray(result.outputs) || result.outputs.length !== sweep.outputs.length || !result.outputs.every(isOutputValue)) {
      throw new Error(
        `run ${result.run}: expected ${sweep.outputs.length} outputs (null or finite numbers of magnitude at most ${SWEEP_LIMITS.maxOutputMagnitude})`,
      );
    }
    byRun[result.run] = result;
  }
  const missing = byRun.findIndex((r) => r === undefined);
  if (missing >= 0 || byRun.length < count) throw new Error(`run ${missing < 0 ? byRun.length : missing} has no result`);
  const runs = (byRun as RunResult[]).map((r) => ({ run: r.run, outputs: r.outputs.slice() }));

  const seeds = sweep.seeds.length;
  const points = sweepPoints(sweep).map((point) => ({
    point: point.index,
    values: point.values,
    runs: seeds,
    outputs: sweep.outputs.map((_, o): OutputStats => {
      const samples: number[] = [];
      for (let s = 0; s < seeds; s++) {
        const x = runs[point.index * seeds + s].outputs[o];
        if (x !== null) samples.push(x);
      }
      const stats = describeSamples(samples);
      const { mean, ci95 } = stats;
      return {
        ...stats,
        low: mean === null || ci95 === null ? null : mean - ci95,
        high: mean === null || ci95 === null ? null : mean + ci95,
        normalised: null,
      };
    }),
  }));
  // Normalised to the first value of the first axis, the other axes' values the same: on a
  // grid, one reference per combination of the others.
  const inner = axisStrides(sweep)[0];
  for (const point of points) {
    point.outputs.forEach((stats, o) => {
      const reference = points[point.point % inner].outputs[o].mean;
      if (reference === null || reference === 0 || stats.mean === null) return;
      const scale = (x: number | null) => (x === null ? null : x / reference);
      const [low, high] = reference > 0 ? [scale(stats.low), scale(stats.high)] : [scale(stats.high), scale(stats.low)];
      stats.normalised = { mean: stats.mean / reference, low, high };
    });
  }
  return { sweep, points, runs };
}

/**
 * A swept value as a CSV cell: a number by formatNumber, a boolean as true or false, a
 * string as text (csvTextCell: quoted where needed, never read as a formula).
 */
function valueCell(value: string | number | boolean): string {
  if (typeof value === 'number') return formatNumber(value);
  return typeof value === 'boolean' ? String(value) : csvTextCell(value);
}

/**
 * A number as CSV or JSON text: the shortest text that reads back as the same double
 * (ECMAScript's Number::toString), so equal numbers give equal text everywhere.
 * null, NaN and infinities give the empty string.
 */
export function formatNumber(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '';
  return Object.is(x, -0) ? '0' : String(x);
}

function parameterColumns(sweep: Sweep): string[] {
  return sweep.axes.flatMap((axis) => axis.paths);
}

function parameterCells(sweep: Sweep, values: readonly SweepValue[]): string[] {
  return sweep.axes.flatMap((axis, a) => axis.paths.map((_, p) => valueCell(axisValueOf(values[a], p))));
}

/**
 * The header's cells are text (paths hold ids from the scenario: a flow named
 * `=HYPERLINK(...)` must not become a formula in a spreadsheet), so they go through
 * csvTextCell, as do swept strings (valueCell); every other cell is a number written by
 * formatNumber (or empty) and keeps its sign.
 */
function csvText(header: string[], rows: string[][]): string {
  return [header.map(csvTextCell), ...rows].map((row) => `${row.join(',')}\n`).join('');
}

/**
 * What made the results, as the last columns of every row where the engine build is known
 * (the CLI's sweeps and merges, the app's sweeps): `engine` (16 hex digits of the wasm's
 * SHA-256), `version` and `sweep` (the spec's hash). Columns, not a line above the
 * header, so pandas.read_csv reads the file as it is (a `#` comment line cannot be
 * skipped safely: ids such as `tcp1#0` hold the character).
 */
function provenanceColumns(results: SweepResults): { header: string[]; cells: string[] } {
  if (results.engine === undefined) return { header: [], cells: [] };
  return {
    header: ['engine', 'version', 'sweep'],
    cells: [csvTextCell(results.engine), csvTextCell(results.version ?? ''), csvTextCell(results.sweep.hash)],
  };
}

/**
 * One row per point: point, the parameter value(s) (one column per path), runs, then per
 * output `<path>:n`, `:mean`, `:sd`, `:ci95` (half-width), `:low`, `:high`, `:norm`,
 * `:norm_low`, `:norm_high`, then what made them (provenanceColumns). Empty cells where a
 * value does not exist (sd of one run).
 */
export function sweepCsv(results: SweepResults): string {
  const { sweep } = results;
  const header = ['point', ...parameterColumns(sweep), 'runs'];
  for (const path of sweep.outputs) {
    for (const column of ['n', 'mean', 'sd', 'ci95', 'low', 'high', 'norm', 'norm_low', 'norm_high']) header.push(`${path}:${column}`);
  }
  const made = provenanceColumns(results);
  header.push(...made.header);
  const rows = results.points.map((point) => {
    const row = [String(point.point), ...parameterCells(sweep, point.values), String(point.runs)];
    for (const s of point.outputs) {
      row.push(
        String(s.n),
        ...[s.mean, s.sd, s.ci95, s.low, s.high, s.normalised?.mean, s.normalised?.low, s.normalised?.high].map(formatNumber),
      );
    }
    row.push(...made.cells);
    return row;
  });
  return csvText(header, rows);
}

/**
 * One row per run: run, point, the parameter value(s), seed, then each output, then what
 * made them (provenanceColumns; each run's own scenario hash is in --keep-runs).
 */
export function sweepRunsCsv(results: SweepResults): string {
  const { sweep } = results;
  const made = provenanceColumns(results);
  const header = ['run', 'point', ...parameterColumns(sweep), 'seed', ...sweep.outputs, ...made.header];
  const seeds = sweep.seeds.length;
  const rows = results.runs.map((run) => {
    const point = Math.floor(run.run / seeds);
    return [
      String(run.run),
      String(point),
      ...parameterCells(sweep, results.points[point].values),
      String(sweep.seeds[run.run % seeds]),
      ...run.outputs.map(formatNumber),
      ...made.cells,
    ];
  });
  return csvText(header, rows);
}

/**
 * Everything as one JSON document (format in docs/sweeps.md): the sweep as resolved, the
 * statistics per point and every run's outputs. Two spaces of indent, newline at the end.
 */
export function sweepJson(results: SweepResults): string {
  const { sweep } = results;
  const seeds = sweep.seeds.length;
  const document = {
    obsSweepResults: 1,
    hash: sweep.hash,
    // Which engine build made the runs: the same whether run whole or merged from shards.
    ...(results.engine === undefined ? {} : { engine: results.engine }),
    ...(results.version === undefined ? {} : { version: results.version }),
    // A partial merge says what it lacks: its statistics are over the other runs.
    ...(results.incomplete === undefined ? {} : { incomplete: results.incomplete }),
    name: sweep.name,
    parameters: sweep.axes.map((axis) => ({ paths: axis.paths, values: axis.values })),
    seeds: sweep.seeds,
    outputs: sweep.outputs,
    points: results.points.map((point) => ({
      point: point.point,
      values: point.values,
      runs: point.runs,
      outputs: Object.fromEntries(sweep.outputs.map((path, o) => [path, point.outputs[o]])),
    })),
    runs: results.runs.map((run) => ({
      run: run.run,
      point: Math.floor(run.run / seeds),
      seed: sweep.seeds[run.run % seeds],
      outputs: Object.fromEntries(sweep.outputs.map((path, o) => [path, run.outputs[o]])),
    })),
    base: sweep.base,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
