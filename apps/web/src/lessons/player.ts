/**
 * Plays a guide: a lesson (data/*.json), or the one step of a preset point's *Show me*.
 * Entering a step brings the scenario (an action of the scenario store, so it is undoable
 * and the address bar follows), sets the speed and the view, arms the pause condition
 * (PauseWatch: the engine's own events), and plays; the state says what the step is
 * waiting for and where it paused, for the lesson panel.
 *
 * Which run a step plays:
 * - a step with a `scenario` opens it and runs from t = 0;
 * - a step without one goes on from where the run is, to the next moment its condition
 *   names, if the scenario on screen is the lesson's at that step (scenarioAtStep). If
 *   anything changed it (a slider, an edit, a Show me), the step brings the lesson's back
 *   and runs from t = 0: a step starts from its own scenario, never from what was left.
 *   Back to such a step pauses at the next such moment, not the one seen before.
 * - a run that has finished starts again from t = 0 (Reset run) when a step wants to play.
 * - a *Show me* always replays the run from t = 0 on its own scenario: the preset's, with
 *   its fields changed; never on what an earlier Show me or step left behind.
 *
 * No React here: the panel subscribes (useLessonState).
 */
import { applyScenarioSet, describePauseCondition, type Preset, type Scenario, type ShowMe } from '@obs-tcp-sim/scenario';
import { describeEvent, type BurstOrigin } from '../log/describe';
import { focusOf } from '../log/filter';
import type { FocusStore } from '../sim/focusStore';
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { makeNames, type ScenarioShape } from '@obs-tcp-sim/engine';
import type { Phase } from '../sim/controller';
import { EventKind, type VisualEvent } from '../sim/visualStore';
import { canonical } from '../store/syncPlan';
import type { AddressOverride } from '../store/addressBar';
import type { View } from '../view/viewStore';
import type { Lesson, LessonStep } from './lessonFormat';
import { lessonHash } from './lessonLink';
import { scenarioAtStep } from './lessonScenario';
import { PauseWatch, type PauseHit, type WatchedSession } from './pauseWatch';

/** A step as the player runs it: a lesson's, or a *Show me* (which changes fields in place, `set`). */
export type GuideStep = LessonStep & Pick<ShowMe, 'set'>;

export type Guide =
  | { kind: 'lesson'; lesson: Lesson; title: string; steps: readonly GuideStep[] }
  | {
      kind: 'show-me';
      presetId: string;
      point: number;
      title: string;
      steps: readonly GuideStep[];
      /** What it runs: the preset's scenario with the point's fields changed. */
      scenario: Scenario;
    };

export type StepStatus =
  /** Bringing the step's scenario (the engine loads it). */
  | { kind: 'preparing' }
  /** Playing until the condition is met. */
  | { kind: 'waiting'; condition: string }
  /** Met: `text` is the event as the log words it (null for a time). */
  | { kind: 'paused'; condition: string; hit: PauseHit; text: string | null }
  /** The run ended (or the engine stopped) before the condition was met. */
  | { kind: 'ended'; condition: string; at: number }
  /** The step waits for nothing. */
  | { kind: 'ready' }
  | { kind: 'failed'; message: string };

export interface PlayerState {
  guide: Guide | null;
  /** 0-based. */
  step: number;
  status: StepStatus;
  /** The answer chosen at each step with a question, by step index. */
  answers: Readonly<Record<number, number>>;
}

/** What the player needs from the session (SimController). */
export interface PlayerSession extends WatchedSession {
  /** `routes`: the engine's, so the pause's sentence names a burst's path as the log does (absent from test doubles). */
  getState(): { phase: Phase; flowIds: string[]; error: string | null; routes?: EngineRoutes | null };
  subscribe(listener: () => void): () => void;
  setSpeed(speed: number): void;
  play(): void;
  /** The scenario the engine runs (names for the pause's sentence). */
  readonly scenario: unknown;
  /** The run's notable events, to find what a dropped burst carried. */
  readonly visual: WatchedSession['visual'] & { notable: { length: number; event(i: number): VisualEvent } };
}

/** What the player needs from the scenario store (store/scenarioStore.ts). */
export interface PlayerStore {
  readonly scenario: Scenario;
  restartOn(label: string, next: Scenario): void;
  /** A step begins: the forms a person fills (Compare, Sweep) start over from its scenario. */
  guidedStep(): void;
  resetRun(): void;
}

/** What the player needs from the engine sync (store/engineSync.ts). */
export interface PlayerSync {
  open(scenario: Scenario, options: { label?: string; presetId?: string | null; play?: boolean }): Promise<void>;
  /** Resolves once the engine runs what the store holds. */
  settled(): Promise<void>;
}

export interface PlayerDeps {
  session: PlayerSession;
  store: PlayerStore;
  sync: PlayerSync;
  view: { set(change: Partial<View>): void };
  focus: FocusStore;
  /** The charts' time window: the whole run again, no moment marked (view/chartsFollow.ts). */
  charts: { followRun(): void };
}

const CLOSED: PlayerState = { guide: null, step: 0, status: { kind: 'ready' }, answers: {} };

export class LessonPlayer {
  private state: PlayerState = CLOSED;
  private listeners = new Set<() => void>();
  private readonly watch: PauseWatch;
  /** Bumped on every step entered: what an older step was still doing is dropped. */
  private token = 0;
  /** The session's phase as last seen. */
  private phase: Phase;

  constructor(private readonly deps: PlayerDeps) {
    this.watch = new PauseWatch(deps.session, () => this.scenarioShape().nodes?.map((n) => n.id) ?? []);
    this.phase = deps.session.getState().phase;
    deps.session.subscribe(() => this.followRun());
  }

  // ---- React ----

  getState = (): PlayerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** `#lesson=<id>&step=N` while a lesson is open, else null (the scenario's own link). */
  readonly address: AddressOverride = {
    get: () => {
      const { guide, step } = this.state;
      return guide?.kind === 'lesson' ? lessonHash(guide.lesson.id, step) : null;
    },
    subscribe: (listener) => this.subscribe(listener),
  };

  // ---- actions ----

  /** Opens a lesson at a step (0-based): from the Lessons menu, or a link (the page may have loaded its scenario already). */
  openLesson(lesson: Lesson, step = 0): Promise<void> {
    const index = Math.max(0, Math.min(lesson.steps.length - 1, step));
    this.state = {
      guide: { kind: 'lesson', lesson, title: lesson.title, steps: lesson.steps },
      step: index,
      status: { kind: 'preparing' },
      answers: {},
    };
    return this.enter(index, true);
  }

  /** A preset point's *Show me*: the preset with its fields, then the run again from t = 0 at its speed and view, to its pause. */
  showMe(preset: Preset, point: number, text: string, show: ShowMe): Promise<void> {
    const step: GuideStep = { title: 'Show me', text, ...show, play: true };
    const own = structuredClone(preset.scenario) as Scenario;
    const scenario = show.set ? applyScenarioSet(own, show.set) : own;
    this.state = {
      guide: { kind: 'show-me', presetId: preset.id, point, title: preset.title, steps: [step], scenario },
      step: 0,
      status: { kind: 'preparing' },
      answers: {},
    };
    return this.enter(0, true);
  }

  next(): Promise<void> {
    const { guide, step } = this.state;
    if (!guide || step >= guide.steps.length - 1) return Promise.resolve();
    return this.enter(step + 1, false);
  }

  back(): Promise<void> {
    const { guide, step } = this.state;
    if (!guide || step === 0) return Promise.resolve();
    return this.enter(step - 1, true);
  }

  close(): void {
    this.token++;
    this.watch.disarm();
    this.set(CLOSED);
  }

  /** Chooses an answer to the current step's question (null: ask again). */
  answer(choice: number | null): void {
    const { step, answers } = this.state;
    const next = { ...answers };
    if (choice === null) delete next[step];
    else next[step] = choice;
    this.set({ ...this.state, answers: next });
  }

  // ---- steps ----

  private async enter(index: number, fresh: boolean): Promise<void> {
    const token = ++this.token;
    const guide = this.state.guide;
    if (!guide) return;
    const step = guide.steps[index];
    this.watch.disarm();
    // What the last step pointed at (its pause, or a log entry the class clicked) and the
    // charts' window around it belong to that step: this one starts following the run.
    if (this.deps.focus.get() !== null) this.deps.focus.set(null);
    this.deps.charts.followRun();
    this.deps.store.guidedStep();
    this.set({ ...this.state, step: index, status: { kind: 'preparing' } });
    try {
      if (guide.kind === 'lesson') await this.bringScenario(guide.lesson, index, fresh);
      else await this.replay(guide.scenario, `show me ${guide.point + 1} (${guide.title})`);
    } catch (error) {
      if (token === this.token)
        this.set({ ...this.state, status: { kind: 'failed', message: error instanceof Error ? error.message : String(error) } });
      return;
    }
    if (token !== this.token) return;
    const { session, view } = this.deps;
    if (step.speed !== undefined) session.setSpeed(step.speed === 'max' ? Infinity : step.speed);
    if (step.view) view.set(step.view);
    const play = step.play ?? (step.pauseAt !== undefined || step.scenario !== undefined);
    if (step.pauseAt) {
      // "the next fast retransmit" once the run has gone on past an earlier moment.
      const condition = describePauseCondition(step.pauseAt, session.now > 0 ? 'next' : 'first');
      this.set({ ...this.state, status: { kind: 'waiting', condition } });
      if (this.watch.arm(step.pauseAt, (hit) => this.paused(token, hit, condition))) return;
    } else {
      this.set({ ...this.state, status: { kind: 'ready' } });
    }
    if (play) await this.play(token);
    else if (step.play === false) session.pause();
  }

  /** The lesson's scenario at this step on screen, from t = 0 if the step opens one or another is there. */
  private async bringScenario(lesson: Lesson, index: number, fresh: boolean): Promise<void> {
    const step = lesson.steps[index];
    const target = scenarioAtStep(lesson, index);
    const { store, sync, session } = this.deps;
    const onScreen = canonical(store.scenario) === canonical(target.scenario);
    // A step that goes on with the run, which is the lesson's.
    if (!step.scenario && onScreen) return;
    // Opened from a link: the page has just loaded this scenario, paused at t = 0.
    if (fresh && onScreen && session.now === 0 && session.getState().phase === 'paused') return;
    await sync.open(target.scenario, { label: `lesson "${lesson.title}", step ${index + 1}`, presetId: target.presetId, play: false });
  }

  /**
   * A *Show me* replays the run from t = 0 on its own scenario, one undo step when the one
   * on screen differs: the moment it shows may have passed already, and many come early
   * in a run (paper 004's only losses are in its first second). Its own, not the one on
   * screen with its fields changed: after "deflection on" the next point, "segmentation
   * on", would run with both.
   */
  private async replay(scenario: Scenario, label: string): Promise<void> {
    const { store, sync } = this.deps;
    store.restartOn(label, structuredClone(scenario));
    await sync.settled();
  }

  private async play(token: number): Promise<void> {
    const { session, store, sync } = this.deps;
    if (session.getState().phase === 'finished') {
      store.resetRun();
      await sync.settled();
      if (token !== this.token) return;
    }
    if (session.getState().phase === 'paused') session.play();
  }

  private paused(token: number, hit: PauseHit, condition: string): void {
    if (token !== this.token) return;
    let text: string | null = null;
    if (hit.event) {
      const { flowIds, routes } = this.deps.session.getState();
      // The log's own names: the status quotes the log's sentence word for word.
      const names = makeNames(this.scenarioShape(), flowIds, routes);
      const origin = hit.origin ?? this.originOf(hit.event);
      text = describeEvent(hit.event, names, origin);
      // The network, the charts and the log point at the event (the log's own focus).
      this.deps.focus.set({ ...focusOf({ seq: 0, event: hit.event, origin }, names), source: 'lesson' });
    }
    this.set({ ...this.state, status: { kind: 'paused', condition, hit, text } });
  }

  /** A dropped burst's flows come from its "formed" event, still in the log's record. */
  private originOf(e: VisualEvent): BurstOrigin | undefined {
    if (e.kind !== EventKind.BurstDropped) return undefined;
    const notable = this.deps.session.visual.notable;
    for (let i = notable.length - 1; i >= 0; i--) {
      const f = notable.event(i);
      if (f.kind === EventKind.BurstFormed && f.id === e.id) return { mainFlow: f.lane, flows: f.dir, path: f.link };
    }
    return undefined;
  }

  /** The run ended, or the engine stopped it, while a step waited (a change of phase, not a finished run being reset). */
  private followRun(): void {
    const { phase, error } = this.deps.session.getState();
    const before = this.phase;
    this.phase = phase;
    const { status } = this.state;
    if (status.kind !== 'waiting' || phase === before) return;
    if (phase === 'finished') {
      this.watch.disarm();
      this.set({ ...this.state, status: { kind: 'ended', condition: status.condition, at: this.deps.session.now } });
    } else if (phase === 'error') {
      this.watch.disarm();
      this.set({ ...this.state, status: { kind: 'failed', message: error ?? 'the engine stopped' } });
    }
  }

  private scenarioShape(): ScenarioShape {
    return (this.deps.session.scenario ?? {}) as ScenarioShape;
  }

  private set(next: PlayerState): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}
