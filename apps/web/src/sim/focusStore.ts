/**
 * The shared "focus": what the user picked in the event log (a moment, and the flow,
 * node and link it concerns), for the charts, the animation and the channel view to show.
 * A tiny external store, usable from React (useFocus) and from canvas redraws (get).
 *
 *   import { focusStore } from './focusStore';
 *   const unsubscribe = focusStore.subscribe(() => draw(focusStore.get()));
 *   focusStore.set({ time: 1.234, flow: 0, node: 2, link: 1, dir: 0, kind: 3, source: 'log' });
 *   focusStore.set(null); // clear
 */
import { useSyncExternalStore } from 'react';

export interface Focus {
  /** Simulated seconds of the event. */
  time: number;
  /** Flow index (into flowIds), -1 if none. */
  flow: number;
  /** Node index (scenario.nodes), -1 if none. */
  node: number;
  /** Link index (scenario.links) and direction (0 = a -> b, 1 = b -> a), -1 if none. */
  link: number;
  dir: number;
  /** The engine's event kind (EventKind), -1 if not an event. */
  kind: number;
  /** Burst id for burst events, -1 otherwise. */
  burst: number;
  /** Who set it ("log", "channel", ...), so a view can ignore its own focus. */
  source: string;
  /** Moves on every set, even to an equal focus: clicking the same row again re-focuses. */
  serial: number;
}

export type FocusInput = Partial<Omit<Focus, 'serial' | 'time'>> & { time: number };

export interface FocusStore {
  get(): Focus | null;
  set(focus: FocusInput | null): void;
  subscribe(listener: () => void): () => void;
}

export function createFocusStore(): FocusStore {
  let current: Focus | null = null;
  let serial = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(focus) {
      current =
        focus === null
          ? null
          : {
              flow: -1,
              node: -1,
              link: -1,
              dir: -1,
              kind: -1,
              burst: -1,
              source: 'unknown',
              ...focus,
              serial: ++serial,
            };
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's one focus. */
export const focusStore: FocusStore = createFocusStore();

/** The current focus, re-rendering when it changes. */
export function useFocus(store: FocusStore = focusStore): Focus | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
