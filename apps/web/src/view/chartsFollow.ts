/**
 * Asks the charts to follow the run again: the whole run on their time axis and no moment
 * marked, as a double-click on a chart does. A lesson step or a *Show me* asks it as it
 * begins, so the window and the mark that an earlier step's pause (or a log entry the class
 * clicked) left do not carry over to a step about another moment. A request, not state:
 * the time window itself stays the charts' own (charts/timeWindow.ts), made afresh each
 * time their tab opens.
 */

export interface FollowRequests {
  /** Every chart on screen follows the run from now on. */
  request(): void;
  subscribe(listener: () => void): () => void;
}

export function createFollowRequests(): FollowRequests {
  const listeners = new Set<() => void>();
  return {
    request() {
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one. */
export const chartsFollow: FollowRequests = createFollowRequests();
