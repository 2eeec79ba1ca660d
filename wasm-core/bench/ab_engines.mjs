// This checkout's engine against another build of it (a baseline), natively and in wasm under
// Node, in paired rounds: what an engine change did to the time of the same scenarios.
//
//   node --import tsx wasm-core/bench/ab_engines.mjs <id> <rounds> <baseline checkout> <scenario>...
//
// The baseline checkout is another worktree with both builds made (git worktree add DIR
// COMMIT; in it bash scripts/build-native.sh obs-bench and bash scripts/build-wasm.sh). A
// scenario is a file, `FILE@SECONDS` to run it for that long, or `count:FILE[@SECONDS]` to
// only count its events with each build (one native run each, untimed). Each round runs
// every timed scenario on the four (native and wasm, this build and the baseline), in an
// order that alternates from round to round; a round's ratio compares the two builds at the
// same moment (this machine's pace drifts), and the median of the rounds' ratios is what
// is reported, with their range. Both wasm modules live in this one process, each loaded
// once and run once untimed first. Writes e2e/artifacts/<id>.json (for
// `node scripts/record-bench.mjs <id>`) and prints it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, ratioSummary, runNative, runWasm } from './targets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const [id, roundsArg, baseArg, ...scenarioArgs] = process.argv.slice(2);
if (!id || !baseArg || scenarioArgs.length === 0) {
  console.error('usage: ab_engines.mjs <id> <rounds> <baseline checkout> <scenario>...');
  process.exit(2);
}
const rounds = Math.max(1, Number(roundsArg));
const builds = { now: root, base: resolve(baseArg) };
const nativeOf = (checkout) => join(checkout, 'wasm-core/build/native/obs-bench');

async function loadWasm(checkout) {
  const dir = join(checkout, 'packages/engine/wasm');
  const { default: factory } = await import(pathToFileURL(join(dir, 'obs_engine.mjs')).href);
  // The bytes, not a path: Emscripten 3.1.6's loader trips over Node's fetch otherwise.
  return factory({ wasmBinary: readFileSync(join(dir, 'obs_engine.wasm')), print() {}, printErr() {} });
}

// `FILE[@SECONDS]` as a scenario file this run reads (the duration replaced if given).
const tmp = join(root, 'e2e/artifacts/ab-scenarios');
mkdirSync(tmp, { recursive: true });
function scenarioOf(arg) {
  const [file, seconds] = arg.split('@');
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (seconds !== undefined) json.duration = Number(seconds);
  const name = `${file
    .split('/')
    .pop()
    .replace(/\.json$/, '')}${seconds !== undefined ? `@${seconds}s` : ''}`;
  const path = join(tmp, `${name}.json`);
  writeFileSync(path, JSON.stringify(json));
  return { name, path, text: JSON.stringify(json) };
}

const counted = [];
const timed = [];
for (const arg of scenarioArgs) {
  if (arg.startsWith('count:')) counted.push(scenarioOf(arg.slice('count:'.length)));
  else timed.push(scenarioOf(arg));
}

const wasm = { now: await loadWasm(builds.now), base: await loadWasm(builds.base) };
const baseline = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: builds.base, encoding: 'utf8' }).trim();
const result = { rounds, baseline, cores: availableParallelism(), counted: [], timed: [] };

for (const s of counted) {
  const now = runNative(nativeOf(builds.now), s.path).events;
  const base = runNative(nativeOf(builds.base), s.path).events;
  result.counted.push({ scenario: s.name, events: { base, now } });
}

for (const s of timed) {
  for (const which of ['now', 'base']) runWasm(wasm[which], s.text); // untimed: the module warms up
  const walls = { native: { now: [], base: [] }, wasm: { now: [], base: [] } };
  const ratios = { native: [], wasm: [] };
  let events = null;
  let segments = null; // segments sent: a bound (bench/bounds/) may not run the same simulation
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ['now', 'base'] : ['base', 'now'];
    const wall = { native: {}, wasm: {} };
    for (const which of order) {
      const n = runNative(nativeOf(builds[which]), s.path);
      const w = runWasm(wasm[which], s.text);
      if (w.events !== n.events) throw new Error(`${s.name}: ${which} gives ${n.events} events natively, ${w.events} in wasm`);
      wall.native[which] = n.wall;
      wall.wasm[which] = w.wall;
      events ??= {};
      events[which] = n.events;
      segments ??= {};
      segments[which] = n.segments;
    }
    for (const target of ['native', 'wasm']) {
      for (const which of ['now', 'base']) walls[target][which].push(wall[target][which]);
      ratios[target].push(wall[target].now / wall[target].base);
    }
  }
  const summary = (target) => ({
    ...ratioSummary(ratios[target]),
    wallNow: median(walls[target].now),
    wallBase: median(walls[target].base),
  });
  result.timed.push({ scenario: s.name, events, segments, native: summary('native'), wasm: summary('wasm') });
}

const out = join(root, 'e2e/artifacts', `${id}.json`);
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
console.error(`ab_engines: wrote ${out}`);
