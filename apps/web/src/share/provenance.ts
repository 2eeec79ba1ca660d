// What made the summary the page exports (Summary.provenance, as `obs-sim` writes it): the
// engine build the page is made with, the project's version, the hash of the scenario file
// Save… writes for this run (with its live changes: the file that reruns it), and the seed.
// `obs-sim` on that file writes the same provenance, and the same summary.
import type { Scenario, Summary } from '@obs-tcp-sim/scenario';
import { scenarioHash } from '@obs-tcp-sim/scenario/scenario-hash';

declare const __OBS_ENGINE_BUILD__: string | undefined;
declare const __OBS_VERSION__: string | undefined;

/** Set by vite.config.ts (build-provenance); a test run without it says so. */
export const ENGINE_BUILD = typeof __OBS_ENGINE_BUILD__ === 'string' ? __OBS_ENGINE_BUILD__ : 'unbuilt';
export const APP_VERSION = typeof __OBS_VERSION__ === 'string' ? __OBS_VERSION__ : 'unknown';

/** `summary` with its provenance; `document`: the scenario file of the run (documentOf). */
export function withProvenance<S extends { seed?: number }>(summary: S, document: Scenario): S & Pick<Summary, 'provenance'> {
  return {
    ...summary,
    provenance: { engine: ENGINE_BUILD, version: APP_VERSION, scenario: scenarioHash(document), seed: summary.seed ?? 1 },
  };
}
