/**
 * Calls `refresh` now and once a second while mounted (and at once when it changes): for
 * words about a live figure, which are read, not watched, so they need not follow each frame.
 */
import { useEffect } from 'react';

const REFRESH_MS = 1000;

export function useEverySecond(refresh: () => void): void {
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
}
