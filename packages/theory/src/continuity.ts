// A computed approximation of burst loss WITHOUT full wavelength conversion: cores with
// "none" (wavelength continuity) or {range: d} (limited-range conversion), docs/mesh.md
// section 1. fixed-point.ts is the case where every core converts fully; this model gives
// the same numbers there.
//
// The model (Barry–Humblet-style independence, reduced-load fixed point with thinning):
//
// - The wavelength the burst keeps is picked uniformly at random among the free ones of the
//   first core's outgoing fiber (obs.wavelengthChoice "random", docs/mesh.md section 1), so
//   that fiber blocks like an Erlang loss system. The edge's add hop loses nothing and
//   restricts nothing (the edge holds a burst until one of its wavelengths frees). A route
//   whose first link is not an edge's (a hand-built network) picks on that first link.
// - Each link j holds N_j busy wavelengths, distributed as the truncated Poisson law of an
//   Erlang system whose mean equals the load carried on j (C_j, summed over routes after
//   thinning), and the busy set is a uniformly random subset of the K_j wavelengths,
//   independent across links. So a burst whose allowed set on j has n wavelengths is lost
//   with probability Σ_N P(N_j = N) · C(N, n) / C(K_j, n):
//     - "full" conversion (and the drop hop to the egress edge): n = K_j, all busy; taken as
//       Erlang-B of the link's thinned offered load, exactly fixed-point.ts (the law fitted
//       to the carried load gives the same fixed point but iterates badly near saturation,
//       where the carried load hardly moves with the offered), except on a link that other
//       bursts cross without conversion, where the fitted law is used;
//     - "none": n = 1, the occupancy C_j / K_j;
//     - {range: d}: n(w) = the wavelengths within ±d of w inside [0, K_j), averaged over w
//       uniform.
// - Correlation correction for "none": a burst on w found w free on every fiber it already
//   holds on w (from the first core on), so the bursts on j that also hold one of those
//   fibers cannot be on w. With T their carried load on j, the occupancy seen is
//   (C_j − T) / (K_j − T). This takes out most of the optimism of treating links as
//   independent for through traffic (without it, a two-hop route sharing both hops with
//   the same other route would see that route's bursts twice).
//
// What these assumptions do to the numbers:
// - First-fit at the edges (the engine's default) is not modelled: every edge starts at
//   wavelength 0, so bursts of different edges collide at the first core far more often
//   than random choice gives. The model is for "random"; loss-network-sim.ts measures both
//   (NSFNET, ρ = 0.3: 31.5 % random, 37.2 % first-fit at K = 8, 40.8 % at K = 16; the two
//   meet from ρ ≈ 0.6 on).
// - Independence across wavelengths: with first-fit or lowest-index conversion the low
//   wavelengths are busier than the high ones; uniform occupancy underestimates loss for
//   {range: d}, where the reachable set is contiguous and busy wavelengths cluster.
// - Independence across links beyond the correction: bursts that crossed the same earlier
//   fiber but are no longer on it, and the edges' holding (which shapes the arrival process
//   at the first core), are ignored. Net effect measured on NSFNET (K = 8 and 16, ρ 0.3 to
//   0.8, random choice): the model is 1 to 4 points of loss above the simulation (4 to 8 %).
// - The iteration may fail to settle at heavy load: `converged` and `residual` say so.
// - The range case has no correlation correction (only the incoming wavelength is known free
//   upstream): it leans towards overestimating loss on through traffic, while uniform
//   occupancy leans the other way. Measured on NSFNET (random choice, ρ 0.3 to 0.7, d = 1,
//   2, 4): against cores choosing LAUC (the backbone scenarios' scheduling) the model is
//   above by 5 to 25 % (relative); against cores choosing the lowest index, which packs
//   bursts into the low wavelengths, it is below by up to a factor 3 at d = 4, K = 16.
//   So it is an estimate for LAUC cores, to be checked against the simulation.
// - A route whose wavelength index is missing on a later link (fewer wavelengths there)
//   loses the share K_choice − K_j of its uniform choices, as the engine refuses it.
import { erlangB } from './erlang';
import type { LossNetwork } from './network';

export interface ContinuityOptions {
  /** Stop when no hop's pass probability changes by more than this in a round (default 1e-12). */
  tolerance?: number;
  /** Default 10,000. */
  maxIterations?: number;
}

export interface ContinuityResult {
  /** Per route, per hop: the probability the burst is lost at that hop given it reached it. */
  hopBlocking: number[][];
  /** Per link-direction: carried Erlangs (mean busy wavelengths) and the share lost there of the bursts reaching it. */
  linkCarried: number[];
  linkLoss: number[];
  routeLoss: number[];
  networkLoss: number;
  iterations: number;
  converged: boolean;
  /** The largest change of a pass probability in the last round (at most `tolerance` when converged). */
  residual: number;
}

type Hop =
  | { kind: 'edge' }
  | { kind: 'full' }
  | { kind: 'none'; share: number; correlated: { route: number; hop: number }[] }
  | { kind: 'range'; d: number };

export function continuityFixedPoint(net: LossNetwork, options: ContinuityOptions = {}): ContinuityResult {
  const tolerance = options.tolerance ?? 1e-12;
  const maxIterations = options.maxIterations ?? 10_000;
  const index = new Map(net.links.map((l, i) => [l.key, i]));
  const routes = net.routes.map((r) => {
    const links = r.links.map((k) => {
      const i = index.get(k);
      if (i === undefined) throw new Error(`route ${r.src} → ${r.dst} crosses "${k}", which the network lacks`);
      return i;
    });
    const first = net.links[links[0]];
    return { links, hold: links.map((i) => first.rate / net.links[i].rate) };
  });
  const K = net.links.map((l) => l.wavelengths);

  const hops: Hop[][] = routes.map((r, k) => {
    const first = net.links[r.links[0]];
    const chosenOn = first.buffered ? 1 : 0; // the hop whose wavelength the edge's rule picks
    const choice = chosenOn < r.links.length ? K[r.links[chosenOn]] : first.wavelengths;
    return r.links.map((j, h): Hop => {
      const l = net.links[j];
      if (l.buffered) return { kind: 'edge' };
      if (h === chosenOn || l.drop) return { kind: 'full' };
      const c = net.conversion[l.from] ?? 'full';
      if (c === 'full') return { kind: 'full' };
      if (c !== 'none') return { kind: 'range', d: c.range };
      return { kind: 'none', share: Math.min(1, K[j] / choice), correlated: correlatedWith(k, h) };
    });
  });

  // Routes s on link j of route k's hop h whose bursts there hold a fiber route k held before
  // h: at which hop of s to take their carried load (j's, or the first shared fiber after j).
  function correlatedWith(k: number, h: number): { route: number; hop: number }[] {
    const fromChoice = net.links[routes[k].links[0]].buffered ? 1 : 0; // the add hop is on another wavelength
    const upstream = new Set(routes[k].links.slice(fromChoice, h));
    const j = routes[k].links[h];
    const out: { route: number; hop: number }[] = [];
    routes.forEach((s, si) => {
      const at = s.links.indexOf(j);
      if (at < 0) return;
      const shared = s.links.map((x, p) => (upstream.has(x) ? p : -1)).filter((p) => p >= 0);
      if (shared.length === 0) return;
      const before = shared.some((p) => p < at);
      out.push({ route: si, hop: before ? at : Math.min(...shared.filter((p) => p > at)) });
    });
    return out;
  }

  let pass = routes.map((r) => r.links.map(() => 1));
  const carried = routes.map((r) => r.links.map(() => 0));
  const linkCarried = new Array<number>(net.links.length).fill(0);
  const linkOffered = new Array<number>(net.links.length).fill(0);
  const kindsOn = net.links.map(
    (_, j) => new Set(hops.flatMap((row, k) => row.filter((_, h) => routes[k].links[h] === j).map((hop) => hop.kind))),
  );
  // A link some bursts cross without full conversion: its occupancy is not an Erlang system's
  // of its offered load, so every hop on it reads the law fitted to its carried load.
  const mixed = kindsOn.map((kinds) => kinds.has('full') && (kinds.has('none') || kinds.has('range')));
  const needsLaw = kindsOn.map((kinds, j) => kinds.has('range') || mixed[j]);
  // Half the old value kept each round: a ring of "none" links swings from round to round
  // otherwise (more loss upstream, less load downstream, less loss, ...).
  let damping = 0.5;
  let lastChange = Infinity;
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations++;
    linkCarried.fill(0);
    linkOffered.fill(0);
    routes.forEach((r, k) => {
      let survive = net.routes[k].offered;
      r.links.forEach((j, h) => {
        linkOffered[j] += survive * r.hold[h];
        survive *= pass[k][h];
        carried[k][h] = survive * r.hold[h];
        linkCarried[j] += carried[k][h];
      });
    });
    const law = linkCarried.map((c, j) => (needsLaw[j] ? occupancyLaw(K[j], c) : []));
    const next = routes.map((r, k) =>
      r.links.map((j, h) => {
        const hop = hops[k][h];
        let blocking = 0;
        if (hop.kind === 'full') blocking = mixed[j] ? law[j][K[j]] : erlangB(K[j], linkOffered[j]);
        else if (hop.kind === 'range') blocking = rangeBlocking(law[j], K[j], hop.d);
        else if (hop.kind === 'none') {
          const t = hop.correlated.reduce((sum, x) => sum + carried[x.route][x.hop], 0);
          const q = K[j] - t > 0 ? (linkCarried[j] - t) / (K[j] - t) : 1;
          blocking = 1 - hop.share * (1 - Math.min(1, Math.max(0, q)));
        }
        return damping * pass[k][h] + (1 - damping) * (1 - blocking);
      }),
    );
    let change = 0;
    next.forEach((row, k) => row.forEach((p, h) => (change = Math.max(change, Math.abs(p - pass[k][h])))));
    pass = next;
    if (change <= tolerance) {
      converged = true;
      lastChange = change;
      break;
    }
    if (change >= 0.95 * lastChange) damping = Math.min(0.99, damping + 0.05);
    lastChange = change;
  }

  const reached = new Array<number>(net.links.length).fill(0);
  const lost = new Array<number>(net.links.length).fill(0);
  routes.forEach((r, k) => {
    let survive = net.routes[k].offered;
    r.links.forEach((j, h) => {
      reached[j] += survive;
      lost[j] += survive * (1 - pass[k][h]);
      survive *= pass[k][h];
    });
  });
  const routeLoss = pass.map((row) => 1 - row.reduce((a, p) => a * p, 1));
  const total = net.routes.reduce((s, r) => s + r.offered, 0);
  return {
    hopBlocking: pass.map((row) => row.map((p) => 1 - p)),
    linkCarried,
    linkLoss: reached.map((x, j) => (x > 0 ? lost[j] / x : 0)),
    routeLoss,
    networkLoss: total > 0 ? net.routes.reduce((s, r, k) => s + r.offered * routeLoss[k], 0) / total : 0,
    iterations,
    converged,
    residual: lastChange,
  };
}

/**
 * P(N = 0..K) busy wavelengths: the truncated Poisson law of the Erlang system whose mean
 * is `carried` (its parameter a solves a · (1 − ErlangB(K, a)) = carried, by bisection).
 */
export function occupancyLaw(k: number, carried: number): number[] {
  const law = (a: number): number[] => {
    const logs: number[] = [0];
    for (let n = 1; n <= k; n++) logs.push(logs[n - 1] + Math.log(a) - Math.log(n));
    const top = Math.max(...logs);
    const w = logs.map((x) => Math.exp(x - top));
    const sum = w.reduce((s, x) => s + x, 0);
    return w.map((x) => x / sum);
  };
  const mean = (p: number[]) => p.reduce((s, x, n) => s + x * n, 0);
  if (!(carried > 0)) return [1, ...new Array<number>(k).fill(0)];
  if (carried >= k * (1 - 1e-12)) return [...new Array<number>(k).fill(0), 1];
  let lo = 0;
  let hi = Math.max(1, 2 * k);
  while (mean(law(hi)) < carried) hi *= 2;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (mean(law(mid)) < carried) lo = mid;
    else hi = mid;
  }
  return law((lo + hi) / 2);
}

/** A burst on a uniform wavelength w, allowed w − d … w + d inside [0, K): the chance all are busy. */
function rangeBlocking(law: number[], k: number, d: number): number {
  // allBusy[n]: P(n given wavelengths are all busy) = Σ_N P(N) · C(N, n) / C(K, n).
  const allBusy = new Array<number>(k + 1).fill(0);
  for (let n = 1; n <= k; n++) {
    let s = 0;
    for (let N = n; N <= k; N++) {
      let ratio = 1;
      for (let i = 0; i < n; i++) ratio *= (N - i) / (k - i);
      s += law[N] * ratio;
    }
    allBusy[n] = s;
  }
  let sum = 0;
  for (let w = 0; w < k; w++) sum += allBusy[Math.min(k - 1, w + d) - Math.max(0, w - d) + 1];
  return sum / k;
}
