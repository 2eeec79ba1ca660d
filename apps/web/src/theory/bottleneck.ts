/**
 * The bottleneck of a flow's data path: the route the engine gives it (shortest by
 * propagation delay, wasm-core/src/net/route.cc) and the link on it that carries the least.
 * A packet link carries its rate; a fiber link its rate per wavelength times its
 * wavelengths (bursts of one flow can be on several wavelengths at once).
 */

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
  delay: number;
  wavelengths?: number;
}
export interface RouteNetwork {
  nodes: readonly RouteNode[];
  links: readonly RouteLink[];
}

export interface Hop {
  link: RouteLink;
  from: string;
  to: string;
}

/**
 * The engine's route from `src` to `dst`, or null when there is none. The same rule as
 * RoutingTable::shortestPathTree so ties go the same way: nodes settle in the order of
 * (delay, hops, node index); a node's hop is replaced only by a strictly smaller
 * (delay, hops); hosts other than the source forward nothing.
 */
export function routeOf(net: RouteNetwork, src: string, dst: string): Hop[] | null {
  const index = new Map(net.nodes.map((n, i) => [n.id, i]));
  const s = index.get(src);
  const d = index.get(dst);
  if (s === undefined || d === undefined || s === d) return null;
  const n = net.nodes.length;
  const adjacent: number[][] = Array.from({ length: n }, () => []);
  net.links.forEach((l, li) => {
    const a = index.get(l.a);
    const b = index.get(l.b);
    if (a === undefined || b === undefined) return;
    adjacent[a].push(li);
    adjacent[b].push(li);
  });
  const dist = new Array<number>(n).fill(Infinity);
  const hops = new Array<number>(n).fill(0);
  const via = new Array<number>(n).fill(-1);
  const from = new Array<number>(n).fill(-1);
  const done = new Array<boolean>(n).fill(false);
  dist[s] = 0;
  // The networks drawn here have tens of nodes: a scan for the next node is enough.
  for (;;) {
    let u = -1;
    for (let v = 0; v < n; v++) {
      if (done[v] || dist[v] === Infinity) continue;
      if (u < 0 || dist[v] < dist[u] || (dist[v] === dist[u] && hops[v] < hops[u])) u = v;
    }
    if (u < 0) break;
    done[u] = true;
    if (u !== s && net.nodes[u].kind === 'host') continue;
    for (const li of adjacent[u]) {
      const l = net.links[li];
      const v = index.get(l.a === net.nodes[u].id ? l.b : l.a)!;
      if (done[v]) continue;
      const dv = dist[u] + l.delay;
      const hv = hops[u] + 1;
      if (dv < dist[v] || (dv === dist[v] && hv < hops[v])) {
        dist[v] = dv;
        hops[v] = hv;
        via[v] = li;
        from[v] = u;
      }
    }
  }
  if (via[d] < 0) return null;
  const route: Hop[] = [];
  for (let v = d; v !== s; v = from[v]) route.push({ link: net.links[via[v]], from: net.nodes[from[v]].id, to: net.nodes[v].id });
  return route.reverse();
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

/** The narrowest link of the route from `src` to `dst` (the first of equals), or null. */
export function bottleneckOf(net: RouteNetwork, src: string, dst: string): Bottleneck | null {
  const route = routeOf(net, src, dst);
  if (!route || route.length === 0) return null;
  let best: Bottleneck | null = null;
  for (const hop of route) {
    const capacity = linkCapacity(hop.link);
    if (!best || capacity < best.capacity) best = { capacity, ...hop };
  }
  return best && best.capacity > 0 ? best : null;
}

/** "2 × 1.25 Gbit/s" for a fiber, the rate for a packet link, for labels. */
export function describeLinkCapacity(link: RouteLink, rate: (bps: number) => string): string {
  return link.kind === 'fiber' ? `${link.wavelengths ?? 1} wavelengths × ${rate(link.rate)}` : rate(link.rate);
}
