/**
 * Fits the scenario's node coordinates into a view box, keeping the aspect ratio so a
 * drawing made in an editor keeps its shape. D3 computes the positions; the React
 * component only renders them.
 */
import { extent, scaleLinear } from 'd3';

export type NodeKind = 'host' | 'router' | 'edge' | 'core';
export type LinkKind = 'packet' | 'fiber';

/** The scenario fields the topology view reads (DESIGN.md §3). */
export interface TopologyNode {
  id: string;
  kind: NodeKind;
  x: number;
  y: number;
}
export interface TopologyLink {
  id: string;
  a: string;
  b: string;
  kind: LinkKind;
  rate: number;
  delay: number;
  wavelengths?: number;
}
export interface Topology {
  nodes: readonly TopologyNode[];
  links: readonly TopologyLink[];
}

export interface PlacedNode extends TopologyNode {
  px: number;
  py: number;
}
export interface PlacedLink extends TopologyLink {
  from: PlacedNode;
  to: PlacedNode;
}
export interface Layout {
  nodes: PlacedNode[];
  links: PlacedLink[];
}

export interface Box {
  width: number;
  height: number;
  /** Room kept free around the outermost nodes for their shapes and labels. */
  padding: number;
}

export function layoutTopology(topology: Topology, box: Box): Layout {
  const [x0 = 0, x1 = 0] = extent(topology.nodes, (n) => n.x);
  const [y0 = 0, y1 = 0] = extent(topology.nodes, (n) => n.y);
  const innerW = Math.max(1, box.width - 2 * box.padding);
  const innerH = Math.max(1, box.height - 2 * box.padding);
  // One scale factor for both axes; a zero extent (all nodes in a row) must not blow up.
  const spanX = x1 - x0;
  const spanY = y1 - y0;
  const k = Math.min(spanX > 0 ? innerW / spanX : Infinity, spanY > 0 ? innerH / spanY : Infinity);
  const factor = Number.isFinite(k) ? k : 1;
  // Centre the drawing in the box.
  const offX = box.padding + (innerW - spanX * factor) / 2;
  const offY = box.padding + (innerH - spanY * factor) / 2;
  const sx = scaleLinear().domain([x0, x0 + 1]).range([offX, offX + factor]);
  const sy = scaleLinear().domain([y0, y0 + 1]).range([offY, offY + factor]);

  const nodes = topology.nodes.map((n) => ({ ...n, px: sx(n.x), py: sy(n.y) }));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const links: PlacedLink[] = [];
  for (const link of topology.links) {
    const from = byId.get(link.a);
    const to = byId.get(link.b);
    // A link to an unknown node is a scenario error the engine reports; skip drawing it.
    if (from && to) links.push({ ...link, from, to });
  }
  return { nodes, links };
}
