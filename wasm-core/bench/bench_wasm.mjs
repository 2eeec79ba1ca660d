// WebAssembly benchmark under Node: same scenario, same measure as bench/obs_bench.cc,
// through the engine package's own Node loader.
import { readFileSync } from 'node:fs';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';

const [scenarioPath, repeatsArg] = process.argv.slice(2);
const repeats = Math.max(1, Number(repeatsArg ?? 5));
const { module: engine } = await loadEngineNode();
const text = readFileSync(scenarioPath, 'utf8');

const walls = [];
let events = 0;
let segments = 0;
for (let i = 0; i < repeats; i++) {
  const start = performance.now();
  const sim = new engine.Simulation(text);
  if (!sim.ok()) throw new Error(sim.error());
  sim.advanceTo(sim.duration());
  walls.push((performance.now() - start) / 1000);
  const summary = JSON.parse(sim.summaryJson());
  sim.delete();
  events = summary.events;
  segments = summary.flows.reduce((sum, f) => sum + f.segmentsSent, 0);
}
walls.sort((a, b) => a - b);
const median = walls[Math.floor(walls.length / 2)];
console.log(
  JSON.stringify({
    target: 'wasm',
    repeats,
    medianWall: median,
    events,
    segments,
    eventsPerSecond: events / median,
    segmentsPerSecond: segments / median,
  }),
);
