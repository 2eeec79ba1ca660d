/**
 * Widths of the network drawing's text as the browser will draw it: a canvas measures
 * with the fonts styles.css gives node names (bold 16 px) and link labels (14 px). Where
 * there is no canvas (unit tests in Node), widths are estimated from the text's length.
 */
import type { Measure, TextKind } from './labelLayout';

const FAMILY = 'system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif';
const FONTS: Record<TextKind, string> = { node: `700 16px ${FAMILY}`, link: `14px ${FAMILY}` };

/** Per character, px: a little wide, so an estimate never lets labels touch. */
const ESTIMATE_PX: Record<TextKind, number> = { node: 10.5, link: 8 };

export const estimateWidth: Measure = (text, kind) => ESTIMATE_PX[kind] * [...text].length + 2;

export function createMeasure(): Measure {
  const ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return estimateWidth;
  const cache = new Map<string, number>();
  return (text, kind) => {
    const key = `${kind}\u0000${text}`;
    let w = cache.get(key);
    if (w === undefined) {
      ctx.font = FONTS[kind];
      // A pixel of slack each side: the SVG and the canvas round differently.
      w = Math.ceil(ctx.measureText(text).width) + 2;
      if (cache.size > 2000) cache.clear();
      cache.set(key, w);
    }
    return w;
  };
}
