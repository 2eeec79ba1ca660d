/**
 * The network drawing's labels for a scenario in a view: the layout's input built from
 * the scenario (screen positions, the lanes' bands, the texts), then laid out.
 */
import { laneBandHalfWidth } from '../../topology/laneBand';
import { NODE_RADIUS } from '../../animation/style';
import { formatDelay } from '../../format';
import { apply, type ViewTransform } from '../fit';
import type { Scenario } from '../../scenario/scenarioTypes';
import { LINK_LABEL_MIN_LENGTH, linkCapacityText, neighboursOf, nodeLabelPlacement } from '../../topology/labelPlacement';
import { layoutLabels, type Box, type LabelLayout, type LayoutFan, type LayoutLink, type Measure } from './labelLayout';

export interface CanvasView {
  width: number;
  height: number;
  transform: ViewTransform;
  /** A box kept free in the top-right corner (the animation's legend), px. */
  reserve?: { width: number; height: number };
  selectedLink: string | null;
  /** Glyph scale (glyphScale.ts): glyphs, lanes and text are this much larger than at rest. */
  scale?: number;
  /** Text scale when larger than the glyphs' (labelLayout.ts). */
  textScale?: number;
  /** The lanes' scale (the animation's marks), when larger than the glyphs'. */
  markScale?: number;
}

/** `fans`: the fan glyphs drawn (topology/accessFan.ts, in the same pixels): their labels are laid out too. */
export function canvasLabels(
  scenario: Pick<Scenario, 'nodes' | 'links'>,
  view: CanvasView,
  measure: Measure,
  fans?: readonly LayoutFan[],
): LabelLayout {
  const { width, height, transform, reserve } = view;
  const s = view.scale ?? 1;
  const neighbours = neighboursOf(scenario.nodes, scenario.links);
  const byId = new Map(scenario.nodes.map((n) => [n.id, n]));
  const keepOut: Box[] = reserve ? [{ left: width - reserve.width, top: 0, right: width, bottom: reserve.height }] : [];
  const links: LayoutLink[] = [];
  for (const l of scenario.links) {
    const a = byId.get(l.a);
    const b = byId.get(l.b);
    if (!a || !b) continue;
    links.push({
      id: l.id,
      a: apply(transform, a.x, a.y),
      b: apply(transform, b.x, b.y),
      band: laneBandHalfWidth(l.kind, l.kind === 'fiber' ? l.wavelengths : 0, view.markScale ?? s),
      // The lanes stop where the glyphs end (animation/geometry.ts).
      inset: [(NODE_RADIUS[a.kind] ?? 16) * s + 2, (NODE_RADIUS[b.kind] ?? 16) * s + 2],
      capacity: linkCapacityText(l),
      delay: formatDelay(l.delay),
      selected: l.id === view.selectedLink,
    });
  }
  return layoutLabels({
    width,
    height,
    keepOut,
    measure,
    minLinkLength: LINK_LABEL_MIN_LENGTH * s,
    scale: s,
    textScale: view.textScale,
    nodes: scenario.nodes.map((n) => {
      const [x, y] = apply(transform, n.x, n.y);
      return { id: n.id, kind: n.kind, x, y, prefer: nodeLabelPlacement(n.x, n.y, neighbours.get(n.id) ?? [], s) };
    }),
    links,
    fans,
  });
}
