/**
 * `window.__obsIdle()` — for end-to-end tests (and anyone scripting the page).
 *
 * Resolves at the first animation frame where no engine call (load, reset, setLive) is
 * awaiting an answer, no received frame is waiting to be applied and no view is waiting
 * to be redrawn. Tests await it before reading the DOM or taking a screenshot, instead
 * of sleeping. While the simulation plays the page is idle between frames, so this also
 * resolves then; it means "consistent", not "stopped".
 */
import type { SimController } from './sim/controller';

declare global {
  interface Window {
    __obsIdle?: () => Promise<void>;
  }
}

export function installTestHooks(controller: SimController): void {
  window.__obsIdle = () =>
    new Promise<void>((resolve) => {
      const check = () => (controller.isIdle() ? resolve() : requestAnimationFrame(check));
      check();
    });
}
