/**
 * When the page writes the user's work to local storage, and what it never writes over.
 * The rules (docs/sharing.md, "Saved work"):
 *
 * 1. Only the user's own action changes what is saved: an edit, a slider, a preset picked,
 *    a file or a valid link opened, an undo. What the app puts on screen by itself (the
 *    default scenario after a refused link, or after a saved scenario the engine refused)
 *    is not saved, so the work in storage stays as it was.
 * 2. A valid link replaces the saved work, but the work goes to a backup slot first
 *    ("Restore previous work" in the Share & files menu). The scenario of a link not
 *    edited since is marked `fromLink`: a second link does not push the real work out of
 *    the backup slot.
 * 3. A record this version cannot read (a newer version's, a damaged one, one the engine
 *    refuses) is set aside word for word in another key before anything is written over
 *    it; if it cannot be set aside, nothing is written.
 * 4. A run the engine stopped (a crash, a budget) is marked on the saved record: the page
 *    then opens it paused. The mark goes when the scenario changes or a run finishes.
 * 5. A storage failure (full, off) is said once and never stops the page.
 *
 * The keeper learns what happens from the page (main.tsx and startup/opener.ts): it never
 * guesses from the scenario's content who changed it.
 */
import type { Scenario } from '@obs-tcp-sim/scenario';
import { canonical } from '../store/syncPlan';
import {
  keepRecord,
  forgetKept,
  parseRecord,
  PREVIOUS_KEY,
  readKept,
  readPrevious,
  readSavedScenario,
  readText,
  recordText,
  STORAGE_KEY,
  throttledSaver,
  writeText,
  type KeptRecord,
  type PreviousRecord,
  type SavedRead,
  type SavedRecord,
  type StopMark,
  type StorageLike,
  type Timers,
} from './savedScenario';

/** What the Share & files menu shows about storage. */
export interface KeeperView {
  previous: { name: string; savedAt: number | null; replacedAt: number | null } | null;
  kept: KeptRecord[];
}

export interface KeeperOptions {
  now?: () => number;
  timers?: Timers;
  /** At most one write per this many milliseconds while the user edits. */
  delayMs?: number;
}

export class WorkKeeper {
  /** What storage held when the page opened. */
  readonly saved: SavedRead;
  /** Told about a storage problem, once per kind (the page shows it as a notice). */
  reportProblem: (message: string) => void = () => {};

  /** Whose scenario is on screen: the user's (saved on change) or one the app chose. */
  private owner: 'user' | 'app' = 'app';
  /** The scenario on screen, as last told (its arrival in the editor store is then no change). */
  private current: Scenario | null = null;
  /** A scenario being opened on purpose: its arrival is written by opened(), not as an edit. */
  private opening: Scenario | null = null;
  /** The last scenario announced by beginOpen that the engine refused: the editor store may
   *  still hand it over after the refusal (it adopts what the session held), and that is
   *  not the user's doing. */
  private refusedOpening: Scenario | null = null;
  /** Between showByApp and settle (see there). */
  private appOpening = false;
  /** The scenario of the last link opened, while not edited. */
  private linkScenario: Scenario | null = null;
  private stop: { scenario: Scenario; mark: StopMark } | null = null;
  /** The saved record's text when the engine refused it: unusable, like an unreadable one. */
  private refused: { text: string; why: string } | null = null;
  /** The text this page last wrote under each key (what is there is then ours). */
  private written = new Map<string, string>();
  private said = new Set<string>();
  private readonly saver;
  private readonly now: () => number;
  private listeners = new Set<() => void>();
  private view: KeeperView;

  constructor(
    private readonly storage: StorageLike | null,
    options: KeeperOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.saver = throttledSaver<Scenario>((s) => this.write(s), options.delayMs ?? 500, options.timers);
    this.saved = readSavedScenario(storage);
    // Set aside at once, before anything could be written over it.
    if (this.saved.kind === 'unreadable') keepRecord(storage, { text: this.saved.text, why: this.saved.message, keptAt: this.now() });
    this.view = this.readView();
  }

  // ---- what is on screen ----

  /** The saved work is on screen, as read (it is the user's; nothing to write yet). */
  showSaved(record: SavedRecord): void {
    this.owner = 'user';
    this.current = record.scenario;
    this.linkScenario = record.fromLink ? record.scenario : null;
    this.stop = record.stopped ? { scenario: record.scenario, mark: record.stopped } : null;
  }

  /**
   * The app put this on screen by itself: it is not saved until the user changes something.
   * Until settle(), the app is still opening it: whatever the editor store hands over
   * meanwhile (it catches up with the session in several steps, and may first hand over
   * a patched copy of a scenario the engine refused) is the app's doing, never saved.
   */
  showByApp(scenario: Scenario): void {
    this.owner = 'app';
    this.current = scenario;
    this.appOpening = true;
  }

  /** The app's own opening is over: from now on a change is the user's. */
  settle(): void {
    if (!this.appOpening) return;
    this.appOpening = false;
    this.saver.cancel();
    this.owner = 'app';
  }

  /** A scenario is about to be opened on purpose (a link, the previous work). */
  beginOpen(scenario: Scenario): void {
    this.saver.flush(); // the user's last edits are saved before anything replaces them
    this.opening = scenario;
  }

  /** The engine refused what beginOpen announced; nothing changes. */
  openFailed(): void {
    this.refusedOpening = this.opening;
    this.opening = null;
  }

  /** A valid link was opened: the saved work goes to the backup slot, then the link is saved. */
  linkOpened(scenario: Scenario): void {
    this.opening = null;
    this.saver.flush();
    const main = readSavedScenario(this.storage);
    if (main.kind === 'saved' && !main.fromLink && canonical(main.scenario) !== canonical(scenario)) {
      this.writeKey(PREVIOUS_KEY, recordText(main, { replacedAt: this.now() }));
      this.changedView();
    }
    this.owner = 'user';
    this.current = scenario;
    this.linkScenario = scenario;
    // The address bar links to the work on screen (store/addressBar.ts): a reload opens that
    // link, which is the saved work itself; a run the engine stopped stays marked.
    const same = main.kind === 'saved' && canonical(main.scenario) === canonical(scenario);
    this.stop = same && main.stopped ? { scenario, mark: main.stopped } : null;
    this.write(scenario);
  }

  /** The previous work was opened again: it and the work it replaced change places. */
  restored(record: PreviousRecord): void {
    this.opening = null;
    this.saver.flush();
    const main = readSavedScenario(this.storage);
    if (main.kind === 'saved' && canonical(main.scenario) !== canonical(record.scenario)) {
      this.writeKey(PREVIOUS_KEY, recordText(main, { replacedAt: this.now() }));
    } else if (readPrevious(this.storage)) {
      this.removeKey(PREVIOUS_KEY);
    }
    this.changedView();
    this.owner = 'user';
    this.current = record.scenario;
    this.linkScenario = record.fromLink ? record.scenario : null;
    this.stop = record.stopped ? { scenario: record.scenario, mark: record.stopped } : null;
    this.write(record.scenario);
  }

  /** The saved scenario passed the checks but the engine refused it: it is set aside like an unreadable one. */
  savedRefused(why: string): void {
    if (this.saved.kind !== 'saved') return;
    const text = readText(this.storage, STORAGE_KEY);
    if (text === null) return;
    this.refused = { text, why: `the engine refused it: ${why}` };
    keepRecord(this.storage, { text, why: this.refused.why, keptAt: this.now() });
    this.changedView();
  }

  /** The scenario on screen changed (the editor store's subscription). */
  changed(scenario: Scenario): void {
    if (scenario === this.current) return;
    // The store hands over fresh objects of the same scenario (after a load, a finished
    // run): not a change of the user's, so no write, and the link's and the stop's marks
    // (kept by content, not identity) hold.
    // A late echo of a scenario the engine refused: what is on screen is what the app put
    // there since (the default), not this.
    if (sameScenario(scenario, this.refusedOpening)) return;
    const same = sameScenario(scenario, this.current) || sameScenario(scenario, this.opening);
    this.current = scenario;
    if (same || this.appOpening) return;
    this.owner = 'user';
    this.saver.push(scenario);
  }

  /** The engine stopped the run (phase 'error'): the saved record says so, and why. */
  runStopped(reason: string): void {
    if (this.owner === 'app' || this.current === null) return;
    this.stop = { scenario: this.current, mark: { reason, at: this.now() } };
    this.saver.push(this.current);
    this.saver.flush();
  }

  /** A run reached its end: a stop marked before no longer holds for this scenario. */
  runFinished(): void {
    if (this.owner === 'app' || !this.stop || this.current === null || !sameScenario(this.stop.scenario, this.current)) return;
    this.stop = null;
    this.saver.push(this.current);
    this.saver.flush();
  }

  /** True while an edit waits to be written (at most twice a second). */
  get pending(): boolean {
    return this.saver.pending;
  }

  /** Writes what is pending now (the page is going away). */
  flush(): void {
    this.saver.flush();
  }

  // ---- for the menu and the notices ----

  getView = (): KeeperView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads storage again (another tab of the page changed it). */
  refresh(): void {
    this.changedView();
  }

  /** The saved work as stored now. */
  readSaved(): SavedRead {
    return readSavedScenario(this.storage);
  }

  previousRecord(): PreviousRecord | null {
    return readPrevious(this.storage);
  }

  /** The record set aside from what storage held when the page opened, if any. */
  keptAtOpening(): KeptRecord | null {
    const text = this.refused?.text ?? (this.saved.kind === 'unreadable' ? this.saved.text : null);
    return text === null ? null : (readKept(this.storage).find((r) => r.text === text) ?? { text, why: '', keptAt: null });
  }

  /** Drops a record set aside (after the user downloaded it, or said so). */
  forget(text: string): void {
    const failed = forgetKept(this.storage, text);
    if (failed) this.problem('forget', `Could not remove it: ${failed}.`);
    this.changedView();
  }

  // ---- internals ----

  private write(scenario: Scenario): void {
    const stopped = this.stop && sameScenario(this.stop.scenario, scenario) ? this.stop.mark : null;
    const fromLink = sameScenario(this.linkScenario, scenario);
    this.writeKey(STORAGE_KEY, recordText({ scenario, savedAt: this.now(), stopped, fromLink }));
  }

  /** Writes a key, first setting aside what it holds if this version cannot use it. */
  private writeKey(key: string, text: string): boolean {
    if (!this.setAside(key)) return false;
    const failed = writeText(this.storage, key, text);
    if (failed) {
      this.problem(
        'write',
        `Your changes are not saved in this browser: ${failed}. Save the scenario as a file (Share & files) to keep it.`,
      );
      return false;
    }
    this.written.set(key, text);
    return true;
  }

  private removeKey(key: string): void {
    if (!this.setAside(key)) return;
    try {
      this.storage?.removeItem(key);
      this.written.delete(key);
    } catch {
      // Storage off: nothing was there to lose.
    }
  }

  /** True when what the key holds may be written over (it is usable, ours, or kept now). */
  private setAside(key: string): boolean {
    if (!this.storage) {
      this.problem(
        'off',
        'Your changes are not saved in this browser: it keeps no local storage for this page. Save the scenario as a file (Share & files) to keep it.',
      );
      return false;
    }
    const there = readText(this.storage, key);
    if (there === null || there === this.written.get(key)) return true;
    const why = this.refused?.text === there ? this.refused.why : unreadableWhy(there);
    if (why === null) return true;
    const failed = keepRecord(this.storage, { text: there, why, keptAt: this.now() });
    this.changedView();
    if (failed) {
      this.problem(
        'keep',
        `Your changes are not saved in this browser: the scenario saved there cannot be read by this version and could not be set aside (${failed}), so it is not written over. Save your scenario as a file (Share & files).`,
      );
      return false;
    }
    return true;
  }

  private problem(kind: string, message: string): void {
    if (this.said.has(kind)) return;
    this.said.add(kind);
    this.reportProblem(message);
  }

  private readView(): KeeperView {
    const previous = readPrevious(this.storage);
    return {
      previous: previous && { name: previous.scenario.name ?? '', savedAt: previous.savedAt, replacedAt: previous.replacedAt },
      kept: readKept(this.storage),
    };
  }

  private changedView(): void {
    this.view = this.readView();
    for (const listener of this.listeners) listener();
  }
}

function unreadableWhy(text: string): string | null {
  const read = parseRecord(text);
  return read.kind === 'unreadable' ? read.message : null;
}

/** The same scenario, field order aside (identity first: the cheap and usual case). */
function sameScenario(a: Scenario | null, b: Scenario | null): boolean {
  if (a === b) return true;
  return a !== null && b !== null && canonical(a) === canonical(b);
}
