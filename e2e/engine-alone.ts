/**
 * A preset run by the wasm engine alone under Node (the engine package's own loader), no page:
 * `node --import tsx e2e/engine-alone.ts <preset> <duration s> <rounds>` prints, as JSON,
 * the median wall time of the whole run (building the network included, compiling the
 * module not) over the rounds, and simulated seconds per wall second. The page-bench
 * measurements set it beside the same preset in the page, so the page's share is read
 * apart from the engine's. Run with tsx: the scenario package imports JSON, which
 * Playwright's loader does not.
 */
import { findPreset } from '@obs-tcp-sim/scenario';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';

const [id, durationArg, roundsArg] = process.argv.slice(2);
const preset = findPreset(id);
if (!preset) throw new Error(`no preset ${id}`);
const duration = Number(durationArg ?? preset.scenario.duration);
const rounds = Math.max(1, Number(roundsArg ?? 3));
const text = JSON.stringify({ ...preset.scenario, duration });
const { module: engine } = await loadEngineNode();

const walls: number[] = [];
let events = 0;
for (let i = 0; i < rounds; i++) {
  const started = performance.now();
  const sim = new engine.Simulation(text);
  if (!sim.ok()) throw new Error(sim.error());
  sim.advanceTo(duration);
  walls.push((performance.now() - started) / 1000);
  events = (JSON.parse(sim.summaryJson()) as { events: number }).events;
  sim.delete();
}
walls.sort((a, b) => a - b);
const wall = walls[Math.floor(walls.length / 2)];
console.log(JSON.stringify({ preset: id, duration, rounds, walls, wall, events, realTime: duration / wall }));
