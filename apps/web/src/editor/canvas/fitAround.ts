import { fitTransform, type ViewTransform } from '../fit';
import type { Scenario } from '../../scenario/scenarioTypes';
import { NODE_RADIUS } from '../../animation/style';
import { scenarioFans } from '../../topology/accessFan';
import { fitPadding } from '../../topology/labelPlacement';
import { estimateWidth } from './textMeasure';

/**
 * The fit that draws the network largest, with room for the node labels and, if given, a
 * box kept free in the top-right corner: its width is given up on the right or its height
 * at the top, whichever leaves the network larger (a mesh gives up width, a line height).
 */
export function fitAround(
  scenario: Pick<Scenario, 'nodes' | 'links'> & Partial<Pick<Scenario, 'flows'>>,
  width: number,
  height: number,
  reserve?: { width: number; height: number },
  /** Glyph scale at the fit (glyphScale.ts): larger glyphs and labels need more room. */
  s = 1,
): ViewTransform {
  const nodes = scenario.nodes;
  const padding = fanPadding(scenario, fitPadding(nodes, scenario.links, s), s);
  if (!reserve) return fitTransform(nodes, { width, height, padding });
  const beside = fitTransform(nodes, { width, height, padding: { ...padding, right: padding.right + reserve.width } });
  const below = fitTransform(nodes, { width, height, padding: { ...padding, top: padding.top + reserve.height } });
  return below.k > beside.k ? below : beside;
}

type Padding = { top: number; right: number; bottom: number; left: number };

/**
 * More room on a side where a fan glyph (topology/accessFan.ts) at an outermost node points
 * out of the drawing: its spokes, hosts and label are px sized, whatever the zoom. Fans keep
 * their directions at any zoom (a fit only scales and moves), so they are found once at 1:1.
 */
function fanPadding(scenario: Pick<Scenario, 'nodes' | 'links'> & Partial<Pick<Scenario, 'flows'>>, pad: Padding, s: number): Padding {
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
    const w = estimateWidth(fan.label.text, 'link') * s;
    const h = 17 * s;
    // The fan's reach from its node, px: spoke ends, and the label past them.
    let left = 0;
    let right = 0;
    let top = 0;
    let bottom = 0;
    for (const sp of fan.spokes) {
      left = Math.max(left, hx - sp.x2 + 10 * s);
      right = Math.max(right, sp.x2 - hx + 10 * s);
      top = Math.max(top, hy - sp.y2 + 10 * s);
      bottom = Math.max(bottom, sp.y2 - hy + 10 * s);
    }
    const l = fan.label;
    const lx0 = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
    const ly0 = l.y + (l.dy * h) / 2 - h / 2;
    left = Math.max(left, hx - lx0 + 4);
    right = Math.max(right, lx0 + w - hx + 4);
    top = Math.max(top, hy - ly0 + 4);
    bottom = Math.max(bottom, ly0 + h - hy + 4);
    // The hub is the node at fan.hub (scenario units here): only an outermost one needs room.
    if (hx === minX) out.left = Math.max(out.left, left);
    if (hx === maxX) out.right = Math.max(out.right, right);
    if (hy === minY) out.top = Math.max(out.top, top);
    if (hy === maxY) out.bottom = Math.max(out.bottom, bottom);
  }
  return out;
}
