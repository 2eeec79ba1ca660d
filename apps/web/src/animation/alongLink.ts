/** Screen points along one direction of a link, allocation-free, for the hot loops of the draw list. */
import type { LinkGeom } from './geometry';
import type { LinePrim } from './drawPrimitives';

/** Sets a line's ends at fractions tail and head along the link's direction, `off` px to its right. */
export function placeAlong(bar: LinePrim, g: LinkGeom, back: boolean, off: number, tail: number, head: number): void {
  bar.x1 = alongX(g, back, tail, off);
  bar.y1 = alongY(g, back, tail, off);
  bar.x2 = alongX(g, back, head, off);
  bar.y2 = alongY(g, back, head, off);
}

/** Screen x, y of fraction f along the link in one direction, `off` px to its right (no allocation). */
export function alongX(g: LinkGeom, back: boolean, f: number, off: number): number {
  return back ? g.bx - g.ux * g.len * f - g.nx * off : g.ax + g.ux * g.len * f + g.nx * off;
}

export function alongY(g: LinkGeom, back: boolean, f: number, off: number): number {
  return back ? g.by - g.uy * g.len * f - g.ny * off : g.ay + g.uy * g.len * f + g.ny * off;
}
