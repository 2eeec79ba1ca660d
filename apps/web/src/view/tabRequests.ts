/**
 * Asks a tab to show something picked elsewhere (selecting a core node or a flow in the
 * network editor): at once if the tab is open, else when it opens. A tiny external store
 * like sim/focusStore.ts; each one lives at module level because its tab unmounts while
 * hidden, and the tab follows a request once, by its serial.
 */
export interface TabRequest<T> {
  /** What the tab is asked to show. */
  target: T;
  /** Moves on every request, even for the same target. */
  serial: number;
}

export interface TabRequests<T> {
  get(): TabRequest<T> | null;
  request(target: T): void;
  subscribe(listener: () => void): () => void;
}

export function createTabRequests<T>(): TabRequests<T> {
  let current: TabRequest<T> | null = null;
  let serial = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    request(target) {
      current = { target, serial: ++serial };
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
