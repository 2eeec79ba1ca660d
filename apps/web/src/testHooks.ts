/**
 * `window.__obsIdle()` — for end-to-end tests (and anyone scripting the page).
 *
 * Resolves at the first animation frame where no engine call (load, reset, setLive) is
 * awaiting an answer, the engine sync is not bringing the engine up to date nor waiting
 * for a slider to rest, no received frame is waiting to be applied and no view is waiting
 * to be redrawn. Tests await it before reading the DOM or taking a screenshot, instead
 * of sleeping. While the simulation plays it resolves after a frame that drew everything
 * received before it: it means "consistent", not "stopped".
 */
import type { SimController } from './sim/controller';
import { documentOf, type ScenarioStore } from './store/scenarioStore';
import type { EngineSync } from './store/engineSync';

declare global {
  interface Window {
    __obsIdle?: () => Promise<void>;
    /** The document the address bar links to (scenario, live changes): for tests comparing runs. */
    __obsDocument?: () => unknown;
    /** The run's summary as the engine last sent it. */
    __obsSummary?: () => unknown;
    /**
     * Resolves once the page is idle (`__obsIdle`) and neither the saved work nor the
     * address bar has a write waiting out its delay: what storage and the address say then
     * is what they will say until something else happens. Tests that check nothing was
     * written await it instead of sleeping past the delays.
     */
    __obsWritten?: () => Promise<void>;
  }
}

export function installTestHooks(controller: SimController, store?: ScenarioStore, sync?: EngineSync): void {
  window.__obsIdle = async () => {
    // While a run plays, frames keep coming and moving marks keep redrawing: "consistent" is
    // a frame that drew everything received before it. Until 2026-11-29 this waited for a
    // frame with nothing left to draw, which a playing run never has: it waited for the
    // run's end (20 s of paper 000 at 1×). Paused or finished, the last frames sent before
    // the pause are awaited too, so the page no longer changes.
    for (;;) {
      if (controller.getState().phase === 'running') {
        await controller.whenDrawn();
        if (controller.getState().phase === 'running' && controller.isQuiet() && !sync?.busy) return;
      } else if (controller.isIdle() && !sync?.busy) return;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  };
  window.__obsSummary = () => controller.getState().summary;
  if (store) window.__obsDocument = () => documentOf(store.getState());
}

/** `window.__obsWritten`: `waiting` says whether a write of the saved work or the address waits. */
export function installWrittenHook(waiting: () => boolean): void {
  window.__obsWritten = async () => {
    for (;;) {
      await window.__obsIdle?.();
      if (!waiting()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}
