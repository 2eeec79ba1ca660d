/**
 * The fit of a narrow view (a phone, 360 px wide): at their rest size the glyphs of paper
 * 000's seven OBS nodes need about 500 px, so a fit that scales only the distances drew the
 * cores and edges on top of each other. Here the glyphs (and with them the labels and the
 * labels' room at the sides) shrink with the view, down to the smallest scale the drawing
 * allows, until no two glyphs touch at the fit.
 *
 * Only crowding the fit makes: a network whose glyphs already touch as placed (someone
 * built it so) keeps its glyphs at rest size, as uncrowdedScale does on a wide view.
 */
import type { ViewTransform } from '../fit';
import type { NodeKind, Scenario } from '../../scenario/scenarioTypes';
import { fitAround } from './fitAround';
import { crowdingLimit, GLYPH_SCALE_RANGE } from './glyphScale';
import { GLYPH_HALF } from './labelLayout';

type FitScenario = Pick<Scenario, 'nodes' | 'links'> & Partial<Pick<Scenario, 'flows'>>;

/** Each step down multiplies the scale by this: fine enough that the drawing stays as large as it can. */
const STEP = 0.95;

export interface UncrowdedFit {
  transform: ViewTransform;
  /** The glyph scale at this fit: `rest`, or less where the view is too small for it. */
  scale: number;
}

export function fitUncrowded(
  scenario: FitScenario,
  width: number,
  height: number,
  reserve: { width: number; height: number } | undefined,
  rest: number,
  /** The names' scale at rest, when larger than the glyphs' (presenter mode). */
  restText = rest,
): UncrowdedFit {
  const places = scenario.nodes.map((n) => ({ x: n.x, y: n.y, half: GLYPH_HALF[n.kind as NodeKind] }));
  let scale = rest;
  let transform = fitAround(scenario, width, height, reserve, scale, Math.max(scale, restText * (scale / rest)));
  // Crowded as placed (at 1:1): not the fit's doing, so not the fit's to undo.
  if (crowdingLimit(places, 1) < 1) return { transform, scale };
  const floor = GLYPH_SCALE_RANGE[0];
  while (crowdingLimit(places, transform.k) < scale && scale > floor) {
    scale = Math.max(floor, scale * STEP);
    transform = fitAround(scenario, width, height, reserve, scale, Math.max(scale, restText * (scale / rest)));
  }
  return { transform, scale };
}
