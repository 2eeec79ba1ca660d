/** The page's one editor store (the scenario being worked on), for the header's share menu. */
import { createContext, useContext } from 'react';
import type { ScenarioStore } from '../editor/scenarioStore';

export const ScenarioStoreContext = createContext<ScenarioStore | null>(null);

export function useScenarioStore(): ScenarioStore {
  const store = useContext(ScenarioStoreContext);
  if (!store) throw new Error('useScenarioStore outside ScenarioStoreContext');
  return store;
}
