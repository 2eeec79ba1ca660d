/**
 * Events per wall second over a sliding window: the number a user wants to see ("how
 * fast is the engine going now"), not the average since the start.
 */
export class EventRateMeter {
  private readonly points: { wallMs: number; events: number }[] = [];

  constructor(private readonly windowMs = 1000) {}

  record(wallMs: number, events: number): void {
    this.points.push({ wallMs, events });
    // Keep one point older than the window as its left edge.
    while (this.points.length > 2 && this.points[1].wallMs <= wallMs - this.windowMs) this.points.shift();
  }

  /** 0 until two points at different times are known. */
  perSecond(): number {
    if (this.points.length < 2) return 0;
    const first = this.points[0];
    const last = this.points[this.points.length - 1];
    const spanMs = last.wallMs - first.wallMs;
    return spanMs > 0 ? ((last.events - first.events) * 1000) / spanMs : 0;
  }

  clear(): void {
    this.points.length = 0;
  }
}
