// One timed run of a scenario on each engine target, as npm run bench measures them
// (bench_rounds.mjs, vs_ns2.mjs): the wall time covers parsing the scenario, building the
// network and running it to its end, never the process's or the module's start-up.
import { execFileSync } from 'node:child_process';

/** Natively: `obs-bench <path> 1`, one run in a fresh process (wasm-core/bench/obs_bench.cc). */
export function runNative(bin, path) {
  const out = JSON.parse(execFileSync(bin, [path, '1'], { encoding: 'utf8' }));
  return { wall: out.medianWall, events: out.events, segments: out.segments, bursts: out.bursts };
}

/** In wasm under Node, in this process: `engine` is the module (loadEngineNode). The summary too. */
export function runWasm(engine, text) {
  const start = performance.now();
  const sim = new engine.Simulation(text);
  if (!sim.ok()) throw new Error(sim.error());
  sim.advanceTo(sim.duration());
  const wall = (performance.now() - start) / 1000;
  const summary = JSON.parse(sim.summaryJson());
  sim.delete();
  return {
    wall,
    events: summary.events,
    segments: summary.flows.reduce((sum, f) => sum + f.segmentsSent, 0),
    bursts: summary.bursts.sent,
    summary,
  };
}

/** The middle value (the upper one of an even count, as the C++ driver takes it). */
export const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** The rounds' own ratios as the benches report them: their median and their range. */
export const ratioSummary = (ratios) => ({
  ratio: median(ratios),
  ratioMin: Math.min(...ratios),
  ratioMax: Math.max(...ratios),
});
