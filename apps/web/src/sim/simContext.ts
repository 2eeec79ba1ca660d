import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Scenario } from '@obs-tcp-sim/scenario';
import type { SimController, SimState } from './controller';

/** The page's session, which runs the scenario the store owns. */
export const SimContext = createContext<SimController<Scenario> | null>(null);

export function useController(): SimController<Scenario> {
  const controller = useContext(SimContext);
  if (!controller) throw new Error('useController outside <SimContext.Provider>');
  return controller;
}

/** The React-visible part of the session; re-renders only when it changes. */
export function useSimState(): SimState {
  const controller = useController();
  return useSyncExternalStore(controller.subscribe, controller.getState);
}
