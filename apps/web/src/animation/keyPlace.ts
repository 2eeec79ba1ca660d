/**
 * Where a small key (the selected flow's route key) goes over the network: the corner of the
 * view it hides least in, judged by the boxes of what is drawn there (glyphs, labels, route
 * bands). The fit keeps no room for it (a flow is selected long after the fit), so it looks
 * for room instead; the top-right corner is the animation legend's.
 */
import type { Box } from './overlayLabels';

export type Corner = 'bottom-left' | 'bottom-right' | 'top-left';

/** Corners tried, best first when free: under the network's start, then its end, then above. */
const CORNERS: Corner[] = ['bottom-left', 'bottom-right', 'top-left'];
const MARGIN = 4;

export function keyBox(corner: Corner, width: number, height: number, w: number, h: number): Box {
  const left = corner === 'bottom-right' ? width - MARGIN - w : MARGIN;
  const top = corner === 'top-left' ? MARGIN : height - MARGIN - h;
  return { left, top, right: left + w, bottom: top + h };
}

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The corner whose key box covers the least of `drawn` (ties: the first in CORNERS). */
export function keyCorner(width: number, height: number, w: number, h: number, drawn: readonly Box[]): Corner {
  let best = CORNERS[0];
  let least = Infinity;
  for (const c of CORNERS) {
    const box = keyBox(c, width, height, w, h);
    let covered = 0;
    for (const d of drawn) covered += overlapArea(box, d);
    if (covered < least) {
      least = covered;
      best = c;
    }
  }
  return best;
}
