/** The page's one editor store (the scenario being worked on), for every view that reads or edits it. */
import { createContext, useContext } from 'react';
import type { ScenarioStore } from './scenarioStore';

export const ScenarioStoreContext = createContext<ScenarioStore | null>(null);

export function useScenarioStore(): ScenarioStore {
  const store = useContext(ScenarioStoreContext);
  if (!store) throw new Error('useScenarioStore outside ScenarioStoreContext');
  return store;
}
