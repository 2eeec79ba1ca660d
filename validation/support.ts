// Helpers for the pinned validation tests: the scenarios come from the same sweep specs as
// docs/validation.md (validation/specs), shortened, and run in the real wasm engine.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PRESETS } from '@obs-tcp-sim/scenario';
import { describeSamples, expandSweep, resolveSweepSpec } from '@obs-tcp-sim/sweep';
import type { Scenario, Summary } from '@obs-tcp-sim/scenario';
import { runScenarioNode } from '@obs-tcp-sim/engine/node';

/** The spec validation/specs/<name>.json as a plain object. */
export function readSpec(name: string): Record<string, any> {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./specs/${name}.json`, import.meta.url)), 'utf8'));
}

/**
 * The runs of one point of a spec: the parameter fixed at `value`, the given seeds,
 * the duration shortened (an override, exactly as a sweep applies it).
 */
export function pointScenarios(
  name: string,
  value: number,
  opts: { seeds: number[]; duration?: number; overrides?: Record<string, unknown> },
): Scenario[] {
  const spec = readSpec(name);
  spec.parameter = { ...spec.parameter, values: [value] };
  delete spec.parameter2;
  spec.seeds = opts.seeds;
  spec.overrides = {
    ...(spec.overrides ?? {}),
    ...(opts.duration === undefined ? {} : { duration: opts.duration }),
    ...(opts.overrides ?? {}),
  };
  const sweep = resolveSweepSpec(spec, { presets: PRESETS });
  return expandSweep(sweep).map((run: { scenario: Scenario }) => run.scenario);
}

/** Runs the scenarios one after the other (one core) and returns their summaries. */
export async function runAll(scenarios: Scenario[]): Promise<Summary[]> {
  const out: Summary[] = [];
  for (const s of scenarios) out.push(await runScenarioNode(s));
  return out;
}

/** Mean of per-run values. */
export function mean(values: number[]): number {
  return describeSamples(values).mean as number;
}

/** A counter summed over every flow of a run (the paper's "losses found by ..."). */
export function sumOverFlows(s: Summary, field: 'fastRetransmits' | 'rtos' | 'retransmits'): number {
  return s.flows.reduce((sum, f) => sum + f[field], 0);
}
