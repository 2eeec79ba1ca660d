/**
 * Where the animation's labels go (drop flashes, packet rates, the log's pick): boxes
 * estimated from the text length (canvas text is not measured here), lifted apart so none
 * covers another or the editor's own text, and kept inside the drawing.
 */
import type { LabelPrim } from './drawPrimitives';

/**
 * Estimated width of a label (px), from its text length: canvas text is not measured here.
 * A little wide (bold digits and "×" run wider than the average letter, and the white halo
 * adds to both ends), never narrow.
 */
const labelWidth = (l: LabelPrim) => [...l.text].length * l.size * (l.bold ? 0.62 : 0.56) + l.size * 0.3;

/** Estimated box of a label (px): from its cap height above the baseline to its descenders under it. */
export function labelBox(l: LabelPrim): { left: number; right: number; top: number; bottom: number } {
  const w = labelWidth(l);
  const left = l.align === 'center' ? l.x - w / 2 : l.align === 'right' ? l.x - w : l.x;
  return { left, right: left + w, top: l.y - l.size, bottom: l.y + Math.max(2, l.size * 0.25) };
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

/** How far a label may move from its place to find room, in lines of its own height. */
const MAX_LINES_AWAY = 5;

/**
 * The last word on where the animation's labels go: none may cover a node glyph, the
 * editor's text (node names, link labels), another label, or leave the drawing. Labels
 * are settled in a fixed order, the events (bold: drops, TCP events, the log's pick) before
 * the running figures (plain: packet rates), each in the list's order; each stays where it
 * is if that is free, else takes the nearest free place up or down (its stack's way first)
 * within a few lines, a little to either side if need be, else shrinks to its count ("×40")
 * and tries again, else is hidden (alpha 0). Larger counts are placed first. The
 * drop's ring still marks the place, and a line in the corner says how many are hidden
 * and where they are listed. Deterministic: the same frame settles the same way.
 *
 * Returns how many labels were hidden.
 */
export function settleLabels(
  labels: LabelPrim[],
  glyphs: ReadonlyArray<{ x: number; y: number; r: number }>,
  text: readonly Box[] = [],
  width = Infinity,
  height = Infinity,
): number {
  // The editor's names with a margin: their boxes come from its layout's width estimate, and
  // the name as drawn (bold, with its halo) can be a few px wider (a count label touched N16).
  const margin = 4;
  const keepOff: Box[] = text.map((b) => ({ left: b.left - margin, right: b.right + margin, top: b.top - 1, bottom: b.bottom + 1 }));
  for (const g of glyphs) {
    if (!(g.r > 0) || !Number.isFinite(g.x) || !Number.isFinite(g.y)) continue;
    // The glyph's square with its stroke (a host's screen is wider than its radius).
    const half = g.r * 1.1 + 1;
    keepOff.push({ left: g.x - half, right: g.x + half, top: g.y - half, bottom: g.y + half });
  }
  const inside = (b: Box) => b.left >= 0 && b.top >= 0 && b.right <= width && b.bottom <= height;
  const taken: Box[] = [];
  const free = (b: Box) => inside(b) && !keepOff.some((o) => overlaps(b, o)) && !taken.some((o) => overlaps(b, o));
  const order = labels
    .map((_, i) => i)
    .sort((a, b) => Number(labels[b].bold) - Number(labels[a].bold) || countOf(labels[b].text) - countOf(labels[a].text) || a - b);
  let hidden = 0;
  for (const i of order) {
    const l = labels[i];
    if (l.alpha <= 0) continue;
    let spot = freeSpot(l, width, height, free);
    // No room for "contention (bg) ×40": its count alone ("×40"), by the ring that says where.
    const short = spot ? null : countText(l.text);
    if (short) {
      const full = l.text;
      l.text = short;
      spot = freeSpot(l, width, height, free);
      if (!spot) l.text = full;
    }
    if (!spot) {
      l.alpha = 0;
      hidden++;
      continue;
    }
    l.x = spot.x;
    l.y = spot.y;
    taken.push(labelBox(l));
  }
  if (hidden > 0 && Number.isFinite(width) && Number.isFinite(height)) {
    const sample = labels.find((l) => l.alpha === 0)!;
    const hint: LabelPrim = {
      x: 4,
      y: height - 6,
      text: `${hidden} ${hidden === 1 ? 'label' : 'labels'} hidden: see Event log`,
      color: '#1a1a1a',
      alpha: 1,
      size: sample.size,
      align: 'left',
      bold: false,
    };
    // Bottom left, else top left; left out if both are taken (the rings still show).
    for (const y of [height - 6, hint.size + 4]) {
      hint.y = y;
      if (free(labelBox(hint))) {
        labels.push(hint);
        break;
      }
    }
  }
  return hidden;
}

/** A label's count ("×40" of "contention (bg) ×40"), or null when it has none. */
export function countText(text: string): string | null {
  const m = /×\d+$/.exec(text);
  return m && m[0] !== text ? m[0] : null;
}

/** How many events a label stands for: its count, else one. */
const countOf = (text: string) => Number(countText(text)?.slice(1) ?? 1);

/** The nearest free place for a label: its own, then line by line away (its stack's way first), then a little aside. */
function freeSpot(l: LabelPrim, width: number, height: number, free: (b: Box) => boolean): { x: number; y: number } | null {
  const x0 = l.x;
  const y0 = l.y;
  const line = l.size + 2;
  const way = l.below ? 1 : -1;
  const ys = [y0];
  for (let k = 1; k <= MAX_LINES_AWAY; k++) ys.push(y0 + way * k * line);
  for (let k = 1; k <= MAX_LINES_AWAY; k++) ys.push(y0 - way * k * line);
  const w = labelWidth(l);
  const xs = [x0, x0 + w * 0.6, x0 - w * 0.6, x0 + w * 1.2, x0 - w * 1.2];
  const probe = { ...l };
  for (const x of xs) {
    for (const y of ys) {
      probe.x = x;
      probe.y = y;
      if (Number.isFinite(width)) keepInside(probe, width, height);
      if (free(labelBox(probe))) return { x: probe.x, y: probe.y };
    }
  }
  return null;
}
