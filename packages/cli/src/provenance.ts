// What made a summary (Summary.provenance): the engine's build, obs-sim's version, the
// scenario as run and its seed. Written into `obs-sim run`'s summary, its traces'
// provenance.json, and every line of a sweep's --keep-runs.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { canonicalJson } from '@obs-tcp-sim/scenario/canonical-json';
import { engineBuildHash } from '@obs-tcp-sim/engine/node';
import type { Summary } from '@obs-tcp-sim/scenario';

/** obs-sim's version (packages/cli/package.json), which each summary carries. */
export const CLI_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** `scenarioText`: the scenario as run (JSON); its hash is of its canonical JSON, so key order and spacing do not count. */
export function provenanceOf(scenarioText: string, summary: Summary): NonNullable<Summary['provenance']> {
  return {
    engine: engineBuildHash(),
    version: CLI_VERSION,
    scenario: createHash('sha256')
      .update(canonicalJson(JSON.parse(scenarioText)))
      .digest('hex')
      .slice(0, 16),
    seed: summary.seed ?? 1,
  };
}
