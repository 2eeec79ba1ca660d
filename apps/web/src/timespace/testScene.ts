/**
 * The scene the time-space tests draw (geometry.ts buildScene's input): a 600 × 400 px plot
 * at (100, 50), the outer columns 50 px in from its sides, words 8 px a character, and by
 * default the first 20 ms of the run with now at its end. A test patches what it is about.
 */
import type { Rect, SceneInput } from './geometry';
import type { PathSpec } from './pathSpec';
import type { BurstStory } from './timeSpaceModel';

export const TEST_PLOT: Rect = { left: 100, top: 50, width: 600, height: 400 };

export function testSceneInput(spec: PathSpec, stories: Iterable<BurstStory>, patch: Partial<SceneInput> = {}): SceneInput {
  return {
    spec,
    stories,
    from: 0,
    to: 0.02,
    now: 0.02,
    plot: TEST_PLOT,
    inset: 50,
    featured: -1,
    maxShown: 40,
    textPx: 16,
    measure: (t) => t.length * 8,
    labelBounds: { left: 0, top: TEST_PLOT.top, right: 800, bottom: TEST_PLOT.top + TEST_PLOT.height },
    ...patch,
  };
}
