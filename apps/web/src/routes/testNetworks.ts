/**
 * For tests only: networks whose routes the app must read from the engine, and the real
 * wasm engine under Node to read them from (as SimState.routes holds them after a load).
 * Not imported by the app.
 *
 * The first lesson with a second egress edge E3 beside E2 (C1 - fiber3 - E3 - access3 -
 * Client), its access narrower than E2's. With delays alone the two ways to the client tie
 * and both directions go through E2 (the lower node index); a forced `ackRoute` or costs
 * per direction send one direction through E3, which only the engine's routes tell.
 */
import { PRESETS, type Scenario, type Summary } from '@obs-tcp-sim/scenario';
import type { EngineRoutes, Simulation } from '@obs-tcp-sim/engine';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';

type Link = Scenario['links'][number] & { cost?: number | { ab?: number; ba?: number } };

/** E3's access: narrower than E2's 10 Mbit/s, so a route through it has another bottleneck. */
export const E3_ACCESS_RATE = 2e6;

function firstLesson(): Scenario {
  const s = structuredClone(PRESETS.find((p) => p.id === 'first-lesson')!.scenario) as Scenario;
  s.duration = 0.5;
  return s;
}

/** The first lesson with E3 beside E2; E3's links cost `cost` if given. */
export function secondEgress(cost?: { ab: number; ba: number }): Scenario {
  const s = firstLesson();
  const e2 = s.nodes.find((n) => n.id === 'E2')!;
  s.nodes.push({ ...e2, id: 'E3', y: e2.y + 120 });
  const fiber = s.links.find((l) => l.id === 'fiber2')!;
  const access = s.links.find((l) => l.id === 'access2')!;
  const e3Links: Link[] = [
    { ...fiber, id: 'fiber3', a: 'C1', b: 'E3' },
    { ...access, id: 'access3', a: 'E3', b: 'Client', rate: E3_ACCESS_RATE },
  ];
  // a -> b is the data's direction on both (towards the client), b -> a the ACKs'.
  if (cost) for (const l of e3Links) l.cost = { ...cost };
  s.links.push(...(e3Links as Scenario['links']));
  return s;
}

/** ACKs forced back through E3 (`ackRoute`); data routed by delay, through E2. */
export function acksForcedThroughE3(): Scenario {
  const s = secondEgress();
  (s.flows[0] as Scenario['flows'][number] & { ackRoute?: string[] }).ackRoute = ['Client', 'E3', 'C1', 'E1', 'Server'];
  return s;
}

/** E3's links free towards C1 and dear towards the client: data through E2, ACKs through E3. */
export const acksCheaperThroughE3 = () => secondEgress({ ab: 1, ba: 0 });

/** The other way round: data through E3 (and its narrow access), ACKs through E2. */
export const dataCheaperThroughE3 = () => secondEgress({ ab: 0, ba: 1 });

let engine: ReturnType<typeof loadEngineNode> | null = null;

/** A simulation of the scenario in the real engine, deleted after `read`. */
async function withSimulation<T>(scenario: object, read: (sim: Simulation) => T): Promise<T> {
  engine ??= loadEngineNode();
  const { module } = await engine;
  const sim = new module.Simulation(JSON.stringify(scenario));
  try {
    if (!sim.ok()) throw new Error(`the engine refused the scenario: ${sim.error()}`);
    return read(sim);
  } finally {
    sim.delete();
  }
}

/** The routes the engine computes for the scenario (routesJson), as a load reports them. */
export function engineRoutesOf(scenario: object): Promise<EngineRoutes> {
  return withSimulation(scenario, (sim) => JSON.parse(sim.routesJson()) as EngineRoutes);
}

const BURST_FORMED = 0;
const SLICES = 50;

/**
 * The scenario run to its end: the nodes (ids) that formed bursts of each class (0 data, 1
 * ACK, 2 background; visual events drained slice by slice so none is lost) and its summary.
 */
export function engineRunOf(scenario: Scenario): Promise<{ formedAt: Map<number, Set<string>>; summary: Summary }> {
  return withSimulation(scenario, (sim) => {
    sim.setVisualEvents(true);
    const formedAt = new Map<number, Set<string>>();
    for (let k = 1; k <= SLICES; k++) {
      sim.advanceTo((scenario.duration * k) / SLICES);
      const ev = sim.drainVisualEvents();
      if (ev.lost > 0) throw new Error(`${ev.lost} visual events lost: drain more often`);
      for (let i = 0; i < ev.kind.length; i++) {
        if (ev.kind[i] !== BURST_FORMED) continue;
        if (!formedAt.has(ev.cls[i])) formedAt.set(ev.cls[i], new Set());
        formedAt.get(ev.cls[i])!.add(scenario.nodes[ev.node[i]].id);
      }
    }
    return { formedAt, summary: JSON.parse(sim.summaryJson()) as Summary };
  });
}
