/**
 * The animation overlay's contract with the network editor: what the editor hands the layer.
 * The editor (editor/overlay.ts) renders it absolutely positioned over its SVG, pointer-events
 * none, the same size as the SVG.
 */
import type { Scenario } from '@obs-tcp-sim/scenario';

export interface OverlayProps {
  /** The scenario drawn (the engine runs it; node positions may be newer than the engine's). */
  scenario: Scenario;
  /** Size of the drawing area in CSS pixels. */
  width: number;
  height: number;
  /** Scenario coordinates (nodes[i].x, y) to pixels in the drawing area, after fit, zoom and pan. */
  toScreen: (x: number, y: number) => [number, number];
  /**
   * Pixels per scenario unit (zoom included). The editor draws node glyphs at a fixed size,
   * so the layer sizes its lanes and marks by glyphScale and markScale and uses only toScreen
   * for positions.
   */
  scale: number;
  /** Size factor of the glyphs, labels and marks (editor/canvas/glyphScale.ts): 1 at rest. */
  glyphScale: number;
  /** Size factor of the lanes and the marks on them (at least glyphScale): the glyph scale before glyphs were kept apart. */
  markScale: number;
  /** The same mapping as d3-zoom's transform: px = k * x + tx. */
  transform: { k: number; x: number; y: number };
  /** Where the editor wrote its own text (node names, link labels), px: marks keep off it. */
  textBoxes?: ReadonlyArray<{ left: number; top: number; right: number; bottom: number }>;
}
