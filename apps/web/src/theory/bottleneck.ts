/**
 * The bottleneck of a flow's data path: the route the engine took for it (its routes, read
 * by routes/engineRoutes.ts: least cost, forced routes, docs/routing.md; the app computes
 * no route of its own) and the link on it that carries the least. A packet link carries
 * its rate; a fiber link its rate per wavelength times its wavelengths (bursts of one flow
 * can be on several wavelengths at once).
 */
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { flowRoute, type RouteHop, type RouteRead } from '../routes/engineRoutes';

/** The parts of a scenario this needs (the Scenario type fits). */
export interface RouteNode {
  id: string;
  kind: string;
}
export interface RouteLink {
  id: string;
  a: string;
  b: string;
  kind: string;
  rate: number;
  wavelengths?: number;
}
export interface RouteNetwork {
  nodes: readonly RouteNode[];
  links: readonly RouteLink[];
}

/** What a link can carry in one direction, bit/s (0 when it cannot be said). */
export function linkCapacity(link: RouteLink): number {
  const rate = link.rate > 0 && Number.isFinite(link.rate) ? link.rate : 0;
  if (link.kind !== 'fiber') return rate;
  const w = link.wavelengths ?? 1;
  return Number.isInteger(w) && w > 0 ? rate * w : 0;
}

export interface Bottleneck {
  /** Capacity of the narrowest link, bit/s. */
  capacity: number;
  link: RouteLink;
  /** Direction along the route. */
  from: string;
  to: string;
}

/** The narrowest link of a route (the first of equals), or null when none has a capacity. */
export function narrowestLink(route: readonly RouteHop<RouteLink>[]): Bottleneck | null {
  let best: Bottleneck | null = null;
  for (const hop of route) {
    const capacity = linkCapacity(hop.link);
    if (!best || capacity < best.capacity) best = { capacity, ...hop };
  }
  return best && best.capacity > 0 ? best : null;
}

/**
 * The narrowest link of a flow group's data route as the engine took it (null when no link
 * on it has a capacity), or why the route is not known (no routes loaded yet, or those of
 * another scenario).
 */
export function bottleneckOf(
  net: RouteNetwork,
  routes: EngineRoutes | null | undefined,
  flow: { id: string; src: string; dst: string },
): RouteRead<Bottleneck | null> {
  const read = flowRoute(net, routes, flow, 'data');
  return read.ok ? { ok: true, route: narrowestLink(read.route.hops) } : read;
}

/** "2 × 1.25 Gbit/s" for a fiber, the rate for a packet link, for labels. */
export function describeLinkCapacity(link: RouteLink, rate: (bps: number) => string): string {
  return link.kind === 'fiber' ? `${link.wavelengths ?? 1} wavelengths × ${rate(link.rate)}` : rate(link.rate);
}
