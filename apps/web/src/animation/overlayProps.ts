/**
 * The animation overlay's contract with the network editor: what the editor hands the layer.
 */
import type { Scenario } from '@obs-tcp-sim/scenario';

/**
 * What the editor hands the overlay. The editor renders it absolutely positioned over its
 * SVG, pointer-events none, the same size as the SVG.
 */
export interface OverlayProps {
  scenario: Scenario;
  /** CSS pixels. */
  width: number;
  height: number;
  /** Scenario node coordinates -> CSS pixels in the overlay, after fit, zoom and pan. */
  toScreen: (x: number, y: number) => [number, number];
  /**
   * Zoom factor (the editor passes its pixels per scenario unit). The editor draws node
   * glyphs at a fixed size, so the layer sizes its lanes and marks by that and uses only
   * toScreen for positions.
   */
  scale: number;
  /** Size factor of glyphs, lanes, marks and text (editor/canvas/glyphScale.ts). */
  glyphScale?: number;
  /** Size factor of lanes and marks (at least glyphScale). */
  markScale?: number;
}
