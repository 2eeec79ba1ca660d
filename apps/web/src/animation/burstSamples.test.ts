import { describe, expect, it } from 'vitest';
import { BurstSampler, burstsTooFast, sampleProgress, SAMPLE_CROSS_SECONDS, SAMPLE_EVERY_SECONDS } from './burstSamples';
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
