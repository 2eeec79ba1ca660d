/**
 * The one requestAnimationFrame loop of the app (after Perfetto's raf_scheduler).
 *
 * Engine frames arrive on worker messages at their own pace; applying them and drawing
 * them is deferred to the next animation frame so that, per frame, all state changes run
 * first (`schedule`) and every dirty view is redrawn once afterwards (`markDirty`).
 * Per-frame state (time cursor, chart series) never goes through React.
 *
 * Redraws share a time budget per frame: once it is spent, the views not yet redrawn wait
 * for the next frame (first in line there), so several costly views never add up to one
 * long task that freezes the page.
 */
export type Task = () => void;

export interface RafApi {
  request(cb: () => void): number;
  cancel(handle: number): void;
}

const browserRaf: RafApi = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (h) => cancelAnimationFrame(h),
};

/** Wall milliseconds of redraws per frame before the rest waits for the next one. */
export const REDRAW_BUDGET_MS = 12;

export class FrameScheduler {
  private actions: Task[] = [];
  private dirty = new Set<Task>();
  private handle: number | null = null;
  /** Inside tick(): work queued now is run by this frame or asked for at its end. */
  private inTick = false;
  private idleWaiters: Array<() => void> = [];
  private drawnWaiters: Array<() => void> = [];
  /** The last frame left views over its budget for the next one. */
  private carriedOver = false;

  constructor(
    private readonly raf: RafApi = browserRaf,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Runs `action` at the start of the next frame, before any redraw. */
  schedule(action: Task): void {
    this.actions.push(action);
    this.request();
  }

  /** Asks for `redraw` to run once in the next frame, however often it is marked. */
  markDirty(redraw: Task): void {
    this.dirty.add(redraw);
    this.request();
  }

  /** True when nothing is waiting for the next frame. */
  get idle(): boolean {
    return this.handle === null;
  }

  /** Resolves after the frame that empties the queues (at once when already idle). */
  whenIdle(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Resolves at the end of the next frame that applies everything scheduled and redraws
   * every view marked before it (at once when nothing waits). Unlike whenIdle, a view that
   * marks itself again for the frame after (an animation) does not hold it back: while a
   * run plays, the page is consistent between frames, never idle.
   */
  whenDrawn(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((resolve) => this.drawnWaiters.push(resolve));
  }

  private request(): void {
    // During a frame, views marked dirty by its actions are redrawn in that same frame:
    // asking the browser for another one there gave an empty animation frame after every
    // engine frame, and with it a second paint and compositor commit.
    if (this.handle === null && !this.inTick) this.handle = this.raf.request(this.tick);
  }

  private readonly tick = (): void => {
    this.handle = null;
    this.inTick = true;
    try {
      this.runFrame();
    } finally {
      this.inTick = false;
    }
    const drawn = this.actions.length === 0 && !this.carriedOver;
    if (this.actions.length > 0 || this.dirty.size > 0) this.request();
    if (drawn) {
      const waiters = this.drawnWaiters;
      this.drawnWaiters = [];
      for (const resolve of waiters) resolve();
    }
    if (this.handle === null) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  private runFrame(): void {
    // Actions may schedule more actions or mark views dirty; those run in this frame's
    // redraw pass (dirty) or the next frame (actions), never re-entrantly.
    const actions = this.actions;
    this.actions = [];
    for (const action of actions) runGuarded(action);
    const redraws = [...this.dirty];
    this.dirty.clear();
    const start = this.clock();
    this.carriedOver = false;
    let i = 0;
    while (i < redraws.length) {
      runGuarded(redraws[i++]);
      if (i < redraws.length && this.clock() - start >= REDRAW_BUDGET_MS) break;
    }
    if (i < redraws.length) {
      this.carriedOver = true;
      // Over budget: the rest go first in the next frame, before views marked since.
      const later = this.dirty;
      this.dirty = new Set(redraws.slice(i));
      for (const redraw of later) this.dirty.add(redraw);
    }
  }
}

// One broken view must not stop the loop for every other view.
function runGuarded(task: Task): void {
  try {
    task();
  } catch (err) {
    console.error('obs-tcp-sim: frame task failed', err);
  }
}
