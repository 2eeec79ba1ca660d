// The network the analytic models and the loss-network simulation of this folder work on:
// directed link-directions, each with K wavelengths, and routes, each a list of
// link-direction keys offered a load in Erlangs. Built from a scenario (format v1 with the
// mesh fields of docs/mesh.md) and either the engine summary's `pairs` (section 4) or this
// module's own least-cost routes and traffic-matrix expansion (section 3), so theory can
// run before, and be checked against, the engine.
//
// Routes follow docs/routing.md section 1 exactly as wasm-core/src/net/route.cc computes
// them: least cost (a link's `cost`, number or {ab, ba}, else its delay), then fewest hops,
// then the predecessor settled first (labels settled in (cost, hops, node index) order, a
// label replaced only by a strictly smaller one), then the lowest link index; hosts never
// forward. Costs are summed hop by hop from the source in doubles, as the engine does.
//
// This router is a second one on purpose, and the only one outside the engine: the app
// reads every route it shows or reasons about from the engine (apps/web/src/routes/
// engineRoutes.ts), but this folder is the independent model the engine is checked
// against (mesh-theory-through-wasm.test.ts, validation/), so it must never call the
// engine for its routes: a fault shared by both would then go unseen. Where routes exist
// already (a summary's `pairs`), it takes them as given instead.
import { MinHeap } from './heap';

/** What a core can do to a burst's wavelength (docs/mesh.md section 1). */
export type Conversion = 'full' | 'none' | { range: number };

/** The fields of a scenario this folder reads: plain JSON, format v1 plus docs/mesh.md. */
export interface MeshScenario {
  nodes: { id: string; kind: string; conversion?: Conversion }[];
  links: {
    id: string;
    a: string;
    b: string;
    kind?: string;
    delay: number;
    rate?: number;
    wavelengths?: number;
    cost?: number | { ab?: number; ba?: number };
  }[];
  traffic?: { matrix?: 'uniform' | number[][]; load: number };
}

/** One entry of the engine summary's `pairs` (docs/mesh.md section 4): the fields used here. */
export interface SummaryPair {
  src: string;
  dst: string;
  route: string[];
  offeredErlangs: number;
}

/** One direction of a link: "linkId:ab" (a to b) or "linkId:ba". */
export interface LinkDirection {
  key: string;
  link: string;
  from: string;
  to: string;
  wavelengths: number;
  /** Bits per second per wavelength; a burst's holding time on it scales as 1 / rate. */
  rate: number;
  /**
   * The upstream node is an edge: it holds a burst until a wavelength is free (docs/mesh.md
   * section 1), so nothing is lost here. Loss happens only where a core switches a burst.
   */
  buffered: boolean;
  /** The last hop, core to egress edge: any free wavelength, whatever the core's conversion. */
  drop: boolean;
}

export interface Route {
  src: string;
  dst: string;
  /** Node ids, first to last. */
  nodes: string[];
  /** Link-direction keys in order. */
  links: string[];
  /** Offered Erlangs: arrivals per second times the mean holding time on the first link. */
  offered: number;
}

export interface LossNetwork {
  links: LinkDirection[];
  routes: Route[];
  /** Per node id; absent means "full". Applies to the link-directions leaving that node. */
  conversion: Record<string, Conversion>;
}

/** The key of link `id` taken from `from` (its end a) or from its end b. */
export const directionKey = (id: string, fromA: boolean): string => `${id}:${fromA ? 'ab' : 'ba'}`;

/** A link direction's cost (docs/routing.md section 1): `cost`, per direction or both, else the delay. */
export function directionCost(link: MeshScenario['links'][number], fromA: boolean): number {
  const c = link.cost;
  if (typeof c === 'number') return c;
  const own = fromA ? c?.ab : c?.ba;
  return own ?? link.delay;
}

/** The link-direction from one node to the next: least cost that way, ties to the lowest link index. */
export function hopKey(s: MeshScenario, from: string, to: string): string {
  let best = -1;
  let bestCost = 0;
  s.links.forEach((l, i) => {
    const fromA = l.a === from && l.b === to;
    if (!fromA && !(l.b === from && l.a === to)) return;
    const cost = directionCost(l, fromA);
    if (best < 0 || cost < bestCost) {
      best = i;
      bestCost = cost;
    }
  });
  if (best < 0) throw new Error(`no link from "${from}" to "${to}"`);
  return directionKey(s.links[best].id, s.links[best].a === from);
}

/**
 * Least-cost routes from each source to the destinations asked (node ids, src to dst), one
 * Dijkstra per distinct source, tie rules of docs/routing.md section 1. Throws if a pair has
 * no path.
 */
export function leastCostRoutes(s: MeshScenario, pairs: readonly (readonly [string, string])[]): string[][] {
  const index = new Map(s.nodes.map((n, i) => [n.id, i]));
  const adjacency: number[][] = s.nodes.map(() => []);
  s.links.forEach((l, i) => {
    adjacency[nodeIndex(index, l.a)].push(i);
    adjacency[nodeIndex(index, l.b)].push(i);
  });
  const trees = new Map<number, number[]>();
  return pairs.map(([src, dst]) => {
    const from = nodeIndex(index, src);
    const to = nodeIndex(index, dst);
    let tree = trees.get(from);
    if (!tree) trees.set(from, (tree = shortestPathTree(s, index, adjacency, from)));
    const path = [to];
    for (let v = to; v !== from;) {
      v = tree[v];
      if (v < 0) throw new Error(`no path from "${src}" to "${dst}"`);
      path.push(v);
    }
    return path.reverse().map((i) => s.nodes[i].id);
  });
}

function nodeIndex(index: Map<string, number>, id: string): number {
  const i = index.get(id);
  if (i === undefined) throw new Error(`unknown node "${id}"`);
  return i;
}

/** Predecessor of each node on its least-cost path from `src` (-1: none). */
function shortestPathTree(s: MeshScenario, index: Map<string, number>, adjacency: number[][], src: number): number[] {
  const n = s.nodes.length;
  const dist = new Array<number>(n).fill(Infinity);
  const hops = new Array<number>(n).fill(0);
  const via = new Array<number>(n).fill(-1);
  const done = new Array<boolean>(n).fill(false);
  type Label = [cost: number, hops: number, node: number];
  const heap = new MinHeap<Label>((x, y) => x[0] < y[0] || (x[0] === y[0] && (x[1] < y[1] || (x[1] === y[1] && x[2] < y[2]))));
  dist[src] = 0;
  heap.push([0, 0, src]);
  while (heap.size > 0) {
    const [d0, h0, u] = heap.pop() as Label;
    if (done[u] || d0 !== dist[u] || h0 !== hops[u]) continue;
    done[u] = true;
    if (u !== src && s.nodes[u].kind === 'host') continue; // hosts do not forward
    for (const li of adjacency[u]) {
      const l = s.links[li];
      const fromA = nodeIndex(index, l.a) === u;
      const v = nodeIndex(index, fromA ? l.b : l.a);
      if (done[v]) continue;
      const d = dist[u] + directionCost(l, fromA);
      const h = hops[u] + 1;
      if (d < dist[v] || (d === dist[v] && h < hops[v])) {
        dist[v] = d;
        hops[v] = h;
        via[v] = u;
        heap.push([d, h, v]);
      }
    }
  }
  return via;
}

/** A route over scenario nodes as link-direction keys. */
export const routeKeys = (s: MeshScenario, nodes: readonly string[]): string[] => nodes.slice(1).map((to, k) => hopKey(s, nodes[k], to));

/** The network of these routes: every link-direction some route crosses, in link order, ab before ba. */
export function buildNetwork(s: MeshScenario, routes: { src: string; dst: string; nodes: string[]; offered: number }[]): LossNetwork {
  const kindOf = new Map(s.nodes.map((n) => [n.id, n.kind]));
  const withKeys: Route[] = routes.map((r) => ({ ...r, links: routeKeys(s, r.nodes) }));
  const used = new Set(withKeys.flatMap((r) => r.links));
  const links: LinkDirection[] = [];
  for (const l of s.links) {
    for (const fromA of [true, false]) {
      const key = directionKey(l.id, fromA);
      if (!used.has(key)) continue;
      const from = fromA ? l.a : l.b;
      const to = fromA ? l.b : l.a;
      links.push({
        key,
        link: l.id,
        from,
        to,
        wavelengths: l.wavelengths ?? 1,
        rate: l.rate ?? 1,
        buffered: kindOf.get(from) === 'edge',
        drop: kindOf.get(from) === 'core' && kindOf.get(to) === 'edge',
      });
    }
  }
  const conversion: Record<string, Conversion> = {};
  for (const n of s.nodes) if (n.kind === 'core' && n.conversion !== undefined) conversion[n.id] = n.conversion;
  return { links, routes: withKeys, conversion };
}

/** The network the engine ran: its summary's `pairs` (routes and offered Erlangs). Pairs offered nothing are left out. */
export function networkFromSummary(s: MeshScenario, pairs: readonly SummaryPair[]): LossNetwork {
  return buildNetwork(
    s,
    pairs.filter((p) => p.offeredErlangs > 0).map((p) => ({ src: p.src, dst: p.dst, nodes: [...p.route], offered: p.offeredErlangs })),
  );
}

/** One ordered pair of edges of `traffic.matrix` with its weight. */
export interface MatrixEntry {
  src: string;
  dst: string;
  weight: number;
}

/** The pairs of `traffic.matrix` with a weight above 0, in row order (docs/mesh.md section 3). */
export function matrixEntries(s: MeshScenario): MatrixEntry[] {
  const edges = s.nodes.filter((n) => n.kind === 'edge').map((n) => n.id);
  const matrix = s.traffic?.matrix ?? 'uniform';
  const out: MatrixEntry[] = [];
  edges.forEach((src, i) =>
    edges.forEach((dst, j) => {
      const w = matrix === 'uniform' ? (i === j ? 0 : 1) : (matrix[i]?.[j] ?? 0);
      if (w > 0 && i !== j) out.push({ src, dst, weight: w });
    }),
  );
  return out;
}

/**
 * The network `traffic` offers (docs/mesh.md section 3): each pair of the matrix routed by
 * least cost and offered A_ij = scale · w_ij, the scale making `traffic.load` the mean, over
 * the core-to-core fiber directions some route crosses (every fiber direction crossed if
 * there is none), of the offered load per wavelength. `background` entries are not part of
 * it. Also returns the scale.
 */
export function networkFromTraffic(s: MeshScenario): { network: LossNetwork; scale: number } {
  if (!s.traffic) throw new Error('the scenario has no "traffic"');
  const entries = matrixEntries(s);
  const routes = leastCostRoutes(
    s,
    entries.map((e) => [e.src, e.dst] as const),
  );
  const unit = buildNetwork(
    s,
    entries.map((e, k) => ({ src: e.src, dst: e.dst, nodes: routes[k], offered: e.weight })),
  );
  const kindOf = new Map(s.nodes.map((n) => [n.id, n.kind]));
  const isFiber = new Map(s.links.map((l) => [l.id, (l.kind ?? 'fiber') === 'fiber']));
  const fiber = unit.links.filter((l) => isFiber.get(l.link));
  const coreToCore = fiber.filter((l) => kindOf.get(l.from) === 'core' && kindOf.get(l.to) === 'core');
  const counted = coreToCore.length > 0 ? coreToCore : fiber;
  const weightOn = new Map<string, number>();
  for (const r of unit.routes) for (const k of r.links) weightOn.set(k, (weightOn.get(k) ?? 0) + r.offered);
  const meanPerWavelength = counted.reduce((sum, l) => sum + (weightOn.get(l.key) ?? 0) / l.wavelengths, 0) / counted.length;
  const scale = counted.length > 0 && meanPerWavelength > 0 ? s.traffic.load / meanPerWavelength : 0;
  return { network: { ...unit, routes: unit.routes.map((r) => ({ ...r, offered: r.offered * scale })) }, scale };
}

/** The mean offered load per wavelength over these link-directions (ρ of docs/mesh.md section 3 when they are the counted ones). */
export function meanLoadPerWavelength(net: LossNetwork, keys: readonly string[]): number {
  const offered = new Map<string, number>();
  for (const r of net.routes) for (const k of r.links) offered.set(k, (offered.get(k) ?? 0) + r.offered);
  const byKey = new Map(net.links.map((l) => [l.key, l]));
  let sum = 0;
  for (const k of keys) sum += (offered.get(k) ?? 0) / (byKey.get(k)?.wavelengths ?? 1);
  return keys.length > 0 ? sum / keys.length : 0;
}

/**
 * Each edge's add hop: the Erlangs its routes offer it and the wavelengths it may use (all
 * of its fiber's, whatever the cores' conversion: the wavelength a burst keeps is chosen
 * at the first core, docs/mesh.md section 1). An edge holds bursts rather than lose them,
 * so where offered / usable reaches 1 its queue grows without bound and the loss models do
 * not describe the run.
 */
export function addHopLoads(net: LossNetwork): { key: string; offered: number; usable: number; utilisation: number }[] {
  const byKey = new Map(net.links.map((l) => [l.key, l]));
  const out = new Map<string, { key: string; offered: number; usable: number; utilisation: number }>();
  for (const r of net.routes) {
    const first = byKey.get(r.links[0]);
    if (!first?.buffered) continue;
    const usable = first.wavelengths;
    const e = out.get(first.key) ?? { key: first.key, offered: 0, usable, utilisation: 0 };
    e.offered += r.offered;
    e.usable = Math.min(e.usable, usable);
    e.utilisation = e.offered / e.usable;
    out.set(first.key, e);
  }
  return [...out.values()];
}

/**
 * Where the engine's summary `pairs` differ from this module's expansion of `traffic`
 * (routes and offered Erlangs, relative tolerance `tolerance`): one line per difference,
 * none when they agree. Pairs the summary has that `traffic` does not offer (TCP-only
 * paths, offered 0) are not differences.
 */
export function summaryDifferences(s: MeshScenario, pairs: readonly SummaryPair[], tolerance = 1e-9): string[] {
  const { network } = networkFromTraffic(s);
  const reported = new Map(pairs.map((p) => [`${p.src}>${p.dst}`, p]));
  const out: string[] = [];
  for (const r of network.routes) {
    const p = reported.get(`${r.src}>${r.dst}`);
    if (!p) {
      out.push(`${r.src} → ${r.dst}: not in the summary`);
      continue;
    }
    if (p.route.join() !== r.nodes.join())
      out.push(`${r.src} → ${r.dst}: route ${p.route.join(' ')} in the summary, ${r.nodes.join(' ')} here`);
    if (Math.abs(p.offeredErlangs - r.offered) > tolerance * Math.max(1, r.offered))
      out.push(`${r.src} → ${r.dst}: ${p.offeredErlangs} Erlangs in the summary, ${r.offered} here`);
  }
  const offered = new Set(network.routes.map((r) => `${r.src}>${r.dst}`));
  for (const p of pairs)
    if (p.offeredErlangs > 0 && !offered.has(`${p.src}>${p.dst}`)) out.push(`${p.src} → ${p.dst}: offered in the summary, not by traffic`);
  return out;
}
