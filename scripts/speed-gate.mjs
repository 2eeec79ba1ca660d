// The speed gate (issue 40): instructions, not seconds, so no noise can fool it. Counts
// with callgrind what the native engine (wasm-core/build/native/obs-sim-native) executes
// on each reference scenario of wasm-core/bench/gate/ and holds the count against the
// committed baseline (wasm-core/bench/gate/baseline.json): more than 3 % above fails. A
// change worth its cost updates the baseline in the same commit (--update) with a line in
// docs/performance.md saying what it bought.
//
//   node scripts/speed-gate.mjs            check; prints one line per scenario and
//                                          "speed gate: N passed, M failed"
//   node scripts/speed-gate.mjs --update   write the baseline from this build
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GATE = join(ROOT, 'wasm-core/bench/gate');
const BASELINE = join(GATE, 'baseline.json');
const ENGINE = join(ROOT, 'wasm-core/build/native/obs-sim-native');
/** Above the baseline by more than this share: failed. */
const TOLERANCE = 0.03;

/** The compiler that built the engine: counts from another compiler are not comparable. */
function toolchain() {
  const cache = readFileSync(join(ROOT, 'wasm-core/build/native/CMakeCache.txt'), 'utf8');
  const compiler = /^CMAKE_CXX_COMPILER:FILEPATH=(.*)$/m.exec(cache)?.[1] ?? 'c++';
  return execFileSync(compiler, ['--version'], { encoding: 'utf8' }).split('\n')[0].trim();
}

/** One scenario: the instructions callgrind counts for the whole process, and the run's events and segments. */
function measure(file) {
  const summary = JSON.parse(execFileSync(ENGINE, [file], { encoding: 'utf8', maxBuffer: 1 << 26 }));
  const run = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', ENGINE, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const collected = /Collected : (\d+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !collected)
    throw new Error(`callgrind on ${file} failed: ${(run.stderr ?? run.error ?? '').toString().slice(-400)}`);
  const instructions = Number(collected[1]);
  const segments = summary.flows.reduce((n, f) => n + (f.segmentsSent ?? 0), 0);
  return {
    instructions,
    events: summary.events,
    segments,
    perEvent: Math.round((instructions / summary.events) * 10) / 10,
    perSegment: segments ? Math.round((instructions / segments) * 10) / 10 : null,
    fingerprint: summary.fingerprint,
  };
}

const update = process.argv.includes('--update');
const files = readdirSync(GATE)
  .filter((f) => f.endsWith('.json') && f !== 'baseline.json')
  .sort();
const here = toolchain();
const results = Object.fromEntries(files.map((f) => [f, measure(join(GATE, f))]));

if (update) {
  writeFileSync(BASELINE, `${JSON.stringify({ toolchain: here, tolerance: TOLERANCE, scenarios: results }, null, 2)}\n`);
  console.log(`speed gate: wrote ${BASELINE} (${files.length} scenarios, ${here})`);
  process.exit(0);
}

const baseline = JSON.parse(readFileSync(BASELINE, 'utf8'));
let passed = 0;
let failed = 0;
if (baseline.toolchain !== here) {
  console.log(
    `speed gate: the baseline was counted on ${baseline.toolchain}, this engine was built by ${here}: counts of two compilers are not comparable (node scripts/speed-gate.mjs --update on a build you trust)`,
  );
  failed = files.length;
} else {
  for (const file of files) {
    const now = results[file];
    const then = baseline.scenarios[file];
    if (!then) {
      console.log(`  ${file}: not in the baseline (node scripts/speed-gate.mjs --update)`);
      failed++;
      continue;
    }
    const change = now.instructions / then.instructions - 1;
    const ok = change <= TOLERANCE;
    const pct = `${change >= 0 ? '+' : ''}${(change * 100).toFixed(2)} %`;
    console.log(
      `  ${ok ? 'ok  ' : 'FAIL'} ${file}: ${now.instructions.toLocaleString('en')} instructions (${pct} against ${then.instructions.toLocaleString('en')}), ` +
        `${now.perEvent} per event over ${now.events.toLocaleString('en')} events` +
        (now.perSegment === null ? '' : `, ${now.perSegment} per segment sent`) +
        (now.fingerprint === then.fingerprint
          ? ''
          : `; other events than the baseline's (fingerprint ${now.fingerprint}, was ${then.fingerprint})`),
    );
    if (ok) passed++;
    else failed++;
  }
  if (failed)
    console.log(
      `speed gate: more than ${TOLERANCE * 100} % above the baseline. If the cost buys something, update the baseline (--update) in the same commit and say what it bought in docs/performance.md.`,
    );
}
console.log(`speed gate: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
