/**
 * Where the editor writes its own text under the animation: node names, and the capacity
 * and delay of links long enough to show them, as boxes in screen pixels. Labels drawn
 * over the network (a drop flash, the event picked in the log) keep off these, so
 * "injected (data)" never sits on "1 λ × 40 Gbit/s" and the log's pick never hides a
 * node's name.
 *
 * Mirrors EditorCanvas: the same placement (topology/labelPlacement.ts) and its font sizes
 * (styles.css: node names 16 px bold, link labels 14 px), with widths estimated from the
 * text length as the editor's own layout does.
 */
import type { Scenario } from '@obs-tcp-sim/scenario';
import { formatDelay } from '../format';
import {
  LINK_LABEL_MIN_LENGTH,
  labelWidth,
  linkCapacityText,
  linkLabelPoints,
  neighboursOf,
  nodeLabelPlacement,
} from '../topology/labelPlacement';

export interface TextBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Width of a 14 px link label per character, px (estimate). */
const LINK_CHAR_PX = 7.7;

export function editorTextBoxes(
  scenario: Pick<Scenario, 'nodes' | 'links'>,
  toScreen: (x: number, y: number) => [number, number],
  s = 1,
): TextBox[] {
  const boxes: TextBox[] = [];
  const around = neighboursOf(scenario.nodes, scenario.links);
  const screen = new Map<string, [number, number]>();
  for (const n of scenario.nodes) {
    const [x, y] = toScreen(n.x, n.y);
    screen.set(n.id, [x, y]);
    const p = nodeLabelPlacement(n.x, n.y, around.get(n.id) ?? [], s);
    const w = labelWidth(n.id, s);
    const at = x + p.dx;
    const left = p.anchor === 'end' ? at - w : p.anchor === 'middle' ? at - w / 2 : at;
    // Baseline at y + dy: the letters rise about 13 px above it.
    boxes.push({ left, right: left + w, top: y + p.dy - 13 * s, bottom: y + p.dy + 4 * s });
  }
  for (const link of scenario.links) {
    const a = screen.get(link.a);
    const b = screen.get(link.b);
    if (!a || !b || Math.hypot(b[0] - a[0], b[1] - a[1]) < LINK_LABEL_MIN_LENGTH) continue;
    const wavelengths = link.kind === 'fiber' ? link.wavelengths : 0;
    const points = linkLabelPoints(a[0], a[1], b[0], b[1], link.kind, wavelengths, s);
    const capacity = linkCapacityText(link);
    for (const [text, [x, y]] of [
      [capacity, points.capacity],
      [formatDelay(link.delay), points.delay],
    ] as const) {
      const half = (text.length * LINK_CHAR_PX * s) / 2;
      boxes.push({ left: x - half, right: x + half, top: y - 9 * s, bottom: y + 9 * s });
    }
  }
  return boxes;
}
