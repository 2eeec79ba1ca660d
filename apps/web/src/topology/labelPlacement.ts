/**
 * Where labels go so they do not sit on the links and lanes: a node's name on the side away
 * from its links (a host at the end of a line gets it beside, not under, where the next
 * host in a column would cover it), a link's capacity and delay either side of the band
 * its wavelength lanes take when animated.
 */
import { laneBandHalfWidth } from './laneBand';
import { formatRate } from '../format';

export interface NodeLabelPlacement {
  dx: number;
  dy: number;
  anchor: 'start' | 'middle' | 'end';
}

/**
 * Under the node by default; beside it when its links leave sideways. `s` is the drawing's
 * glyph scale (glyphScale.ts): glyphs and their labels grow together.
 */
export function nodeLabelPlacement(x: number, y: number, neighbours: ReadonlyArray<readonly [number, number]>, s = 1): NodeLabelPlacement {
  // The mean of the unit vectors toward the neighbours; only its sideways part decides.
  let ux = 0;
  for (const [nx, ny] of neighbours) {
    const len = Math.hypot(nx - x, ny - y);
    if (len > 0) ux += (nx - x) / len;
  }
  if (neighbours.length > 0) ux /= neighbours.length;
  // Links mostly one way sideways (a host at the end of a line, or in a column of hosts
  // fanning into one edge): the name goes on the other side. Anything else keeps it under
  // the node, where drop and TCP flashes (drawn above) do not cover it.
  if (Math.abs(ux) > 0.55) return ux > 0 ? { dx: -28 * s, dy: 5 * s, anchor: 'end' } : { dx: 28 * s, dy: 5 * s, anchor: 'start' };
  return { dx: 0, dy: 40 * s, anchor: 'middle' };
}

/** Points for a link's two labels: capacity on one side of the lanes, delay on the other. */
export function linkLabelPoints(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  kind: string,
  wavelengths: number,
  s = 1,
): { capacity: [number, number]; delay: [number, number] } {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  // The normal that points up on screen (or left, for a vertical link): capacity there.
  let nx = -(y2 - y1) / len;
  let ny = (x2 - x1) / len;
  if (ny > 0 || (ny === 0 && nx > 0)) {
    nx = -nx;
    ny = -ny;
  }
  const off = laneBandHalfWidth(kind, wavelengths, s) + 10 * s;
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  return { capacity: [mx + nx * off, my + ny * off], delay: [mx - nx * off, my - ny * off] };
}

/** Links shorter than this on screen (px) show their labels only when selected. */
export const LINK_LABEL_MIN_LENGTH = 150;

/** What a link's capacity label says: "2 λ × 1 Gbit/s" for a fiber, the rate for a packet link. */
export function linkCapacityText(link: { kind: string; rate: number; wavelengths?: number }): string {
  return link.kind === 'fiber' ? `${link.wavelengths} λ × ${formatRate(link.rate)}` : formatRate(link.rate);
}

/** Estimated width of a node label (bold, 16 px at scale 1), px. */
export function labelWidth(text: string, s = 1): number {
  return (10 * text.length + 4) * s;
}

export interface NodeLike {
  id: string;
  x: number;
  y: number;
}

/** Each node's neighbours' positions (scenario units), from the links. */
export function neighboursOf(
  nodes: readonly NodeLike[],
  links: ReadonlyArray<{ a: string; b: string }>,
): Map<string, Array<[number, number]>> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const map = new Map<string, Array<[number, number]>>();
  for (const l of links) {
    const a = byId.get(l.a);
    const b = byId.get(l.b);
    if (!a || !b) continue;
    (map.get(a.id) ?? map.set(a.id, []).get(a.id)!).push([b.x, b.y]);
    (map.get(b.id) ?? map.set(b.id, []).get(b.id)!).push([a.x, a.y]);
  }
  return map;
}

/**
 * Room the fit keeps round the network (px): a glyph's half and its label under it, and on
 * a side where some node's label sits beside it, that label's width.
 */
export function fitPadding(
  nodes: readonly NodeLike[],
  links: ReadonlyArray<{ a: string; b: string }>,
  s = 1,
): { top: number; right: number; bottom: number; left: number } {
  const pad = { top: 36 * s, right: 50 * s, bottom: 50 * s, left: 50 * s };
  const around = neighboursOf(nodes, links);
  for (const n of nodes) {
    const p = nodeLabelPlacement(n.x, n.y, around.get(n.id) ?? [], s);
    const room = Math.abs(p.dx) + labelWidth(n.id, s) + 6;
    if (p.anchor === 'end') pad.left = Math.max(pad.left, room);
    if (p.anchor === 'start') pad.right = Math.max(pad.right, room);
  }
  return pad;
}
