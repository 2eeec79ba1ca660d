// The reduced-load (Erlang) fixed point of an OBS network with full wavelength conversion
// at every core: each link-direction j is an Erlang loss system of K_j wavelengths, offered
// the bursts that survived the links before it on their routes (upstream thinning; a burst
// lost downstream still held the links before, which the load already counts). Links are
// taken to block independently (Kelly's approximation), which is what makes it a fixed
// point:
//
//   a_j = Σ_{r through j} A_r · h_rj · Π_{i before j on r} (1 − B_i),   B_j = ErlangB(K_j, a_j)
//
// h_rj = rate of r's first link / rate of j (the holding time scales as 1 / rate; 1 when
// all rates are equal). A route loses 1 − Π_{i on r} (1 − B_i); the network loss is the
// offered-weighted mean. Buffered link-directions (an edge's add hop, docs/mesh.md section
// 1) lose nothing: B = 0. Solved by repeated substitution from B = 0, damped whenever the
// largest change grows from one round to the next.
import { erlangB } from './erlang';
import type { LossNetwork } from './network';

export interface FixedPointOptions {
  /** Stop when no B changes by more than this in a round (default 1e-12). */
  tolerance?: number;
  /** Default 10,000. */
  maxIterations?: number;
}

export interface FixedPointResult {
  /** Per link-direction (the order of net.links): blocking and offered Erlangs. */
  linkBlocking: number[];
  linkOffered: number[];
  /** Per route (the order of net.routes). */
  routeLoss: number[];
  networkLoss: number;
  iterations: number;
  converged: boolean;
}

/** Routes as link indices with each hop's holding-time factor (rate of the first link / rate of the hop). */
export function compileRoutes(net: LossNetwork): { links: number[]; hold: number[] }[] {
  const index = new Map(net.links.map((l, i) => [l.key, i]));
  return net.routes.map((r) => {
    const links = r.links.map((k) => {
      const i = index.get(k);
      if (i === undefined) throw new Error(`route ${r.src} → ${r.dst} crosses "${k}", which the network lacks`);
      return i;
    });
    const first = net.links[links[0]]?.rate ?? 1;
    return { links, hold: links.map((i) => first / net.links[i].rate) };
  });
}

export function reducedLoadFixedPoint(net: LossNetwork, options: FixedPointOptions = {}): FixedPointResult {
  const tolerance = options.tolerance ?? 1e-12;
  const maxIterations = options.maxIterations ?? 10_000;
  const routes = compileRoutes(net);
  const n = net.links.length;
  let blocking = new Array<number>(n).fill(0);
  const offered = new Array<number>(n).fill(0);
  let damping = 0;
  let lastChange = Infinity;
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations++;
    offered.fill(0);
    net.routes.forEach((r, k) => {
      let survive = r.offered;
      routes[k].links.forEach((j, h) => {
        offered[j] += survive * routes[k].hold[h];
        survive *= 1 - blocking[j];
      });
    });
    const next = net.links.map((l, j) => (l.buffered ? 0 : damping * blocking[j] + (1 - damping) * erlangB(l.wavelengths, offered[j])));
    const change = Math.max(0, ...next.map((b, j) => Math.abs(b - blocking[j])));
    blocking = next;
    if (change <= tolerance) {
      converged = true;
      break;
    }
    if (change > lastChange) damping = Math.min(0.9, damping + 0.1);
    lastChange = change;
  }
  const routeLoss = routes.map((r) => 1 - r.links.reduce((pass, j) => pass * (1 - blocking[j]), 1));
  const total = net.routes.reduce((s, r) => s + r.offered, 0);
  const networkLoss = total > 0 ? net.routes.reduce((s, r, k) => s + r.offered * routeLoss[k], 0) / total : 0;
  return { linkBlocking: blocking, linkOffered: offered, routeLoss, networkLoss, iterations, converged };
}
