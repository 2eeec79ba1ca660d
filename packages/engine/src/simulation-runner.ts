import type { Summary } from '@obs-tcp-sim/scenario';
import type { LiveChangeResult, Simulation, VisualEventColumns } from './engine-module';
import type { Frame } from './frame';
import { EventRateMeter } from './event-rate-meter';
import { MomentHold, type PauseMoment } from './pause-moment';
import type { Cancel, Clock, SliceScheduler } from './slice-scheduler';
import { createSliceScheduler, performanceClock } from './slice-scheduler';
import { DEFAULT_SPEED, checkSpeed } from './speed';

export interface RunnerOptions {
  clock?: Clock;
  scheduler?: SliceScheduler;
  /** Wall time of simulation per slice before yielding to messages. */
  sliceMs?: number;
  /** Wall time between frames while playing (about one animation frame). */
  frameIntervalMs?: number;
  /**
   * Wall time between frames at full speed. The page draws every frame (animation,
   * charts, readouts); at full speed links are drawn as busy lanes and nothing moves
   * smoothly that 60 frames a second would show, so half the frames halve the page's
   * drawing and keep its main thread free (issue 5's 50 ms bound on long tasks).
   */
  fullSpeedFrameIntervalMs?: number;
  /**
   * At full speed, wall time of simulation per slice, and the pause after each slice.
   * With no pause the worker keeps a core busy, and on a machine of two cores the page's
   * own threads (main, compositor, raster) then share the other one: commits waited on a
   * starved compositor and frames grew into long tasks. Short, frequent pauses give the
   * page room; see `fullSpeedPause()` for the values the worker uses.
   */
  fullSpeedSliceMs?: number;
  fullSpeedRestMs?: number;
  /** Wall time between summaries attached to frames. */
  summaryIntervalMs?: number;
  /**
   * How far (in wall time) simulated time may fall behind the speed setting. When the
   * engine is slower than asked, it runs flat out and does not later sprint to "catch up".
   */
  maxLagMs?: number;
}

// The first step at a finite speed covers this much simulated time; later steps are
// sized from the event density seen.
const FIRST_STEP_SECONDS = 1e-4;
const MIN_STEP_SECONDS = 1e-12; // one picosecond, the engine's time unit
const MAX_STEP_GROWTH = 4;
const MIN_STEP_EVENTS = 64;
// "Step to the next burst" gives up after this many events (a network with no OBS part
// has no bursts); at 10 M events/s that is a tenth of a second.
const MAX_EVENTS_TO_NEXT_BURST = 1_000_000;
// "Next event" runs through events that record no visual event (timers, samples, packets
// at a speed where they are not drawn) up to this many. Each costs a drain of the event
// columns, some 60 µs in wasm: a thousand keep a click under a tenth of a second, where
// paper 000 at 1x needs 1 to 17.
const MAX_EVENTS_TO_NEXT_VISIBLE = 1_000;

export type StepKind = 'event' | 'burst';

/**
 * Plays one Simulation in slices of a few ms of wall time, paced so that simulated time
 * advances at `speed` simulated seconds per wall second, and reports frames.
 *
 * At a finite speed it only ever calls advanceTo with a time not past the pacing goal,
 * so watching single bursts at microseconds per second never overshoots; the engine has
 * no "advance to t but at most n events", so the step length is estimated from the event
 * density to keep a slice short. At infinite speed it uses advanceEvents, which bounds
 * the work exactly.
 *
 * No Comlink, no wasm loading: the worker wraps it, and tests drive it with a fake clock.
 */
export class SimulationRunner {
  private readonly clock: Clock;
  private readonly scheduler: SliceScheduler;
  private readonly sliceMs: number;
  private readonly frameIntervalMs: number;
  private readonly fullSpeedFrameIntervalMs: number;
  private readonly fullSpeedSliceMs: number;
  private readonly fullSpeedRestMs: number;
  private readonly summaryIntervalMs: number;
  private readonly maxLagMs: number;

  private playing = false;
  private disposed = false;
  private visualEvents = false;
  private speed = DEFAULT_SPEED;
  private anchorWallMs = 0;
  private anchorSim = 0;
  private pending: Cancel | null = null;
  private lastFrameMs = -Infinity;
  private lastSummaryMs = -Infinity;
  private readonly rate = new EventRateMeter();
  private eventsPerMs = 1000;
  private stepSeconds = FIRST_STEP_SECONDS;
  private readonly moment = new MomentHold();

  constructor(
    private readonly sim: Simulation,
    private readonly onFrame: (frame: Frame) => void,
    /** The engine threw during a slice; the runner has stopped. */
    private readonly onCrash: (error: unknown) => void,
    options: RunnerOptions = {},
  ) {
    this.clock = options.clock ?? performanceClock;
    this.scheduler = options.scheduler ?? createSliceScheduler();
    this.sliceMs = options.sliceMs ?? 8;
    this.frameIntervalMs = options.frameIntervalMs ?? 16;
    this.fullSpeedFrameIntervalMs = options.fullSpeedFrameIntervalMs ?? 33;
    this.fullSpeedSliceMs = options.fullSpeedSliceMs ?? this.sliceMs;
    this.fullSpeedRestMs = options.fullSpeedRestMs ?? 0;
    this.summaryIntervalMs = options.summaryIntervalMs ?? 250;
    this.maxLagMs = options.maxLagMs ?? 250;
  }

  get isPlaying(): boolean {
    return this.playing;
  }

  play(): void {
    if (this.disposed || this.playing) return;
    if (this.over()) {
      this.sendFrame(true); // tell the UI why nothing happens
      return;
    }
    this.playing = true;
    this.rebase();
    this.rate.clear();
    this.rate.record(this.clock.now(), this.sim.eventCount());
    this.schedule(this.scheduler.soon(() => this.runSlice()));
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    this.cancelPending();
    this.sendFrame(true);
  }

  /** Simulated seconds per wall second; Infinity = as fast as possible. */
  setSpeed(speed: number): void {
    checkSpeed(speed);
    this.speed = speed;
    this.rebase();
    if (this.playing) {
      // A slow speed may have scheduled a long wait; start over at the new pace.
      this.cancelPending();
      this.schedule(this.scheduler.soon(() => this.runSlice()));
    }
  }

  /**
   * Pauses the run by itself at `moment` (one-shot), sending a frame marked `atMoment`;
   * null forgets the moment armed. A stop needs visual events on (setVisualEvents).
   */
  pauseAt(moment: PauseMoment | null): void {
    this.moment.arm(this.sim, moment);
  }

  /** Visual events ride on every frame from now on (drained each frame), or stop. */
  setVisualEvents(on: boolean): void {
    this.visualEvents = on;
    this.sim.setVisualEvents(on);
  }

  /** Which kinds of visual events to record (bit k = VisualEventKind k). */
  setVisualEventKinds(mask: number): void {
    this.sim.setVisualEventKinds(mask);
  }

  /**
   * While paused: runs the next event, or up to the next burst an edge sends, then sends a
   * frame with the summary and how many events ran (`stepEvents`). While visual events are
   * recorded, "the next event" is the next one that records any: the events before it,
   * which nothing on screen would draw, run too (at most MAX_EVENTS_TO_NEXT_VISIBLE).
   * Ignored while playing. Returns whether simulated time or the event count moved.
   */
  step(kind: StepKind): boolean {
    if (this.disposed || this.playing) return false;
    const eventsBefore = this.sim.eventCount();
    const timeBefore = this.sim.now();
    let visual: VisualEventColumns | undefined;
    if (!this.over()) {
      if (kind === 'burst') this.sim.advanceToNextBurst(MAX_EVENTS_TO_NEXT_BURST);
      else if (this.visualEvents) visual = this.advanceToVisibleEvent();
      else this.sim.advanceEvents(1);
    }
    this.rate.clear();
    this.moment.reached(this.sim); // a moment a step ran into is spent: the page sees its event in this frame
    this.sendFrame(true, { visual, stepEvents: this.sim.eventCount() - eventsBefore });
    return this.sim.eventCount() !== eventsBefore || this.sim.now() !== timeBefore;
  }

  /**
   * Events one by one until one records a visual event, the run ends or stops, or the cap:
   * the rows recorded (empty only then). The engine cannot say whether an event will be
   * drawn before running it, so each is drained after it runs; rows drained here are the
   * frame's, since sendFrame's own drain would find them gone.
   */
  private advanceToVisibleEvent(): VisualEventColumns {
    let rows = this.sim.drainVisualEvents();
    for (let n = 0; n < MAX_EVENTS_TO_NEXT_VISIBLE && rows.kind.length === 0; n++) {
      const before = this.sim.eventCount();
      this.sim.advanceEvents(1);
      if (this.sim.eventCount() === before) break; // the end of the run, or stopped
      rows = this.sim.drainVisualEvents();
    }
    return rows;
  }

  /** "" when applied at the current simulated time, else the engine's reason. */
  setLive(path: string, value: number): string {
    return this.changeLive(path, value).error ?? '';
  }

  /**
   * A live change, and the engine time at which it took effect (the `at` a scenario's
   * `liveChanges` needs to replay the run: docs/live-changes.md). Refused: `error`
   * says why and nothing changed.
   */
  changeLive(path: string, value: number): LiveChangeResult {
    const eventsBefore = this.sim.eventCount();
    const timeBefore = this.sim.now();
    const result = this.sim.changeLive(path, value);
    // The engine ran the rest of the current instant first (after a step, or a slice at
    // full speed, that can be a few events), and an applied change is itself an event of
    // the log (LiveChange) and a line of the summary: while paused no slice follows to tell
    // the page, so a frame does.
    const moved = this.sim.eventCount() !== eventsBefore || this.sim.now() !== timeBefore;
    if (!this.playing && !this.disposed && (moved || result.error === null)) {
      this.sendFrame(true);
    }
    return result;
  }

  summary(): Summary {
    return JSON.parse(this.sim.summaryJson()) as Summary;
  }

  /**
   * Sends a frame now with the samples drained so far; `withSummary` attaches the summary.
   * A step passes the visual events it drained itself, and how many events it ran; the
   * frame of a run paused at its moment says so (`atMoment`).
   */
  sendFrame(withSummary: boolean, extras: { visual?: VisualEventColumns; stepEvents?: number; atMoment?: boolean } = {}): void {
    const wallMs = this.clock.now();
    const frame: Frame = {
      now: this.sim.now(),
      duration: this.sim.duration(),
      finished: this.sim.finished(),
      playing: this.playing,
      events: this.sim.eventCount(),
      eventsPerSecond: this.rate.perSecond(),
      samples: this.sim.drainSamples(),
    };
    if (this.visualEvents) frame.visual = extras.visual ?? this.sim.drainVisualEvents();
    if (extras.stepEvents !== undefined) frame.stepEvents = extras.stepEvents;
    if (extras.atMoment) frame.atMoment = true;
    if (this.sim.stopped()) {
      frame.stopped = this.sim.stopReason();
      withSummary = true;
    }
    if (withSummary || wallMs - this.lastSummaryMs >= this.summaryIntervalMs) {
      frame.summary = this.summary();
      this.lastSummaryMs = wallMs;
    }
    this.lastFrameMs = wallMs;
    this.onFrame(frame);
  }

  /** Stops and frees the simulation. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.playing = false;
    this.cancelPending();
    try {
      this.sim.delete();
    } catch {
      // Deleting on a crashed instance can throw; the instance is being dropped anyway.
    }
  }

  private runSlice(): void {
    this.pending = null;
    if (!this.playing || this.disposed) return;
    try {
      const startMs = this.clock.now();
      const deadlineMs = startMs + (this.speed === Infinity ? this.fullSpeedSliceMs : this.sliceMs);
      const eventsBefore = this.sim.eventCount();
      let caughtUp = false;
      let atMoment = false;
      while (!this.over()) {
        const goal = Math.min(this.goal(this.clock.now()), this.moment.limit);
        const moved = this.sim.now() < goal && this.advanceToward(goal);
        if (this.moment.reached(this.sim)) {
          atMoment = true;
          break;
        }
        if (!moved) {
          caughtUp = true;
          break;
        }
        if (this.clock.now() >= deadlineMs) break;
      }
      const endMs = this.clock.now();
      this.learnEngineSpeed(this.sim.eventCount() - eventsBefore, endMs - startMs);
      this.rate.record(endMs, this.sim.eventCount());

      const over = this.over();
      if (over || atMoment) this.playing = false;
      const frameIntervalMs = this.speed === Infinity ? this.fullSpeedFrameIntervalMs : this.frameIntervalMs;
      if (over || atMoment || endMs - this.lastFrameMs >= frameIntervalMs) this.sendFrame(over || atMoment, { atMoment });
      if (!this.playing) return;
      if (caughtUp) {
        // Ahead of the pace: sleep until the next frame is due.
        const waitMs = Math.max(1, this.lastFrameMs + frameIntervalMs - endMs);
        this.schedule(this.scheduler.after(waitMs, () => this.runSlice()));
      } else if (this.speed === Infinity && this.fullSpeedRestMs > 0) {
        this.schedule(this.scheduler.after(this.fullSpeedRestMs, () => this.runSlice()));
      } else {
        this.schedule(this.scheduler.soon(() => this.runSlice()));
      }
    } catch (error) {
      this.playing = false;
      this.cancelPending();
      this.onCrash(error);
    }
  }

  /** Simulated time the pace asks for at this wall time, never past the duration. */
  private goal(wallMs: number): number {
    const duration = this.sim.duration();
    if (this.speed === Infinity) return duration;
    let goal = this.anchorSim + (this.speed * (wallMs - this.anchorWallMs)) / 1000;
    const now = this.sim.now();
    const maxLag = (this.speed * this.maxLagMs) / 1000;
    if (goal - now > maxLag) {
      this.anchorSim = now;
      this.anchorWallMs = wallMs - this.maxLagMs;
      goal = now + maxLag;
    }
    return Math.min(goal, duration);
  }

  /** One bounded piece of work toward `goal`; false if nothing could move. */
  private advanceToward(goal: number): boolean {
    const eventsBefore = this.sim.eventCount();
    const timeBefore = this.sim.now();
    const eventBudget = Math.max(MIN_STEP_EVENTS, Math.floor((this.eventsPerMs * this.sliceMs) / 2));

    if (this.speed === Infinity && this.moment.limit < Infinity) {
      // Toward a moment's time: no event past it.
      this.sim.advanceToBounded(goal, eventBudget);
    } else if (this.speed === Infinity) {
      this.sim.advanceEvents(eventBudget);
      // No event left before the end: the jump to the goal costs nothing.
      if (this.sim.eventCount() === eventsBefore && !this.sim.finished()) this.sim.advanceTo(goal);
    } else {
      const to = Math.min(goal, timeBefore + this.stepSeconds);
      this.sim.advanceTo(to);
      const ran = this.sim.eventCount() - eventsBefore;
      const span = to - timeBefore;
      // As much simulated time as the event budget allows at the density just seen,
      // growing gradually so a quiet stretch cannot make one step huge.
      const fit = ran > 0 && span > 0 ? (eventBudget * span) / ran : Infinity;
      this.stepSeconds = Math.max(MIN_STEP_SECONDS, Math.min(fit, this.stepSeconds * MAX_STEP_GROWTH));
    }
    return this.sim.eventCount() !== eventsBefore || this.sim.now() !== timeBefore;
  }

  /** Finished, or stopped by the engine's run guard: either way nothing more will run. */
  private over(): boolean {
    return this.sim.finished() || this.sim.stopped();
  }

  private learnEngineSpeed(events: number, wallMs: number): void {
    if (events <= 0 || wallMs < 1) return; // too short to measure
    this.eventsPerMs = 0.5 * this.eventsPerMs + 0.5 * (events / wallMs);
  }

  private rebase(): void {
    this.anchorWallMs = this.clock.now();
    this.anchorSim = this.sim.now();
  }

  private schedule(cancel: Cancel): void {
    this.pending = cancel;
  }

  private cancelPending(): void {
    this.pending?.();
    this.pending = null;
  }
}
