import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SimController, SimState } from './controller';

export const SimContext = createContext<SimController | null>(null);

export function useController(): SimController {
  const controller = useContext(SimContext);
  if (!controller) throw new Error('useController outside <SimContext.Provider>');
  return controller;
}

/** The React-visible part of the session; re-renders only when it changes. */
export function useSimState(): SimState {
  const controller = useController();
  return useSyncExternalStore(controller.subscribe, controller.getState);
}
