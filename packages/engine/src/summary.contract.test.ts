// The summary's one description (summarySchema, packages/scenario/src/summary.ts, every
// object strict, the types inferred from it) against what the engine writes
// (wasm-core/src/simulation_summary.cc), through the wasm build: every preset, the
// scenario files of packages/scenario/scenarios and wasm-core/tests/scenarios, a run with
// a live change and a run the guard stops. Each summary must parse: no key the schema
// lacks, no required key missing, recursively. And every key the schema declares must turn
// up in some run, but for the few listed below with why no run here writes them.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRESETS, summarySchema } from '@obs-tcp-sim/scenario';
import { z } from 'zod';
import { loadEngineNode } from './node-engine';

const engine = await loadEngineNode();

/** Keys the schema declares that no engine run writes, each with the reason. */
const NOT_WRITTEN_BY_THE_ENGINE: Record<string, string> = {
  wallTime: 'the CLI adds it to the summary it prints',
  provenance: 'the CLI adds it to the summary it prints',
  'provenance.engine': 'the CLI adds it to the summary it prints',
  'provenance.version': 'the CLI adds it to the summary it prints',
  'provenance.scenario': 'the CLI adds it to the summary it prints',
  'provenance.seed': 'the CLI adds it to the summary it prints',
};

/** The scenario files: name and text. */
function scenarioFiles(dir: URL): [string, string][] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name, readFileSync(new URL(name, dir), 'utf8')]);
}

const runs: [string, string][] = [
  ...PRESETS.map((p): [string, string] => [`preset ${p.id}`, JSON.stringify(p.scenario)]),
  ...scenarioFiles(new URL('../../scenario/scenarios/', import.meta.url)),
  ...scenarioFiles(new URL('../../../wasm-core/tests/scenarios/', import.meta.url)),
];

/**
 * The summary after half a simulated second (the keys do not wait for the end; a twentieth
 * with many flows), with a live change half-way when `live` is given; with the work budget
 * `maxEvents`, run towards the end so that the guard stops it.
 */
function summaryOf(text: string, options: { live?: [string, number]; maxEvents?: number } = {}): unknown {
  const sim = new engine.module.Simulation(text, options.maxEvents ?? -1, -1);
  try {
    expect(sim.error()).toBe('');
    const heavy = (JSON.parse(text).flows ?? []).reduce((n: number, f: { count?: number }) => n + (f.count ?? 1), 0) > 50;
    const until = options.maxEvents ? sim.duration() : Math.min(sim.duration(), heavy ? 0.05 : 0.5);
    if (options.live) {
      sim.advanceTo(until / 2);
      expect(sim.setLive(...options.live)).toBe('');
    }
    sim.advanceTo(until);
    return JSON.parse(sim.summaryJson());
  } finally {
    sim.delete();
  }
}

/** Every key path a schema declares, arrays as `[]`: `flows[].completionTime`. */
function declaredPaths(schema: z.ZodType, at: string, out: Set<string>): Set<string> {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return declaredPaths(schema.unwrap() as z.ZodType, at, out);
  if (schema instanceof z.ZodArray) return declaredPaths(schema.element as z.ZodType, `${at}[]`, out);
  if (schema instanceof z.ZodObject) {
    for (const [key, child] of Object.entries(schema.shape)) {
      const path = at === '' ? key : `${at}.${key}`;
      out.add(path);
      declaredPaths(child as z.ZodType, path, out);
    }
  }
  return out;
}

/** Every key path a summary holds, in the same form. */
function writtenPaths(value: unknown, at: string, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) writtenPaths(item, `${at}[]`, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = at === '' ? key : `${at}.${key}`;
      out.add(path);
      writtenPaths(child, path, out);
    }
  }
  return out;
}

/** zod's refusal as one line per issue: where, and what. */
function describeRefusal(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.join('.') || '(top level)';
      if (issue.code === 'unrecognized_keys') return `${where}: keys the schema lacks: ${issue.keys.join(', ')}`;
      return `${where}: ${issue.message}`;
    })
    .join('\n');
}

/** Every run's summary: the scenario files, then the runs that bring out the optional keys. */
const summaries: [string, unknown][] = runs.map(([name, text]) => [name, summaryOf(text)]);
{
  const [name, text] = runs[0];
  summaries.push([`${name} with a live change (liveChanges)`, summaryOf(text, { live: ['obs.burstLoss.data', 0.02] })]);
  const withDrops = JSON.parse(text);
  withDrops.drops = [{ flow: withDrops.flows[0].id, packets: [3, 4, 5] }];
  summaries.push([`${name} with listed drops (packets.listedDrops)`, summaryOf(JSON.stringify(withDrops))]);
  // An offset shorter than the path's processing: every burst late, the flow gets nothing.
  const late = JSON.parse(text);
  late.obs = { ...late.obs, offset: 1e-6 };
  summaries.push([`${name} with an offset too short (warnings)`, summaryOf(JSON.stringify(late))]);
  const windowed = JSON.parse(text);
  windowed.measure = { from: 0.001 };
  summaries.push([`${name} with a measurement window (measure)`, summaryOf(JSON.stringify(windowed))]);
  // The guard looks every 65,536 units of work (run_guard.h): a budget of 1,000 stops the run at the first look,
  // which a run four times as long as the preset's reaches (the preset alone does about 57,000).
  const long = JSON.parse(text);
  long.duration *= 4;
  summaries.push([`${name} stopped by the guard (stopped)`, summaryOf(JSON.stringify(long), { maxEvents: 1000 })]);
}

describe('the summary the engine writes is the summary the schema describes', () => {
  it.each(summaries)('%s', (name, summary) => {
    const result = summarySchema.safeParse(summary);
    expect(result.success ? '' : `${name}:\n${describeRefusal(result.error)}`).toBe('');
  });

  it('the run given a work budget of 1,000 was stopped', () => {
    expect(summaries.at(-1)![1]).toHaveProperty('stopped');
  });

  it('writes every key the schema declares, in some run', () => {
    const written = new Set<string>();
    for (const [, summary] of summaries) writtenPaths(summary, '', written);
    const neverWritten = [...declaredPaths(summarySchema, '', new Set())].filter((path) => !written.has(path));
    expect(neverWritten.sort()).toEqual(Object.keys(NOT_WRITTEN_BY_THE_ENGINE).sort());
  });
});
