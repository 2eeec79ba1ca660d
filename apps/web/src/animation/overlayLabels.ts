/**
 * Where the animation's labels go (drop flashes, packet rates, the log's pick): boxes
 * estimated from the text length (canvas text is not measured here), lifted apart so none
 * covers another or the editor's own text, and kept inside the drawing.
 */
import type { LabelPrim } from './drawPrimitives';

/** Estimated width of a label (px), from its text length: canvas text is not measured here. */
const labelWidth = (l: LabelPrim) => l.text.length * l.size * 0.56;

/** Estimated box of a label (px). */
export function labelBox(l: LabelPrim): { left: number; right: number; top: number; bottom: number } {
  const w = labelWidth(l);
  const left = l.align === 'center' ? l.x - w / 2 : l.align === 'right' ? l.x - w : l.x;
  return { left, right: left + w, top: l.y - l.size, bottom: l.y + 2 };
}

export type Box = { left: number; right: number; top: number; bottom: number };

export const overlaps = (b: Box, o: Box) => b.left < o.right && o.left < b.right && b.top < o.bottom && o.top < b.bottom;

/**
 * Lifts labels[from..] so that none covers an earlier one of them nor a `fixed` box (the
 * editor's text): each is raised above any it overlaps, until it overlaps none (a few
 * steps; labels are few). A label that would rise above `minTop` (the drawing's top: a
 * node near it with several marks stacked) goes down below what it overlaps instead,
 * since keepInside would only push it back onto the others; so does one stacked below its
 * place from the start (`below`).
 */
export function separateLabels(labels: LabelPrim[], from = 0, fixed: readonly Box[] = [], minTop = -Infinity): void {
  for (let i = from; i < labels.length; i++) {
    const l = labels[i];
    const start = l.y;
    let down = l.below === true;
    for (let guard = 0; guard < 16; guard++) {
      const b = labelBox(l);
      let lift = 0;
      let drop = 0;
      const against = (o: Box) => {
        if (!overlaps(b, o)) return;
        lift = Math.max(lift, b.bottom - o.top);
        drop = Math.max(drop, o.bottom - b.top);
      };
      for (let j = from; j < i; j++) against(labelBox(labels[j]));
      for (const o of fixed) against(o);
      if (lift === 0) break;
      if (!down && b.top - lift - 1 < minTop) {
        // Start again from where it was, going down this time.
        down = true;
        l.y = start;
        continue;
      }
      if (down) l.y += drop + 1;
      else l.y -= lift + 1;
    }
  }
}

/** Moves a label so its (estimated) box stays inside the drawing. */
export function keepInside(l: LabelPrim, width: number, height: number): void {
  const half = labelWidth(l) / 2;
  const margin = 2;
  if (l.align === 'center') l.x = Math.min(Math.max(l.x, half + margin), Math.max(half + margin, width - half - margin));
  l.y = Math.min(Math.max(l.y, l.size + margin), Math.max(l.size + margin, height - margin));
}
