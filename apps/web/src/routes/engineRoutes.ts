/**
 * The engine's routes read against a scenario. The engine is the app's only router
 * (wasm-core/src/net/route.cc, docs/routing.md): what a view or a model needs to know of
 * a route (the links a flow's data crosses, the edge that forms its ACK bursts, the fibers
 * a background source offers its load to) comes from the routes it reports
 * (SimState.routes for the run on screen, a whole run's `routes`; docs/engine-api.md,
 * "Routes"), never from a second computation here, which could disagree with it (costs,
 * forced routes and ties included).
 *
 * Those routes belong to the scenario the engine loaded, which lags the one on screen while
 * an edit is on its way, and there are none before the first load. A route is used only
 * where it fits the scenario given: it runs between the nodes asked for and every hop is a
 * link of the scenario between the two nodes the route names. Anything else gives a
 * reason, in words a note can end with, rather than a route.
 */
import type { EngineRoutes, RouteIds } from '@obs-tcp-sim/engine';

/** The parts of a link a route is checked against (the scenario's links fit). */
export interface LinkEnds {
  id: string;
  a: string;
  b: string;
}

/** One link crossed, in the direction of travel. */
export interface RouteHop<L extends LinkEnds = LinkEnds> {
  link: L;
  from: string;
  to: string;
}

/**
 * What views that draw or name a flow group's two routes read of the engine's routes
 * (EngineRoutes fits): each group's data and ACK route in ids.
 */
export interface FlowRoutesInIds {
  flows: readonly { id: string; data: RouteIds; ack: RouteIds }[];
}

/** A route as hops, or why there is none to give. */
export type RouteRead<T> = { ok: true; route: T } | { ok: false; reason: string };

/** There are no routes yet: nothing loaded, or an engine that does not report them. */
export const NO_ROUTES_YET = 'the engine has not loaded this scenario yet, and only the engine computes routes';
/** The routes reported are of another scenario than the one asked about. */
export const ROUTES_OF_ANOTHER_SCENARIO = 'the engine’s routes are those of the scenario it loaded, not of this one (an edit on its way)';

interface FlowEnds {
  id: string;
  src: string;
  dst: string;
}

/** The route's hops over `links`, or null unless it runs from `from` to `to` over links joining the nodes it names. */
export function hopsOver<L extends LinkEnds>(
  route: RouteIds | undefined,
  from: string,
  to: string,
  links: ReadonlyMap<string, L>,
): RouteHop<L>[] | null {
  if (!route || !Array.isArray(route.nodes) || !Array.isArray(route.links)) return null;
  const { nodes } = route;
  if (nodes.length < 2 || route.links.length !== nodes.length - 1) return null;
  if (nodes[0] !== from || nodes[nodes.length - 1] !== to) return null;
  const out: RouteHop<L>[] = [];
  for (let i = 0; i < route.links.length; i++) {
    const link = links.get(route.links[i]);
    const [p, q] = [nodes[i], nodes[i + 1]];
    if (!link || !((link.a === p && link.b === q) || (link.a === q && link.b === p))) return null;
    out.push({ link, from: p, to: q });
  }
  return out;
}

/** The scenario's links by id, for hopsOver. */
export function linksById<L extends LinkEnds>(links: readonly L[]): Map<string, L> {
  return new Map(links.map((l) => [l.id, l]));
}

/** Which way of a flow group: its data (src to dst) or its ACKs (dst back to src). */
export type RouteDirection = 'data' | 'ack';

/**
 * The engine's route of one direction of a flow group, as hops over the scenario's links,
 * with the optical paths it takes (indices into routes.opticalPaths); or why there is none.
 */
export function flowRoute<L extends LinkEnds>(
  scenario: { links: readonly L[] },
  routes: EngineRoutes | null | undefined,
  flow: FlowEnds,
  direction: RouteDirection,
  links: ReadonlyMap<string, L> = linksById(scenario.links),
): RouteRead<{ hops: RouteHop<L>[]; opticalPaths: number[] }> {
  if (!routes) return { ok: false, reason: NO_ROUTES_YET };
  const entry = routes.flows.find((r) => r.id === flow.id)?.[direction];
  const [from, to] = direction === 'data' ? [flow.src, flow.dst] : [flow.dst, flow.src];
  const hops = hopsOver(entry, from, to, links);
  if (!entry || !hops || !Array.isArray(entry.opticalPaths)) return { ok: false, reason: ROUTES_OF_ANOTHER_SCENARIO };
  return { ok: true, route: { hops, opticalPaths: entry.opticalPaths } };
}

/**
 * The edge that forms a route's bursts: the ingress of the first optical path it takes
 * (later ones, after an edge in the middle, carry bursts that edge forms anew); null when
 * the route never enters the optical domain.
 */
export function formingEdge(routes: EngineRoutes, opticalPaths: readonly number[]): string | null {
  return opticalPaths.length > 0 ? (routes.opticalPaths[opticalPaths[0]]?.ingress ?? null) : null;
}

/** The engine's route of `background[index]` (its optical path), as hops over the scenario's links; or why there is none. */
export function backgroundRoute<L extends LinkEnds>(
  scenario: { links: readonly L[]; background?: readonly { src: string; dst: string }[] },
  routes: EngineRoutes | null | undefined,
  index: number,
): RouteRead<RouteHop<L>[]> {
  if (!routes) return { ok: false, reason: NO_ROUTES_YET };
  const source = scenario.background?.[index];
  const path = routes.background?.[index];
  const hops = source && path ? hopsOver(routes.opticalPaths[path.opticalPath], source.src, source.dst, linksById(scenario.links)) : null;
  return hops ? { ok: true, route: hops } : { ok: false, reason: ROUTES_OF_ANOTHER_SCENARIO };
}
