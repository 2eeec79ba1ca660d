// What made a summary (Summary.provenance): the engine's build, obs-sim's version, the
// scenario as run and its seed. Written into `obs-sim run`'s summary, its traces'
// provenance.json, and every line of a sweep's --keep-runs.
import { readFileSync } from 'node:fs';
import { scenarioHash } from '@obs-tcp-sim/scenario/scenario-hash';
import { engineBuildHash } from '@obs-tcp-sim/engine/node';
import type { Summary } from '@obs-tcp-sim/scenario';

/** obs-sim's version (packages/cli/package.json), which each summary carries. */
export const CLI_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** `scenarioText`: the scenario as run (JSON); its hash is of its canonical JSON (scenarioHash), as the app's. */
export function provenanceOf(scenarioText: string, summary: Summary): NonNullable<Summary['provenance']> {
  return { engine: engineBuildHash(), version: CLI_VERSION, scenario: scenarioHash(JSON.parse(scenarioText)), seed: summary.seed ?? 1 };
}
