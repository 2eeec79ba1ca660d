/**
 * For tests only: a run of the real wasm engine under Node with visual events on, kept
 * in the app's own EventRing as a frame would leave it. Not imported by the app.
 */
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import networkFeatures from '../../../../wasm-core/tests/scenarios/network-features.json';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { VisualStore } from './visualStore';

export const networkFeaturesScenario = networkFeatures;

export interface Recording {
  store: VisualStore;
  flowIds: string[];
  summary: unknown;
  /** The routes the engine computed (routesJson). */
  routes: EngineRoutes;
}

/** Runs `scenario` to `until` seconds in slices, appending each drain to a VisualStore (as frames do). */
export async function record(scenario: object, until: number, slices = 20): Promise<Recording> {
  const { module } = await loadEngineNode();
  const sim = new module.Simulation(JSON.stringify(scenario));
  try {
    if (!sim.ok()) throw new Error(sim.error());
    sim.setVisualEvents(true);
    const store = new VisualStore(1 << 20, 1 << 18);
    for (let k = 1; k <= slices; k++) {
      sim.advanceTo((until * k) / slices);
      store.append(sim.drainVisualEvents() as never);
    }
    return {
      store,
      flowIds: JSON.parse(sim.flowIdsJson()) as string[],
      summary: JSON.parse(sim.summaryJson()),
      routes: JSON.parse(sim.routesJson()) as EngineRoutes,
    };
  } finally {
    sim.delete();
  }
}
