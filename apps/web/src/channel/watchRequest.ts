/**
 * Asks the channel view to watch something picked elsewhere: selecting a core node in the
 * network editor shows that core's outgoing fibers in the Channels tab (at once if it is
 * open, else when it opens). A tiny external store, like sim/focusStore.ts; the request lives
 * at module level because the tab unmounts while hidden.
 */
export interface WatchRequest {
  /** The core node's id. */
  node: string;
  /** Moves on every request, even for the same node. */
  serial: number;
}

let current: WatchRequest | null = null;
let serial = 0;
const listeners = new Set<() => void>();

export const channelWatch = {
  get: (): WatchRequest | null => current,
  request(node: string): void {
    current = { node, serial: ++serial };
    for (const l of [...listeners]) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
