import { describe, expect, it } from 'vitest';
import {
  BurstSampler,
  burstsTooFast,
  MAX_SAMPLES_ON_SCREEN,
  sampleProgress,
  SAMPLE_CROSS_SECONDS,
  SAMPLE_EVERY_SECONDS,
} from './burstSamples';
import { ROOM_MARKS, roomMarks } from './style';

const everyLink = () => true;

describe('BurstSampler', () => {
  it('takes the newest real burst of a link direction, with its class, lane and flow', () => {
    const s = new BurstSampler();
    s.seen(3, 1, 0, 0, 2);
    s.seen(3, 1, 1, 1, 4);
    s.step(10, everyLink);
    expect(s.glyphs).toEqual([{ link: 3, dir: 1, lane: 1, cls: 1, flow: 4, start: 10 }]);
    // It stood for the two bursts seen.
    expect(s.burstsPerGlyph()).toBe(2);
  });

  it('starts nothing where no burst was sent: no glyph is invented', () => {
    const s = new BurstSampler();
    s.step(10, everyLink);
    s.step(11, everyLink);
    expect(s.glyphs).toEqual([]);
    expect(s.burstsPerGlyph()).toBeNull();
  });

  it('starts a link direction’s next glyph SAMPLE_EVERY_SECONDS after the last, and counts 1 in N over the bursts between', () => {
    const s = new BurstSampler();
    s.seen(0, 0, 0, 0, 0);
    s.step(10, everyLink);
    for (let k = 0; k < 9; k++) s.seen(0, 0, 0, 0, 0);
    s.step(10 + SAMPLE_EVERY_SECONDS / 2, everyLink);
    expect(s.glyphs).toHaveLength(1);
    s.step(10 + SAMPLE_EVERY_SECONDS, everyLink);
    expect(s.glyphs).toHaveLength(2);
    // 10 bursts, 2 shown.
    expect(s.burstsPerGlyph()).toBe(5);
    // Each glyph is forgotten once across.
    s.step(10 + SAMPLE_CROSS_SECONDS + 0.01, everyLink);
    expect(s.glyphs.map((g) => g.start)).toEqual([10 + SAMPLE_EVERY_SECONDS]);
  });

  it('neither shows nor counts bursts of links drawn one by one', () => {
    const s = new BurstSampler();
    s.seen(0, 0, 0, 0, 0);
    s.seen(1, 0, 0, 0, 0);
    s.step(10, (link) => link === 1);
    expect(s.glyphs.map((g) => g.link)).toEqual([1]);
    expect(s.burstsPerGlyph()).toBe(1);
    // A glyph on a link that stops being sampled (slower speed, pause) goes at once.
    s.step(10.1, () => false);
    expect(s.glyphs).toEqual([]);
  });

  it('keeps a backbone to MAX_SAMPLES_ON_SCREEN glyphs, set off one at a time, every link direction in its turn', () => {
    // 86 busy link directions (USNET's 43 links), a burst on each before every frame of 60 Hz.
    const s = new BurstSampler();
    const directions = 86;
    const shownOn = new Set<number>();
    let most = 0;
    let startsInAFrame = 0;
    for (let frame = 0; frame < 60 * 12; frame++) {
      for (let d = 0; d < directions; d++) s.seen(d >> 1, d & 1, 0, 0, 0);
      const before = s.glyphs.length;
      s.step(10 + frame / 60, everyLink);
      startsInAFrame = Math.max(startsInAFrame, s.glyphs.filter((g) => g.start === 10 + frame / 60).length);
      most = Math.max(most, s.glyphs.length, before);
      for (const g of s.glyphs) shownOn.add(g.link * 2 + g.dir);
    }
    // Starts come at most every START_GAP (75 ms), on frames of 16.7 ms: 15 cross at once.
    expect(most).toBeLessThanOrEqual(MAX_SAMPLES_ON_SCREEN);
    expect(most).toBeGreaterThanOrEqual(MAX_SAMPLES_ON_SCREEN - 2);
    expect(startsInAFrame).toBe(1);
    // In 12 s every direction had its glyph: the longest unshown go first.
    expect(shownOn.size).toBe(directions);
    // Each glyph stands for the bursts sent on its direction since its last one: many here.
    expect(s.burstsPerGlyph()).toBeGreaterThan(directions / MAX_SAMPLES_ON_SCREEN);
  });

  it('leaves a line of a few links its full stream: each direction every SAMPLE_EVERY_SECONDS', () => {
    const s = new BurstSampler();
    const starts: number[] = [];
    for (let frame = 0; frame < 60 * 4; frame++) {
      const wall = 10 + frame / 60;
      for (let d = 0; d < 4; d++) s.seen(d >> 1, d & 1, 0, 0, 0);
      s.step(wall, everyLink);
      for (const g of s.glyphs) if (g.start === wall && g.link === 0 && g.dir === 0) starts.push(wall);
    }
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    for (const gap of gaps) expect(gap).toBeLessThan(SAMPLE_EVERY_SECONDS + 0.1);
    expect(starts.length).toBeGreaterThanOrEqual(8);
  });

  it('moves a glyph from 0 to 1 over SAMPLE_CROSS_SECONDS', () => {
    expect(sampleProgress({ start: 5 }, 5)).toBe(0);
    expect(sampleProgress({ start: 5 }, 5 + SAMPLE_CROSS_SECONDS / 2)).toBeCloseTo(0.5);
    expect(sampleProgress({ start: 5 }, 5 + 2 * SAMPLE_CROSS_SECONDS)).toBe(1);
  });
});

describe('burstsTooFast', () => {
  it('is true where a link is crossed in less than a few frames of wall time, never when paused', () => {
    expect(burstsTooFast(0.005, 1)).toBe(true); // 5 ms at 1×: 5 ms of wall time
    expect(burstsTooFast(0.005, 1e-3)).toBe(false); // 5 s of wall time
    expect(burstsTooFast(0.005, 0)).toBe(false); // paused
    expect(burstsTooFast(0.005, Infinity)).toBe(true);
  });
});

describe('roomMarks', () => {
  it('keeps presenter mode’s minimum marks at 720 lines and grows them with the projector, as its text does', () => {
    expect(roomMarks(720)).toEqual(ROOM_MARKS);
    expect(roomMarks(600)).toEqual(ROOM_MARKS);
    expect(roomMarks(1080).burstLong).toBeCloseTo(1.5 * ROOM_MARKS.burstLong);
    expect(roomMarks(4320).bhp).toBeCloseTo(2 * ROOM_MARKS.bhp);
    // What issue 36 asks of a room at 720 lines: bursts 8 x 24 px, control packets 14 px.
    expect(ROOM_MARKS.burstThick).toBeGreaterThanOrEqual(8);
    expect(ROOM_MARKS.burstLong).toBeGreaterThanOrEqual(24);
    expect(ROOM_MARKS.bhp).toBeGreaterThanOrEqual(14);
  });
});
