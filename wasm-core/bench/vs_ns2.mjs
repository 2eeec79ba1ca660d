// npm run bench, against ns-2 (issue 40): issue 40's dumb-bell (50 NewReno flows over
// 1 Gbit/s, 10 ms, 10 s simulated) run by ns-2 2.35 on wasm-core/bench/ns2/dumbbell.tcl,
// by the engine natively (obs-bench) and by the engine in wasm under Node, in rounds back to
// back (the machine's speed drifts: bench_rounds.mjs). Per target: delivered data packets,
// the median wall time and packets per wall-second; then the engine's rate over ns-2's,
// the median of the rounds' own ratios (each compares the targets at the same moment).
//
// Both simulators model the same thing, so they must deliver about as many packets: the
// ratio is printed, and beyond 10 % the run fails, as its rates would compare different work.
//
// Usage: node --import tsx vs_ns2.mjs <obs-bench binary> <rounds> [scenario.json] [seconds]
// The scenario defaults to the speed gate's (gate/dumbbell-50.json, 3 s there to keep the
// instruction count quick); `seconds` replaces its duration, 10 by default (issue 40's).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import { scenarioSchema } from '@obs-tcp-sim/scenario';
import { ns2Params } from './ns2/params.mjs';
import { ns2Command, runNs2 } from './ns2/run.mjs';
import { median, ratioSummary, runNative, runWasm } from './targets.mjs';

const GATE_SCENARIO = fileURLToPath(new URL('./gate/dumbbell-50.json', import.meta.url));
/** Issue 40's duration of the comparison. */
const SECONDS = 10;
/** How far apart the two simulators' delivered packets may be before the run is refused. */
const DELIVERED_TOLERANCE = 0.1;

const [nativeBin, roundsArg, scenarioPath = GATE_SCENARIO, secondsArg] = process.argv.slice(2);
const rounds = Math.max(1, Number(roundsArg ?? 5));
const duration = secondsArg === undefined ? SECONDS : Number(secondsArg);

// The engine's scenario is the file with its duration replaced: one topology, in one file.
const scenario = { ...JSON.parse(readFileSync(scenarioPath, 'utf8')), duration };
const text = JSON.stringify(scenario);
const mss = scenarioSchema.parse(scenario).flows[0].tcp.mss;
const params = ns2Params(scenario);
const dir = mkdtempSync(join(tmpdir(), 'vs-ns2-'));
const path = join(dir, basename(scenarioPath));
writeFileSync(path, text);

const { module: engine } = await loadEngineNode();
let summary = null; // the engine's, from the wasm run: the native run is the same simulation
const targets = [
  { name: 'ns-2', run: () => runNs2(params) },
  { name: 'native', run: () => runNative(nativeBin, path) },
  {
    name: 'wasm (Node)',
    run: () => {
      const r = runWasm(engine, text);
      summary = r.summary;
      return r;
    },
  },
];

console.log(`${basename(scenarioPath)} at ${duration} s, ${rounds} rounds; ns-2 runs:\n  ${ns2Command(params)}`);
// One untimed wasm run: V8's compilation tiers settle first. ns-2 and obs-bench start a
// fresh process every run, so a first run of theirs is like any other.
targets[2].run();
const walls = targets.map(() => []);
let ns2 = null;
const ns2Setups = [];
let engineCounts = null;
try {
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) {
      const result = t.run();
      walls[i].push(result.wall);
      if (i === 0) {
        if (ns2 && (ns2.delivered !== result.delivered || ns2.sent !== result.sent))
          throw new Error(`ns-2 delivered ${result.delivered} packets, ${ns2.delivered} in an earlier round: not the same run`);
        ns2 = result;
        ns2Setups.push(result.setup);
        continue;
      }
      if (engineCounts && (engineCounts.events !== result.events || engineCounts.segments !== result.segments))
        throw new Error(`${t.name} ran ${result.events} events, the other target ${engineCounts.events}: not the same simulation`);
      engineCounts = { events: result.events, segments: result.segments };
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const total = (key) => summary.flows.reduce((sum, f) => sum + f[key], 0);
const delivered = total('delivered') / mss;
const deliveredBy = [ns2.delivered, delivered, delivered];
const rate = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : `${(x / 1e3).toFixed(0)} k`);
console.log('  target        delivered packets   wall s (median)   packets per wall-second');
for (const [i, t] of targets.entries()) {
  const wall = median(walls[i]);
  console.log(
    `  ${t.name.padEnd(12)}  ${String(deliveredBy[i]).padStart(17)}   ${wall.toFixed(3).padStart(15)}   ${rate(deliveredBy[i] / wall).padStart(23)}`,
  );
}
console.log(
  `  of ns-2's wall, its set-up (${params.flows * 2 + 2} nodes, links, agents, routes) before the first event: ${median(ns2Setups).toFixed(3)} s (median)`,
);
const ratios = {};
for (const i of [1, 2]) {
  const r = ratioSummary(walls[0].map((w, round) => deliveredBy[i] / walls[i][round] / (ns2.delivered / w)));
  ratios[i === 1 ? 'native' : 'wasm'] = r;
  console.log(
    `  ${targets[i].name} / ns-2, packets per wall-second, same round: median ${r.ratio.toFixed(1)}x` +
      ` (rounds ${r.ratioMin.toFixed(1)}-${r.ratioMax.toFixed(1)}x)${i === 2 ? "; issue 40's aim: at least 10x" : ''}`,
  );
}
const agreement = delivered / ns2.delivered;
console.log(
  `  delivered packets, engine / ns-2: ${agreement.toFixed(4)}; sent ${engineCounts.segments} / ${ns2.sent},` +
    ` retransmitted ${total('retransmits')} / ${ns2.retransmits}, timeouts ${total('rtos')} / ${ns2.rtos}`,
);
if (Math.abs(agreement - 1) > DELIVERED_TOLERANCE) {
  console.error(
    `vs_ns2: the engine delivered ${delivered} packets, ns-2 ${ns2.delivered}: more than ${DELIVERED_TOLERANCE * 100} % apart,` +
      ' the scenario and the ns-2 script are not aligned (wasm-core/bench/ns2/params.mjs)',
  );
  process.exit(1);
}
// The result, for docs/performance.md (node scripts/record-bench.mjs vs-ns2): only a run whose
// two simulators did the same work.
const artifact = join(dirname(fileURLToPath(import.meta.url)), '../../e2e/artifacts/vs-ns2.json');
mkdirSync(dirname(artifact), { recursive: true });
const result = {
  scenario: basename(scenarioPath),
  duration,
  rounds,
  cores: availableParallelism(),
  targets: targets.map((t, i) => ({ name: t.name, delivered: deliveredBy[i], wall: median(walls[i]) })),
  ns2Setup: median(ns2Setups),
  ratios,
  engine: { sent: engineCounts.segments, retransmits: total('retransmits'), rtos: total('rtos') },
  ns2: { sent: ns2.sent, retransmits: ns2.retransmits, rtos: ns2.rtos },
};
writeFileSync(artifact, `${JSON.stringify(result, null, 2)}\n`);
