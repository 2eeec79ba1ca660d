/**
 * Where a node placed from the keyboard goes (no pointer to say where): right of the node
 * added last when there is room (a line is built left to right), else the free spot of a
 * grid nearest the network's middle; always a node's room from every node, so the new
 * node never sits on another. The first node goes at the origin; the view refits after.
 */
import type { ScenarioNode } from './scenarioTypes';

/** Grid pitch and the room a node needs, in the scenario's coordinates (a fitted view scales them). */
export const SPOT_PITCH = 120;
const ROOM = 90;

export function freeSpot(nodes: ReadonlyArray<Pick<ScenarioNode, 'x' | 'y'>>): { x: number; y: number } {
  if (nodes.length === 0) return { x: 0, y: 0 };
  const free = (x: number, y: number) => nodes.every((n) => Math.hypot(n.x - x, n.y - y) >= ROOM);
  // A line is built left to right: right of the node added last, when there is room.
  const last = nodes[nodes.length - 1];
  if (free(last.x + SPOT_PITCH, last.y)) return { x: Math.round(last.x + SPOT_PITCH), y: Math.round(last.y) };
  const cx = nodes.reduce((s, n) => s + n.x, 0) / nodes.length;
  const cy = nodes.reduce((s, n) => s + n.y, 0) / nodes.length;
  // Rings of grid points around the middle, nearest first; the first ring with room wins.
  for (let ring = 0; ring < 64; ring++) {
    const found: Array<{ x: number; y: number; d: number }> = [];
    for (let i = -ring; i <= ring; i++) {
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        const x = Math.round(cx + i * SPOT_PITCH);
        const y = Math.round(cy + j * SPOT_PITCH);
        // Nearest first; then the same row; then to the right (a line is built left to right).
        if (free(x, y)) found.push({ x, y, d: Math.hypot(i, j) * 1000 + Math.abs(j) * 100 + (i < 0 ? 10 : 0) });
      }
    }
    if (found.length > 0) {
      const best = found.reduce((a, b) => (b.d < a.d ? b : a));
      return { x: best.x, y: best.y };
    }
  }
  const right = Math.max(...nodes.map((n) => n.x));
  return { x: right + SPOT_PITCH, y: cy };
}
