/**
 * The scenario being edited: immutable snapshots, labelled undo/redo, a subscription for
 * React (useSyncExternalStore), and the link to the engine.
 *
 * Every committed edit (and every undo or redo) is brought to the engine by difference
 * (syncPlan.ts): node positions never reach it, live settings go through setLive without
 * a reset, anything else is a new load that restarts the run from t = 0. An edit that
 * breaks a rule is kept on screen and not sent (`invalid`); one the engine refuses is kept
 * too (`refused`, with the engine's message), while the engine runs the last good one.
 *
 * The store also follows the session: a scenario loaded by someone else (a preset) becomes
 * an undoable edit here, the drop-probability sliders write into obs.burstLoss, and a
 * Reset (which drops live changes in the engine) sends them again.
 */
import { planSync, sameNetwork } from './syncPlan';
import type { Scenario } from './types';
import { pathInMessage, validateScenario, type Issue } from './validate';

/** What the store needs from the session (SimController's public API). */
export interface EngineSink {
  /** The scenario the engine was last loaded with. */
  readonly scenario: Scenario;
  loadScenario(s: Scenario): Promise<void>;
  /** Resolves to null when applied, else the engine's reason. */
  setLive(path: string, value: number): Promise<string | null>;
  /** The sliders' path for obs.burstLoss (keeps them showing the value). */
  setBurstLoss?(kind: 'data' | 'ack', p: number): void;
  subscribe(listener: () => void): () => void;
  getState(): { phase: string; burstLoss: { data: number; ack: number } };
}

export type SyncStatus =
  | { kind: 'synced' }
  | { kind: 'sending' }
  | { kind: 'invalid'; issues: Issue[] }
  | { kind: 'refused'; message: string; path: string | null };

export interface HistoryEntry {
  label: string;
  scenario: Scenario;
}

export interface EditorState {
  scenario: Scenario;
  /** Most recent last. Each entry: the scenario before the edit named by label. */
  undo: HistoryEntry[];
  /** Most recent last. Each entry: the scenario after the undone edit named by label. */
  redo: HistoryEntry[];
  sync: SyncStatus;
  /** Bumped when the scenario is replaced from outside (a preset): views refit. */
  generation: number;
}

const MAX_HISTORY = 200;

export class ScenarioStore {
  private state: EditorState;
  private listeners = new Set<() => void>();
  /** What the engine runs, live changes included (positions aside). */
  private engineView: Scenario;
  /** The last scenario this store asked the engine to load. */
  private lastLoaded: Scenario;
  private syncing = false;
  private again = false;
  private transientBase: Scenario | null = null;
  private seenBurstLoss: { data: number; ack: number };
  private seenPhase: string;
  private unsubscribeSink: (() => void) | null = null;

  constructor(private readonly sink: EngineSink) {
    const s = sink.scenario;
    this.engineView = s;
    this.lastLoaded = s;
    this.state = { scenario: s, undo: [], redo: [], sync: { kind: 'synced' }, generation: 0 };
    const st = sink.getState();
    this.seenBurstLoss = st.burstLoss;
    this.seenPhase = st.phase;
  }

  /** Starts following the session (sliders, presets, resets). Returns the stop function. */
  connect(): () => void {
    if (!this.unsubscribeSink) this.unsubscribeSink = this.sink.subscribe(() => this.onSession());
    return () => {
      this.unsubscribeSink?.();
      this.unsubscribeSink = null;
    };
  }

  // ---- React ----

  getState = (): EditorState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get scenario(): Scenario {
    return this.state.scenario;
  }

  /** True when the engine runs what is drawn (positions aside). */
  get inSync(): boolean {
    return this.state.sync.kind === 'synced';
  }

  // ---- edits ----

  /** One undoable edit. A no-op edit (same content) records nothing. */
  edit(label: string, next: Scenario | ((s: Scenario) => Scenario)): void {
    this.transientBase = null;
    const before = this.state.scenario;
    const after = typeof next === 'function' ? next(before) : next;
    if (after === before) return;
    this.set({
      scenario: after,
      undo: [...this.state.undo, { label, scenario: before }].slice(-MAX_HISTORY),
      redo: [],
    });
    this.requestSync();
  }

  /** A change shown at once but not yet an undo step (a node being dragged). */
  preview(next: (s: Scenario) => Scenario): void {
    if (!this.transientBase) this.transientBase = this.state.scenario;
    this.set({ scenario: next(this.state.scenario) });
  }

  /** Ends a preview as one undo step (a whole drag is one "move"). */
  commitPreview(label: string): void {
    const base = this.transientBase;
    this.transientBase = null;
    if (!base || base === this.state.scenario) return;
    this.set({ undo: [...this.state.undo, { label, scenario: base }].slice(-MAX_HISTORY), redo: [] });
    this.requestSync();
  }

  undo(): void {
    const entry = this.state.undo.at(-1);
    if (!entry) return;
    this.transientBase = null;
    this.set({
      scenario: entry.scenario,
      undo: this.state.undo.slice(0, -1),
      redo: [...this.state.redo, { label: entry.label, scenario: this.state.scenario }],
    });
    this.requestSync();
  }

  redo(): void {
    const entry = this.state.redo.at(-1);
    if (!entry) return;
    this.transientBase = null;
    this.set({
      scenario: entry.scenario,
      redo: this.state.redo.slice(0, -1),
      undo: [...this.state.undo, { label: entry.label, scenario: this.state.scenario }],
    });
    this.requestSync();
  }

  /** Resolves once the engine has been brought up to date (or refused); for tests. */
  async settled(): Promise<void> {
    while (this.syncing) await new Promise((r) => setTimeout(r, 0));
  }

  // ---- engine ----

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
      this.set({ sync: { kind: 'invalid', issues } });
      return;
    }
    const plan = planSync(this.engineView, target);
    if (plan.kind === 'none') {
      this.engineView = target;
      this.set({ sync: { kind: 'synced' } });
      return;
    }
    this.set({ sync: { kind: 'sending' } });
    if (plan.kind === 'live') {
      let failed = false;
      for (const { path, value } of plan.changes) {
        const cls = path === 'obs.burstLoss.data' ? 'data' : path === 'obs.burstLoss.ack' ? 'ack' : null;
        if (cls && this.sink.setBurstLoss) {
          // The slider shows it and sends it (it keeps one call in flight per class).
          this.seenBurstLoss = { ...this.seenBurstLoss, [cls]: value };
          this.sink.setBurstLoss(cls, value);
          continue;
        }
        const why = await this.sink.setLive(path, value);
        if (why !== null) {
          failed = true;
          break;
        }
      }
      if (!failed) {
        this.engineView = target;
        if (this.state.scenario === target) this.set({ sync: { kind: 'synced' } });
        return;
      }
      // A live change was refused: load the whole scenario instead; the engine judges it.
    }
    this.lastLoaded = target;
    try {
      await this.sink.loadScenario(target);
      this.engineView = target;
      this.seenBurstLoss = { ...target.obs.burstLoss };
      if (this.state.scenario === target) this.set({ sync: { kind: 'synced' } });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.lastLoaded = this.sink.scenario;
      if (this.state.scenario === target) this.set({ sync: { kind: 'refused', message, path: pathInMessage(message) } });
    }
  }

  /** Session changed: a preset, a slider or a reset. */
  private onSession(): void {
    const st = this.sink.getState();
    const phase = st.phase;
    const prevPhase = this.seenPhase;
    this.seenPhase = phase;
    // While this store loads or sets live values, the session's changes are its own.
    if (this.syncing) return;
    const running = this.sink.scenario;
    if (running !== this.lastLoaded && phase !== 'resetting') {
      // Loaded by someone else: it becomes the edited scenario, as one undoable step.
      this.lastLoaded = running;
      this.engineView = running;
      this.seenBurstLoss = st.burstLoss;
      if (!sameNetwork(running, this.state.scenario) || running.nodes.some((n, i) => n.x !== this.state.scenario.nodes[i]?.x || n.y !== this.state.scenario.nodes[i]?.y)) {
        this.set({
          scenario: running,
          undo: [...this.state.undo, { label: `open "${running.name}"`, scenario: this.state.scenario }].slice(-MAX_HISTORY),
          redo: [],
          sync: { kind: 'synced' },
          generation: this.state.generation + 1,
        });
      }
      return;
    }
    if (prevPhase === 'resetting' && phase !== 'resetting' && running === this.lastLoaded) {
      // A Reset: the engine runs the loaded scenario again, with the sliders' values, and
      // without the live changes sent since. Send them again.
      this.engineView = { ...running, obs: { ...running.obs, burstLoss: { ...st.burstLoss } } };
      this.seenBurstLoss = st.burstLoss;
      this.requestSync();
      return;
    }
    const bl = st.burstLoss;
    if (bl.data !== this.seenBurstLoss.data || bl.ack !== this.seenBurstLoss.ack) {
      // A slider moved: the scenario follows (no undo step: the slider is a live control).
      this.seenBurstLoss = bl;
      const patch = (s: Scenario): Scenario => ({ ...s, obs: { ...s.obs, burstLoss: { data: bl.data, ack: bl.ack } } });
      this.engineView = patch(this.engineView);
      const cur = this.state.scenario.obs.burstLoss;
      if (cur.data !== bl.data || cur.ack !== bl.ack) this.set({ scenario: patch(this.state.scenario) });
    }
  }

  private set(patch: Partial<EditorState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}
