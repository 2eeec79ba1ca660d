/**
 * Asks the time-space diagram to follow a flow picked elsewhere: selecting a flow in the
 * network editor shows the optical path its data crosses (at once if the tab is open, else
 * when it opens). A tiny external store like channel/watchRequest.ts; module-level because
 * the tab unmounts while hidden.
 */
export interface FlowWatch {
  /** The flow group's id ("tcp1"). */
  flow: string;
  /** Moves on every request, even for the same flow. */
  serial: number;
}

let current: FlowWatch | null = null;
let serial = 0;
const listeners = new Set<() => void>();

export const timeSpaceWatch = {
  get: (): FlowWatch | null => current,
  request(flow: string): void {
    current = { flow, serial: ++serial };
    for (const l of [...listeners]) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
