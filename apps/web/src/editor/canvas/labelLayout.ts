/**
 * Where the network drawing writes its text: node names first (always shown), then each
 * link's capacity and delay, in screen pixels, so that no label sits on another, on a node,
 * on the band a link's animated lanes take, or past the drawing's edge.
 *
 * Labels are tried at a few places each, best first, and the first place that is free is
 * taken (greedy, in a fixed order: the selected link, then longer links). A node name that
 * finds no free place takes the one that covers least, since a node must keep its name; a
 * link label that finds none is left out (its values stay in the link's tooltip and in
 * the side panel) rather than drawn over something else. Paper 001's six access links
 * fanning into one edge used to print "1 Gbit/s" and "1 ms" on top of each other.
 */
import type { FanLabel, Spoke } from '../../topology/accessFan';
import { FAN_HOST_HALF, FAN_LABEL_GAP, FAN_REACH } from '../../topology/accessFan';
import type { NodeKind } from '../../topology/kinds';
import type { NodeLabelPlacement } from '../../topology/labelPlacement';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type TextKind = 'node' | 'link';
/** Width of a text as drawn, px. */
export type Measure = (text: string, kind: TextKind) => number;

/** Heights of a line of text (16 px bold node names, 14 px link labels) with a little air. */
export const TEXT_H: Record<TextKind, number> = { node: 19, link: 17 };

/** Half width and half height of each node glyph (topology/NodeGlyph.tsx) with its stroke. */
export const GLYPH_HALF: Record<NodeKind, { w: number; h: number }> = {
  host: { w: 19.5, h: 14.5 },
  router: { w: 16, h: 16 },
  edge: { w: 16, h: 16 },
  core: { w: 22, h: 22 },
};

export interface LayoutNode {
  id: string;
  kind: NodeKind;
  x: number;
  y: number;
  /** The side its links leave free (topology/labelPlacement.ts nodeLabelPlacement): tried first. */
  prefer: NodeLabelPlacement;
}

export interface LayoutLink {
  id: string;
  /** Centres of its two nodes, px. */
  a: readonly [number, number];
  b: readonly [number, number];
  /** Half width of the band the animation draws along it (animation/geometry.ts), px. */
  band: number;
  /** How far from each node's centre the band starts (the lanes stop at the glyphs), px. */
  inset: readonly [number, number];
  capacity: string;
  delay: string;
  selected: boolean;
}

/** A flow group's fan glyph (topology/accessFan.ts): its label to place, its spokes to keep off. */
export interface LayoutFan {
  key: string;
  label: FanLabel;
  spokes: readonly Spoke[];
  /** Copies the fan stands for: its label's short form where the sentence finds no room. */
  count?: number;
}

export interface LabelLayoutInput {
  width: number;
  height: number;
  nodes: readonly LayoutNode[];
  links: readonly LayoutLink[];
  /** Fans of groups with per-copy access, placed after node names and before link labels. */
  fans?: readonly LayoutFan[];
  /** Boxes drawn over the canvas (the animation's legend): no label goes under them. */
  keepOut?: readonly Box[];
  measure: Measure;
  /** Links shorter than this show their labels only when selected, px. */
  minLinkLength: number;
  /**
   * Glyph scale (glyphScale.ts): glyphs and text are this much larger than the sizes
   * above, which are at rest; `measure` measures text at rest.
   */
  scale?: number;
  /** The text's own scale, when larger than the glyphs' (presenter mode's 24 px): default `scale`. */
  textScale?: number;
}

export interface PlacedLabel {
  /** What is drawn: a node's name, or its shortened form (the full name then on hover). */
  text: string;
  /** From the glyph's edge to the text, when the text sits further out than beside it. */
  leader?: { x1: number; y1: number; x2: number; y2: number };
  /** The text's anchor point: x by `anchor`, y its vertical middle. */
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  box: Box;
}

export interface LinkLabels {
  capacity: PlacedLabel | null;
  delay: PlacedLabel | null;
}

export interface LabelLayout {
  /** Node names drawn (some shortened or on a leader line); a node not here has its name on hover only. */
  nodes: Map<string, PlacedLabel>;
  /** Nodes whose name found no free place: shown on hover, not drawn. */
  hiddenNames?: ReadonlySet<string>;
  links: Map<string, LinkLabels>;
  /** Fan labels by fan key; absent when the input had no fans. */
  fans?: Map<string, PlacedLabel>;
}

/**
 * Which names are placed first where space runs out (lower first): the hosts the lessons
 * talk about, then the cores, routers, and last the edge nodes, each drawn beside its core
 * in the backbones and named like it.
 */
const NAME_PRIORITY: Record<NodeKind, number> = { host: 0, core: 1, router: 2, edge: 3 };
/** How far out (px at rest) a name is tried: beside, then further with a leader line. */
const NAME_STEPS = [0, 16, 32];
const LEADER_STEPS = [52, 76];
/** How far a name may reach into a lane's band and still count as off it, px at rest. */
const LANE_TOUCH = 3;
/** Names longer than this are tried shortened ("Frankf…") before they are left to hover. */
const SHORT_NAME_CHARS = 6;

/** A name cut to its first characters and an ellipsis; names this short or shorter stay whole. */
export function shortName(name: string): string {
  const chars = [...name];
  return chars.length <= SHORT_NAME_CHARS ? name : `${chars.slice(0, SHORT_NAME_CHARS - 1).join('')}…`;
}

/** Room kept between a label and anything else, px. */
const AIR = 2;
/** Where along a link its labels are tried, from the middle outwards. */
const ALONG = [0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78];

export function layoutLabels(input: LabelLayoutInput): LabelLayout {
  const { width, height } = input;
  const s = input.scale ?? 1;
  const ts = input.textScale ?? s;
  const measure: Measure = (text, kind) => input.measure(text, kind) * ts;
  const keepOut = input.keepOut ?? [];
  const glyphs = input.nodes.map((n) => glyphBox(n, s));
  const placed: Box[] = [];
  const nodes = new Map<string, PlacedLabel>();

  const inBounds = (b: Box) => b.left >= AIR && b.top >= AIR && b.right <= width - AIR && b.bottom <= height - AIR;
  // The lanes' bands, and the fans' spokes with their small hosts: no text goes on them.
  const bands = input.links.map(bandOf);
  for (const fan of input.fans ?? []) for (const sp of fan.spokes) bands.push(spokeBand(sp, s));
  const onBand = (b: Box) => bands.some((band) => bandOverlap(band, b) > 0);

  // ---- node names: each at the first free place, the most telling kinds first ----
  // A name is drawn only where it covers no other name, no glyph, no legend and stays
  // inside: further out with a leader line, shortened, or else shown on hover alone.
  const hiddenNames = new Set<string>();
  const nameOrder = input.nodes
    .map((_, i) => i)
    .sort((a, b) => NAME_PRIORITY[input.nodes[a].kind] - NAME_PRIORITY[input.nodes[b].kind] || a - b);
  for (const i of nameOrder) {
    const n = input.nodes[i];
    const free = (box: Box) =>
      inBounds(box) &&
      !keepOut.some((o) => overlaps(o, box, AIR)) &&
      !placed.some((p) => overlaps(p, box, AIR)) &&
      !glyphs.some((g, j) => j !== i && overlaps(g, box, AIR));
    const label = placeNodeName(n, glyphs[i], glyphs, bands, measure, s, ts, free);
    if (!label) {
      hiddenNames.add(n.id);
      continue;
    }
    nodes.set(n.id, label);
    placed.push(label.box);
  }

  // ---- fan labels: like node names, always shown (a fan must say what it stands for) ----
  // A place on another label or a glyph costs this much; a best place costing as much has
  // found no free room (out of the view or on something), and the label tries its short form.
  const FAN_OVERLAP_COST = 40;
  const fans = new Map<string, PlacedLabel>();
  for (const fan of input.fans ?? []) {
    const placeAs = (label: FanLabel) => {
      const w = measure(label.text, 'link');
      let best: { label: PlacedLabel; cost: number } | null = null;
      for (const [k, c] of fanCandidates(label, w, TEXT_H.link * ts, s).entries()) {
        const box = c.box;
        let cost = k * 0.01;
        if (!inBounds(box)) cost += 100;
        if (keepOut.some((o) => overlaps(o, box, AIR))) cost += 50;
        if (placed.some((p) => overlaps(p, box, AIR))) cost += FAN_OVERLAP_COST;
        if (glyphs.some((g) => overlaps(g, box, AIR))) cost += FAN_OVERLAP_COST;
        for (const band of bands) cost += bandOverlap(band, box) / 4;
        if (!best || cost < best.cost) best = { label: c, cost };
        if (cost < 0.5) break;
      }
      return best!;
    };
    let best = placeAs(fan.label);
    // Nowhere free for "×80, 100 Mbit/s each" (two fans in presenter mode's narrow view):
    // its count alone, "×80", beside the fan; the whole sentence stays its tooltip and name.
    if (best.cost >= FAN_OVERLAP_COST && fan.count !== undefined && fan.count > 1) {
      const short = placeAs({ ...fan.label, text: `×${fan.count}` });
      if (short.cost < best.cost) best = short;
    }
    fans.set(fan.key, best!.label);
    placed.push(best!.label.box);
  }

  // ---- link labels ----
  const free = (b: Box) =>
    inBounds(b) &&
    !onBand(b) &&
    !glyphs.some((g) => overlaps(g, b, AIR)) &&
    !placed.some((p) => overlaps(p, b, AIR)) &&
    !keepOut.some((o) => overlaps(o, b, AIR));
  const links = new Map<string, LinkLabels>();
  const order = input.links
    .map((l, i) => ({ l, i, len: Math.hypot(l.b[0] - l.a[0], l.b[1] - l.a[1]) }))
    .sort((p, q) => Number(q.l.selected) - Number(p.l.selected) || q.len - p.len || p.i - q.i);
  for (const { l, len } of order) {
    const none: LinkLabels = { capacity: null, delay: null };
    if (len < 1 || (len < input.minLinkLength && !l.selected)) {
      links.set(l.id, none);
      continue;
    }
    // A label nearer another link than its own would be read as that link's.
    const ownNearest = (p: PlacedLabel) => {
      const c: [number, number] = [(p.box.left + p.box.right) / 2, p.y];
      const mine = pointSegmentDistance(c, l.a, l.b);
      return input.links.every((o) => o === l || pointSegmentDistance(c, o.a, o.b) > mine);
    };
    const result = placeLinkLabels(l, measure, ts, (p) => free(p.box) && ownNearest(p)) ?? none;
    for (const p of [result.capacity, result.delay]) if (p) placed.push(p.box);
    links.set(l.id, result);
  }
  return input.fans ? { nodes, links, fans, hiddenNames } : { nodes, links, hiddenNames };
}

/**
 * A node's name at the best free place: beside it (the side its links leave free first),
 * else further out with a leader line back to the glyph, else shortened; null when none
 * is free. Among free places, one nearer another glyph than its own (it would be read as
 * that node's) or on a link's lanes costs more.
 */
function placeNodeName(
  n: LayoutNode,
  own: Box,
  glyphs: readonly Box[],
  bands: readonly Band[],
  measure: Measure,
  s: number,
  ts: number,
  free: (b: Box) => boolean,
): PlacedLabel | null {
  const texts = shortName(n.id) === n.id ? [n.id] : [n.id, shortName(n.id)];
  // Off the lanes first: the animation draws its bursts over the names, and a name under a
  // busy fiber cannot be read. Only where no such place is free may a name touch a lane.
  const onLanes = (b: Box) => bands.some((band) => bandOverlap(band, b) > LANE_TOUCH * s);
  for (const offLanes of [true, false])
    for (const text of texts) {
      const label = nameAt(n, own, glyphs, bands, text, measure(text, 'node'), s, ts, (b) => free(b) && !(offLanes && onLanes(b)));
      if (label) return label;
    }
  return null;
}

/** A name (or its short form) at the best free place of the steps beside, then of the leader's. */
function nameAt(
  n: LayoutNode,
  own: Box,
  glyphs: readonly Box[],
  bands: readonly Band[],
  text: string,
  w: number,
  s: number,
  ts: number,
  free: (b: Box) => boolean,
): PlacedLabel | null {
  for (const steps of [NAME_STEPS, LEADER_STEPS]) {
    let best: { label: PlacedLabel; cost: number } | null = null;
    for (const [k, c] of nodeCandidates(n, text, w, s, ts, steps).entries()) {
      if (!free(c.box)) continue;
      const distance = boxDistance(own, c.box);
      let cost = k * 0.01;
      if (glyphs.some((g) => g !== own && boxDistance(g, c.box) < distance)) cost += 30;
      for (const band of bands) cost += bandOverlap(band, c.box) / 4;
      if (!best || cost < best.cost) best = { label: c, cost };
      if (cost < 0.5) break;
    }
    if (best) return steps === LEADER_STEPS ? withLeader(best.label, own) : best.label;
  }
  return null;
}

/** A leader line from the glyph's edge toward the label's nearest point. */
function withLeader(label: PlacedLabel, glyph: Box): PlacedLabel {
  const cx = (glyph.left + glyph.right) / 2;
  const cy = (glyph.top + glyph.bottom) / 2;
  const tx = Math.min(Math.max(cx, label.box.left), label.box.right);
  const ty = Math.min(Math.max(cy, label.box.top), label.box.bottom);
  const gx = Math.min(Math.max(tx, glyph.left), glyph.right);
  const gy = Math.min(Math.max(ty, glyph.top), glyph.bottom);
  return { ...label, leader: { x1: gx, y1: gy, x2: tx, y2: ty } };
}

/** A spoke and the small host at its end as a band (the host's half width either side). */
function spokeBand(sp: Spoke, s: number): Band {
  const dx = sp.x2 - sp.x1;
  const dy = sp.y2 - sp.y1;
  const len = Math.hypot(dx, dy);
  const ux = len > 0 ? dx / len : 1;
  const uy = len > 0 ? dy / len : 0;
  const reach = len + FAN_HOST_HALF.w * s;
  return { cx: sp.x1 + (ux * reach) / 2, cy: sp.y1 + (uy * reach) / 2, ux, uy, halfLength: reach / 2, halfWidth: FAN_HOST_HALF.w * s + 1 };
}

/**
 * Where a fan's label is tried: at its anchor past the hosts, then further out, then turned
 * a quarter either way (beside the outer hosts), best first.
 */
/**
 * Where a fan's label may go, best first: past its hosts on the line the fan points along
 * (further out, then), then a quarter turn (a sideways fan's label over or under its hosts,
 * an upright one's beside), then, for a sideways fan, centred over or under it: a label
 * wider than the room beside the fan (presenter mode on a narrow network) fits there.
 * The fit (fitAround.ts) leaves room for one of these.
 */
export function fanCandidates(l: FanLabel, w: number, h: number, s: number): PlacedLabel[] {
  const out: PlacedLabel[] = [];
  const at = (x: number, y: number, anchor: PlacedLabel['anchor'], dy: -1 | 0 | 1) => labelAt(l.text, x, y + (dy * h) / 2, w, h, anchor);
  for (const far of [0, 12 * s, 24 * s]) {
    if (l.dy === 0) {
      const sign = l.anchor === 'start' ? 1 : -1;
      out.push(at(l.x + sign * far, l.y, l.anchor, 0));
    } else {
      out.push(at(l.x, l.y + l.dy * far, 'middle', l.dy));
    }
  }
  const reach = FAN_HOST_HALF.h * s + 34 * s;
  if (l.dy === 0) {
    const back = l.anchor === 'start' ? -1 : 1;
    const x = l.x + back * 20 * s;
    out.push(at(x, l.y - reach, l.anchor, -1), at(x, l.y + reach, l.anchor, 1));
    // The middle of the fan: back from the label's anchor past the hosts, half the spokes.
    const middle = l.x + back * (FAN_LABEL_GAP + FAN_REACH / 2) * s;
    out.push(at(middle, l.y - reach, 'middle', -1), at(middle, l.y + reach, 'middle', 1));
  } else {
    const y = l.y - l.dy * 14 * s;
    out.push(at(l.x + reach, y, 'start', 0), at(l.x - reach, y, 'end', 0));
  }
  return out;
}

function glyphBox(n: LayoutNode, s: number): Box {
  const g = { w: GLYPH_HALF[n.kind].w * s, h: GLYPH_HALF[n.kind].h * s };
  return { left: n.x - g.w, top: n.y - g.h, right: n.x + g.w, bottom: n.y + g.h };
}

/** A label of width w: its box for an anchor point. */
function labelAt(text: string, x: number, y: number, w: number, h: number, anchor: PlacedLabel['anchor']): PlacedLabel {
  const left = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  return { text, x, y, anchor, box: { left, top: y - h / 2, right: left + w, bottom: y + h / 2 } };
}

/**
 * Beside, under and over the node, then at its corners, then the same further out: the
 * side its links leave free first.
 */
function nodeCandidates(n: LayoutNode, text: string, w: number, s: number, ts: number, steps: readonly number[]): PlacedLabel[] {
  const g = { w: GLYPH_HALF[n.kind].w * s, h: GLYPH_HALF[n.kind].h * s };
  const h = TEXT_H.node * ts;
  const out: PlacedLabel[] = [];
  for (const step of steps) {
    const far = step * s;
    const below = labelAt(text, n.x, n.y + g.h + 4 + far + h / 2, w, h, 'middle');
    const above = labelAt(text, n.x, n.y - g.h - 4 - far - h / 2, w, h, 'middle');
    const right = labelAt(text, n.x + g.w + 8 + far, n.y, w, h, 'start');
    const left = labelAt(text, n.x - g.w - 8 - far, n.y, w, h, 'end');
    const sides =
      n.prefer.anchor === 'end'
        ? [left, below, above, right]
        : n.prefer.anchor === 'start'
          ? [right, below, above, left]
          : [below, above, right, left];
    const dy = g.h + 2 + far + h / 2;
    const corners = [
      labelAt(text, n.x + g.w + 2 + far, n.y + dy, w, h, 'start'),
      labelAt(text, n.x - g.w - 2 - far, n.y + dy, w, h, 'end'),
      labelAt(text, n.x + g.w + 2 + far, n.y - dy, w, h, 'start'),
      labelAt(text, n.x - g.w - 2 - far, n.y - dy, w, h, 'end'),
    ];
    out.push(...sides, ...corners);
  }
  return out;
}

/**
 * A link's two labels at the first free place: either side of its band at the middle
 * (capacity on the upper side), then further along, then both on one side; else the
 * capacity alone; else none (null).
 */
function placeLinkLabels(l: LayoutLink, measure: Measure, ts: number, free: (p: PlacedLabel) => boolean): LinkLabels | null {
  const [x1, y1] = l.a;
  const [x2, y2] = l.b;
  const len = Math.hypot(x2 - x1, y2 - y1);
  // The unit normal that points up on screen (left for a vertical link).
  let nx = -(y2 - y1) / len;
  let ny = (x2 - x1) / len;
  if (ny > 0 || (ny === 0 && nx > 0)) {
    nx = -nx;
    ny = -ny;
  }
  const h = TEXT_H.link * ts;
  const capW = measure(l.capacity, 'link');
  const delW = measure(l.delay, 'link');
  // How far a box's centre must be from the link's line for the box to clear the band.
  const reach = (w: number) => (Math.abs(nx) * w + Math.abs(ny) * h) / 2;
  const at = (text: string, w: number, t: number, side: 1 | -1, extra = 0) => {
    const d = l.band + AIR + 1 + reach(w) + extra;
    return labelAt(text, x1 + (x2 - x1) * t + side * nx * d, y1 + (y2 - y1) * t + side * ny * d, w, h, 'middle');
  };
  const fits = (...labels: PlacedLabel[]) => labels.every(free) && !(labels.length === 2 && overlaps(labels[0].box, labels[1].box, AIR));

  for (const t of ALONG) {
    for (const side of [1, -1] as const) {
      const cap = at(l.capacity, capW, t, side);
      const del = at(l.delay, delW, t, side === 1 ? -1 : 1);
      if (fits(cap, del)) return { capacity: cap, delay: del };
    }
  }
  for (const t of ALONG) {
    for (const side of [1, -1] as const) {
      const cap = at(l.capacity, capW, t, side);
      const del = at(l.delay, delW, t, side, reach(capW) + reach(delW) + AIR);
      if (fits(cap, del)) return { capacity: cap, delay: del };
    }
  }
  for (const t of ALONG) {
    for (const side of [1, -1] as const) {
      const cap = at(l.capacity, capW, t, side);
      if (fits(cap)) return { capacity: cap, delay: null };
    }
  }
  return null;
}

export function overlaps(a: Box, b: Box, air = 0): boolean {
  return a.left < b.right + air && b.left < a.right + air && a.top < b.bottom + air && b.top < a.bottom + air;
}

/** The strip a link's lanes take: a rectangle along the link, between the glyphs. */
export interface Band {
  /** Centre, unit direction, half length and half width, px. */
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  halfLength: number;
  halfWidth: number;
}

export function bandOf(l: LayoutLink): Band {
  const dx = l.b[0] - l.a[0];
  const dy = l.b[1] - l.a[1];
  const full = Math.hypot(dx, dy);
  const ux = full > 0 ? dx / full : 1;
  const uy = full > 0 ? dy / full : 0;
  const from = Math.min(l.inset[0], full / 2);
  const to = full - Math.min(l.inset[1], full / 2);
  const mid = (from + to) / 2;
  return { cx: l.a[0] + ux * mid, cy: l.a[1] + uy * mid, ux, uy, halfLength: Math.max(0, (to - from) / 2), halfWidth: l.band + 1 };
}

/**
 * How deep a box reaches into a band, px (0: apart). Separating axes: the box's two and
 * the band's two; the depth is the least overlap among them.
 */
export function bandOverlap(band: Band, box: Box): number {
  const hw = (box.right - box.left) / 2;
  const hh = (box.bottom - box.top) / 2;
  const dx = band.cx - (box.left + hw);
  const dy = band.cy - (box.top + hh);
  const { ux, uy } = band;
  const nx = -uy;
  const ny = ux;
  const L = band.halfLength;
  const W = band.halfWidth;
  const overlaps = [
    hw + Math.abs(ux) * L + Math.abs(nx) * W - Math.abs(dx),
    hh + Math.abs(uy) * L + Math.abs(ny) * W - Math.abs(dy),
    L + hw * Math.abs(ux) + hh * Math.abs(uy) - Math.abs(dx * ux + dy * uy),
    W + hw * Math.abs(nx) + hh * Math.abs(ny) - Math.abs(dx * nx + dy * ny),
  ];
  const least = Math.min(...overlaps);
  return least > 0 ? least : 0;
}

/** Gap between two boxes, px (0 when they touch or overlap). */
function boxDistance(a: Box, b: Box): number {
  const dx = Math.max(0, a.left - b.right, b.left - a.right);
  const dy = Math.max(0, a.top - b.bottom, b.top - a.bottom);
  return Math.hypot(dx, dy);
}

function pointSegmentDistance(
  [x, y]: readonly [number, number],
  [x1, y1]: readonly [number, number],
  [x2, y2]: readonly [number, number],
): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / len2));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

/** Every label box of a layout (node names and shown link labels). */
export function layoutBoxes(layout: LabelLayout): Box[] {
  const out: Box[] = [];
  for (const p of layout.nodes.values()) out.push(p.box);
  for (const p of layout.fans?.values() ?? []) out.push(p.box);
  for (const l of layout.links.values()) for (const p of [l.capacity, l.delay]) if (p) out.push(p.box);
  return out;
}
