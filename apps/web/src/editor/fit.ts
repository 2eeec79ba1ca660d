/** The view transform (scenario units -> pixels) that fits every node in the box. */
export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

export interface FitBox {
  width: number;
  height: number;
  /** Room kept free around the outermost nodes for glyphs and labels (px, or per side). */
  padding: number | { top: number; right: number; bottom: number; left: number };
}

/** Nodes never grow more than this when fitted (a two-node network stays readable). */
const MAX_FIT_SCALE = 2;

export function fitTransform(points: readonly { x: number; y: number }[], box: FitBox): ViewTransform {
  const p =
    typeof box.padding === 'number' ? { top: box.padding, right: box.padding, bottom: box.padding, left: box.padding } : box.padding;
  const innerW = Math.max(1, box.width - p.left - p.right);
  const innerH = Math.max(1, box.height - p.top - p.bottom);
  if (points.length === 0) return { k: 1, x: box.width / 2, y: box.height / 2 };
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    x1 = Math.max(x1, p.x);
    y0 = Math.min(y0, p.y);
    y1 = Math.max(y1, p.y);
  }
  const spanX = x1 - x0;
  const spanY = y1 - y0;
  const k = Math.min(spanX > 0 ? innerW / spanX : Infinity, spanY > 0 ? innerH / spanY : Infinity, MAX_FIT_SCALE);
  // Centre the drawing.
  const x = p.left + innerW / 2 - k * (x0 + spanX / 2);
  const y = p.top + innerH / 2 - k * (y0 + spanY / 2);
  return { k, x, y };
}

export function apply(t: ViewTransform, x: number, y: number): [number, number] {
  return [t.k * x + t.x, t.k * y + t.y];
}

export function invert(t: ViewTransform, px: number, py: number): [number, number] {
  return [(px - t.x) / t.k, (py - t.y) / t.k];
}
