import { fitTransform, type ViewTransform } from '../fit';
import type { Scenario } from '../types';
import { fitPadding } from './labels';

/**
 * The fit that draws the network largest, with room for the node labels and, if given, a
 * box kept free in the top-right corner: its width is given up on the right or its height
 * at the top, whichever leaves the network larger (a mesh gives up width, a line height).
 */
export function fitAround(
  scenario: Pick<Scenario, 'nodes' | 'links'>,
  width: number,
  height: number,
  reserve?: { width: number; height: number },
  /** Glyph scale at the fit (glyphScale.ts): larger glyphs and labels need more room. */
  s = 1,
): ViewTransform {
  const nodes = scenario.nodes;
  const padding = fitPadding(nodes, scenario.links, s);
  if (!reserve) return fitTransform(nodes, { width, height, padding });
  const beside = fitTransform(nodes, { width, height, padding: { ...padding, right: padding.right + reserve.width } });
  const below = fitTransform(nodes, { width, height, padding: { ...padding, top: padding.top + reserve.height } });
  return below.k > beside.k ? below : beside;
}

