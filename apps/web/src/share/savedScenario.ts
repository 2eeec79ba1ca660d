/**
 * The scenario being worked on, kept in the browser's local storage after every change, so
 * a reload (or a closed tab) never loses an edited network. Read back with the same checks
 * as a share link: storage can hold anything another version or another page wrote.
 */
import { checkSharedScenario, type Scenario } from '@obs-tcp-sim/scenario';

export const STORAGE_KEY = 'obs-tcp-sim.scenario';
/** The layout of what is stored (not the scenario's own version). */
const STORED_FORMAT = 1;

export type SavedRead =
  | { kind: 'none' }
  | { kind: 'saved'; scenario: Scenario }
  /** Something was stored but cannot be used: why, for a notice. */
  | { kind: 'unreadable'; message: string };

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'setItem'>;

/** The browser's storage, or null where there is none (private modes may throw on access). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readSavedScenario(storage: Reader | null): SavedRead {
  let text: string | null;
  try {
    text = storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return { kind: 'none' };
  }
  if (text === null) return { kind: 'none' };
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', message: 'the scenario saved in this browser is not valid JSON' };
  }
  const record = stored as { format?: unknown; scenario?: unknown } | null;
  if (record === null || typeof record !== 'object' || record.format !== STORED_FORMAT) {
    return { kind: 'unreadable', message: 'the scenario saved in this browser was written by another version of the app' };
  }
  const refusal = checkSharedScenario(record.scenario);
  if (refusal) return { kind: 'unreadable', message: `the scenario saved in this browser was refused: ${refusal.message}` };
  return { kind: 'saved', scenario: record.scenario as Scenario };
}

/** Stores the scenario; returns why it could not be stored (storage full or off), else null. */
export function writeSavedScenario(storage: Writer | null, scenario: Scenario): string | null {
  if (!storage) return 'this browser keeps no local storage for the page';
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ format: STORED_FORMAT, scenario }));
    return null;
  } catch (error) {
    return `the browser refused to store it (${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * Calls `save` at most once per `delayMs` (the last value wins), so dragging a node does
 * not write the storage at every pointer move. `flush` writes a pending value at once.
 */
export function throttledSaver<T>(
  save: (value: T) => void,
  delayMs: number,
  // Wrapped: the browser's timer functions throw "Illegal invocation" called as methods.
  timers: { set(f: () => void, ms: number): unknown; clear(handle: unknown): void } = {
    set: (f, ms) => setTimeout(f, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
) {
  let pending: { value: T } | null = null;
  let timer: unknown = null;
  const flush = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    if (pending) {
      const { value } = pending;
      pending = null;
      save(value);
    }
  };
  return {
    push(value: T) {
      pending = { value };
      if (timer === null) timer = timers.set(flush, delayMs);
    },
    flush,
  };
}
