// The runs behind docs/presets.md's figures that are too long for every `npm test`
// (scripts/docs-figures/preset-figures-validated.ts): the presets-*.json sweeps, cached
// like every sweep, and one run of every preset as it is (its events, segments and
// background bursts: the table at the head of docs/presets.md), cached the same way.
// Written into docs/presets.md after the sections (main.mjs), not into
// docs/validation.md, which has no verdict of theirs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '@obs-tcp-sim/scenario/canonical-json';
import { scenarioHash } from '@obs-tcp-sim/scenario/scenario-hash';
import { loadPresets } from '@obs-tcp-sim/cli/preset-files';
import { PRESET_SPECS, PRESET_TABLE } from '../../docs-figures/preset-figures-validated.ts';
import { QUICK_DIR, RESULT_DIR, ROOT, readCached, writeMeta } from '../sweeps.mjs';

export const id = 'presets';
export const specs = PRESET_SPECS;
export const quickPlan = { duration: 1 };

export function render() {
  return '';
}

/**
 * Every preset run once as it is: what it costs (events) and carries (segments sent,
 * background bursts), in validation/results/presets-table.json; keyed by the presets'
 * canonical JSON, so an edited preset runs again.
 * @param {{ quick: boolean, rerun: boolean, rerunStale?: boolean, log: (s: string) => void }} mode
 */
export async function cacheRuns(mode) {
  if (mode.quick) return null;
  const presets = loadPresets();
  const hash = scenarioHash(canonicalJson(presets));
  const dir = mode.quick ? QUICK_DIR : RESULT_DIR;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${PRESET_TABLE}.json`);
  const metaFile = join(dir, `${PRESET_TABLE}.meta.json`);
  const cached = mode.rerun ? null : readCached(PRESET_TABLE, file, metaFile, hash, { log: mode.log, rerunStale: mode.rerunStale });
  if (cached) return cached;
  mode.log(`${PRESET_TABLE}: running every preset once ...`);
  const started = process.hrtime.bigint();
  const { runScenarioNode } = await import('@obs-tcp-sim/engine/node');
  const rows = [];
  for (const { id: preset, scenario } of presets) {
    const s = await runScenarioNode(scenario);
    rows.push({
      preset,
      simTime: s.simTime,
      events: s.events,
      segmentsSent: s.flows.reduce((n, f) => n + (f.segmentsSent ?? 0), 0),
      backgroundBursts: s.bursts.background?.sent ?? 0,
    });
  }
  const results = { hash, runs: rows };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const meta = writeMeta(metaFile, { file: join(ROOT, 'packages/scenario/presets'), hash, started, workers: 1 });
  mode.log(`${PRESET_TABLE}: ${rows.length} presets in ${meta.wallSeconds} s`);
  return { results, meta, ran: true };
}
