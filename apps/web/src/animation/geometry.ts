/**
 * Where things go on screen: each link's visible segment (between the node glyphs), its
 * direction and normal, and the lanes beside it. Pure: scenario + toScreen + scale in,
 * numbers out.
 *
 * Lanes follow the roads' rule: traffic from a to b (dir 0) runs on the right-hand side of
 * its direction of travel, traffic back (dir 1) on the other side. On a fiber each side
 * has the control channel nearest the cable, then wavelength 0, 1, ... outwards.
 */
import type { Scenario } from '@obs-tcp-sim/scenario';
import { NODE_RADIUS, type MarkMinimums } from './style';
import { FAN_HOST_HALF, scenarioFans, type Spoke } from '../topology/accessFan';
import { LANE_SPACING, LANES_MAX_WIDTH } from '../topology/laneBand';
import { accessLayout } from './accessLinks';

export interface NodeGeom {
  x: number;
  y: number;
  /** Glyph radius on screen, px. */
  r: number;
}

export interface LinkGeom {
  fiber: boolean;
  /** Propagation delay, seconds. */
  delay: number;
  wavelengths: number;
  /** Visible segment from the a side to the b side (node glyphs cut off). */
  ax: number;
  ay: number;
  bx: number;
  by: number;
  /** Length of the visible segment, px (0 when the nodes overlap). */
  len: number;
  /** Unit vector a -> b and the right-hand normal of dir 0 (screen y points down). */
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  /** Distance of the control channel from the link's centre line, px. */
  controlOffset: number;
  /** Distance between wavelength lanes, px. */
  laneSpacing: number;
  /** Every how many lanes a lane line is drawn (1, unless lanes are closer than MIN_LANE_LINE_GAP). */
  laneStride: number;
  /** Thickness of a data burst bar, px. */
  barWidth: number;
  /** Packet links: distance of each direction's packets from the centre line, px. */
  packetOffset: number;
  /** A fan's spoke standing for copies' own access links (accessLinks.ts): no rate text on it. */
  spoke?: boolean;
}

export interface Geometry {
  nodes: NodeGeom[];
  links: (LinkGeom | null)[];
  /** Size factor of lanes, marks and text (1 = the sizes of the node glyphs at rest). */
  s: number;
  /** Smallest font of the layer's labels, px (presenter mode: 24, read from the back of a room). */
  minText?: number;
  /** Smallest marks on the links, px (style.ts: ROOM_MARKS in presenter mode); DESK_MARKS if absent. */
  marks?: MarkMinimums;
  /** The editor's own text under the layer (editorText.ts), for labels to keep off. */
  text?: ReadonlyArray<{ left: number; right: number; top: number; bottom: number }>;
}

/**
 * Closest two lane lines are drawn, px. A fiber of many wavelengths keeps the band's width
 * (LANES_MAX_WIDTH) and its lanes their exact places, closer than this; then only every
 * laneStride-th line is drawn, so the band reads as many lanes without growing over the
 * drawing (64 wavelengths at 1.5 px each made a band 200 px wide).
 */
const MIN_LANE_LINE_GAP = 1.5;

/**
 * `size` scales everything drawn (lanes, marks, text, the node glyphs lanes stop at). The
 * editor draws its node glyphs and link strokes the same size at every zoom, so the layer
 * passes 1 and only positions follow the zoom (through toScreen); it is clamped to
 * [0.5, 2.5] for a caller that scales glyphs too.
 */
export function computeGeometry(
  scenario: Pick<Scenario, 'nodes' | 'links'> & Partial<Pick<Scenario, 'flows'>>,
  toScreen: (x: number, y: number) => [number, number],
  size = 1,
  /** The node glyphs' own scale, when smaller than the marks' (glyphs kept apart): default `size`. */
  nodeSize = size,
): Geometry {
  const s = Math.min(2.5, Math.max(0.5, size));
  const ns = Math.min(2.5, Math.max(0.5, nodeSize));
  const byId = new Map<string, number>();
  const nodes: NodeGeom[] = scenario.nodes.map((n, i) => {
    byId.set(n.id, i);
    const [x, y] = toScreen(n.x, n.y);
    return { x, y, r: (NODE_RADIUS[n.kind] ?? 16) * ns };
  });
  const links = scenario.links.map((link): LinkGeom | null => {
    const ia = byId.get(link.a);
    const ib = byId.get(link.b);
    if (ia === undefined || ib === undefined) return null;
    const a = nodes[ia];
    const b = nodes[ib];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const full = Math.hypot(dx, dy);
    const ux = full > 0 ? dx / full : 1;
    const uy = full > 0 ? dy / full : 0;
    // Start where the glyph ends, plus a hair; a very short link keeps its middle.
    const cutA = Math.min(a.r + 2 * s, full / 2);
    const cutB = Math.min(b.r + 2 * s, full / 2);
    const len = Math.max(0, full - cutA - cutB);
    const fiber = link.kind === 'fiber';
    const wavelengths = fiber ? Math.max(1, link.wavelengths) : 0;
    const laneSpacing = fiber ? Math.min(LANE_SPACING, LANES_MAX_WIDTH / wavelengths) * s : 0;
    return {
      fiber,
      delay: link.delay,
      wavelengths,
      ax: a.x + ux * cutA,
      ay: a.y + uy * cutA,
      bx: a.x + ux * (cutA + len),
      by: a.y + uy * (cutA + len),
      len,
      ux,
      uy,
      nx: -uy,
      ny: ux,
      controlOffset: 8 * s,
      laneSpacing,
      laneStride: fiber ? Math.max(1, Math.ceil(MIN_LANE_LINE_GAP / laneSpacing - 1e-9)) : 1,
      barWidth: Math.max(1.5, laneSpacing * 0.8),
      packetOffset: 6 * s,
    };
  });
  // The fans' spokes after the scenario's links, in accessLinks.ts's order: the same
  // fans the editor draws (topology/accessFan.ts, at the glyphs' scale).
  const flows = scenario.flows ?? [];
  if (flows.some((f) => f.access)) {
    const fans = new Map(scenarioFans({ ...scenario, flows }, toScreen, (k) => (NODE_RADIUS[k] ?? 16) * ns, ns).map((f) => [f.key, f]));
    const layout = accessLayout({ links: scenario.links, flows });
    const hostR = FAN_HOST_HALF.w * ns;
    const spokeEnd = (key: string, k: number): NodeGeom => {
      const sp = fans.get(key)?.spokes[k];
      // No fan where the group's node is missing: such a scenario never runs, so nothing
      // is drawn there (a canvas skips NaN points).
      return sp ? { x: sp.x2, y: sp.y2, r: hostR } : { x: NaN, y: NaN, r: 0 };
    };
    for (const info of layout.fans) {
      const key = `${flows[info.group].id}:${info.side}`;
      for (let k = 0; k < info.spokes; k++) {
        const sp = fans.get(key)?.spokes[k];
        links.push(sp ? spokeGeom(sp, info.side === 'src', info.delay, s, ns) : null);
      }
    }
    // Nodes after the scenario's (accessLinks.ts fanNodeIndex): each drawn host at its
    // spoke's end, then each fan's middle host.
    for (const e of layout.ends) {
      const info = layout.fans.find((f) => f.group === e.group && f.side === e.side)!;
      nodes.push(spokeEnd(`${e.flowId}:${e.side}`, e.copy % info.spokes));
    }
    for (const info of layout.fans) nodes.push(spokeEnd(`${flows[info.group].id}:${info.side}`, info.spokes >> 1));
  }
  return { nodes, links, s };
}

/**
 * A spoke as a packet link: from its small host to the hub for a source side (the engine's
 * a -> b, data's direction 0), from the hub to the host for a sink side.
 */
function spokeGeom(sp: Spoke, fromHost: boolean, delay: number, s: number, ns: number): LinkGeom {
  const full = Math.hypot(sp.x2 - sp.x1, sp.y2 - sp.y1);
  const len = Math.max(0, full - FAN_HOST_HALF.w * ns);
  const ux = full > 0 ? (sp.x2 - sp.x1) / full : 1;
  const uy = full > 0 ? (sp.y2 - sp.y1) / full : 0;
  // Hub end and host end of the visible segment.
  const hub: [number, number] = [sp.x1, sp.y1];
  const host: [number, number] = [sp.x1 + ux * len, sp.y1 + uy * len];
  const [a, b] = fromHost ? [host, hub] : [hub, host];
  const dx = fromHost ? -ux : ux;
  const dy = fromHost ? -uy : uy;
  return {
    fiber: false,
    delay,
    wavelengths: 0,
    ax: a[0],
    ay: a[1],
    bx: b[0],
    by: b[1],
    len,
    ux: dx,
    uy: dy,
    nx: -dy,
    ny: dx,
    controlOffset: 0,
    laneSpacing: 0,
    laneStride: 1,
    barWidth: 0,
    // Close to the thin spoke: the spokes of a fan are only a few degrees apart at their ends.
    packetOffset: 3 * s,
    spoke: true,
  };
}

/** Distance from the centre line of wavelength `lane` (0-based) of a fiber, px. */
export function laneOffset(g: LinkGeom, lane: number): number {
  return g.controlOffset + (Math.max(0, lane) + 1) * g.laneSpacing;
}

/**
 * The point `f` of the way along the link (0 = the near end of direction `dir`, 1 = the
 * far end), `offset` px to the right of the direction of travel.
 */
export function pointAt(g: LinkGeom, dir: number, f: number, offset: number): [number, number] {
  const d = g.len * f;
  if (dir === 1) {
    return [g.bx - g.ux * d - g.nx * offset, g.by - g.uy * d - g.ny * offset];
  }
  return [g.ax + g.ux * d + g.nx * offset, g.ay + g.uy * d + g.ny * offset];
}

/**
 * How far along its link something that leaves the near end at `tStart` is at `now`, as a
 * fraction of the propagation delay, clamped to [0, 1]. A zero delay is a step.
 */
export function fractionAlong(now: number, tStart: number, delay: number): number {
  if (!(delay > 0)) return now >= tStart ? 1 : 0;
  const f = (now - tStart) / delay;
  return f <= 0 ? 0 : f >= 1 ? 1 : f;
}

/**
 * A burst bar on its link at `now`: head and tail as fractions of the link (the head is
 * where its first bit is, the tail where its last bit is), clipped to the link, and at
 * least `minFraction` long when any of it is on the link (a shorter one is drawn that long
 * about its true middle, inside the link). Null when it is not on the link.
 */
export function barSpan(now: number, t0: number, t1: number, delay: number, minFraction: number): { head: number; tail: number } | null {
  const span = { head: 0, tail: 0 };
  return barSpanInto(span, now, t0, t1, delay, minFraction) ? span : null;
}

/** barSpan writing into `span` (no allocation in the per-frame loop); false when off the link. */
export function barSpanInto(
  span: { head: number; tail: number },
  now: number,
  t0: number,
  t1: number,
  delay: number,
  minFraction: number,
): boolean {
  if (now < t0) return false;
  if (delay > 0 ? now > t1 + delay : now > t1) return false;
  let head = fractionAlong(now, t0, delay);
  let tail = fractionAlong(now, t1, delay);
  if (head - tail < minFraction) {
    // Grown to the minimum about its true middle, so it moves at its true speed; kept on
    // the link: its head never passes the far end, its tail never the near one.
    const m = Math.min(1, minFraction);
    const middle = (head + tail) / 2;
    tail = Math.min(1 - m, Math.max(0, middle - m / 2));
    head = tail + m;
  }
  span.head = head;
  span.tail = tail;
  return true;
}
