/**
 * Sampled bursts, for links whose real bursts cross faster than the eye can follow (at 1×
 * a 5 ms fiber is crossed in a third of a frame): every so often one burst really sent on
 * such a link direction is taken and moved across it in SAMPLE_CROSS_SECONDS of wall time,
 * so a class sees bursts flow, and the network says it is a sample, slowed ("1 in N").
 *
 * Nothing is invented: a glyph is the newest burst the engine put on that link direction
 * since the previous glyph started there, with its class, wavelength and flow. Only its
 * pace is not real, and the caption says so.
 */

import { MIN_BURST_WALL_SECONDS } from './packetSummary';

/**
 * Whether a link's real bursts cross it in less than a few frames at `speed` (simulated s
 * per wall s; 0 paused): then they are mostly never on screen at a frame's time, and the
 * link shows how busy each lane is and a sample of its bursts, slowed.
 */
export function burstsTooFast(delay: number, speed: number): boolean {
  return speed > 0 && delay / speed < MIN_BURST_WALL_SECONDS;
}

/** Wall seconds a sampled burst takes to cross its link: slow enough to follow with the eye. */
export const SAMPLE_CROSS_SECONDS = 1.2;
/** Wall seconds between two sampled bursts on one link direction, at least: a stream, not a queue. */
export const SAMPLE_EVERY_SECONDS = 0.4;
/**
 * Glyphs on screen at once, at most, over the whole network: a backbone has a hundred
 * link directions, and a glyph on each at a room's size buries the names and drops under
 * grey. A line of a few links never reaches it (4 directions give at most 12).
 */
export const MAX_SAMPLES_ON_SCREEN = 16;
/** Wall seconds between two glyphs set off anywhere: starts spread evenly, no wave of them. */
const START_GAP_SECONDS = SAMPLE_CROSS_SECONDS / MAX_SAMPLES_ON_SCREEN;
/** Wall seconds over which "1 in N" is counted. */
export const SAMPLE_RATIO_WINDOW = 2;

/** A sampled burst on its way: where, what, and when (wall seconds) it set off. */
export interface SampleGlyph {
  link: number;
  dir: number;
  lane: number;
  cls: number;
  flow: number;
  start: number;
}

/** Where a sampled glyph is at wall time `wall`: 0 at the near end, 1 once across. */
export function sampleProgress(g: Pick<SampleGlyph, 'start'>, wall: number): number {
  const f = (wall - g.start) / SAMPLE_CROSS_SECONDS;
  return f <= 0 ? 0 : f >= 1 ? 1 : f;
}

/** The newest real burst of a link direction not yet sampled, and how many came since the last glyph. */
interface Candidate {
  lane: number;
  cls: number;
  flow: number;
  count: number;
}

export class BurstSampler {
  /** Glyphs crossing now, oldest first. */
  glyphs: SampleGlyph[] = [];
  /** link*2+dir -> the newest burst seen there since its last glyph. */
  private waiting = new Map<number, Candidate>();
  /** link*2+dir -> wall time its latest glyph set off. */
  private lastStart = new Map<number, number>();
  /** Wall time the latest glyph anywhere set off. */
  private lastAnyStart = -Infinity;
  /** Per step (wall time): bursts sent on sampled links, and glyphs started, for "1 in N". */
  private tally: { wall: number; bursts: number; shown: number }[] = [];

  reset(): void {
    this.glyphs = [];
    this.waiting.clear();
    this.lastStart.clear();
    this.lastAnyStart = -Infinity;
    this.tally = [];
  }

  /** A burst the engine put on a link direction (one per BurstOnLink event, in order). */
  seen(link: number, dir: number, lane: number, cls: number, flow: number): void {
    const key = link * 2 + dir;
    const c = this.waiting.get(key);
    if (c) {
      c.lane = lane;
      c.cls = cls;
      c.flow = flow;
      c.count++;
    } else {
      this.waiting.set(key, { lane, cls, flow, count: 1 });
    }
  }

  /**
   * Per frame: glyphs across (or on a link no longer sampled) are forgotten, and a link
   * direction that is sampled (`sampled(link)`), had a burst since its last glyph and has
   * waited SAMPLE_EVERY_SECONDS may start a new one: while fewer than MAX_SAMPLES_ON_SCREEN
   * cross and START_GAP_SECONDS have passed since any glyph set off, the direction whose
   * last glyph is oldest goes first. Bursts seen on links not sampled are drawn one by one
   * elsewhere: they are neither shown here nor counted.
   */
  step(wall: number, sampled: (link: number) => boolean): void {
    let w = 0;
    for (const g of this.glyphs) if (wall - g.start < SAMPLE_CROSS_SECONDS && sampled(g.link)) this.glyphs[w++] = g;
    this.glyphs.length = w;
    // Who may set off now: a sampled direction with a burst since its last glyph, that glyph
    // SAMPLE_EVERY_SECONDS ago or more. The longest unshown go first, as room allows.
    const ready: number[] = [];
    for (const [key, c] of this.waiting) {
      if (!sampled(key >> 1)) {
        this.waiting.delete(key);
        continue;
      }
      const last = this.lastStart.get(key);
      if (last !== undefined && wall - last < SAMPLE_EVERY_SECONDS && wall >= last) continue;
      if (c.count > 0) ready.push(key);
    }
    const lastOf = (key: number) => this.lastStart.get(key) ?? -Infinity;
    ready.sort((a, b) => lastOf(a) - lastOf(b) || a - b);
    let bursts = 0;
    let shown = 0;
    for (const key of ready) {
      if (this.glyphs.length >= MAX_SAMPLES_ON_SCREEN || wall - this.lastAnyStart < START_GAP_SECONDS) break;
      const c = this.waiting.get(key)!;
      this.glyphs.push({ link: key >> 1, dir: key & 1, lane: c.lane, cls: c.cls, flow: c.flow, start: wall });
      this.lastStart.set(key, wall);
      this.lastAnyStart = wall;
      this.waiting.delete(key);
      bursts += c.count;
      shown++;
    }
    this.tally.push({ wall, bursts, shown });
    while (this.tally.length > 0 && wall - this.tally[0].wall > SAMPLE_RATIO_WINDOW) this.tally.shift();
  }

  /**
   * How many real bursts each glyph stood for over the last SAMPLE_RATIO_WINDOW seconds
   * (the N of "1 in N"), rounded; null when no glyph started in it.
   */
  burstsPerGlyph(): number | null {
    let bursts = 0;
    let shown = 0;
    for (const t of this.tally) {
      bursts += t.bursts;
      shown += t.shown;
    }
    return shown > 0 ? Math.max(1, Math.round(bursts / shown)) : null;
  }
}
