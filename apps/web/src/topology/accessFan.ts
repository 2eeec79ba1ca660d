/**
 * The fan glyph of a flow group with `access` (docs/routing.md section 4). The engine gives
 * each of the group's N copies its own host and packet link hanging from the group's src
 * (or dst) node, but the scenario has no positions for them: the drawing stands for them
 * with one fan per side, a handful of spokes (never N) fanning away from the node on the
 * side its links leave free, a small host at each spoke's end, and a label saying how many
 * and how fast ("×320, 100 Mbit/s each").
 *
 * Pure and in screen pixels: hub and neighbour positions in, spokes and the label's anchor
 * out, the same for every render of the same drawing (no state, no randomness). The editor
 * draws it (EditorCanvas), the label layout keeps other text off it (labelLayout.ts), and the
 * animation runs the copies' packets along its spokes (copy k on spoke k mod spokes).
 */
import { formatRate } from '../format';

/** Spokes drawn at most, whatever the number of copies: enough to read as "many". */
export const FAN_MAX_SPOKES = 5;
/** Angle between the outer spokes of a fan of several, radians (70 degrees). */
export const FAN_SPREAD = (70 * Math.PI) / 180;
/** From the hub's centre to a spoke's host, px at glyph scale 1. */
export const FAN_REACH = 62;
/** Half the width and half the height of a spoke's small host, px at glyph scale 1. */
export const FAN_HOST_HALF = { w: 6, h: 4.5 };
/** From a spoke's host's centre to its fan's label, px at glyph scale 1. */
export const FAN_LABEL_GAP = FAN_HOST_HALF.w + 6;
/** Directions tried for a fan: every 15 degrees. */
const DIRECTIONS = 24;

export type AccessSide = 'src' | 'dst';

export interface FanInput {
  flowId: string;
  side: AccessSide;
  /** Copies in the group. */
  count: number;
  /** Each copy's access rate, bit/s. */
  rate: number;
  /** Centre of the node the copies' hosts hang from, px. */
  hub: readonly [number, number];
  /** Radius of the hub's glyph, px (spokes start past it). */
  hubRadius: number;
  /** Centres of the nodes the hub's links go to, px. */
  neighbours: ReadonlyArray<readonly [number, number]>;
  /** Directions already taken at this hub by fans placed before this one, radians. */
  taken?: readonly number[];
}

export interface Spoke {
  /** From the hub glyph's edge ... */
  x1: number;
  y1: number;
  /** ... to the centre of the spoke's small host, px. */
  x2: number;
  y2: number;
}

export interface FanLabel {
  text: string;
  /** The text's anchor point: x by `anchor`, y its vertical middle when `dy` is 0. */
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  /** -1: the text sits above y (its bottom at y); 1: below (its top at y); 0: centred on y. */
  dy: -1 | 0 | 1;
}

export interface Fan {
  /** `<flow id>:<side>`: one fan per group and side. */
  key: string;
  flowId: string;
  side: AccessSide;
  count: number;
  hub: readonly [number, number];
  /** Direction of the middle of the fan, radians, screen axes (y down). */
  angle: number;
  spokes: Spoke[];
  label: FanLabel;
}

/** "×320, 100 Mbit/s each"; a group of one: "own 100 Mbit/s access". */
export function fanLabelText(count: number, rate: number): string {
  return count > 1 ? `×${count}, ${formatRate(rate)} each` : `own ${formatRate(rate)} access`;
}

/** Spokes a group of `count` copies is drawn with. */
export function spokeCount(count: number): number {
  return Math.max(1, Math.min(FAN_MAX_SPOKES, Math.floor(count)));
}

/** The spoke copy `copy` of a group is drawn on (the animation runs its packets there). */
export function spokeOf(copy: number, count: number): number {
  return copy % spokeCount(count);
}

/** Smallest angle between two directions, radians (0 .. pi). */
function gap(a: number, b: number): number {
  const d = Math.abs(a - b) % (2 * Math.PI);
  return d > Math.PI ? 2 * Math.PI - d : d;
}

/**
 * Where a fan points: of 24 directions, the one furthest (by angle) from the hub's links
 * and from the fans already placed at the hub. Ties go to the direction opposite the links'
 * mean, then to the side data comes from (left for a source, right for a sink: the drawing
 * reads left to right), then to up. Only positions decide, so a fan stays put across
 * renders and moves only when its node or a neighbour does.
 */
export function fanDirection(
  hub: readonly [number, number],
  neighbours: ReadonlyArray<readonly [number, number]>,
  taken: readonly number[] = [],
  side: AccessSide = 'src',
): number {
  const used: number[] = [...taken];
  let mx = 0;
  let my = 0;
  for (const [x, y] of neighbours) {
    const dx = x - hub[0];
    const dy = y - hub[1];
    const len = Math.hypot(dx, dy);
    if (len === 0) continue;
    used.push(Math.atan2(dy, dx));
    mx += dx / len;
    my += dy / len;
  }
  const away = Math.hypot(mx, my) > 1e-6 ? Math.atan2(-my, -mx) : null;
  const reading = side === 'src' ? Math.PI : 0;
  const up = -Math.PI / 2;
  let best = 0;
  let bestKey: [number, number, number, number] | null = null;
  for (let i = 0; i < DIRECTIONS; i++) {
    const a = (i * 2 * Math.PI) / DIRECTIONS - Math.PI; // -180 .. 165 degrees
    let clear = Math.PI;
    for (const u of used) clear = Math.min(clear, gap(a, u));
    // Compared at a hundredth of a degree so sums of sines do not break ties.
    const key: [number, number, number, number] = [
      -Math.round(clear * 5729.6),
      away === null ? 0 : Math.round(gap(a, away) * 5729.6),
      Math.round(gap(a, reading) * 5729.6),
      Math.round(gap(a, up) * 5729.6),
    ];
    if (!bestKey || lessThan(key, bestKey)) {
      bestKey = key;
      best = a;
    }
  }
  return best;
}

function lessThan(p: readonly number[], q: readonly number[]): boolean {
  for (let i = 0; i < p.length; i++) if (p[i] !== q[i]) return p[i] < q[i];
  return false;
}

/** One fan's spokes and label anchor; `s` is the drawing's glyph scale (glyphScale.ts). */
export function fanGeometry(input: FanInput, s = 1): Fan {
  const [hx, hy] = input.hub;
  const angle = fanDirection(input.hub, input.neighbours, input.taken, input.side);
  const n = spokeCount(input.count);
  const reach = FAN_REACH * s;
  const start = Math.min(input.hubRadius + 2 * s, reach / 2);
  const spokes: Spoke[] = [];
  for (let j = 0; j < n; j++) {
    const a = n === 1 ? angle : angle + (j / (n - 1) - 0.5) * FAN_SPREAD;
    const ux = Math.cos(a);
    const uy = Math.sin(a);
    spokes.push({ x1: hx + ux * start, y1: hy + uy * start, x2: hx + ux * reach, y2: hy + uy * reach });
  }
  // Past the middle spoke's host, on the line the fan points along; the text's near edge
  // faces the fan (a left fan's label ends there, an upward one sits above it).
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const out = reach + FAN_LABEL_GAP * s;
  const x = hx + ux * out;
  const y = hy + uy * out;
  const sideways = Math.abs(ux) >= 0.5;
  const label: FanLabel = sideways
    ? { text: fanLabelText(input.count, input.rate), x, y, anchor: ux > 0 ? 'start' : 'end', dy: 0 }
    : { text: fanLabelText(input.count, input.rate), x, y, anchor: 'middle', dy: uy < 0 ? -1 : 1 };
  return {
    key: `${input.flowId}:${input.side}`,
    flowId: input.flowId,
    side: input.side,
    count: input.count,
    hub: input.hub,
    angle,
    spokes,
    label,
  };
}

export interface FanScenario {
  nodes: ReadonlyArray<{ id: string; x: number; y: number; kind: string }>;
  links: ReadonlyArray<{ a: string; b: string }>;
  flows: ReadonlyArray<{
    id: string;
    src: string;
    dst: string;
    count: number;
    access?: { src?: { rate: number }; dst?: { rate: number } };
  }>;
}

/**
 * Every fan of a scenario in a view, in flow order (src side before dst side): each hub's
 * fans take directions one after another, so two groups at one node fan apart.
 * `toScreen` maps scenario coordinates to px; `radius(kind)` is a glyph's radius in px.
 */
export function scenarioFans(
  scenario: FanScenario,
  toScreen: (x: number, y: number) => readonly [number, number],
  radius: (kind: string) => number,
  s = 1,
): Fan[] {
  const byId = new Map(scenario.nodes.map((n) => [n.id, n]));
  const around = new Map<string, Array<readonly [number, number]>>();
  for (const l of scenario.links) {
    const a = byId.get(l.a);
    const b = byId.get(l.b);
    if (!a || !b) continue;
    (around.get(a.id) ?? around.set(a.id, []).get(a.id)!).push(toScreen(b.x, b.y));
    (around.get(b.id) ?? around.set(b.id, []).get(b.id)!).push(toScreen(a.x, a.y));
  }
  const taken = new Map<string, number[]>();
  const fans: Fan[] = [];
  for (const f of scenario.flows) {
    for (const side of ['src', 'dst'] as const) {
      const spec = f.access?.[side];
      const node = byId.get(side === 'src' ? f.src : f.dst);
      if (!spec || !node) continue;
      const here = taken.get(node.id) ?? taken.set(node.id, []).get(node.id)!;
      const fan = fanGeometry(
        {
          flowId: f.id,
          side,
          count: Math.max(1, f.count),
          rate: spec.rate,
          hub: toScreen(node.x, node.y),
          hubRadius: radius(node.kind),
          neighbours: around.get(node.id) ?? [],
          taken: here,
        },
        s,
      );
      here.push(fan.angle);
      fans.push(fan);
    }
  }
  return fans;
}
