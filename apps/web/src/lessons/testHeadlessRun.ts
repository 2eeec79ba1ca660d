/**
 * Test support (Node only, never imported by the app): plays guided steps through the real
 * wasm engine with the app's own PauseWatch, the way the page does, but with frames cut
 * at a chosen size. Tests use it to hold every lesson and every *Show me* to what the runs
 * really show: the pause lands on the event the text talks about, and the numbers the text
 * gives are the engine's.
 *
 * Like the worker, it pauses by itself at the moment the watch arms (SimulationRunner.
 * pauseAt): right after the event, in the middle of a frame. A pause the page asks for
 * itself (one the engine did not stop at) comes with the worker's lag: the session runs
 * `overshoot` frames past it, so the backlog path of PauseWatch is exercised as in the browser.
 */
import { MomentHold, type PauseMoment } from '@obs-tcp-sim/engine';
import { loadEngineNode } from '@obs-tcp-sim/engine/node';
import type { PauseCondition, Scenario, Summary } from '@obs-tcp-sim/scenario';
import type { FrameLike, Phase } from '../sim/controller';
import { rowEvent, type EventRows, type VisualEvent } from '../sim/visualStore';
import { CONDITION_KINDS } from './condition';
import { PauseWatch, type PauseHit, type WatchedSession } from './pauseWatch';

type EngineModule = Awaited<ReturnType<typeof loadEngineNode>>['module'];
type Simulation = InstanceType<EngineModule['Simulation']>;

export interface FrameCut {
  /** Simulated seconds per frame. */
  slice: number;
  /** Frames the engine still runs after the page asked it to pause. */
  overshoot: number;
  /** Which visual event kinds to record (bit k = kind k); all by default. Heavy runs keep to what conditions read. */
  kinds?: number;
}

const { module: engineModule } = await loadEngineNode();

/** The summary of `scenario` run in wasm to `until` (default: its end), without visual events: the figures a text gives. */
export function summaryOf(scenario: Scenario, until = scenario.duration): Summary {
  const sim = new engineModule.Simulation(JSON.stringify(scenario));
  try {
    sim.advanceTo(until);
    return JSON.parse(sim.summaryJson()) as Summary;
  } finally {
    sim.delete();
  }
}

/** The event kinds pause conditions read (CONDITION_KINDS), as a mask. */
export const CONDITION_KIND_MASK = [...CONDITION_KINDS].reduce((mask, kind) => mask | (1 << kind), 0);

export class HeadlessSession implements WatchedSession {
  phase: Phase = 'paused';
  now = 0;
  readonly visual = { generation: 0 };
  flowIds: string[] = [];
  scenario: Scenario | null = null;
  /** Every visual event of the current run so far, in the engine's order. */
  events: VisualEvent[] = [];
  /** The latest sample of each flow (by flow index): what the charts show last. */
  latest = new Map<number, { t: number; cwnd: number; ssthresh: number }>();
  private sim: Simulation | null = null;
  /** As the worker keeps it: across loads, until met or replaced. */
  private moment: PauseMoment | null = null;
  private readonly hold = new MomentHold();
  private listeners = new Set<(frame: FrameLike) => void>();

  constructor(
    private readonly module: EngineModule,
    private readonly cut: FrameCut,
  ) {}

  static async create(cut: FrameCut): Promise<HeadlessSession> {
    const { module } = await loadEngineNode();
    return new HeadlessSession(module, cut);
  }

  onFrameReceived(listener: (frame: FrameLike) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): { phase: Phase; flowIds: string[] } {
    return { phase: this.phase, flowIds: this.flowIds };
  }

  pause(): void {
    if (this.phase === 'running') this.phase = 'paused';
  }

  pauseAt(moment: PauseMoment | null): void {
    this.moment = moment;
    if (this.sim) this.hold.arm(this.sim, moment);
  }

  /** A new run of `scenario` from t = 0, paused. */
  load(scenario: Scenario): void {
    this.dispose();
    const sim = new this.module.Simulation(JSON.stringify(scenario));
    if (!sim.ok()) throw new Error(`the engine refused the scenario: ${sim.error()}`);
    sim.setVisualEvents(true);
    if (this.cut.kinds !== undefined) sim.setVisualEventKinds(this.cut.kinds);
    this.sim = sim;
    this.hold.arm(sim, this.moment);
    this.scenario = scenario;
    this.visual.generation++;
    this.now = 0;
    this.events = [];
    this.latest = new Map();
    this.flowIds = JSON.parse(sim.flowIdsJson()) as string[];
    this.phase = 'paused';
  }

  /** Plays until something pauses the run or it ends; then runs the overshoot, as a worker would. */
  play(): void {
    if (!this.sim || this.phase !== 'paused') return;
    this.phase = 'running';
    // pause() comes from a frame listener, inside advance(), or the engine met its moment.
    const phase = () => this.phase as Phase;
    let atMoment = false;
    while (phase() === 'running') {
      const frame = this.advance();
      if (!frame) this.phase = 'finished';
      else atMoment = frame.atMoment === true;
    }
    if (atMoment) return;
    for (let i = 0; i < this.cut.overshoot && phase() === 'paused'; i++) this.advance();
  }

  summary(): Summary {
    if (!this.sim) throw new Error('nothing loaded');
    return JSON.parse(this.sim.summaryJson()) as Summary;
  }

  dispose(): void {
    this.sim?.delete();
    this.sim = null;
  }

  /** One frame's worth of simulated time, no further than the moment armed; null at the end of the run. */
  private advance(): FrameLike | null {
    const sim = this.sim!;
    if (sim.finished()) return null;
    sim.advanceTo(Math.min(this.now + this.cut.slice, this.hold.limit));
    this.now = sim.now();
    const atMoment = this.hold.reached(sim);
    if (atMoment) {
      this.moment = null;
      if (this.phase === 'running') this.phase = 'paused';
    }
    const visual = sim.drainVisualEvents() as unknown as EventRows;
    const samples = sim.drainSamples();
    for (let i = 0; i < samples.t.length; i++)
      this.latest.set(samples.flow[i], { t: samples.t[i], cwnd: samples.cwnd[i], ssthresh: samples.ssthresh[i] });
    for (let i = 0; i < visual.kind.length; i++) this.events.push(rowEvent(visual, i));
    const frame = { now: this.now, visual, ...(atMoment ? { atMoment } : {}) } as unknown as FrameLike;
    for (const listener of this.listeners) listener(frame);
    return frame;
  }
}

/** What one guided step came to. */
export interface StepRun {
  hit: PauseHit | null;
  /** The run ended before the condition was met. */
  ended: boolean;
  /** The engine's clock when the step was over. */
  now: number;
  summary: Summary;
  /** Every event of the run up to then. */
  events: VisualEvent[];
  /** Each flow's latest sample then (cwnd, ssthresh). */
  latest: Map<number, { t: number; cwnd: number; ssthresh: number }>;
}

/** The session's watch, made the way the page makes it. */
export function watchOf(session: HeadlessSession): PauseWatch {
  return new PauseWatch(session, () => session.scenario?.nodes.map((n) => n.id) ?? []);
}

/** A new session cut so, with its watch: `run` runs on them, then both are disposed of. */
export async function inSession<T>(cut: FrameCut, run: (session: HeadlessSession, watch: PauseWatch) => T): Promise<T> {
  const session = await HeadlessSession.create(cut);
  const watch = watchOf(session);
  try {
    return run(session, watch);
  } finally {
    watch.dispose();
    session.dispose();
  }
}

/**
 * One step: a new run of `scenario` if given, then play until `pauseAt` (a step without
 * one does not run here: it only leaves the run as it was).
 */
export function runStep(
  session: HeadlessSession,
  watch: PauseWatch,
  scenario: Scenario | null,
  pauseAt: PauseCondition | undefined,
): StepRun {
  if (scenario) session.load(scenario);
  let hit: PauseHit | null = null;
  let ended = false;
  if (pauseAt) {
    const met = watch.arm(pauseAt, (h) => (hit = h));
    if (!met) session.play();
    if (!hit) {
      ended = session.phase === 'finished';
      watch.disarm();
    }
  }
  return { hit, ended, now: session.now, summary: session.summary(), events: [...session.events], latest: new Map(session.latest) };
}

/** The events of one kind, for the tests' claims. */
export function eventsOfKind(run: StepRun, kind: number): VisualEvent[] {
  return run.events.filter((e) => e.kind === kind);
}

/**
 * The number a text gives where `pattern` (with one group around the number) finds it, and
 * how many decimals it is written with: tests hold it to the run's own figure at that
 * rounding, so the text, not a copy of it in the test, is what is checked.
 */
export function quotedNumber(text: string, pattern: RegExp): { value: number; decimals: number } {
  const m = pattern.exec(text);
  if (!m) throw new Error(`no ${String(pattern)} in "${text}"`);
  const written = m[1].replace(/,/g, '');
  return { value: Number(written), decimals: written.includes('.') ? written.split('.')[1].length : 0 };
}

/** Whether `actual` rounds to the figure as written ("13.0" holds 12.95 to 13.05). */
export function roundsTo(actual: number, quoted: { value: number; decimals: number }): boolean {
  return Math.abs(actual - quoted.value) <= 0.5 * 10 ** -quoted.decimals + 1e-9;
}
