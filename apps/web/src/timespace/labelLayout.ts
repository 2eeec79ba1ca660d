/**
 * Where the time-space diagram's words go: each label wants to sit beside a point (an
 * offset's bracket, a core's processing, a drop); it tries a few places around it, nearest
 * first, and takes the first that overlaps no label already placed and stays inside the
 * bounds. Labels are placed by priority (a drop's reason before the name of a line), and
 * one with no free place is left out, never drawn over another: on a projector, a word
 * half covered is worse than a word missing (the text alternative keeps them all).
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface LabelRequest {
  /** Who asked (for tests and the figure's data-labels). */
  key: string;
  text: string;
  /** The point it is about: a leader line joins it to a label placed away from it. */
  x: number;
  y: number;
  /** Lower goes first. */
  priority: number;
  /** Which side to try first: 1 right, -1 left. */
  prefer?: 1 | -1;
  /** Extra room to keep from the point horizontally (a bracket, a bar beside a column), px. */
  clear?: number;
}

export interface PlacedLabel extends LabelRequest {
  box: Box;
  /** True when the label sits away from its point (drawn with a leader line). */
  leader: boolean;
}

export interface LayoutOptions {
  /** Text height, px (the font size). */
  textPx: number;
  /** The width of a text at that size, px. */
  measure: (text: string) => number;
  /** Labels stay inside. */
  bounds: Box;
  /** Places labels must not cover (the marks they describe: bars, crosses, brackets). */
  obstacles?: readonly Box[];
  /**
   * Lines labels should rather not cover (the labelled burst's BHP and band edges): a place
   * clear of them is taken first; if there is none, one that covers them (on a white ground).
   */
  segments?: ReadonlyArray<readonly [number, number, number, number]>;
  /** Padding inside a label's box, px. */
  pad?: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function inside(a: Box, b: Box): boolean {
  return a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
}

/** True if the segment passes through the box (Liang–Barsky clipping). */
export function crosses(b: Box, s: readonly [number, number, number, number]): boolean {
  const [x0, y0, x1, y1] = s;
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, x0 - b.left],
    [dx, b.right - x0],
    [-dy, y0 - b.top],
    [dy, b.bottom - y0],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  return true;
}

/** Places the labels; the ones that find no room are left out. */
export function layoutLabels(requests: readonly LabelRequest[], opts: LayoutOptions): PlacedLabel[] {
  const pad = opts.pad ?? Math.round(opts.textPx * 0.15);
  const h = Math.round(opts.textPx * 1.2) + 2 * pad;
  const taken: Box[] = [...(opts.obstacles ?? [])];
  const placed: PlacedLabel[] = [];
  const order = [...requests].sort((a, b) => a.priority - b.priority);
  for (const r of order) {
    const w = Math.ceil(opts.measure(r.text)) + 2 * pad;
    const gap = 4 + (r.clear ?? 0);
    const first = r.prefer ?? 1;
    const free = candidates(r.x, r.y, w, h, gap, first).filter((c) => inside(c.box, opts.bounds) && !taken.some((t) => overlaps(t, c.box)));
    const box = free.find((c) => !(opts.segments ?? []).some((s) => crosses(c.box, s))) ?? free[0];
    if (!box) continue;
    taken.push(box.box);
    placed.push({ ...r, box: box.box, leader: box.far });
  }
  return placed;
}

/**
 * Places around (x, y), nearest first: level with it on the preferred side, then the other,
 * then above and below those, then farther away (with a leader line).
 */
function candidates(x: number, y: number, w: number, h: number, gap: number, first: 1 | -1): Array<{ box: Box; far: boolean }> {
  const out: Array<{ box: Box; far: boolean }> = [];
  const at = (dx: number, dy: number, side: 1 | -1, far: boolean) => {
    const left = side === 1 ? x + gap + dx : x - gap - dx - w;
    const top = y - h / 2 + dy;
    out.push({ box: { left, top, right: left + w, bottom: top + h }, far });
  };
  const sides: Array<1 | -1> = [first, first === 1 ? -1 : 1];
  for (const side of sides) at(0, 0, side, false);
  for (const side of sides) {
    at(0, -h * 0.75, side, false);
    at(0, h * 0.75, side, false);
  }
  for (const dy of [-1.6, 1.6, -2.5, 2.5, -3.5, 3.5]) for (const side of sides) at(h * 0.6, dy * h, side, true);
  for (const dx of [2, 4]) for (const side of sides) at(dx * h, 0, side, true);
  return out;
}

/**
 * Where the now line's words go: at the line's right end above it, else under it, else at
 * its left end (above, then under), the first that stays inside the plot and covers none
 * of the diagram's labels ("λ held (JET)" sits on a core's column, often at the right end).
 * When every place covers one, the first inside: the now line must keep its words.
 */
export function nowLabelBox(nowY: number, w: number, textPx: number, plot: Box, labels: readonly Box[]): Box {
  const h = textPx * 1.24;
  const lift = textPx * 0.75;
  const places: Box[] = [];
  for (const right of [true, false]) {
    for (const dy of [-lift, lift]) {
      const cy = nowY + dy;
      const left = right ? plot.right - 2 - w - 4 : plot.left + 2;
      places.push({ left, top: cy - h / 2, right: left + w + 6, bottom: cy + h / 2 });
    }
  }
  const within = places.filter((b) => b.top >= plot.top && b.bottom <= plot.bottom);
  const pool = within.length > 0 ? within : places;
  return pool.find((b) => !labels.some((l) => overlaps(l, b))) ?? pool[0];
}
