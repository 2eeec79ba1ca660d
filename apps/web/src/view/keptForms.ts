/**
 * The values of the forms a person fills (Compare A/B, Sweep), kept while the page lives:
 * a tab switched away and back, or a scenario file opened, finds the form as it was left
 * (the tabs unmount when hidden). A lesson step or a Show me (the store's `guided`
 * count) starts the forms over, so a step opens them as its text says.
 */
import { useRef, useState, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';
import type { ScenarioStore } from '../store/scenarioStore';

const kept = new Map<string, { guided: number; value: unknown }>();

export function useKeptState<T>(store: ScenarioStore, key: string, initial: () => T): [T, Dispatch<SetStateAction<T>>] {
  const guided = useSyncExternalStore(store.subscribe, () => store.getState().guided);
  const [value, setValue] = useState<T>(() => {
    const found = kept.get(key);
    return found && found.guided === guided ? (found.value as T) : initial();
  });
  // A step begun while the form is open: its values start over too.
  const seen = useRef(guided);
  let shown = value;
  if (seen.current !== guided) {
    seen.current = guided;
    shown = initial();
    kept.set(key, { guided, value: shown });
    setValue(shown);
  }
  const set: Dispatch<SetStateAction<T>> = (next) =>
    setValue((before) => {
      const after = typeof next === 'function' ? (next as (b: T) => T)(before) : next;
      kept.set(key, { guided: store.getState().guided, value: after });
      return after;
    });
  return [shown, set];
}

/** Forgets every kept form (tests). */
export function forgetKeptForms(): void {
  kept.clear();
}
