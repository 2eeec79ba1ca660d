/**
 * `window.__obsIdle()` — for end-to-end tests (and anyone scripting the page).
 *
 * Resolves at the first animation frame where no engine call (load, reset, setLive) is
 * awaiting an answer, the scenario store is not bringing the engine up to date nor waiting
 * for a slider to rest, no received frame is waiting to be applied and no view is waiting
 * to be redrawn. Tests await it before reading the DOM or taking a screenshot, instead
 * of sleeping. While the simulation plays the page is idle between frames, so this also
 * resolves then; it means "consistent", not "stopped".
 */
import type { SimController } from './sim/controller';
import { documentOf, type ScenarioStore } from './store/scenarioStore';

declare global {
  interface Window {
    __obsIdle?: () => Promise<void>;
    /** The document the address bar links to (scenario, live changes): for tests comparing runs. */
    __obsDocument?: () => unknown;
    /** The run's summary as the engine last sent it. */
    __obsSummary?: () => unknown;
  }
}

export function installTestHooks(controller: SimController, store?: ScenarioStore): void {
  window.__obsIdle = () =>
    new Promise<void>((resolve) => {
      const check = () => (controller.isIdle() && !store?.busy ? resolve() : requestAnimationFrame(check));
      check();
    });
  window.__obsSummary = () => controller.getState().summary;
  if (store) window.__obsDocument = () => documentOf(store.getState());
}
