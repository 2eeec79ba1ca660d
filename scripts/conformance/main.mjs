// `npm run conformance`: runs every conformance case (cases.mjs) on ns-2 and on our engine,
// caches each case's results in validation/conformance/<case>.json, and writes
// docs/conformance.md with its figures (docs/figures/conformance-*.svg).
//
//   npm run conformance                 every case (cached ones reused)
//   npm run conformance -- --rerun-stale  run again the cases another engine build made
//   npm run conformance -- --rerun      run every case again
//   npm run conformance -- --only det   only the cases whose id contains the word
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES, RECOVERY_VARIANTS, runsOf } from './cases.mjs';
import { compareRun } from './compare.mjs';
import { ns2Available, ns2Version, resolveDrops, runNs2, runOurs } from './run.mjs';
import { writeDoc } from './doc.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULT_DIR = join(ROOT, 'validation/conformance');
const SOURCES = ['cases.mjs', 'alignment.mjs', 'tcl.mjs', 'scenario.mjs', 'run.mjs', 'compare.mjs'];

/**
 * A case's cache key: the harness's code, the case and ns-2's version. The engine build is
 * not in it: each case's results say which build made them (`engine`), and --rerun-stale
 * reruns those of another. `engine` is given only to recognise caches written when the key
 * still held it (the engine's 12 digits before ns-2's version).
 */
function caseHash(c, ns2, engine = '') {
  const h = createHash('sha256');
  for (const f of SOURCES) h.update(readFileSync(new URL(f, import.meta.url)));
  h.update(JSON.stringify({ ...c, flows: c.variants.map((v) => c.seeds.map((seed) => c.flows(v, seed))) }));
  h.update(engine + ns2);
  return h.digest('hex').slice(0, 16);
}

/** Whether a cached case was made by this harness, for this case, with this ns-2. */
function sameHarness(cached, c, ns2) {
  return cached.hash === caseHash(c, ns2) || (typeof cached.engine === 'string' && cached.hash === caseHash(c, ns2, cached.engine));
}

/**
 * Runs one case (its variants and seeds) on both sides.
 * @returns {{ id: string, rows: any[] }} rows: one per run and flow (compare.mjs compareRun)
 */
export function runCase(module, c, variants = c.variants, log = () => {}) {
  const rows = [];
  // cwnd series only where docs/conformance.md draws them (doc.mjs): the cache stays small.
  const keepCwnd = (variant) =>
    (c.family === 'deterministic' && RECOVERY_VARIANTS.includes(variant)) || c.family === 'paper004' || c.id === 'congestion-1';
  for (const run of runsOf(c, variants)) {
    let packets, ns2;
    try {
      packets = resolveDrops(run);
      ns2 = runNs2(run, { packets });
    } catch (e) {
      // ns-2 itself failed (its Linux modules crash on some inputs): recorded, not compared.
      rows.push({ variant: run.variant, seed: run.seed, error: String(e.message ?? e) });
      log(`${c.id} ${run.variant} seed ${run.seed}: ${e.message ?? e}`);
      continue;
    }
    const ours = runOurs(module, run, { packets });
    for (const row of compareRun(run, ours, ns2, keepCwnd(run.variant)))
      rows.push({ variant: run.variant, seed: run.seed, ...(packets ? { drops: packets } : {}), ...row });
    log(`${c.id} ${run.variant} seed ${run.seed}`);
  }
  return { id: c.id, rows };
}

function parseArgs(argv) {
  const args = { rerun: false, rerunStale: false, only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') continue;
    if (a === '--rerun') args.rerun = true;
    else if (a === '--rerun-stale') args.rerunStale = true;
    else if (a === '--only') args.only = argv[++i];
    else if (a === '-h' || a === '--help') {
      process.stdout.write('Usage: npm run conformance -- [--rerun | --rerun-stale] [--only <word>]\n');
      process.exit(0);
    } else throw new Error(`unknown argument ${a} (see --help)`);
  }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const log = (s) => process.stderr.write(`conformance: ${s}\n`);
  if (!ns2Available()) throw new Error('ns-2 is not installed (`ns` not found): run bash scripts/setup-system.sh');
  mkdirSync(RESULT_DIR, { recursive: true });
  const ns2 = ns2Version();
  const { engineBuildHash, isThisEngineBuild, loadEngineNode } = await import('@obs-tcp-sim/engine/node');
  const engine = engineBuildHash();
  const { module } = await loadEngineNode();
  const results = [];
  for (const c of CASES) {
    const file = join(RESULT_DIR, `${c.id}.json`);
    const hash = caseHash(c, ns2);
    const selected = !args.only || c.id.includes(args.only);
    if (existsSync(file)) {
      const cached = JSON.parse(readFileSync(file, 'utf8'));
      const current = sameHarness(cached, c, ns2);
      const stale = !isThisEngineBuild(cached.engine);
      if (!selected || (!args.rerun && current && !(stale && args.rerunStale))) {
        if (!current) log(`${c.id}: cached results are from another harness or ns-2 (not selected: kept as they are)`);
        else if (stale) log(`${c.id}: cached, made by another engine (${cached.engine}; --rerun-stale runs it again)`);
        results.push(cached);
        continue;
      }
    } else if (!selected) continue;
    const started = Date.now();
    const out = { hash, engine, ns2, ranAt: new Date().toISOString(), ...runCase(module, c, c.variants, () => {}) };
    out.wallSeconds = Math.round((Date.now() - started) / 100) / 10;
    writeFileSync(file, JSON.stringify(out) + '\n');
    log(`${c.id}: ${out.rows.length} rows in ${out.wallSeconds} s`);
    results.push(out);
  }
  const summary = writeDoc(results, { engine, ns2 });
  log(`docs/conformance.md written: ${summary}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e) => {
    process.stderr.write(`conformance: ${e.stack ?? e}\n`);
    process.exit(1);
  });
}
