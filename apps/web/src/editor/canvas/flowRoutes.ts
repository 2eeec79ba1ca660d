/**
 * The two routes of a selected flow group as the canvas draws them: its data route (src to
 * dst) and its ACK route (dst back to src), hop by hop, from the routes the engine reports
 * (SimState.routes, docs/engine-api.md "Routes"). Costs can make them differ (docs/routing.md
 * section 1), which is what the drawing is for.
 *
 * The engine's routes belong to the scenario it loaded, which lags the editor's while an
 * edit is being sent. A route is used only if it still fits the scenario drawn
 * (routes/engineRoutes.ts hopsOver): it starts and ends at the flow's nodes and every hop
 * is a link of the scenario between the two nodes the route names. Anything else (a
 * deleted link, a moved end, a flow renamed) draws nothing rather than a stale route.
 *
 * Each hop is drawn as a band on the right-hand side of its direction of travel (hopBand),
 * so on a link both routes cross, data and ACKs run on opposite sides.
 */
import { hopsOver, linksById, type FlowRoutesInIds, type RouteHop as LinkHop } from '../../routes/engineRoutes';

/** One link crossed, in the direction of travel. */
export interface RouteHop {
  link: string;
  from: string;
  to: string;
}

export interface FlowRouteHops {
  data: RouteHop[];
  ack: RouteHop[];
}

interface ScenarioLike {
  links: ReadonlyArray<{ id: string; a: string; b: string }>;
  flows: ReadonlyArray<{ id: string; src: string; dst: string }>;
}

/** The selected flow's routes, or null when the engine has none that fit the scenario drawn. */
export function flowRouteHops(scenario: ScenarioLike, routes: FlowRoutesInIds | null | undefined, flowId: string): FlowRouteHops | null {
  const flow = scenario.flows.find((f) => f.id === flowId);
  const entry = routes?.flows.find((r) => r.id === flowId);
  if (!flow || !entry) return null;
  const links = linksById(scenario.links);
  const data = hopsOver(entry.data, flow.src, flow.dst, links);
  const ack = hopsOver(entry.ack, flow.dst, flow.src, links);
  return data && ack ? { data: data.map(byId), ack: ack.map(byId) } : null;
}

const byId = (hop: LinkHop): RouteHop => ({ link: hop.link.id, from: hop.from, to: hop.to });

/** Whether the two routes cross different links (asymmetric costs): the legend says so. */
export function routesDiffer(r: FlowRouteHops): boolean {
  const data = new Set(r.data.map((h) => h.link));
  return r.ack.length !== r.data.length || r.ack.some((h) => !data.has(h.link));
}

/** One hop's band: its ends (past the node glyphs), offset to the right of travel. */
export interface HopBand {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Unit direction of travel. */
  ux: number;
  uy: number;
}

/**
 * The band of a hop from a (px) to b (px): cut `cutA` and `cutB` px short of the two node
 * centres and moved `offset` px to the right-hand side of travel (screen y points down, so
 * right of (ux, uy) is (-uy, ux)). Null when the nodes overlap on screen.
 */
export function hopBand(
  a: readonly [number, number],
  b: readonly [number, number],
  cutA: number,
  cutB: number,
  offset: number,
): HopBand | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (len <= cutA + cutB) return null;
  const ux = dx / len;
  const uy = dy / len;
  const nx = -uy * offset;
  const ny = ux * offset;
  return { x1: a[0] + ux * cutA + nx, y1: a[1] + uy * cutA + ny, x2: b[0] - ux * cutB + nx, y2: b[1] - uy * cutB + ny, ux, uy };
}
