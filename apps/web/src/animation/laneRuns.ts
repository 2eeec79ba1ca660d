/**
 * Burst bars merged per lane (see LaneRuns).
 */
import type { LinkGeom } from './geometry';
import type { LinePrim } from './drawPrimitives';
import { placeAlong } from './alongLink';

/** Bars of one lane this close (px) are drawn as one. */
const MERGE_GAP_PX = 1.5;

// A module-level copy: the hot loop must not go through the import binding (dev servers
// and test runners turn each into a property getter).
const place = placeAlong;

/**
 * Burst bars of one lane that touch or overlap on screen, merged into one line. On a busy
 * fiber at full speed hundreds of bursts of a few microseconds sit a pixel apart: drawn one
 * by one they cost software-rendered canvases tens of milliseconds a frame for the same
 * pixels. Bars reach a lane in order of time (the newest is the one furthest back), so
 * only the latest run of each lane has to be remembered.
 */
export class LaneRuns {
  /** Lane key -> index of its latest run in the arrays below (small integer keys: fast). */
  private readonly latest = new Map<number, number>();
  private readonly bars: LinePrim[] = [];
  private readonly tails: number[] = [];
  private readonly heads: number[] = [];
  private out: LinePrim[] = [];

  /** `newLine` gives a line to fill: a recycled one (drawPools.ts) or a new one. */
  constructor(private readonly newLine: () => LinePrim) {}

  /** Starts a frame: new bars go to `out`. */
  reset(out: LinePrim[]): this {
    this.out = out;
    this.latest.clear();
    this.bars.length = 0;
    this.tails.length = 0;
    this.heads.length = 0;
    return this;
  }

  add(key: number, g: LinkGeom, back: boolean, off: number, tail: number, head: number, width: number, color: string, alpha: number): void {
    const r = this.latest.get(key);
    if (r !== undefined) {
      const bar = this.bars[r];
      const gap = MERGE_GAP_PX / g.len;
      if (bar.color === color && head >= this.tails[r] - gap && tail <= this.heads[r] + gap) {
        if (tail < this.tails[r]) this.tails[r] = tail;
        if (head > this.heads[r]) this.heads[r] = head;
        place(bar, g, back, off, this.tails[r], this.heads[r]);
        return;
      }
    }
    const bar = this.newLine();
    bar.width = width;
    bar.color = color;
    bar.alpha = alpha;
    place(bar, g, back, off, tail, head);
    this.out.push(bar);
    this.latest.set(key, this.bars.length);
    this.bars.push(bar);
    this.tails.push(tail);
    this.heads.push(head);
  }
}
