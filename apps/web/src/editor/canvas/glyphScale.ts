/**
 * How large the network's glyphs, labels, lanes and animation marks are drawn, as a factor
 * of their size at rest (1: the 16 px node names and 3-6 px marks a desk screen shows).
 *
 * Three things make them grow, because each means people further away are looking:
 * - a larger drawing area ("Larger network", a big window): the marks keep their share
 *   of it instead of staying desk-sized in a wide view;
 * - zooming in past the fit: zoom scales the drawing and its marks, not only the space
 *   between them (up to a limit, so a deep zoom into one link stays usable);
 * - presenter mode: a projector seen from the back of a room.
 */

/** The drawing area that shows the marks at their rest size (the default layout at 1280x720). */
export const REST_AREA = { width: 900, height: 260 };

/** The factor never leaves this range: below, glyphs blur into each other; above, one node fills a view. */
export const GLYPH_SCALE_RANGE = [0.6, 2.5] as const;

export const PRESENTER_GLYPH_SCALE = 1.5;

export interface GlyphScaleInput {
  /** The drawing area, CSS px. */
  width: number;
  height: number;
  /** Presenter mode is on. */
  presenter: boolean;
  /** Current zoom and the zoom of the last fit (pixels per scenario unit). */
  zoom?: number;
  fitZoom?: number;
  /** The scale the last fit chose (fitUncrowded.ts: less than the area's in a view too narrow for the glyphs); the area's when absent. */
  fitScale?: number;
}

/** The size factor at the fit: from the area and the mode only (the fit itself depends on it). */
export function restGlyphScale({ width, height, presenter }: Pick<GlyphScaleInput, 'width' | 'height' | 'presenter'>): number {
  // The smaller of the two ratios: a wide, short strip is no larger a drawing for the room.
  const area = Math.min(width / REST_AREA.width, height / REST_AREA.height);
  const fromArea = Math.min(1.6, Math.max(1, area));
  return clampScale(fromArea * (presenter ? PRESENTER_GLYPH_SCALE : 1));
}

export function glyphScale(input: GlyphScaleInput): number {
  const rest = input.fitScale ?? restGlyphScale(input);
  const { zoom, fitZoom } = input;
  if (!zoom || !fitZoom || !(zoom > 0) || !(fitZoom > 0)) return rest;
  // Zooming out shrinks the marks less than the drawing (they stay visible); in, as much.
  const ratio = zoom / fitZoom;
  const zoomFactor = ratio >= 1 ? ratio : Math.sqrt(ratio);
  return clampScale(rest * zoomFactor);
}

function clampScale(s: number): number {
  return Math.min(GLYPH_SCALE_RANGE[1], Math.max(GLYPH_SCALE_RANGE[0], s));
}

/** Half extents of a glyph at rest, px (labelLayout.ts GLYPH_HALF), and the air kept between two. */
type Half = { w: number; h: number };
const AIR_PX = 3;

/**
 * The largest glyph scale at which no two nodes' glyphs touch, with the drawing at zoom k
 * (pixels per scenario unit). Two glyphs are apart when they are apart along x or along y,
 * so each pair allows the larger of its two ratios; the network allows the smallest over
 * its pairs. Infinity with fewer than two nodes.
 */
export function crowdingLimit(nodes: ReadonlyArray<{ x: number; y: number; half: Half }>, k: number): number {
  let limit = Infinity;
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      const a = nodes[i];
      const b = nodes[j];
      const alongX = (Math.abs(a.x - b.x) * k - AIR_PX) / (a.half.w + b.half.w);
      const alongY = (Math.abs(a.y - b.y) * k - AIR_PX) / (a.half.h + b.half.h);
      limit = Math.min(limit, Math.max(alongX, alongY));
    }
  }
  return limit;
}

/**
 * The scale drawn: glyphScale's, but never so large that glyphs which are apart at rest
 * would touch (a column of hosts 30 px apart stays a column in presenter mode). Never
 * below rest size for that reason: a network crowded at rest stays as it was.
 */
export function uncrowdedScale(wanted: number, crowding: number): number {
  return Math.min(wanted, Math.max(1, crowding));
}

/** Rest size of the link labels, px: presenter mode's text size is reached from it. */
export const LINK_LABEL_PX = 14;

export interface NetworkScales {
  /** Marks on the links (bursts, control packets, drops): as large as wanted, they are not at the nodes. */
  mark: number;
  /** Node glyphs and lanes: as large as they stay apart (uncrowdedScale). */
  glyph: number;
  /** Names and link labels: the glyphs', and in presenter mode at least its text size. */
  text: number;
}

/** The three scales of one drawing, from what makes them grow and what holds the glyphs back. */
export function networkScales(input: GlyphScaleInput & { crowding: number; presenterTextPx: number }): NetworkScales {
  const mark = glyphScale(input);
  const glyph = uncrowdedScale(mark, input.crowding);
  const text = input.presenter ? Math.max(glyph, input.presenterTextPx / LINK_LABEL_PX) : glyph;
  return { mark, glyph, text };
}
