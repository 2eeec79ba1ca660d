// Runs the sweep specs of validation/specs through the CLI (`obs-sim sweep ... --json`) and
// caches their results in validation/results/<name>.json. A cached result is reused while
// the resolved sweep (spec + preset it names) hashes the same as when it ran; each
// result's meta says which engine build made it, --rerun-stale reruns those of another
// build, --rerun every one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveSweepSpec } from '@obs-tcp-sim/sweep';
import { loadPresets } from '@obs-tcp-sim/cli/preset-files';
import { engineBuildHash, isThisEngineBuild } from '@obs-tcp-sim/engine/node';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SPEC_DIR = join(ROOT, 'validation/specs');
export const RESULT_DIR = join(ROOT, 'validation/results');
export const QUICK_DIR = join(RESULT_DIR, 'quick');
const CLI = join(ROOT, 'packages/cli/bin/obs-sim.mjs');

/** @param {string} path */
export const rel = (path) => relative(ROOT, path);

/**
 * A cached result and its meta, if `file` holds one made under `hash` (and, with
 * `rerunStale`, by the engine built now); else null (and why, in the log). Sweeps and
 * probes cache the same way.
 * @returns {{ results: any, meta: any, ran: false } | null}
 */
export function readCached(name, file, metaFile, hash, { log, rerunStale = false }) {
  if (!existsSync(file)) return null;
  const cached = JSON.parse(readFileSync(file, 'utf8'));
  if (cached.hash !== hash) {
    log(`${name}: the spec, its preset or what is kept changed (hash ${cached.hash} -> ${hash}); running again`);
    return null;
  }
  const meta = existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, 'utf8')) : null;
  if (!isThisEngineBuild(meta?.engine)) {
    if (rerunStale) {
      log(`${name}: made by engine ${meta?.engine ?? '(unrecorded)'}, not this one (${engineBuildHash()}); running again`);
      return null;
    }
    log(`${name}: cached, made by another engine (${meta?.engine ?? 'unrecorded'}; --rerun-stale runs it again)`);
  } else log(`${name}: cached (${rel(file)}, hash ${hash})`);
  return { results: cached, meta, ran: false };
}

/** Writes and returns the meta of a run just made: which spec, engine and commit, how long. */
export function writeMeta(metaFile, { file, hash, started, workers }) {
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const meta = {
    spec: rel(file),
    hash,
    wallSeconds: Math.round(wallSeconds * 10) / 10,
    workers,
    commit: gitCommit(),
    engine: engineBuildHash(),
    ranAt: new Date().toISOString(),
  };
  writeFileSync(metaFile, JSON.stringify(meta, null, 2) + '\n');
  return meta;
}

/**
 * The spec as run: the file itself, or in quick mode fewer seeds (or values, `values` and
 * `values2` in the plan), a shorter duration and, with `measure`, a window that fits it.
 * @param {string} name spec file name without .json
 * @param {{ quick: boolean, quickPlan?: { seeds?: number, duration?: number, measure?: { from: number, to?: number }, values?: number, values2?: number } }} mode
 */
export function specFor(name, mode) {
  const file = join(SPEC_DIR, `${name}.json`);
  const spec = JSON.parse(readFileSync(file, 'utf8'));
  if (!mode.quick) return { spec, file };
  const plan = mode.quickPlan ?? {};
  const quick = structuredClone(spec);
  const seeds = plan.seeds ?? 2;
  if (typeof quick.seeds === 'number') quick.seeds = Math.min(quick.seeds, seeds);
  else quick.seeds = quick.seeds.slice(0, seeds);
  if (plan.duration !== undefined) quick.overrides = { ...(quick.overrides ?? {}), duration: plan.duration };
  if (plan.measure !== undefined) quick.overrides = { ...(quick.overrides ?? {}), measure: plan.measure };
  // Fewer values of a listed parameter (paper 001 replicates over parameter values, not seeds).
  for (const [key, axis] of [
    ['values', 'parameter'],
    ['values2', 'parameter2'],
  ]) {
    if (plan[key] !== undefined && Array.isArray(quick[axis]?.values))
      quick[axis] = { ...quick[axis], values: quick[axis].values.slice(0, plan[key]) };
  }
  const quickFile = join(QUICK_DIR, 'specs', `${name}.json`);
  mkdirSync(dirname(quickFile), { recursive: true });
  writeFileSync(quickFile, JSON.stringify(quick, null, 2) + '\n');
  return { spec: quick, file: quickFile };
}

/** The hash the CLI writes into its results for this spec (docs/sweeps.md). */
export function expectedHash(spec) {
  return resolveSweepSpec(spec, { presets: loadPresets() }).hash;
}

/** The command a reader runs to redo one sweep by hand. */
export function sweepCommand(name) {
  return `npx obs-sim sweep validation/specs/${name}.json --workers 1 --out validation/results/${name}.csv --json validation/results/${name}.json`;
}

/**
 * Results of one spec, from the cache or by running the CLI.
 * @param {string} name
 * @param {{ quick: boolean, rerun: boolean, rerunStale?: boolean, workers: number, quickPlan?: object, log: (s: string) => void }} mode
 * @returns {{ results: any, meta: any, ran: boolean }}
 */
export function sweepResults(name, mode) {
  const { spec, file } = specFor(name, mode);
  const dir = mode.quick ? QUICK_DIR : RESULT_DIR;
  mkdirSync(dir, { recursive: true });
  const jsonFile = join(dir, `${name}.json`);
  const metaFile = join(dir, `${name}.meta.json`);
  const hash = expectedHash(spec);
  const cached = mode.rerun ? null : readCached(name, jsonFile, metaFile, hash, { log: mode.log, rerunStale: mode.rerunStale });
  if (cached) return cached;
  mode.log(`${name}: running ${rel(file)} ...`);
  const started = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [CLI, 'sweep', file, '--workers', String(mode.workers), '--quiet', '--out', join(dir, `${name}.csv`), '--json', jsonFile],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`${name}: obs-sim sweep exited with status ${run.status}`);
  const meta = writeMeta(metaFile, { file, hash, started, workers: mode.workers });
  const results = JSON.parse(readFileSync(jsonFile, 'utf8'));
  mode.log(`${name}: ${results.runs.length} runs in ${meta.wallSeconds} s`);
  return { results, meta, ran: true };
}

/** The short hash of HEAD, or null outside a git checkout. */
export function gitCommit() {
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : null;
}
