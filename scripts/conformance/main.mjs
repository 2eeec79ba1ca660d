// `npm run conformance`: runs every conformance case (cases.mjs) on ns-2 and on our engine,
// caches each case's results in validation/conformance/<case>.json, and writes
// docs/conformance.md with its figures (docs/figures/conformance-*.svg).
//
//   npm run conformance                 every case (cached ones reused)
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

/** The first 12 hex digits of the SHA-256 of the wasm binary: which engine ran. */
function engineHash() {
  const wasm = join(ROOT, 'packages/engine/wasm/obs_engine.wasm');
  return existsSync(wasm) ? createHash('sha256').update(readFileSync(wasm)).digest('hex').slice(0, 12) : 'none';
}

/** A case's cache key: the harness's code, the case, the engine and ns-2's version. */
function caseHash(c, engine, ns2) {
  const h = createHash('sha256');
  for (const f of SOURCES) h.update(readFileSync(new URL(f, import.meta.url)));
  h.update(JSON.stringify({ ...c, flows: c.variants.map((v) => c.seeds.map((seed) => c.flows(v, seed))) }));
  h.update(engine + ns2);
  return h.digest('hex').slice(0, 16);
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
  const args = { rerun: false, only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') continue;
    if (a === '--rerun') args.rerun = true;
    else if (a === '--only') args.only = argv[++i];
    else if (a === '-h' || a === '--help') {
      process.stdout.write('Usage: npm run conformance -- [--rerun] [--only <word>]\n');
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
  const engine = engineHash();
  const ns2 = ns2Version();
  const { loadEngineNode } = await import('@obs-tcp-sim/engine/node');
  const { module } = await loadEngineNode();
  const results = [];
  for (const c of CASES) {
    const file = join(RESULT_DIR, `${c.id}.json`);
    const hash = caseHash(c, engine, ns2);
    const selected = !args.only || c.id.includes(args.only);
    if (existsSync(file)) {
      const cached = JSON.parse(readFileSync(file, 'utf8'));
      if (!selected || (!args.rerun && cached.hash === hash)) {
        if (cached.hash !== hash) log(`${c.id}: cached results are from another engine or harness (not selected: kept as they are)`);
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
