/**
 * The page's one owner of the scenario (Perfetto's UI is the model: one store, actions,
 * the engine a side effect).
 *
 * Everything that changes the scenario is an action on this store: a preset, a link or a
 * file opened (`open`), an edit in the editor (`edit`, `preview`/`commitPreview`), a
 * slider (`slide`), Reset to the preset, undo and redo. The store then brings the engine
 * to what it holds (syncPlan.ts decides how): nothing, live changes at the engine's
 * current time, or a new load that restarts the run from t = 0. The session
 * (SimController) never changes the scenario by itself; it runs what it is given and
 * streams frames back.
 *
 * The run's record: the scenario the run started from and every live change applied since,
 * with the engine time it took effect (`run`). Changes that came scheduled with a scenario
 * (its `liveChanges`, a replayed link) are applied by the engine at their times; the
 * store follows them as frames pass those times, so sliders and the editor show the
 * values in force. The record draws the chart markers and log entries, and a share link
 * made from it (documentOf) replays the same run.
 */
import { formatChangeTime } from './changeTime';
import { restartNotice } from './restartNotice';
import { findPreset, type Scenario } from '@obs-tcp-sim/scenario';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { canonical, planSync, sameNetwork } from './syncPlan';
import { isPresetScenario } from './presetMatch';
import { applyLive, describeLive, readLive } from './livePaths';
import { pathInMessage, validateScenario, type Issue } from '../scenario/validateScenario';
import { blankScenario } from '../scenario/scenarioEdits';
import { dropNextPath, edgesForming, whyNoEdgeForms, type BurstClassName } from './dropNext';

/** A change the engine made to a running simulation, scheduled or live. */
export interface LiveChange {
  /** Seconds since the run's start. */
  at: number;
  path: string;
  value: number;
}

/** A change in the run's record, with how the page names it. */
export interface RunChange extends LiveChange {
  label: string;
}

export interface RunRecord {
  /** The values the run started from (t = 0), without any schedule. */
  start: Scenario;
  /** Applied so far, in the order the engine applied them. */
  changes: RunChange[];
  /** Scheduled with the scenario and not yet reached, in order of time. */
  pending: LiveChange[];
}

/** What the store needs from the session (SimController). */
export interface StoreSession {
  /** Restarts the run on this scenario; rejects with the engine's reason if refused. */
  loadScenario(s: Scenario, options?: { play?: boolean }): Promise<void>;
  /** A live change at the engine's current time; `at` is that time. */
  changeLive(path: string, value: number): Promise<{ error: string | null; at: number }>;
  /** The engine time of the last frame applied. */
  readonly now: number;
  /** Called after each frame is applied. */
  onFrame(listener: () => void): () => void;
  /** `routes`: the engine's for the scenario it loaded (absent from sessions that do not report them). */
  getState(): { phase: string; routes?: EngineRoutes | null };
  /** Shows a non-fatal message on the page (what a restart did to the run's record). */
  notify?(message: string): void;
}

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

/** The scenario without its schedule: the values it starts from. */
function withoutSchedule(s: Scenario): Scenario {
  if (!('liveChanges' in s)) return s;
  const { liveChanges: _drop, ...rest } = s as Scenario & { liveChanges?: unknown };
  return rest as Scenario;
}

function scheduleOf(s: Scenario): LiveChange[] {
  const list = (s as Scenario & { liveChanges?: LiveChange[] }).liveChanges;
  if (!Array.isArray(list)) return [];
  // The engine applies them by time, ties in list order (docs/live-changes.md); a stable sort keeps that.
  return list.map((c) => ({ at: c.at, path: c.path, value: c.value })).sort((a, b) => a.at - b.at);
}

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

export class ScenarioStore {
  private state: StoreState;
  private listeners = new Set<() => void>();
  /** What the engine runs now, live changes included (positions aside). */
  private engineView: Scenario;
  /** Scenarios with a schedule, by the values they start from: a load of those values sends the schedule too (undo of an open). */
  private schedules = new WeakMap<Scenario, Scenario>();
  private syncing = false;
  private again = false;
  /** A load asked for by Reset (run or preset), even where live changes would do. */
  private forceLoad: { target: Scenario; play: boolean | undefined } | null = null;
  private transientBase: Scenario | null = null;
  private sliding: { path: string; timer: ReturnType<typeof setTimeout> } | null = null;
  private unsubscribeSession: (() => void) | null = null;
  /** The `generation` the run's record belongs to: after *New* or an open, an old record is not the edited run's. */
  private recordGeneration = 0;

  constructor(
    private readonly session: StoreSession,
    initial: Scenario,
    presetId: string | null = null,
  ) {
    const values = withoutSchedule(initial);
    this.engineView = values;
    this.state = {
      scenario: values,
      presetId,
      edited: presetId !== null && !isPresetScenario(values, presetId),
      undo: [],
      redo: [],
      sync: { kind: 'synced' },
      generation: 0,
      run: { start: values, changes: [], pending: scheduleOf(initial) },
      actions: 0,
      guided: 0,
    };
  }

  /** Starts following the engine's time (scheduled changes). Returns the stop function. */
  connect(): () => void {
    if (!this.unsubscribeSession) this.unsubscribeSession = this.session.onFrame(() => this.reachScheduled());
    return () => {
      this.unsubscribeSession?.();
      this.unsubscribeSession = null;
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

  /** Bringing the engine up to date, or a slider not yet at rest. */
  get busy(): boolean {
    return this.syncing || this.sliding !== null;
  }

  /** True when the engine runs what is shown (positions aside). */
  get inSync(): boolean {
    return this.state.sync.kind === 'synced';
  }

  // ---- actions ----

  /**
   * Opens a scenario (a preset, a link, a file, saved work): the run restarts on it,
   * playing unless `play` is false. Rejects with the engine's reason if it is refused;
   * then nothing here changes.
   */
  async open(scenario: Scenario, options: OpenOptions = {}): Promise<void> {
    this.endSlide();
    this.transientBase = null;
    await this.settled();
    const values = withoutSchedule(scenario);
    this.syncing = true;
    try {
      await this.session.loadScenario(scenario, { play: options.play ?? true });
    } finally {
      this.syncing = false;
    }
    if (scenario !== values) this.schedules.set(values, scenario);
    const before = this.state;
    const presetId = options.presetId === undefined ? null : options.presetId;
    this.engineView = values;
    this.set({
      scenario: values,
      presetId,
      undo:
        options.label === undefined
          ? before.undo
          : pushed(before.undo, { label: options.label, scenario: before.scenario, presetId: before.presetId, reframe: true }),
      redo: options.label === undefined ? before.redo : [],
      sync: { kind: 'synced' },
      generation: before.generation + 1,
      run: { start: values, changes: [], pending: scheduleOf(scenario) },
      actions: before.actions + (options.label === undefined ? 0 : 1),
    });
    this.recordGeneration = this.state.generation;
    if (this.again) this.requestSync();
  }

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
    this.requestSync();
  }

  /** One undoable edit. An edit that changes nothing records nothing. */
  edit(label: string, next: Scenario | ((s: Scenario) => Scenario)): void {
    this.endSlide();
    this.transientBase = null;
    const before = this.state.scenario;
    const after = typeof next === 'function' ? next(before) : next;
    if (after === before) return;
    this.set({ scenario: after, undo: pushed(this.state.undo, this.entry(label, before)), redo: [], actions: this.state.actions + 1 });
    this.requestSync();
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
    this.requestSync();
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
    this.requestSync();
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
    });
    this.forceLoad = { target, play: undefined };
    this.requestSync();
  }

  /**
   * The run again from t = 0 with the values shown now (edits and sliders kept), paused so
   * the class sees the empty charts first; running again after the engine failed.
   */
  resetRun(): void {
    this.endSlide();
    this.forceLoad = { target: this.state.scenario, play: this.session.getState().phase === 'error' };
    this.requestSync();
  }

  /** A lesson step or a Show me begins: the forms a person fills start over (StoreState.guided). */
  guidedStep(): void {
    this.set({ guided: this.state.guided + 1 });
  }

  /**
   * The run again from t = 0, paused, on `next` (a *Show me*: its point's scenario), which
   * becomes one undo step named `label` where it differs from the values shown. One load:
   * an edit followed by Reset run would first bring the edit to the running engine (live
   * changes in the old run's record, or a load that plays), then load again.
   */
  restartOn(label: string, next: Scenario): void {
    this.endSlide();
    this.transientBase = null;
    const before = this.state.scenario;
    if (canonical(before) !== canonical(next)) {
      this.set({ scenario: next, undo: pushed(this.state.undo, this.entry(label, before)), redo: [], actions: this.state.actions + 1 });
    }
    this.resetRun();
  }

  /**
   * The next burst of a class is lost at each edge that forms the flows' bursts of it
   * (store/dropNext.ts, from the engine's routes), from the engine's time now: one loss a
   * class can watch TCP react to. An event of the run, not an edit: it goes into the run's
   * record (a link made from it replays the loss at the same time), not into the undo
   * history. Resolves with the engine's refusal, or why no edge can, or null.
   */
  async dropNextBurst(cls: BurstClassName): Promise<string | null> {
    this.endSlide();
    await this.settled();
    const scenario = this.state.scenario;
    const forming = edgesForming(scenario, this.session.getState().routes, cls);
    const none = whyNoEdgeForms(forming, cls);
    if (none !== null || !forming.known) return none;
    const applied: RunChange[] = [];
    for (const node of forming.edges) {
      const path = dropNextPath(node, cls);
      const result = await this.session.changeLive(path, 1);
      if (result.error !== null) return result.error;
      applied.push({
        at: result.at,
        path,
        value: 1,
        label: `${scenario.nodes[node].id} drops its next ${cls === 'data' ? 'data' : 'ACK'} burst`,
      });
    }
    this.set({ run: { ...this.state.run, changes: [...this.state.run.changes, ...applied] } });
    return null;
  }

  /** Resolves once the engine has been brought up to date (or refused); for tests and open(). */
  async settled(): Promise<void> {
    while (this.syncing) await new Promise((r) => setTimeout(r, 0));
  }

  // ---- engine ----

  private entry(label: string, scenario: Scenario): HistoryEntry {
    return { label, scenario, presetId: this.state.presetId };
  }

  private requestSync(): void {
    if (this.syncing) {
      this.again = true;
      return;
    }
    void this.runSync();
  }

  private async runSync(): Promise<void> {
    this.syncing = true;
    try {
      do {
        this.again = false;
        await this.syncOnce(this.state.scenario);
      } while (this.again);
    } finally {
      this.syncing = false;
    }
  }

  private async syncOnce(target: Scenario): Promise<void> {
    const issues = validateScenario(target);
    if (issues.length > 0) {
      this.forceLoad = null;
      this.set({ sync: { kind: 'invalid', issues } });
      return;
    }
    const forced = this.forceLoad?.target === target ? this.forceLoad : null;
    this.forceLoad = null;
    let plan = forced ? ({ kind: 'load' } as const) : planSync(this.engineView, target);
    if (plan.kind === 'none') {
      this.engineView = target;
      this.set({ sync: { kind: 'synced' } });
      return;
    }
    // Nothing has run yet: the change belongs to the run's start, not its record.
    if (plan.kind === 'live' && this.session.now === 0) plan = { kind: 'load' };
    this.set({ sync: { kind: 'sending' } });
    if (plan.kind === 'live') {
      const entry = this.state.undo.at(-1);
      const applied: RunChange[] = [];
      let view = this.engineView;
      let failed = false;
      for (const { path, value } of plan.changes) {
        const result = await this.session.changeLive(path, value);
        if (result.error !== null) {
          failed = true;
          break;
        }
        applied.push({ at: result.at, path, value, label: describeLive(view, path, readLive(view, path), value) });
        view = applyLive(view, path, value);
      }
      this.engineView = view;
      if (applied.length > 0) this.record(applied, entry);
      if (!failed) {
        this.engineView = target;
        if (this.state.scenario === target) this.set({ sync: { kind: 'synced' } });
        return;
      }
      // A live change was refused: load the whole scenario instead; the engine judges it.
    }
    const full = this.schedules.get(target) ?? target;
    // An edit the engine cannot take live restarts the run: what that does to the run's
    // record is said (a Reset asked for the restart, and a record of nothing says nothing).
    const ownRecord = this.recordGeneration === this.state.generation;
    const dropped = forced || !ownRecord ? null : restartNotice({ applied: this.state.run.changes, pending: this.state.run.pending });
    try {
      await this.session.loadScenario(full, forced?.play === undefined ? {} : { play: forced.play });
      this.engineView = target;
      this.set({ run: { start: target, changes: [], pending: scheduleOf(full) } });
      this.recordGeneration = this.state.generation;
      if (dropped !== null) this.session.notify?.(dropped);
      if (this.state.scenario === target) this.set({ sync: { kind: 'synced' } });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (this.state.scenario === target) this.set({ sync: { kind: 'refused', message, path: pathInMessage(message) } });
    }
  }

  /** Live changes applied: into the run's record, and the time into the action's name. */
  private record(applied: RunChange[], entry: HistoryEntry | undefined): void {
    const patch: Partial<StoreState> = { run: { ...this.state.run, changes: [...this.state.run.changes, ...applied] } };
    const top = this.state.undo.at(-1);
    if (entry && top === entry && !/ at [\d.]+ s$/.test(entry.label)) {
      patch.undo = [...this.state.undo.slice(0, -1), { ...entry, label: `${entry.label} at ${formatChangeTime(applied[0].at)}` }];
    }
    this.set(patch);
  }

  /** Frames passed the time of scheduled changes: the engine applied them; the values shown follow. */
  private reachScheduled(): void {
    const { pending } = this.state.run;
    if (pending.length === 0) return;
    const now = this.session.now;
    let n = 0;
    while (n < pending.length && pending[n].at <= now) n++;
    if (n === 0) return;
    let scenario = this.state.scenario;
    let view = this.engineView;
    const reached: RunChange[] = [];
    for (const c of pending.slice(0, n)) {
      reached.push({ ...c, label: describeLive(view, c.path, readLive(view, c.path), c.value) });
      view = applyLive(view, c.path, c.value);
      scenario = applyLive(scenario, c.path, c.value);
    }
    this.engineView = view;
    this.set({ scenario, run: { ...this.state.run, changes: [...this.state.run.changes, ...reached], pending: pending.slice(n) } });
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
