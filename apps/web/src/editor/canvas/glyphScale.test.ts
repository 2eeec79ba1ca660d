import { describe, expect, it } from 'vitest';
import {
  GLYPH_SCALE_RANGE,
  PRESENTER_GLYPH_SCALE,
  REST_AREA,
  crowdingLimit,
  glyphScale,
  networkScales,
  restGlyphScale,
  uncrowdedScale,
} from './glyphScale';

const rest = { ...REST_AREA, presenter: false };

describe('glyph scale', () => {
  it('is 1 at the rest area, at the fit, outside presenter mode', () => {
    expect(glyphScale(rest)).toBe(1);
    expect(glyphScale({ ...rest, zoom: 3, fitZoom: 3 })).toBe(1);
  });

  it('grows with a larger drawing area, by the smaller of the two ratios', () => {
    expect(restGlyphScale({ width: REST_AREA.width * 1.3, height: REST_AREA.height * 2, presenter: false })).toBeCloseTo(1.3);
    // A small area does not shrink below rest: marks must stay visible.
    expect(restGlyphScale({ width: 300, height: 100, presenter: false })).toBe(1);
  });

  it('presenter mode multiplies the rest size', () => {
    expect(restGlyphScale({ ...rest, presenter: true })).toBe(PRESENTER_GLYPH_SCALE);
  });

  it('zooming in scales the marks with the drawing, zooming out less, within the range', () => {
    expect(glyphScale({ ...rest, zoom: 2, fitZoom: 1 })).toBe(2);
    expect(glyphScale({ ...rest, zoom: 0.25, fitZoom: 1 })).toBe(0.6);
    expect(glyphScale({ ...rest, zoom: 0.64, fitZoom: 1 })).toBeCloseTo(0.8);
    expect(glyphScale({ ...rest, presenter: true, zoom: 40, fitZoom: 1 })).toBe(GLYPH_SCALE_RANGE[1]);
  });

  it('ignores a missing or broken zoom', () => {
    expect(glyphScale({ ...rest, zoom: NaN, fitZoom: 1 })).toBe(1);
    expect(glyphScale({ ...rest, zoom: 2, fitZoom: 0 })).toBe(1);
  });
});

describe('glyphs never grow into each other', () => {
  const host = { w: 19.5, h: 14.5 };
  it('a column of hosts 40 units apart at zoom 1 allows 40 - 3 over two half heights', () => {
    const column = [0, 40, 80].map((y) => ({ x: 0, y, half: host }));
    expect(crowdingLimit(column, 1)).toBeCloseTo(37 / 29);
    // Zooming in spreads them: twice the zoom, more than twice the room.
    expect(crowdingLimit(column, 2)).toBeCloseTo(77 / 29);
  });

  it('nodes apart along either axis are apart', () => {
    const diagonal = [
      { x: 0, y: 0, half: host },
      { x: 100, y: 5, half: host },
    ];
    expect(crowdingLimit(diagonal, 1)).toBeCloseTo(97 / 39);
    expect(crowdingLimit([{ x: 0, y: 0, half: host }], 1)).toBe(Infinity);
  });

  it('the scale drawn is the wanted one, cut where glyphs would touch, never below rest', () => {
    expect(uncrowdedScale(1.5, 3)).toBe(1.5);
    expect(uncrowdedScale(1.5, 1.2)).toBe(1.2);
    expect(uncrowdedScale(1.5, 0.8)).toBe(1);
  });
});

describe('the three scales of one drawing', () => {
  const presenterRest = { ...REST_AREA, presenter: true, zoom: 1, fitZoom: 1 };
  it('marks grow as wanted, glyphs as far as they stay apart, text to the presenter size', () => {
    const crowded = networkScales({ ...presenterRest, crowding: 1.2, presenterTextPx: 28 });
    expect(crowded.mark).toBe(PRESENTER_GLYPH_SCALE);
    expect(crowded.glyph).toBe(1.2);
    expect(crowded.text).toBe(2); // 28 px over 14 px link labels
  });
  it('outside presenter mode the text follows the glyphs', () => {
    const scales = networkScales({ ...rest, zoom: 2, fitZoom: 1, crowding: 1.5, presenterTextPx: 28 });
    expect(scales).toEqual({ mark: 2, glyph: 1.5, text: 1.5 });
  });
});
