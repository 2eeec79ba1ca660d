/**
 * What the page keeps in the browser's local storage, and how it is read back. Three keys:
 *
 * - `obs-tcp-sim.scenario`: the work, `{ format: 1, scenario, savedAt, stopped?, fromLink? }`;
 * - `obs-tcp-sim.previous`: the work a link replaced, same layout plus `replacedAt`;
 * - `obs-tcp-sim.kept`: records this version could not read (a newer version's, a damaged
 *   one), set aside word for word before anything is written over them.
 *
 * Storage can hold anything another version or another page wrote, so every record is
 * read with the same checks as a share link. The rules for when to write are in
 * workKeeper.ts; this file only reads and writes.
 */
import { checkSharedScenario, type Scenario } from '@obs-tcp-sim/scenario';

export const STORAGE_KEY = 'obs-tcp-sim.scenario';
export const PREVIOUS_KEY = 'obs-tcp-sim.previous';
export const KEPT_KEY = 'obs-tcp-sim.kept';
/** The layout of what is stored (not the scenario's own version). */
export const STORED_FORMAT = 1;
/** The scenario format this version reads (docs/model.md, docs/sharing.md). */
const SCENARIO_FORMAT = 1;
/** A stop reason longer than this is cut when stored (it is one line of a notice). */
const MAX_REASON = 500;

/** Why the engine stopped the last run of the saved scenario (a crash, a budget). */
export interface StopMark {
  reason: string;
  /** When (ms since 1970), or null if the record did not say. */
  at: number | null;
}

export interface SavedRecord {
  scenario: Scenario;
  /** When it was written (ms since 1970); null for records written before this was kept. */
  savedAt: number | null;
  /** Set when the engine stopped its run: the page then opens it paused. */
  stopped: StopMark | null;
  /** The scenario of a link, not edited since it was opened (a later link does not back it up). */
  fromLink: boolean;
}

export type SavedRead =
  | { kind: 'none' }
  | ({ kind: 'saved' } & SavedRecord)
  /** Something is stored but this version cannot use it: why, and the text word for word. */
  | { kind: 'unreadable'; message: string; text: string };

/** The work a link (or a restore) replaced. */
export interface PreviousRecord extends SavedRecord {
  /** When it was replaced (ms since 1970), or null. */
  replacedAt: number | null;
}

/** A record set aside because this version could not read it. */
export interface KeptRecord {
  /** The stored text, word for word. */
  text: string;
  /** Why it could not be used. */
  why: string;
  keptAt: number | null;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's storage, or null where there is none (private modes may throw on access). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * A storage that lasts as long as the page: for an embedded copy (view/embedFlag.ts), which
 * keeps its work to itself and must never touch what this origin saved for the full app.
 */
export function pageOnlyStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** The text under a key; null if there is none or the storage cannot be read. */
export function readText(storage: Pick<Storage, 'getItem'> | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Reads a stored record from its text: the scenario, or why this version cannot use it. */
export function parseRecord(text: string): SavedRead {
  const unreadable = (message: string): SavedRead => ({ kind: 'unreadable', message, text });
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return unreadable('it is not valid JSON (the record is damaged)');
  }
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return unreadable('it is not a record this app writes');
  const record = stored as Record<string, unknown>;
  if (typeof record.format === 'number' && record.format > STORED_FORMAT) {
    return unreadable(
      `it was saved by a newer version of the simulator (storage format ${record.format}; this version reads format ${STORED_FORMAT})`,
    );
  }
  if (record.format !== STORED_FORMAT) return unreadable('it is not a record this app writes');
  const scenario = record.scenario as { version?: unknown } | null;
  if (scenario !== null && typeof scenario === 'object' && typeof scenario.version === 'number' && scenario.version > SCENARIO_FORMAT) {
    return unreadable(
      `it was saved by a newer version of the simulator (scenario format ${scenario.version}; this version reads format ${SCENARIO_FORMAT})`,
    );
  }
  const refusal = checkSharedScenario(record.scenario);
  if (refusal) return unreadable(`it was refused: ${refusal.message}`);
  return {
    kind: 'saved',
    scenario: record.scenario as Scenario,
    savedAt: timeOf(record.savedAt),
    stopped: stopOf(record.stopped),
    fromLink: record.fromLink === true,
  };
}

/** A time field: finite milliseconds, else null. */
function timeOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A stop mark as stored. Anything there but not in the expected shape still counts as a
 * stop (the run is not replayed): a damaged mark must not restart a crashing run.
 */
function stopOf(value: unknown): StopMark | null {
  if (value === undefined || value === null || value === false) return null;
  const mark = value as { reason?: unknown; at?: unknown };
  const reason = typeof mark?.reason === 'string' && mark.reason !== '' ? mark.reason.slice(0, MAX_REASON) : 'no reason was recorded';
  return { reason, at: timeOf(mark?.at) };
}

/** The scenario saved in this browser (the `obs-tcp-sim.scenario` key). */
export function readSavedScenario(storage: Pick<Storage, 'getItem'> | null): SavedRead {
  const text = readText(storage, STORAGE_KEY);
  return text === null ? { kind: 'none' } : parseRecord(text);
}

/** The work a link replaced, or null if there is none this version can read. */
export function readPrevious(storage: Pick<Storage, 'getItem'> | null): PreviousRecord | null {
  const text = readText(storage, PREVIOUS_KEY);
  if (text === null) return null;
  const read = parseRecord(text);
  if (read.kind !== 'saved') return null;
  const { kind: _kind, ...record } = read;
  let replacedAt: number | null = null;
  try {
    replacedAt = timeOf((JSON.parse(text) as { replacedAt?: unknown }).replacedAt);
  } catch {
    // parseRecord read it, so it parses; kept for the type checker.
  }
  return { ...record, replacedAt };
}

/** The text of a record as stored: only the fields that say something. */
export function recordText(record: SavedRecord, extra: { replacedAt?: number | null } = {}): string {
  return JSON.stringify({
    format: STORED_FORMAT,
    scenario: record.scenario,
    ...(record.savedAt !== null ? { savedAt: record.savedAt } : {}),
    ...(record.stopped
      ? {
          stopped: { reason: record.stopped.reason.slice(0, MAX_REASON), ...(record.stopped.at !== null ? { at: record.stopped.at } : {}) },
        }
      : {}),
    ...(record.fromLink ? { fromLink: true } : {}),
    ...(extra.replacedAt != null ? { replacedAt: extra.replacedAt } : {}),
  });
}

/** Writes text under a key; returns why it could not (storage full or off), else null. */
export function writeText(storage: Pick<Storage, 'setItem'> | null, key: string, text: string): string | null {
  if (!storage) return 'this browser keeps no local storage for the page';
  try {
    storage.setItem(key, text);
    return null;
  } catch (error) {
    return `the browser refused to store it (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`;
  }
}

/** Stores the work as it is (tests and simple callers; the page goes through WorkKeeper). */
export function writeSavedScenario(storage: Pick<Storage, 'setItem'> | null, scenario: Scenario, now: number | null = null): string | null {
  return writeText(storage, STORAGE_KEY, recordText({ scenario, savedAt: now, stopped: null, fromLink: false }));
}

/**
 * The records set aside so far. If the key itself cannot be read as a list, what it holds
 * becomes one more record: nothing stored is ever dropped by being misread.
 */
export function readKept(storage: Pick<Storage, 'getItem'> | null): KeptRecord[] {
  const text = readText(storage, KEPT_KEY);
  if (text === null) return [];
  try {
    const stored = JSON.parse(text) as { format?: unknown; records?: unknown };
    if (stored?.format === STORED_FORMAT && Array.isArray(stored.records)) {
      const records = stored.records as Array<Partial<KeptRecord>>;
      if (records.every((r) => typeof r?.text === 'string')) {
        return records.map((r) => ({
          text: r.text!,
          why: typeof r.why === 'string' ? r.why : 'this version could not read it',
          keptAt: timeOf(r.keptAt),
        }));
      }
    }
  } catch {
    // Not a list this version wrote: kept whole below.
  }
  return [{ text, why: 'it was set aside in a form this version does not read', keptAt: null }];
}

function writeKept(storage: StorageLike | null, records: KeptRecord[]): string | null {
  if (records.length === 0) {
    try {
      storage?.removeItem(KEPT_KEY);
      return null;
    } catch (error) {
      return `the browser refused to change its storage (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return writeText(storage, KEPT_KEY, JSON.stringify({ format: STORED_FORMAT, records }));
}

/** Sets a record aside (once: the same text is not kept twice). Returns why it could not, else null. */
export function keepRecord(storage: StorageLike | null, record: KeptRecord): string | null {
  const kept = readKept(storage);
  if (kept.some((r) => r.text === record.text)) return null;
  return writeKept(storage, [...kept, record]);
}

/** Drops a record set aside (the user downloaded it, or does not want it). */
export function forgetKept(storage: StorageLike | null, text: string): string | null {
  return writeKept(
    storage,
    readKept(storage).filter((r) => r.text !== text),
  );
}

/**
 * What to download for a record set aside: the scenario inside if there is one (a file the
 * version that wrote it can open), else the stored text word for word.
 */
export function keptDownload(record: KeptRecord): { fileName: string; text: string; type: string } {
  try {
    const stored = JSON.parse(record.text) as { scenario?: unknown };
    if (stored !== null && typeof stored === 'object' && stored.scenario !== null && typeof stored.scenario === 'object') {
      return { fileName: 'saved-scenario.json', text: `${JSON.stringify(stored.scenario, null, 2)}\n`, type: 'application/json' };
    }
  } catch {
    // Not JSON: the text as it was.
  }
  return { fileName: 'saved-scenario-record.txt', text: record.text, type: 'text/plain' };
}

/**
 * Calls `save` at most once per `delayMs` (the last value wins), so dragging a node does
 * not write the storage at every pointer move. `flush` writes a pending value at once.
 */
export function throttledSaver<T>(
  save: (value: T) => void,
  delayMs: number,
  // Wrapped: the browser's timer functions throw "Illegal invocation" called as methods.
  timers: Timers = browserTimers,
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
    /** Drops a value waiting to be written. */
    cancel() {
      if (timer !== null) timers.clear(timer);
      timer = null;
      pending = null;
    },
    /** True while a value waits to be written. */
    get pending() {
      return pending !== null;
    },
  };
}

export interface Timers {
  set(f: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: Timers = {
  set: (f, ms) => setTimeout(f, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
