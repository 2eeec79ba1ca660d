import { apply, fitTransform, type ViewTransform } from '../fit';
import type { NodeKind, Scenario } from '../../scenario/scenarioTypes';
import { NODE_RADIUS } from '../../animation/style';
import { scenarioFans } from '../../topology/accessFan';
import { fitPadding, labelWidth } from '../../topology/labelPlacement';
import { fanCandidates, GLYPH_HALF, TEXT_H } from './labelLayout';
import { estimateWidth } from './textMeasure';
import { canvasLabels } from './canvasLabels';

/**
 * The fit that draws the network largest, with room for the node labels and, if given, a
 * box kept free in the top-right corner: its width is given up on the right or its height
 * at the top, whichever leaves the network larger (a mesh gives up width, a line height).
 *
 * The names of the nodes at the ends of a line go beside them by preference
 * (labelPlacement.ts), which keeps a label's width free at each side: on a projector, where
 * names are large, a line of five nodes took little more than half of its view's width,
 * with fibers of 45 px for the bursts to cross. So the fit with those names under their
 * nodes (the label layout's next choice, labelLayout.ts) is tried too, and kept when it
 * draws the network larger and the label layout does put those names under their nodes
 * (a column of hosts, or a link's own labels under it, keeps them beside).
 */
export function fitAround(
  scenario: Pick<Scenario, 'nodes' | 'links'> & Partial<Pick<Scenario, 'flows'>>,
  width: number,
  height: number,
  reserve?: { width: number; height: number },
  /** Glyph scale at the fit (glyphScale.ts): larger glyphs and labels need more room. */
  s = 1,
  /** Scale of the names, when larger than the glyphs' (presenter mode: glyphScale.ts networkScales). */
  textScale = s,
): ViewTransform {
  const nodes = scenario.nodes;
  const beside = fanPadding(scenario, fitPadding(nodes, scenario.links, s), s, textScale);
  const under = fanPadding(scenario, namesUnderPadding(nodes, s), s, textScale);
  const a = fitWithReserve(nodes, width, height, beside, reserve, s);
  const b = fitWithReserve(nodes, width, height, under, reserve, s);
  return b.k > a.k && namesLandUnder(scenario, b, width, height, reserve, s, textScale) ? b : a;
}

type Padding = { top: number; right: number; bottom: number; left: number };

function fitWithReserve(
  nodes: readonly { x: number; y: number }[],
  width: number,
  height: number,
  padding: Padding,
  reserve: { width: number; height: number } | undefined,
  s: number,
): ViewTransform {
  if (!reserve) return fitTransform(nodes, { width, height, padding });
  const beside = fitTransform(nodes, { width, height, padding: { ...padding, right: padding.right + reserve.width } });
  const below = fitTransform(nodes, { width, height, padding: { ...padding, top: padding.top + reserve.height } });
  // Below the box only where the glyphs stay in the view: a line (no height of its own)
  // always gains width there, and in a view as short as the open legend it was drawn past
  // the bottom edge.
  const lowest = Math.max(...nodes.map((n) => n.y)) * below.k + below.y;
  if (lowest + GLYPH_HALF.core.h * s > height) return beside;
  return below.k > beside.k ? below : beside;
}

/**
 * Room around the outermost nodes when every name goes under its node: at the sides half
 * the widest name of a node there or its glyph, whichever is wider; under, the glyph and a
 * line of text. The top keeps fitPadding's room (flashes and link labels go above).
 */
function namesUnderPadding(nodes: readonly { id: string; kind: string; x: number; y: number }[], s: number): Padding {
  const pad: Padding = { top: 36 * s, right: 20 * s, bottom: 50 * s, left: 20 * s };
  if (nodes.length === 0) return pad;
  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => n.y);
  const [minX, maxX, maxY] = [Math.min(...xs), Math.max(...xs), Math.max(...ys)];
  for (const n of nodes) {
    const half = GLYPH_HALF[n.kind as NodeKind] ?? GLYPH_HALF.edge;
    const side = Math.max(half.w * s, nameHalfWidth(n.id, s)) + 6;
    if (n.x === minX) pad.left = Math.max(pad.left, side);
    if (n.x === maxX) pad.right = Math.max(pad.right, side);
    if (n.y === maxY) pad.bottom = Math.max(pad.bottom, half.h * s + 4 + NAME_LINE_PX * s + 4);
  }
  return pad;
}

/** Networks larger than this keep their names beside: laying their labels out at each fit costs too much. */
const MAX_NODES_TRIED_UNDER = 24;

/**
 * Whether, drawn with `t`, the label layout (canvasLabels.ts, with estimated text widths)
 * puts the names of the outermost nodes, left and right, under them.
 */
function namesLandUnder(
  scenario: Pick<Scenario, 'nodes' | 'links'>,
  t: ViewTransform,
  width: number,
  height: number,
  reserve: { width: number; height: number } | undefined,
  s: number,
  textScale: number,
): boolean {
  const nodes = scenario.nodes;
  if (nodes.length === 0 || nodes.length > MAX_NODES_TRIED_UNDER) return false;
  const layout = canvasLabels(scenario, { width, height, transform: t, reserve, selectedLink: null, scale: s, textScale }, estimateWidth);
  const xs = nodes.map((n) => n.x);
  const [minX, maxX] = [Math.min(...xs), Math.max(...xs)];
  for (const n of nodes) {
    if (n.x !== minX && n.x !== maxX) continue;
    const placed = layout.nodes.get(n.id);
    const [x, y] = apply(t, n.x, n.y);
    if (!placed || placed.anchor !== 'middle' || placed.box.top < y || placed.box.left > x || placed.box.right < x) return false;
  }
  return true;
}

/**
 * Half a node name's width, px. Names may be drawn larger than the glyphs' scale (presenter
 * mode's text size: glyphScale.ts networkScales, up to a fifth larger at 720 lines): room
 * for that, or the label layout moves a name off its node towards the next one.
 */
function nameHalfWidth(id: string, s: number): number {
  return (labelWidth(id, s) * 1.25) / 2;
}

/** Height of a node's name at glyph scale 1, px (the label layout's line, with its halo). */
const NAME_LINE_PX = 20;

/**
 * More room on a side where a fan glyph (topology/accessFan.ts) at an outermost node points
 * out of the drawing: its spokes, hosts and label are px sized, whatever the zoom. Fans keep
 * their directions at any zoom (a fit only scales and moves), so they are found once at 1:1.
 * The label is text, drawn at the names' scale `ts` (presenter mode's is larger than the
 * glyphs'; at the glyphs' scale paper 003's "×80, 100 Mbit/s each" was cut at both edges of
 * a 730 px presenter view).
 */
function fanPadding(
  scenario: Pick<Scenario, 'nodes' | 'links'> & Partial<Pick<Scenario, 'flows'>>,
  pad: Padding,
  s: number,
  ts: number,
): Padding {
  if (!scenario.flows?.some((f) => f.access)) return pad;
  const out = { ...pad };
  const xs = scenario.nodes.map((n) => n.x);
  const ys = scenario.nodes.map((n) => n.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const fans = scenarioFans(
    { ...scenario, flows: scenario.flows },
    (x, y) => [x, y],
    (k) => (NODE_RADIUS[k] ?? 16) * s,
    s,
  );
  for (const fan of fans) {
    const [hx, hy] = fan.hub;
    // The fan's reach from its node, px: spoke ends, and the label past them.
    const spokes = { left: 0, right: 0, top: 0, bottom: 0 };
    for (const sp of fan.spokes) {
      spokes.left = Math.max(spokes.left, hx - sp.x2 + 10 * s);
      spokes.right = Math.max(spokes.right, sp.x2 - hx + 10 * s);
      spokes.top = Math.max(spokes.top, hy - sp.y2 + 10 * s);
      spokes.bottom = Math.max(spokes.bottom, sp.y2 - hy + 10 * s);
    }
    // The hub is the node at fan.hub (scenario units here): only an outermost one needs room.
    const outer = { left: hx === minX, right: hx === maxX, top: hy === minY, bottom: hy === maxY };
    const w = estimateWidth(fan.label.text, 'link') * ts;
    const h = TEXT_H.link * ts;
    // Room for the label where the layout puts it first, beside the fan. Where that is more
    // than the view has (a backbone's fan in presenter mode), the layout puts it over or under
    // the fan instead (fanCandidates), inside the view.
    const { box } = fanCandidates(fan.label, w, h, s)[0];
    const need: Padding = {
      left: outer.left ? Math.max(spokes.left, hx - box.left + 4) : 0,
      right: outer.right ? Math.max(spokes.right, box.right - hx + 4) : 0,
      top: outer.top ? Math.max(spokes.top, hy - box.top + 4) : 0,
      bottom: outer.bottom ? Math.max(spokes.bottom, box.bottom - hy + 4) : 0,
    };
    out.left = Math.max(out.left, need.left);
    out.right = Math.max(out.right, need.right);
    out.top = Math.max(out.top, need.top);
    out.bottom = Math.max(out.bottom, need.bottom);
  }
  return out;
}
