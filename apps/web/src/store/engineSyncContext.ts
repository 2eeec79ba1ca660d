/** The page's one engine sync (store/engineSync.ts), for the views that open a scenario, drop a burst or wait for the engine. */
import { createContext, useContext } from 'react';
import type { EngineSync } from './engineSync';

export const EngineSyncContext = createContext<EngineSync | null>(null);

export function useEngineSync(): EngineSync {
  const sync = useContext(EngineSyncContext);
  if (!sync) throw new Error('useEngineSync outside EngineSyncContext');
  return sync;
}
