/**
 * The page's one editor store (the scenario being worked on), and the keeper of the work
 * saved in this browser with what opens it, for the header's share menu.
 */
import { createContext, useContext } from 'react';
import type { ScenarioStore } from '../store/scenarioStore';
import type { Opener } from './opening';
import type { WorkKeeper } from './workKeeper';

export const ScenarioStoreContext = createContext<ScenarioStore | null>(null);

export function useScenarioStore(): ScenarioStore {
  const store = useContext(ScenarioStoreContext);
  if (!store) throw new Error('useScenarioStore outside ScenarioStoreContext');
  return store;
}

export interface SavedWork {
  keeper: WorkKeeper;
  opener: Opener;
}

/** Null where there is none (component tests): the menu then shows no saved-work section. */
export const SavedWorkContext = createContext<SavedWork | null>(null);

export function useSavedWork(): SavedWork | null {
  return useContext(SavedWorkContext);
}
