/**
 * Pauses the run at a moment a guided step names ("the first data-burst drop"), found in
 * the engine's own visual events as frames arrive: no timers, no guessing from the clock.
 *
 * The engine runs in a worker, so by the time the page sees an event in a frame and asks
 * for a pause, the engine has run a little further (the rest of that frame's slice, and
 * maybe a frame or two more before the pause reaches it). Two consequences, both handled
 * here so that a lesson pauses at the same events on any machine:
 *
 * - the hit carries the event's own time, and the clock at which the page noticed it,
 *   so the lesson can say "paused at the first drop, t = 0.694557 s (the clock ran on to
 *   0.701 s)";
 * - the events of that overshoot are kept (the backlog): the next step's condition ("the
 *   first fast retransmit" after the drop) is looked for in them first, so a fast
 *   retransmit that fell inside the overshoot is found, not skipped.
 *
 * The backlog only lasts while the run stays paused after a hit; a new run (a load, a
 * reset) or playing on without a condition empties it.
 *
 * Some events are logged before their time: a packet lost on a lossy line after its
 * link-layer retries is logged when it is sent, stamped with the end of its last try. Such
 * a match is held (`due`) until a frame's clock reaches its time, so a lesson never pauses
 * with the clock short of the moment it names ("paused at t = 0.0993 s" under a clock of
 * 0.0966 s); the events that come meanwhile are kept for the next condition.
 */
import type { PauseMoment } from '@obs-tcp-sim/engine';
import type { PauseCondition } from '@obs-tcp-sim/scenario';
import type { FrameLike, Phase } from '../sim/controller';
import { EventKind, rowEvent, type VisualEvent } from '../sim/visualStore';
import { compileCondition, CONDITION_KINDS, type CompiledCondition, type RunNames } from './condition';

/** What the watch needs from the session (SimController). */
export interface WatchedSession {
  /** Each frame of the current run as it arrives (before it is drawn). */
  onFrameReceived(listener: (frame: FrameLike) => void): () => void;
  pause(): void;
  /** Plays on (after the engine paused at a moment the watch does not take). */
  play(): void;
  /** The engine pauses the run right after this moment, at any speed; null forgets it. */
  pauseAt(moment: PauseMoment | null): void;
  getState(): { phase: Phase; flowIds: string[] };
  /** Engine time of the last frame applied, seconds. */
  readonly now: number;
  /** Bumped on every new run (visualStore's generation). */
  readonly visual: { readonly generation: number };
}

export interface PauseHit {
  condition: PauseCondition;
  /** The event that met the condition; null for a time. */
  event: VisualEvent | null;
  /** For a dropped burst, what its "formed" event said it carried (the log's "2 segments of tcp1"). */
  origin?: Origin;
  /** When it happened: the event's time, or the time the condition named. */
  at: number;
  /** The engine's clock when the page saw it (at or after `at`). */
  noticedAt: number;
}

/** Events of the overshoot kept for the next condition; far more than one frame holds of drops and TCP events. */
const BACKLOG_MAX = 20_000;
/**
 * Bursts formed whose contents are remembered, for the words of a drop (a burst is dropped
 * within its path's delay): at least this many of the latest, at most twice as many.
 */
const ORIGINS_KEPT = 25_000;

interface Origin {
  mainFlow: number;
  flows: number;
}

/**
 * The latest bursts' contents in two generations: when the newer one is full it becomes the
 * older and the oldest is dropped whole. Constant time per burst: evicting a Map's first
 * key one at a time is not (V8 leaves deleted entries as holes that each `keys().next()`
 * walks past until the table is rebuilt, so a long run at full speed spent seconds per
 * frame there).
 */
class RecentOrigins {
  private newer = new Map<number, Origin>();
  private older = new Map<number, Origin>();

  set(id: number, origin: Origin): void {
    if (this.newer.size >= ORIGINS_KEPT) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(id, origin);
  }

  get(id: number): Origin | undefined {
    return this.newer.get(id) ?? this.older.get(id);
  }

  clear(): void {
    this.newer = new Map();
    this.older = new Map();
  }
}

export class PauseWatch {
  private armed: { condition: PauseCondition; test: CompiledCondition; onHit: (hit: PauseHit) => void } | null = null;
  /** A match stamped later than the clock that brought it: the hit waits for the clock. */
  private due: VisualEvent | null = null;
  private backlog: VisualEvent[] = [];
  /** The engine time of the last frame received in this run: frames arrive before they are drawn. */
  private received = 0;
  private origins = new RecentOrigins();
  private generation: number;
  private readonly stop: () => void;

  constructor(
    private readonly session: WatchedSession,
    /** Node ids by index of the scenario the engine runs. */
    private readonly nodes: () => readonly string[],
  ) {
    this.generation = session.visual.generation;
    this.stop = session.onFrameReceived((frame) => this.onFrame(frame));
  }

  get isArmed(): boolean {
    return this.armed !== null;
  }

  /**
   * Waits for the first moment that meets `condition`, from the events not yet looked at
   * on. Returns true if it was already met (in the backlog, or a time already passed):
   * `onHit` has then been called and the caller should not play.
   */
  arm(condition: PauseCondition, onHit: (hit: PauseHit) => void): boolean {
    this.syncGeneration();
    const test = compileCondition(condition, this.names());
    this.armed = { condition, test, onHit };
    this.due = null;
    const now = Math.max(this.session.now, this.received);
    if (test.kind === 'time') {
      if (now < test.at) return this.waitFor(test.moment);
      this.hit(null, test.at, now);
      return true;
    }
    const i = this.backlog.findIndex((e) => test.matches(e));
    if (i < 0) return this.waitFor(test.moment);
    const event = this.backlog[i];
    this.backlog = this.backlog.slice(i + 1);
    if (event.t0 > now) {
      this.due = event;
      return this.waitFor({ time: event.t0 });
    }
    this.hit(event, event.t0, now);
    return true;
  }

  disarm(): void {
    if (this.armed) this.session.pauseAt(null);
    this.armed = null;
    this.due = null;
  }

  /** Not met yet: the engine pauses the run right after `moment`, the frame that says so brings the hit. */
  private waitFor(moment: PauseMoment): false {
    this.session.pauseAt(moment);
    return false;
  }

  dispose(): void {
    this.armed = null;
    this.stop();
  }

  /** A new run: its events start afresh, and its nodes and flows may be others (the user opened another scenario). */
  private syncGeneration(): void {
    if (this.session.visual.generation === this.generation) return;
    this.generation = this.session.visual.generation;
    this.backlog = [];
    this.due = null;
    this.received = 0;
    this.origins.clear();
    if (this.armed) {
      // Its flows and nodes by this run's indexes, for the engine too.
      this.armed = { ...this.armed, test: compileCondition(this.armed.condition, this.names()) };
      this.session.pauseAt(this.armed.test.moment);
    }
  }

  private names(): RunNames {
    return { nodes: this.nodes(), flowIds: this.session.getState().flowIds };
  }

  private onFrame(frame: FrameLike): void {
    this.syncGeneration();
    this.received = Math.max(this.received, frame.now);
    const rows = frame.visual;
    const n = rows ? rows.kind.length : 0;
    this.rememberOrigins(rows, n);
    // Events of this frame from `from` on, and after `after` seconds, happened after the hit.
    let from = 0;
    let after = -Infinity;
    const armed = this.armed;
    if (armed && this.due) {
      // A match logged ahead of its time: the events meanwhile are the next step's.
      if (frame.now >= this.due.t0) this.hit(this.due, this.due.t0, frame.now);
    } else if (armed?.test.kind === 'event' && rows) {
      for (let i = 0; i < n; i++) {
        if (!CONDITION_KINDS.has(rows.kind[i])) continue;
        const event = rowEvent(rows, i);
        if (armed.test.matches(event)) {
          from = i + 1;
          if (event.t0 > frame.now) this.due = event;
          else this.hit(event, event.t0, frame.now);
          break;
        }
      }
    } else if (armed?.test.kind === 'time' && frame.now >= armed.test.at) {
      after = armed.test.at;
      this.hit(null, after, frame.now);
    }
    // The engine paused at a moment the watch does not take (a flow range wider than the
    // group): it looks on from there. Not met by design: engineStop mirrors compileEvent.
    if (frame.atMoment && this.armed && this.due === null) {
      this.session.pauseAt(this.armed.test.moment);
      this.session.play();
    }
    // Still waiting, or playing on with nothing to wait for: these events are not kept.
    if (this.due === null && (this.armed !== null || this.session.getState().phase === 'running')) {
      this.backlog = [];
      return;
    }
    if (!rows) return;
    // Paused after a hit (or holding one for its time): the rest of this frame and the frames still coming are the overshoot.
    for (let i = from; i < n && this.backlog.length < BACKLOG_MAX; i++) {
      if (CONDITION_KINDS.has(rows.kind[i]) && rows.t0[i] > after) this.backlog.push(rowEvent(rows, i));
    }
  }

  private rememberOrigins(rows: FrameLike['visual'], n: number): void {
    if (!rows) return;
    for (let i = 0; i < n; i++) {
      if (rows.kind[i] !== EventKind.BurstFormed) continue;
      this.origins.set(rows.id[i], { mainFlow: rows.lane[i], flows: rows.dir[i] });
    }
  }

  private hit(event: VisualEvent | null, at: number, noticedAt: number): void {
    const armed = this.armed;
    if (!armed) return;
    this.armed = null;
    this.due = null;
    this.session.pauseAt(null);
    this.session.pause();
    const origin = event?.kind === EventKind.BurstDropped ? this.origins.get(event.id) : undefined;
    armed.onHit({ condition: armed.condition, event, at, noticedAt, ...(origin ? { origin } : {}) });
  }
}
