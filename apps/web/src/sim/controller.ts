/**
 * The app's one simulation session: owns the engine client, the sample store and the
 * small piece of state React renders (phase, summary, slider values, errors).
 *
 * Frames from the worker are applied in the frame scheduler's action phase and then
 * every registered view is redrawn once; React only re-renders when the phase, the
 * summary (about 4 times a second) or a control value changes.
 */
import type { EngineRoutes, Frame, PauseMoment, Summary } from '@obs-tcp-sim/engine';
import { ALL_VISUAL_EVENT_KINDS, VisualEventKind } from '@obs-tcp-sim/engine';
import { ScenarioError } from '@obs-tcp-sim/scenario';
import { focusStore } from './focusStore';
import type { FrameScheduler } from '../raf/scheduler';
import { SeriesStore, type SampleRows } from './seriesStore';
import { VisualStore, rowEvent, type EventRows, type VisualEvent } from './visualStore';

/** What this app needs from `@obs-tcp-sim/engine`'s EngineClient (docs/engine-api.md §2). */
export interface EngineLike<S = unknown> {
  onFrame(cb: (frame: FrameLike) => void): unknown;
  onError(cb: (message: string) => void): unknown;
  load(scenario: S): Promise<LoadedRun>;
  play(): void;
  pause(): void;
  setSpeed(simSecondsPerWallSecond: number): void;
  reset(): Promise<unknown>;
  /** A live change; `at` is the engine time it took effect (docs/live-changes.md). */
  changeLive(path: string, value: number): Promise<{ error: string | null; at: number }>;
  /** Frames carry visual events from now on (docs/engine-api.md §2). */
  setVisualEvents(on: boolean): void;
  /** Which kinds of visual events to record (bit k = kind k). */
  setVisualEventKinds(mask: number): void;
  /** While paused: one event or up to the next burst; a frame follows. */
  step(kind: StepKind): Promise<boolean>;
  /** The run pauses itself right after `moment`, on a frame marked `atMoment`; null forgets it. */
  pauseAt(moment: PauseMoment | null): void;
  dispose(): void;
}

export type StepKind = 'event' | 'burst';

/** Every field optional, all the way down: a summary may arrive partly filled. */
type DeepPartial<T> = T extends readonly (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** The summary fields the app may show (the engine's Summary, read defensively). */
export type SummaryLike = DeepPartial<Summary>;

/** An engine frame as the app reads it: only the sample columns it draws. */
export type FrameLike = Omit<Frame, 'samples' | 'summary' | 'visual'> & {
  samples: SampleRows;
  visual?: EventRows;
  summary?: SummaryLike;
};

/** What a load answers: the run's flows, its length and the routes the engine chose. */
export interface LoadedRun {
  flowIds: string[];
  duration: number;
  /** Absent from engines that do not report routes (test doubles). */
  routes?: EngineRoutes;
}

export type Phase = 'loading' | 'running' | 'paused' | 'finished' | 'resetting' | 'error';
export type BurstClass = 'data' | 'ack';

export interface SimState {
  phase: Phase;
  /** Fatal: the engine failed or refused the scenario; only Reset helps. */
  error: string | null;
  /** The error is the engine's run guard stopping a run that could not finish (or would
   *  exhaust memory), not a failure: Reset runs it again as it is, and it stops again. */
  stoppedByGuard: boolean;
  /** Non-fatal: a live change was refused; the run goes on. */
  notice: string | null;
  flowIds: string[];
  duration: number;
  /** The routes of the loaded scenario as the engine computed them (docs/routing.md); null
   *  before the first load or from an engine that does not report them. */
  routes: EngineRoutes | null;
  /** Simulated seconds per wall second; Infinity = as fast as possible. */
  speed: number;
  summary: SummaryLike | null;
  /** Bumped each time a new scenario is loaded (an edit, a preset), so views can follow. */
  scenarioRevision: number;
  /** What the last Next event / Next burst did (its events), for the narration; null after a new run or Play. */
  lastStep: StepRecord | null;
}

/** A step and the visual events recorded during it, in order. */
export interface StepRecord {
  kind: StepKind;
  /** Engine time after the step, seconds. */
  at: number;
  events: VisualEvent[];
  /**
   * How many engine events the step ran (the frame's `stepEvents`): a Next event that ran
   * through events nothing draws says how many. Null from an engine that does not tell.
   */
  ran: number | null;
}

/** Values that change every frame; read by views in their redraw, never rendered by React. */
export interface LiveValues {
  now: number;
  events: number;
  eventsPerSecond: number;
  framesApplied: number;
}

export const DEFAULT_SPEED = 1;

/**
 * The visual events worth recording at a speed. Packets on links are 4 events per TCP
 * segment: the animation can follow them one by one only when slowed down (0.1x and
 * slower); faster, recording them would cost the engine about a third of its speed and
 * flood the page. Bursts, control packets, drops and TCP events are always recorded.
 */
export function visualKindsForSpeed(speed: number): number {
  return speed <= 0.1 ? ALL_VISUAL_EVENT_KINDS : ALL_VISUAL_EVENT_KINDS & ~(1 << VisualEventKind.PacketOnLink);
}

export interface ScenarioLike {
  name?: string;
  duration: number;
  /** Seconds between chart samples: with the duration, how many rows the charts get. */
  sampleInterval?: number;
}

export class SimController<S extends ScenarioLike = ScenarioLike> {
  readonly series = new SeriesStore();
  /** Visual events of the current run (animation, channel view, event log, chart markers). */
  readonly visual = new VisualStore();
  readonly live: LiveValues = { now: 0, events: 0, eventsPerSecond: 0, framesApplied: 0 };

  private state: SimState;
  private listeners = new Set<() => void>();
  private views = new Set<() => void>();
  /** Engine calls awaiting an answer; the app is not idle while any is pending. */
  private pending = 0;
  /** Bumped by reset/load so frames of a previous run are dropped, even if late. */
  private epoch = 0;
  /** False after a fatal error: nothing from the dead engine is drawn. */
  private accepting = false;
  /**
   * Set by load/reset until the new run's first frame (now = 0) arrives. Frames reach us
   * in the order the worker sent them, but the answer to reset() comes on another port
   * and can overtake frames of the old run; those must not land in the new run's charts.
   * The worker sends a time-0 frame on every load and reset (packages/engine worker-api).
   */
  private awaitingRunStart = true;
  private loaded = false;
  private stepping: StepKind | null = null;
  private frameListeners = new Set<(frame: FrameLike) => void>();
  private receiveListeners = new Set<(frame: FrameLike) => void>();

  constructor(
    private readonly engine: EngineLike<S>,
    private readonly scheduler: FrameScheduler,
    private current: S,
  ) {
    const scenario = current;
    this.state = {
      phase: 'loading',
      error: null,
      stoppedByGuard: false,
      notice: null,
      flowIds: [],
      routes: null,
      duration: scenario.duration,
      speed: DEFAULT_SPEED,
      summary: null,
      scenarioRevision: 0,
      lastStep: null,
    };
    engine.onFrame((frame) => this.receiveFrame(frame));
    engine.onError((message) => this.fail(message));
    engine.setVisualEventKinds(visualKindsForSpeed(DEFAULT_SPEED));
    engine.setVisualEvents(true);
  }

  /** The scenario the engine runs (the last one loaded). */
  get scenario(): S {
    return this.current;
  }

  /** The engine time of the last frame applied, seconds. */
  get now(): number {
    return this.live.now;
  }

  /**
   * Called after each frame is applied, with the frame (the scenario store follows
   * scheduled changes; a lesson's pause condition reads the frame's events).
   */
  onFrame(listener: (frame: FrameLike) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /**
   * Called as soon as a frame of the current run arrives, before it waits for the next
   * animation frame to be applied: a lesson's pause condition is checked there, so the
   * pause reaches the engine a frame or more sooner.
   */
  onFrameReceived(listener: (frame: FrameLike) => void): () => void {
    this.receiveListeners.add(listener);
    return () => this.receiveListeners.delete(listener);
  }

  // ---- React side (useSyncExternalStore) ----

  getState = (): SimState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Registers a redraw to run (once) in the animation frame after each applied frame. */
  addView(redraw: () => void): () => void {
    this.views.add(redraw);
    this.scheduler.markDirty(redraw);
    return () => this.views.delete(redraw);
  }

  /**
   * Asks for `redraw` to run once in the next animation frame, between engine frames (a
   * fading flash, a zoom): it shares the frame loop's once-per-frame rule with the views.
   */
  requestRedraw(redraw: () => void): void {
    this.scheduler.markDirty(redraw);
  }

  /** No engine call in flight, nothing waiting to be drawn, not between runs. */
  isIdle(): boolean {
    return this.isQuiet() && this.scheduler.idle;
  }

  /** No engine call in flight and not between runs (frames may still come: a run plays). */
  isQuiet(): boolean {
    const { phase } = this.state;
    return this.pending === 0 && phase !== 'loading' && phase !== 'resetting';
  }

  /** Resolves once every frame received has been applied and every view marked has been redrawn (FrameScheduler.whenDrawn). */
  whenDrawn(): Promise<void> {
    return this.scheduler.whenDrawn();
  }

  // ---- commands ----

  /** Loads the scenario and starts playing: the app runs at once when opened. */
  async start(): Promise<void> {
    this.setState({ phase: 'loading', error: null, stoppedByGuard: false, notice: null, summary: null });
    const epoch = ++this.epoch;
    this.accepting = true;
    this.awaitingRunStart = true;
    try {
      const info = await this.track(this.engine.load(this.scenario));
      if (epoch !== this.epoch) return;
      this.loaded = true;
      this.beginRun(info.flowIds, info.duration, info.routes);
      this.resumeAt(true);
    } catch (err) {
      if (epoch === this.epoch) this.fail(messageOf(err));
    }
  }

  play(): void {
    if (this.state.phase !== 'paused') return;
    this.setState({ phase: 'running', lastStep: null });
    this.engine.play();
  }

  pause(): void {
    if (this.state.phase !== 'running') return;
    this.setState({ phase: 'paused' });
    this.engine.pause();
  }

  /**
   * Back to t = 0 with the scenario as loaded (its scheduled changes again, live ones
   * dropped), paused, so the class can look at the empty charts before pressing Play.
   * After a fatal error the session restarts running. The page's Reset goes through the
   * scenario store (Reset run), which loads the values shown instead.
   */
  async reset(): Promise<void> {
    const afterError = this.state.phase === 'error';
    if (!this.loaded) return this.start();
    const epoch = ++this.epoch;
    this.accepting = true;
    this.awaitingRunStart = true;
    this.setState({ phase: 'resetting', error: null, stoppedByGuard: false, notice: null, summary: null });
    try {
      if (!afterError) this.engine.pause();
      await this.track(this.engine.reset());
      if (epoch !== this.epoch) return;
      this.beginRun(this.state.flowIds, this.state.duration);
      this.resumeAt(afterError);
    } catch (err) {
      if (epoch === this.epoch) this.fail(messageOf(err));
    }
  }

  setSpeed(speed: number): void {
    this.setState({ speed });
    this.engine.setVisualEventKinds(visualKindsForSpeed(speed));
    this.engine.setSpeed(speed);
  }

  /**
   * Replaces the scenario (an edit that changes the network, or a preset): the run starts
   * again from t = 0, playing if it was playing (or if `play` says so), else paused. Rejects with the engine's
   * message if the scenario is refused; the previous one then stays loaded and running.
   */
  async loadScenario(scenario: S, options: { play?: boolean } = {}): Promise<void> {
    const wasRunning = options.play ?? (this.state.phase === 'running' || this.state.phase === 'loading');
    const epoch = ++this.epoch;
    this.engine.pause();
    this.setState({ phase: 'resetting', error: null, stoppedByGuard: false, notice: null, summary: null });
    this.accepting = true;
    this.awaitingRunStart = true;
    let info: LoadedRun;
    try {
      info = await this.track(this.engine.load(scenario));
    } catch (err) {
      if (epoch === this.epoch) {
        // Refused: the engine kept the old scenario; it is paused at the time it had reached.
        if (err instanceof ScenarioError) this.setState({ phase: 'paused', notice: `Scenario refused: ${messageOf(err)}` });
        // The engine itself failed (its code did not load, the worker died): the banner says
        // so and offers Reset; the scenario is not to blame.
        else this.fail(messageOf(err));
      }
      throw err;
    }
    if (epoch !== this.epoch) return;
    this.current = scenario;
    this.loaded = true;
    this.setState({
      duration: info.duration,
      scenarioRevision: this.state.scenarioRevision + 1,
    });
    this.beginRun(info.flowIds, info.duration, info.routes);
    this.resumeAt(wasRunning);
  }

  /**
   * The moment a lesson waits for (the first event that meets its stop, or a time): the
   * engine pauses the run right after it, at any speed, and the frame that says so turns
   * the phase to paused. Null forgets it. One-shot.
   */
  pauseAt(moment: PauseMoment | null): void {
    this.engine.pauseAt(moment);
  }

  /** While paused: one event, or up to the next burst an edge sends. */
  async step(kind: StepKind): Promise<void> {
    if (this.state.phase !== 'paused') return;
    // The next frame carries what the step did (nothing else runs while paused).
    this.stepping = kind;
    try {
      await this.track(this.engine.step(kind));
    } catch (err) {
      this.setState({ notice: `Could not step: ${messageOf(err)}` });
    }
  }

  /**
   * A live change that says when it took effect (the run's record): `at` is the engine
   * time, `error` the engine's reason when refused (also shown as a notice).
   */
  async changeLive(path: string, value: number): Promise<{ error: string | null; at: number }> {
    try {
      const result = await this.track(this.engine.changeLive(path, value));
      if (result.error !== null) this.setState({ notice: `Could not change ${path}: ${result.error}` });
      return result;
    } catch (err) {
      const reason = messageOf(err);
      this.setState({ notice: `Could not change ${path}: ${reason}` });
      return { error: reason, at: this.live.now };
    }
  }

  /** Shows a non-fatal message (a link that could not be opened, a file refused). */
  notify(message: string): void {
    this.setState({ notice: message });
  }

  dismissNotice(): void {
    this.setState({ notice: null });
  }

  dispose(): void {
    this.epoch++;
    this.engine.dispose();
  }

  // ---- internals ----

  /** A new run is ready at t = 0: the speed shown, then playing or paused. */
  private resumeAt(play: boolean): void {
    this.engine.setSpeed(this.state.speed);
    if (play) {
      this.setState({ phase: 'running' });
      this.engine.play();
    } else {
      this.setState({ phase: 'paused' });
    }
  }

  private beginRun(flowIds: string[], duration: number, routes = this.state.routes ?? undefined): void {
    const interval = this.current.sampleInterval ?? 0;
    this.series.reset(flowIds.length, interval > 0 ? duration / interval : 0);
    this.visual.clear();
    this.live.now = 0;
    this.live.events = 0;
    this.live.eventsPerSecond = 0;
    // What the log pointed at belonged to the old run (its nodes, its moments).
    focusStore.set(null);
    this.stepping = null;
    this.setState({ flowIds, duration, routes: routes ?? null, summary: null, lastStep: null });
    this.redrawViews();
  }

  private receiveFrame(frame: FrameLike): void {
    if (!this.accepting) return;
    if (this.awaitingRunStart) {
      if (frame.now !== 0) return; // the old run, still draining
      this.awaitingRunStart = false;
    }
    // The engine paused itself at the moment a lesson armed: paused before the listeners
    // see the frame, so the lesson's watch finds the run paused (and may play on).
    if (frame.atMoment && this.state.phase === 'running') this.setState({ phase: 'paused' });
    const epoch = this.epoch;
    for (const listener of this.receiveListeners) listener(frame);
    this.scheduler.schedule(() => {
      if (epoch === this.epoch) this.applyFrame(frame);
    });
  }

  private applyFrame(frame: FrameLike): void {
    this.series.append(frame.samples);
    if (frame.visual) this.visual.append(frame.visual);
    this.live.now = frame.now;
    this.live.events = frame.events;
    this.live.eventsPerSecond = frame.eventsPerSecond;
    this.live.framesApplied++;
    const patch: Partial<SimState> = {};
    if (frame.summary) patch.summary = frame.summary;
    // Running and paused follow the buttons (a frame sent just before a pause must not
    // flip the button back); only the engine knows when the run has finished.
    if (frame.finished && this.state.phase !== 'finished' && this.state.phase !== 'error') patch.phase = 'finished';
    if (this.stepping !== null) {
      patch.lastStep = {
        kind: this.stepping,
        at: frame.now,
        events: frame.visual ? eventsOf(frame.visual) : [],
        ran: frame.stepEvents ?? null,
      };
      this.stepping = null;
    }
    if (Object.keys(patch).length > 0) this.setState(patch);
    for (const listener of this.frameListeners) listener(frame);
    this.redrawViews();
    // The engine's run guard ended the run (a clock that no longer moves, the event or the
    // memory budget): what ran stays on the charts, and the reason shows like an error.
    if (frame.stopped) this.fail(`The engine ${frame.stopped}`, true);
  }

  private redrawViews(): void {
    for (const view of this.views) this.scheduler.markDirty(view);
  }

  private fail(message: string, stoppedByGuard = false): void {
    this.accepting = false;
    this.setState({ phase: 'error', error: message || 'The engine stopped without a message.', stoppedByGuard });
  }

  private async track<T>(promise: Promise<T>): Promise<T> {
    this.pending++;
    try {
      return await promise;
    } finally {
      this.pending--;
    }
  }

  private setState(patch: Partial<SimState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

function eventsOf(rows: EventRows): VisualEvent[] {
  return Array.from({ length: rows.kind.length }, (_, i) => rowEvent(rows, i));
}

export function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return String(err);
}
