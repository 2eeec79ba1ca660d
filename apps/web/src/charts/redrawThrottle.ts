/**
 * How often one costly chart redraws while only new samples arrive: after a drawing that
 * took more than 8 ms, the next waits until three times its cost has passed (the chart
 * takes at most about a third of the time, so the page stays responsive). A skipped frame
 * is drawn later by a timer, so the last samples of a run always show.
 *
 * Not the frame scheduler's budget (raf/scheduler.ts): that one shares each frame among
 * the views marked dirty and still redraws every one of them in the next frames; this one
 * lets a costly chart skip frames altogether.
 */
export class RedrawThrottle {
  private cost = 0;
  private at = 0;
  private timer = 0;

  /**
   * Whether a redraw starting at `started` (performance.now()) waits: only when the view
   * is the same as last time (new samples only) and the last drawing was costly. Then
   * `later` is called once when the wait is over.
   */
  defer(started: number, sameView: boolean, later: () => void): boolean {
    const wait = 3 * this.cost - (started - this.at);
    if (!(sameView && this.cost > 8 && wait > 0)) return false;
    if (!this.timer) {
      this.timer = window.setTimeout(() => {
        this.timer = 0;
        later();
      }, wait);
    }
    return true;
  }

  /** A drawing that started at `started` is done (its cost is measured now). */
  drew(started: number): void {
    this.at = started;
    this.cost = performance.now() - started;
  }

  /** Drops a pending timer (the chart goes away or gets a new redraw). */
  cancel(): void {
    window.clearTimeout(this.timer);
    this.timer = 0;
  }
}
