/** The keeper of the work saved in this browser, with what opens it, for the header's share menu. */
import { createContext, useContext } from 'react';
import type { Opener } from './opener';
import type { WorkKeeper } from '../storage/workKeeper';

export interface SavedWork {
  keeper: WorkKeeper;
  opener: Opener;
}

/** Null where there is none (component tests): the menu then shows no saved-work section. */
export const SavedWorkContext = createContext<SavedWork | null>(null);

export function useSavedWork(): SavedWork | null {
  return useContext(SavedWorkContext);
}
