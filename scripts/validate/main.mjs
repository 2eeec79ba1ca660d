// `npm run validate`: runs (or reuses) the sweeps of validation/specs through the CLI (and
// the few probes that need more than summaries, probes.mjs), draws docs/figures/*.svg and
// writes docs/validation.md. docs/validation.md explains what each part shows; this file
// only orchestrates.
//
//   npm run validate                  full sweeps, cached in validation/results/
//   npm run validate -- --rerun-stale run again the sweeps another engine build made
//   npm run validate -- --rerun       run every sweep again
//   npm run validate -- --quick       smoke run: 2 seeds, short runs, written under
//                                     validation/results/quick/ (the docs are untouched)
//   npm run validate -- --only paper000   only the sections whose id contains the word
//   npm run validate -- --workers 2   worker threads per sweep (default 1)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, relative } from 'node:path';
import { QUICK_DIR, ROOT, sweepResults } from './sweeps.mjs';
import { probeResults } from './probes.mjs';
import * as paper000 from './sections/paper000.mjs';
import * as theory from './sections/theory.mjs';
import * as paper004 from './sections/paper004.mjs';
import * as paper003 from './sections/paper003.mjs';
import * as paper001 from './sections/paper001.mjs';
import * as paper002 from './sections/paper002.mjs';
import * as mesh from './sections/mesh.mjs';
import * as meshContention from './sections/mesh-contention.mjs';
import { header, provenance, summary } from './sections/intro.mjs';
import * as presets from './sections/presets.mjs';
import { cacheAt, withValidatedFigures } from '../docs-figures/preset-figures-validated.ts';
import { writeIfChanged } from '../write-if-changed.mjs';

const SECTIONS = [paper000, theory, mesh, meshContention, paper004, paper003, paper001, paper002, presets];

function parseArgs(argv) {
  const args = { quick: false, rerun: false, rerunStale: false, only: null, workers: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') continue;
    if (a === '--quick') args.quick = true;
    else if (a === '--rerun') args.rerun = true;
    else if (a === '--rerun-stale') args.rerunStale = true;
    else if (a === '--only') args.only = argv[++i];
    else if (a === '--workers') args.workers = Number(argv[++i]);
    else if (a === '-h' || a === '--help') {
      process.stdout.write('Usage: npm run validate -- [--quick] [--rerun | --rerun-stale] [--only <section>] [--workers K]\n');
      process.exit(0);
    } else throw new Error(`unknown argument ${a} (see --help)`);
  }
  if (!Number.isInteger(args.workers) || args.workers < 1) throw new Error('--workers must be a positive integer');
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const log = (s) => process.stderr.write(`validate: ${s}\n`);
  const docsDir = args.quick ? QUICK_DIR : join(ROOT, 'docs');
  const figDir = join(docsDir, 'figures');
  mkdirSync(figDir, { recursive: true });

  const sections = SECTIONS.filter((s) => !args.only || s.id.includes(args.only));
  /** @type {Record<string, { results: any, meta: any }>} */
  const cache = {};
  for (const section of sections) {
    for (const name of section.specs) {
      cache[name] = sweepResults(name, {
        quick: args.quick,
        rerun: args.rerun,
        rerunStale: args.rerunStale,
        workers: args.workers,
        quickPlan: section.quickPlans?.[name] ?? section.quickPlan,
        log,
      });
    }
    // Runs a section caches itself (presets.mjs: every preset once).
    if (section.cacheRuns) {
      const ran = await section.cacheRuns({ quick: args.quick, rerun: args.rerun, rerunStale: args.rerunStale, log });
      if (ran) cache[`${section.id}.runs`] = ran;
    }
    // Probes (probes.mjs): what a sweep's summaries lack, e.g. cwnd vs time; "<name>.probe".
    for (const [name, options] of Object.entries(section.probes ?? {})) {
      cache[`${name}.probe`] = await probeResults(name, {
        quick: args.quick,
        rerun: args.rerun,
        rerunStale: args.rerunStale,
        quickPlan: section.quickPlans?.[name] ?? section.quickPlan,
        ...options,
        log,
      });
    }
  }

  const verdicts = [];
  const figures = [];
  const ctx = {
    quick: args.quick,
    verdicts,
    get: (name) => {
      if (!cache[name]) throw new Error(`section asked for ${name}, which it does not list in its specs`);
      return cache[name].results;
    },
    meta: (name) => cache[name]?.meta ?? null,
    /** Writes an SVG beside the doc and returns its path relative to the doc. */
    fig: (file, svg) => {
      writeFileSync(join(figDir, file), svg);
      figures.push(file);
      return `figures/${file}`;
    },
  };
  const bodies = sections.map((s) => s.render(ctx));
  if (args.only) {
    log(`--only ${args.only}: rendered ${sections.map((s) => s.id).join(', ')}; docs/validation.md not written`);
  } else {
    const doc = [header(ctx, cache), summary(verdicts), ...bodies, provenance(cache)].join('\n\n').replace(/\n{3,}/g, '\n\n');
    const docFile = join(docsDir, 'validation.md');
    writeFileSync(docFile, doc.trimEnd() + '\n');
    log(`wrote ${relative(ROOT, docFile)} and ${figures.length} figures in ${relative(ROOT, figDir)}`);
  }
  // docs/presets.md's paragraphs measured by these runs (scripts/docs-figures/preset-figures-validated.ts).
  if (!args.quick && sections.includes(presets)) {
    const presetsDoc = join(ROOT, 'docs/presets.md');
    writeIfChanged(
      ROOT,
      'docs/presets.md',
      withValidatedFigures(readFileSync(presetsDoc, 'utf8'), cacheAt(pathToFileURL(`${ROOT}/`))),
      'validate',
    );
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  process.stderr.write(`validate: ${error.message}\n`);
  process.exit(1);
});
