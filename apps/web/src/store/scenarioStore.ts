/**
 * The page's one owner of the scenario (Perfetto's UI is the model: one store, actions,
 * the engine a side effect).
 *
 * The store holds state and nothing else: the values on screen, the undo history, the
 * run's record, the sync status. Everything that changes them is an action on this store:
 * an edit in the editor (`edit`, `preview`/`commitPreview`), a slider (`slide`), Reset,
 * undo and redo, and what the engine reports back (`opened`, `changesApplied`,
 * `scheduledReached`, `runRestarted`, `syncChanged`). The store never calls the engine:
 * the engine sync (engineSync.ts) subscribes to it, brings the engine to what it holds
 * and dispatches the outcome back here.
 *
 * The run's record (runRecord.ts): the scenario the run started from and every live
 * change applied since, with the engine time it took effect (`run`). Changes that came
 * scheduled with a scenario (its `liveChanges`, a replayed link) are applied by the engine
 * at their times; the store follows them as frames pass those times, so sliders and the
 * editor show the values in force. The record draws the chart markers and log entries,
 * and a share link made from it (documentOf) replays the same run.
 */
import { formatChangeTime } from './changeTime';
import { restartNotice } from './restartNotice';
import { findPreset, type Scenario } from '@obs-tcp-sim/scenario';
import { canonical, sameNetwork } from './syncPlan';
import { isPresetScenario } from './presetMatch';
import { applyLive, describeLive, readLive } from './livePaths';
import type { Issue } from '../scenario/validateScenario';
import { blankScenario } from '../scenario/scenarioEdits';
import { scheduleOf, valuesRunning, withoutSchedule, type LiveChange, type RunChange, type RunRecord } from './runRecord';

export type { LiveChange, RunChange, RunRecord };

export type SyncStatus =
  | { kind: 'synced' }
  | { kind: 'sending' }
  | { kind: 'invalid'; issues: Issue[] }
  | { kind: 'refused'; message: string; path: string | null };

export interface HistoryEntry {
  label: string;
  scenario: Scenario;
  presetId: string | null;
  /** A step between whole scenarios (open, new): undoing or redoing it refits the views. */
  reframe?: boolean;
}

/**
 * A restart of the run asked for, even where live changes would do: Reset to the preset
 * (`preset`: the session's own choice of playing) or Reset run (`run`: paused, unless the
 * engine failed). It holds for `scenario` only: an edit made before it is carried out
 * replaces it.
 */
export interface RestartRequest {
  kind: 'preset' | 'run';
  scenario: Scenario;
}

export interface StoreState {
  /** The values in force now (what the editor and the sliders show). */
  scenario: Scenario;
  /** The preset this scenario comes from: its "What to look for", Reset to the preset. */
  presetId: string | null;
  /** True when the scenario differs from that preset in anything. */
  edited: boolean;
  /** Most recent last. Each entry: the state before the action named by label. */
  undo: HistoryEntry[];
  /** Most recent last. Each entry: the state after the undone action. */
  redo: HistoryEntry[];
  sync: SyncStatus;
  /** Bumped when a scenario is opened (a preset, a link, a file) or made new, and when such a step is undone or redone: views refit. */
  generation: number;
  run: RunRecord;
  /** The `generation` the run's record belongs to: after *New* or an open, an old record is not the edited run's. */
  runGeneration: number;
  /** A restart asked for and not yet carried out (engineSync.ts carries it out). */
  restart: RestartRequest | null;
  /**
   * What the last restart did to the run's record, in words (restartNotice.ts): null when
   * it dropped nothing, or was asked for (a Reset), or came with a scenario opened.
   */
  restartNotice: string | null;
  /** How many of the user's actions changed the scenario (the page opening is none). */
  actions: number;
  /**
   * Bumped as each lesson step or Show me begins (guidedStep). The forms a
   * person fills (Compare, Sweep) keep their values across tabs and loads, but start over
   * from a guided step's scenario, so a step opens them as its text describes.
   */
  guided: number;
}

export interface OpenOptions {
  /** The history's name for it ("open preset Paper 000"); absent: not an undo step (the page opening). */
  label?: string;
  presetId?: string | null;
  play?: boolean;
}

const MAX_HISTORY = 200;
/** A slider settles after this long without a new value: one undo step, one change. */
export const SLIDE_SETTLE_MS = 250;

export { formatChangeTime };

/**
 * The scenario that replays this run: its start, the node positions as drawn now, and
 * every change applied or still scheduled. Without changes, simply the scenario in force.
 */
export function documentOf(state: Pick<StoreState, 'scenario' | 'run'>): Scenario {
  const { run, scenario } = state;
  if (run.changes.length === 0 && run.pending.length === 0) return scenario;
  // The same object while nothing changed: the keeper and the address bar are told on
  // every notification of the store (a sync status too), and compare by identity first.
  const known = documents.get(run);
  if (known?.scenario === scenario) return known.doc;
  const at = new Map(scenario.nodes.map((n) => [n.id, n]));
  const nodes = run.start.nodes.map((n) => {
    const now = at.get(n.id);
    return now && (now.x !== n.x || now.y !== n.y) ? { ...n, x: now.x, y: now.y } : n;
  });
  const liveChanges = [...run.changes.map(({ at: t, path, value }) => ({ at: t, path, value })), ...run.pending];
  const doc = { ...run.start, nodes, liveChanges } as Scenario;
  documents.set(run, { scenario, doc });
  return doc;
}

const documents = new WeakMap<RunRecord, { scenario: Scenario; doc: Scenario }>();

/** A new record: the run (re)started on `start`, with `schedule` still to come. */
function freshRun(start: Scenario, schedule: LiveChange[]): RunRecord {
  return { start, changes: [], pending: schedule };
}

export class ScenarioStore {
  private state: StoreState;
  private listeners = new Set<() => void>();
  /** The values before a preview began (a drag, a slider not yet at rest). */
  private transientBase: Scenario | null = null;
  private sliding: { path: string; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(initial: Scenario, presetId: string | null = null) {
    const values = withoutSchedule(initial);
    this.state = {
      scenario: values,
      presetId,
      edited: presetId !== null && !isPresetScenario(values, presetId),
      undo: [],
      redo: [],
      sync: { kind: 'synced' },
      generation: 0,
      run: freshRun(values, scheduleOf(initial)),
      runGeneration: 0,
      restart: null,
      restartNotice: null,
      actions: 0,
      guided: 0,
    };
  }

  // ---- React ----

  getState = (): StoreState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get scenario(): Scenario {
    return this.state.scenario;
  }

  /**
   * A change is on screen that is not yet an undo step (a drag, a slider not at rest): the
   * engine is not told until it is one (a slider moves the engine once, not per pixel).
   */
  get previewing(): boolean {
    return this.transientBase !== null;
  }

  /** A slider not yet at rest. */
  get sliderMoving(): boolean {
    return this.sliding !== null;
  }

  /** True when the engine runs what is shown (positions aside). */
  get inSync(): boolean {
    return this.state.sync.kind === 'synced';
  }

  // ---- the user's actions ----

  /**
   * An empty scenario to build from scratch, as one undo step ("new scenario"): Undo brings
   * the work before it back, preset and all. The empty network is not sent to the engine
   * (it needs a node); the run shown stays the last one until the new network can run.
   */
  newScenario(): void {
    this.endSlide();
    this.transientBase = null;
    const before = this.state;
    this.set({
      scenario: blankScenario(),
      presetId: null,
      undo: pushed(before.undo, { ...this.entry('new scenario', before.scenario), reframe: true }),
      redo: [],
      generation: before.generation + 1,
      actions: before.actions + 1,
    });
  }

  /** One undoable edit. An edit that changes nothing records nothing. */
  edit(label: string, next: Scenario | ((s: Scenario) => Scenario)): void {
    this.endSlide();
    this.transientBase = null;
    const before = this.state.scenario;
    const after = typeof next === 'function' ? next(before) : next;
    if (after === before) return;
    this.set({ scenario: after, undo: pushed(this.state.undo, this.entry(label, before)), redo: [], actions: this.state.actions + 1 });
  }

  /** A change shown at once but not yet an undo step (a node being dragged). */
  preview(next: (s: Scenario) => Scenario): void {
    if (!this.transientBase) this.transientBase = this.state.scenario;
    this.set({ scenario: next(this.state.scenario) });
  }

  /** Ends a preview as one undo step (a whole drag is one "move"). */
  commitPreview(label: string | ((before: Scenario, after: Scenario) => string)): void {
    const base = this.transientBase;
    this.transientBase = null;
    if (!base || base === this.state.scenario) return;
    const text = typeof label === 'function' ? label(base, this.state.scenario) : label;
    this.set({ undo: pushed(this.state.undo, this.entry(text, base)), redo: [], actions: this.state.actions + 1 });
  }

  /**
   * A slider moved: the value shows at once; once the slider rests (SLIDE_SETTLE_MS) it is
   * one undo step and one live change, not one per pixel dragged.
   */
  slide(path: string, value: number): void {
    if (this.sliding && this.sliding.path !== path) this.endSlide();
    this.preview((s) => applyLive(s, path, value));
    if (this.sliding) clearTimeout(this.sliding.timer);
    this.sliding = { path, timer: setTimeout(() => this.endSlide(), SLIDE_SETTLE_MS) };
  }

  /** Commits a slider's value now (it was let go, or another action comes). */
  endSlide(): void {
    const slide = this.sliding;
    if (!slide) return;
    this.sliding = null;
    clearTimeout(slide.timer);
    this.commitPreview((before, after) => describeLive(before, slide.path, readLive(before, slide.path), readLive(after, slide.path) ?? 0));
  }

  undo(): void {
    this.travel('undo', 'redo');
  }

  redo(): void {
    this.travel('redo', 'undo');
  }

  /** Undo or redo: the last entry of `from` comes back; what was on screen goes on top of `to`. */
  private travel(from: 'undo' | 'redo', to: 'undo' | 'redo'): void {
    this.endSlide();
    const entry = this.state[from].at(-1);
    if (!entry) return;
    this.transientBase = null;
    const here = { label: entry.label, scenario: this.state.scenario, presetId: this.state.presetId, reframe: entry.reframe };
    this.set({
      scenario: entry.scenario,
      presetId: entry.presetId,
      [from]: this.state[from].slice(0, -1),
      [to]: [...this.state[to], here],
      generation: this.state.generation + (entry.reframe ? 1 : 0),
      actions: this.state.actions + 1,
    });
  }

  /** Back to the preset's own scenario, as one undo step; the run restarts. */
  resetToPreset(): void {
    this.endSlide();
    const preset = this.state.presetId === null ? undefined : findPreset(this.state.presetId);
    if (!preset) return;
    const target = structuredClone(preset.scenario) as Scenario;
    this.transientBase = null;
    this.set({
      scenario: target,
      undo: pushed(this.state.undo, this.entry(`reset to "${preset.title}"`, this.state.scenario)),
      redo: [],
      actions: this.state.actions + 1,
      restart: { kind: 'preset', scenario: target },
    });
  }

  /**
   * The run again from t = 0 with the values shown now (edits and sliders kept), paused so
   * the class sees the empty charts first; running again after the engine failed.
   */
  resetRun(): void {
    this.endSlide();
    this.set({ restart: { kind: 'run', scenario: this.state.scenario } });
  }

  /** A lesson step or a Show me begins: the forms a person fills start over (StoreState.guided). */
  guidedStep(): void {
    this.set({ guided: this.state.guided + 1 });
  }

  /**
   * The run again from t = 0, paused, on `next` (a *Show me*: its point's scenario), which
   * becomes one undo step named `label` where it differs from the values shown. One action,
   * so one load: an edit followed by Reset run would first bring the edit to the running
   * engine (live changes in the old run's record, or a load that plays), then load again.
   */
  restartOn(label: string, next: Scenario): void {
    this.endSlide();
    this.transientBase = null;
    const before = this.state.scenario;
    if (canonical(before) === canonical(next)) {
      this.set({ restart: { kind: 'run', scenario: before } });
      return;
    }
    this.set({
      scenario: next,
      undo: pushed(this.state.undo, this.entry(label, before)),
      redo: [],
      actions: this.state.actions + 1,
      restart: { kind: 'run', scenario: next },
    });
  }

  // ---- what the engine reports (dispatched by engineSync.ts) ----

  /**
   * The engine loaded `scenario` (a preset, a link, a file, saved work): it is on screen,
   * its schedule pending, one undo step where `label` names it. A refused open never
   * reaches here, so it changes nothing.
   */
  opened(scenario: Scenario, options: OpenOptions = {}): void {
    this.endSlide();
    this.transientBase = null;
    const values = withoutSchedule(scenario);
    const before = this.state;
    const generation = before.generation + 1;
    this.set({
      scenario: values,
      presetId: options.presetId === undefined ? null : options.presetId,
      undo:
        options.label === undefined
          ? before.undo
          : pushed(before.undo, { label: options.label, scenario: before.scenario, presetId: before.presetId, reframe: true }),
      redo: options.label === undefined ? before.redo : [],
      sync: { kind: 'synced' },
      generation,
      run: freshRun(values, scheduleOf(scenario)),
      runGeneration: generation,
      restart: null,
      restartNotice: null,
      actions: before.actions + (options.label === undefined ? 0 : 1),
    });
  }

  /**
   * Live changes the engine applied: into the run's record. `madeBy` is the undo step
   * that asked for them (an edit, a slider, an undo): its name gains the engine time
   * ("data-burst loss 1 % → 0 % at 6.8 s") while it is still the latest step.
   */
  changesApplied(applied: RunChange[], madeBy?: HistoryEntry): void {
    if (applied.length === 0) return;
    const patch: Partial<StoreState> = { run: { ...this.state.run, changes: [...this.state.run.changes, ...applied] } };
    const top = this.state.undo.at(-1);
    if (madeBy && top === madeBy && !/ at [\d.]+ s$/.test(madeBy.label)) {
      patch.undo = [...this.state.undo.slice(0, -1), { ...madeBy, label: `${madeBy.label} at ${formatChangeTime(applied[0].at)}` }];
    }
    this.set(patch);
  }

  /** Frames passed engine time `now`: the engine applied the scheduled changes due by then; the values shown follow. */
  scheduledReached(now: number): void {
    const { pending } = this.state.run;
    let n = 0;
    while (n < pending.length && pending[n].at <= now) n++;
    if (n === 0) return;
    let scenario = this.state.scenario;
    let running = valuesRunning(this.state.run);
    const reached: RunChange[] = [];
    for (const c of pending.slice(0, n)) {
      reached.push({ ...c, label: describeLive(running, c.path, readLive(running, c.path), c.value) });
      running = applyLive(running, c.path, c.value);
      scenario = applyLive(scenario, c.path, c.value);
    }
    this.set({ scenario, run: { ...this.state.run, changes: [...this.state.run.changes, ...reached], pending: pending.slice(n) } });
  }

  /**
   * The engine loaded `start` (with `schedule`): the run restarted from t = 0 and its record
   * is new. A restart no one asked for (an edit the engine cannot take live) says what it
   * did to the old record; a Reset (`asked`) says nothing, nor does the record of a run
   * before *New* or an open, which is not the edited run's.
   */
  runRestarted(start: Scenario, schedule: LiveChange[], { asked }: { asked: boolean }): void {
    const { run, runGeneration, generation } = this.state;
    const notice = asked || runGeneration !== generation ? null : restartNotice({ applied: run.changes, pending: run.pending });
    this.set({ run: freshRun(start, schedule), runGeneration: generation, restart: null, restartNotice: notice });
  }

  /**
   * How the engine stands with `target`. Said only while `target` is still on screen
   * (an answer about values since replaced says nothing of the ones shown); without a
   * target (sending, invalid: said as the values are sent or judged), always.
   */
  syncChanged(sync: SyncStatus, target?: Scenario): void {
    if (target !== undefined && this.state.scenario !== target) return;
    this.set({ sync });
  }

  // ----

  private entry(label: string, scenario: Scenario): HistoryEntry {
    return { label, scenario, presetId: this.state.presetId };
  }

  private set(patch: Partial<StoreState>): void {
    const next = { ...this.state, ...patch };
    if (patch.scenario !== undefined || patch.presetId !== undefined) {
      next.edited = next.presetId !== null && !isPresetScenario(next.scenario, next.presetId);
    }
    this.state = next;
    for (const l of this.listeners) l();
  }
}

function pushed(list: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [...list, entry].slice(-MAX_HISTORY);
}

export { sameNetwork };
