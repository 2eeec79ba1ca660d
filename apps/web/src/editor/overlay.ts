/**
 * The slot for the animation drawn over the network (apps/web/src/animation, built
 * apart). The editor renders `overlay(props)` absolutely over its SVG, under its toolbar
 * and panel, with pointer-events: none, only while the engine runs what is drawn.
 */
import type { ReactNode } from 'react';
import type { Scenario } from '../scenario/scenarioTypes';

export interface OverlayProps {
  /** The scenario drawn (the engine runs it; node positions may be newer than the engine's). */
  scenario: Scenario;
  /** Size of the drawing area in CSS pixels. */
  width: number;
  height: number;
  /** Scenario coordinates (nodes[i].x, y) to pixels in the drawing area, after zoom and pan. */
  toScreen: (x: number, y: number) => [number, number];
  /** Pixels per scenario unit (zoom included). */
  scale: number;
  /** Size factor of the glyphs, labels and marks (canvas/glyphScale.ts): 1 at rest. */
  glyphScale: number;
  /** Size factor of the lanes and the marks on them: the glyph scale before glyphs were kept apart. */
  markScale: number;
  /** The same mapping as d3-zoom's transform: px = k * x + tx. */
  transform: { k: number; x: number; y: number };
  /** Where the editor wrote its own text (node names, link labels), px: marks keep off it. */
  textBoxes?: ReadonlyArray<{ left: number; top: number; right: number; bottom: number }>;
}

export type OverlayRenderer = (props: OverlayProps) => ReactNode;
