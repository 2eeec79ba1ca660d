/**
 * Brings the engine to what the scenario store holds, and tells the store what the
 * engine did. The store (scenarioStore.ts) only holds state; this module is its one side
 * effect on the engine:
 *
 * - It subscribes to the store. When the values on screen change (and are not a preview
 *   still moving) or a restart is asked for, it plans with syncPlan.ts: nothing, live
 *   changes at the engine's current time, or a new load that restarts the run from t = 0.
 * - It calls the session (SimController) and dispatches the outcome back as actions:
 *   `changesApplied`, `runRestarted`, `syncChanged`, `opened`.
 * - It follows the engine's frames and dispatches `scheduledReached` as they pass the
 *   times of scheduled changes.
 *
 * What the engine runs is read from the run's record (runRecord.ts `valuesRunning`), not
 * from a copy kept here. One piece of work at a time: a change that comes while the engine
 * is being brought up to date is taken once that is done, and `settled()` resolves when
 * the queue drains.
 */
import type { Scenario } from '@obs-tcp-sim/scenario';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { planSync } from './syncPlan';
import { describeLive, readLive, applyLive } from './livePaths';
import { scheduleOf, valuesRunning, withoutSchedule, type RunChange } from './runRecord';
import { pathInMessage, validateScenario } from '../scenario/validateScenario';
import { dropNextPath, edgesForming, whyNoEdgeForms, type BurstClassName } from './dropNext';
import type { OpenOptions, RestartRequest, ScenarioStore } from './scenarioStore';

/** What the engine sync needs from the session (SimController). */
export interface SyncSession {
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

export class EngineSync {
  /** Scenarios with a schedule, by the values they start from: a load of those values sends the schedule too (undo of an open). */
  private schedules = new WeakMap<Scenario, Scenario>();
  /** The engine is being brought up to date, or a scenario opened. */
  private working = false;
  /** The store changed while working: look again once done. */
  private again = false;
  /** Resolved when the work drains (settled()). */
  private waiting: Array<() => void> = [];
  /** The store's values and restart request last acted on: a notification with neither changed asks nothing of the engine. */
  private seen: { scenario: Scenario; restart: RestartRequest | null };
  /** Restart requests already carried out or dropped: one request, one load at most. */
  private handled = new WeakSet<RestartRequest>();
  /** Dispatching what the engine did: the store's changes then are the engine's own, nothing to send back. */
  private reporting = false;

  constructor(
    private readonly store: ScenarioStore,
    private readonly session: SyncSession,
  ) {
    const state = store.getState();
    this.seen = { scenario: state.scenario, restart: state.restart };
  }

  /** Starts following the store and the engine's time. Returns the stop function. */
  connect(): () => void {
    const stopStore = this.store.subscribe(() => this.storeChanged());
    const stopFrames = this.session.onFrame(() => this.frameApplied());
    return () => {
      stopStore();
      stopFrames();
    };
  }

  /** Bringing the engine up to date, or a slider not yet at rest. */
  get busy(): boolean {
    return this.working || this.store.sliderMoving;
  }

  /** Resolves once the engine has been brought up to date (or refused it). */
  settled(): Promise<void> {
    if (!this.working) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Opens a scenario (a preset, a link, a file, saved work): the run restarts on it,
   * playing unless `play` is false. Rejects with the engine's reason if it is refused;
   * then nothing in the store changes.
   */
  async open(scenario: Scenario, options: OpenOptions = {}): Promise<void> {
    this.store.endSlide();
    while (this.working) await this.settled();
    this.working = true;
    try {
      await this.session.loadScenario(scenario, { play: options.play ?? true });
      const values = withoutSchedule(scenario);
      if (scenario !== values) this.schedules.set(values, scenario);
      this.report(() => this.store.opened(scenario, options));
    } finally {
      this.finish();
    }
  }

  /**
   * The next burst of a class is lost at each edge that forms the flows' bursts of it
   * (store/dropNext.ts, from the engine's routes), from the engine's time now: one loss a
   * class can watch TCP react to. An event of the run, not an edit: it goes into the run's
   * record (a link made from it replays the loss at the same time), not into the undo
   * history. Resolves with the engine's refusal, or why no edge can, or null.
   */
  async dropNextBurst(cls: BurstClassName): Promise<string | null> {
    this.store.endSlide();
    await this.settled();
    const scenario = this.store.scenario;
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
    this.report(() => this.store.changesApplied(applied));
    return null;
  }

  // ----

  /**
   * Dispatches an action that reports what the engine did (a load, changes applied,
   * scheduled changes reached): the values it leaves on screen are the engine's already.
   */
  private report(action: () => void): void {
    this.reporting = true;
    try {
      action();
    } finally {
      this.reporting = false;
    }
  }

  /** A frame passed: the scheduled changes due by its time were the engine's own. */
  private frameApplied(): void {
    const before = this.store.scenario;
    this.report(() => this.store.scheduledReached(this.session.now));
    // Reached while other values were being sent: the answer about those would name values
    // no longer shown (syncChanged ignores it); look again once done.
    if (this.working && this.store.scenario !== before) this.again = true;
  }

  private storeChanged(): void {
    // A drag or a slider still moving reaches the engine once, as it ends.
    if (this.store.previewing) return;
    const { scenario, restart } = this.store.getState();
    if (scenario === this.seen.scenario && restart === this.seen.restart) return;
    this.seen = { scenario, restart };
    if (this.reporting) return;
    if (this.working) {
      this.again = true;
      return;
    }
    void this.work();
  }

  private async work(): Promise<void> {
    this.working = true;
    try {
      do {
        this.again = false;
        await this.syncOnce(this.store.scenario);
      } while (this.again);
    } finally {
      this.finish();
    }
  }

  /** Done with one piece of work: the next, if the store changed meanwhile, else the waiters are told. */
  private finish(): void {
    this.working = false;
    if (this.again) {
      void this.work();
      return;
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** The restart asked for on `target`, if any and not yet carried out; taking it marks it carried out. */
  private takeRestart(target: Scenario): RestartRequest | null {
    const restart = this.store.getState().restart;
    if (!restart || this.handled.has(restart)) return null;
    this.handled.add(restart);
    return restart.scenario === target ? restart : null;
  }

  private async syncOnce(target: Scenario): Promise<void> {
    const restart = this.takeRestart(target);
    const issues = validateScenario(target);
    if (issues.length > 0) {
      this.store.syncChanged({ kind: 'invalid', issues });
      return;
    }
    const state = this.store.getState();
    let plan = restart ? ({ kind: 'load' } as const) : planSync(valuesRunning(state.run), target);
    if (plan.kind === 'none') {
      this.store.syncChanged({ kind: 'synced' });
      return;
    }
    // Nothing has run yet: the change belongs to the run's start, not its record.
    if (plan.kind === 'live' && this.session.now === 0) plan = { kind: 'load' };
    this.store.syncChanged({ kind: 'sending' });
    if (plan.kind === 'live' && (await this.sendLive(plan.changes, target))) return;
    // A live change refused: load the whole scenario instead; the engine judges it.
    await this.load(target, restart);
  }

  /** Sends the live changes one by one; true when the engine took them all. */
  private async sendLive(changes: ReadonlyArray<{ path: string; value: number }>, target: Scenario): Promise<boolean> {
    const madeBy = this.store.getState().undo.at(-1);
    let running = valuesRunning(this.store.getState().run);
    const applied: RunChange[] = [];
    let refused = false;
    for (const { path, value } of changes) {
      const result = await this.session.changeLive(path, value);
      if (result.error !== null) {
        refused = true;
        break;
      }
      applied.push({ at: result.at, path, value, label: describeLive(running, path, readLive(running, path), value) });
      running = applyLive(running, path, value);
    }
    this.report(() => this.store.changesApplied(applied, madeBy));
    if (refused) return false;
    this.store.syncChanged({ kind: 'synced' }, target);
    return true;
  }

  /** Restarts the run on `target`; what that did to the run's record is said on the page (the store words it). */
  private async load(target: Scenario, restart: RestartRequest | null): Promise<void> {
    const full = this.schedules.get(target) ?? target;
    const play = restart?.kind === 'run' ? this.session.getState().phase === 'error' : undefined;
    try {
      await this.session.loadScenario(full, play === undefined ? {} : { play });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.store.syncChanged({ kind: 'refused', message, path: pathInMessage(message) }, target);
      return;
    }
    this.report(() => this.store.runRestarted(target, scheduleOf(full), { asked: restart !== null }));
    const notice = this.store.getState().restartNotice;
    if (notice !== null) this.session.notify?.(notice);
    this.store.syncChanged({ kind: 'synced' }, target);
  }
}
