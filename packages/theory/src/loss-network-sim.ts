// An independent discrete-event simulation of the OBS loss network, written to check the
// analytic models of this folder (fixed-point.ts, continuity.ts) and, later, the engine;
// it shares no code with either. What it simulates:
//
// - Poisson burst arrivals per route, rate A_r (time in mean holding times on the route's
//   first link), exponential holding times, zero propagation and processing delay.
// - An arriving burst walks its route's links in order and takes one wavelength on each for
//   its holding time (scaled by the rate ratio on a link of another rate). A link with no
//   allowed free wavelength loses it; the wavelengths it took upstream stay held (OBS: a
//   burst lost mid-way still used the links before).
// - Allowed wavelengths on a link follow the conversion of its upstream node
//   (net.conversion; absent: "full"): "full" any; "none" the incoming one (an index the link
//   lacks is lost); {range: d} those within ±d of it, indices not wrapping. The core takes
//   the lowest index among the allowed free ones, or with coreChoice "lauc" the one freed
//   most recently (the latest available unused channel), lowest index on ties.
// - Where some core on the route lacks full conversion, the wavelength the burst keeps is
//   chosen by `wavelengthChoice` (first-fit: lowest free index; random: uniform among the
//   free ones) on the first link a core switches it onto: the first core's output after an
//   edge's add hop, else the route's first link. Elsewhere it is chosen as a core would. A
//   drop hop (core to egress edge) takes any free wavelength (docs/mesh.md section 1).
// - A buffered first link (an edge's add hop) never loses and is never restricted: the edge
//   takes its lowest free wavelength, or holds the burst until the first one frees, and the
//   burst starts its walk then.
//
// A wavelength is busy until a time; there are no departure events, only arrivals (all
// routes superposed, the route drawn by its share of the rate) and bursts an edge holds.
// Loss with 95 % confidence half-widths by batch means: the arrivals after a warm-up are
// cut into equal batches, each batch's loss ratio is one observation (Student t).
import { MinHeap } from './heap';
import type { LossNetwork } from './network';
import { Random } from './random';

export interface LossSimOptions {
  /** Arrivals simulated, warm-up included. */
  arrivals: number;
  seed: number;
  /** Share of the arrivals discarded at the start (default 0.05). */
  warmup?: number;
  /** Default 20. */
  batches?: number;
  /** How the first link chooses a wavelength on a path without full conversion (default "first-fit"). */
  wavelengthChoice?: 'first-fit' | 'random';
  /** How a core chooses among the allowed free wavelengths (default "lowest"). */
  coreChoice?: 'lowest' | 'lauc';
  /**
   * Bursts the edges may hold at once (default 100,000). More means some edge is offered
   * more than its usable wavelengths carry (its queue grows without bound): the run stops
   * there and says so (`overloaded`).
   */
  maxHeld?: number;
}

/** A loss estimate: bursts counted, lost, their ratio and its 95 % half-width. */
export interface Estimate {
  count: number;
  lost: number;
  loss: number;
  halfWidth: number;
}

export interface LossSimResult {
  /** Per route (net.routes order): arrivals and bursts lost anywhere on the route. */
  routes: Estimate[];
  /** Per link-direction (net.links order): bursts that wanted a wavelength there and those lost there. */
  links: Estimate[];
  network: Estimate;
  /** Simulated time, in mean holding times. */
  time: number;
  /** Bursts the edges held: their mean wait (mean holding times, over all arrivals) and those never sent by the end (not counted above). */
  edges: { meanWait: number; unsent: number };
  /** The edges' backlog passed maxHeld: the arrivals stopped there; some edge is overloaded. */
  overloaded: boolean;
}

const FULL = 0;
const NONE = 1;
const RANGE = 2;

interface Held {
  time: number;
  seq: number;
  route: number;
  wavelength: number;
  hold: number;
  batch: number;
}

export function simulateLossNetwork(net: LossNetwork, options: LossSimOptions): LossSimResult {
  const arrivals = Math.floor(options.arrivals);
  const batches = options.batches ?? 20;
  const warm = Math.floor((options.warmup ?? 0.05) * arrivals);
  const randomChoice = options.wavelengthChoice === 'random';
  const lauc = options.coreChoice === 'lauc';
  const rng = new Random(options.seed);

  const index = new Map(net.links.map((l, i) => [l.key, i]));
  const K = net.links.map((l) => l.wavelengths);
  const base: number[] = [];
  let total = 0;
  for (const k of K) {
    base.push(total);
    total += k;
  }
  const busy = new Float64Array(total);

  const routes = net.routes.map((r) => {
    const links = r.links.map((k) => index.get(k) as number);
    if (links.some((i) => i === undefined)) throw new Error(`route ${r.src} → ${r.dst} crosses a link the network lacks`);
    const mode = links.map((i) => {
      const l = net.links[i];
      const c = l.drop ? 'full' : (net.conversion[l.from] ?? 'full');
      return c === 'full' ? FULL : c === 'none' ? NONE : RANGE;
    });
    const reach = links.map((i) => {
      const c = net.conversion[net.links[i].from];
      return typeof c === 'object' ? c.range : 0;
    });
    // As the engine: the edge chooses by wavelengthChoice, among the first K, on a path whose
    // cores include one without full conversion, even one whose only hop there is the drop.
    const continuity = links.some((i, h) => h > 0 && (net.conversion[net.links[i].from] ?? 'full') !== 'full');
    const first = net.links[links[0]];
    return {
      links,
      mode,
      reach,
      continuity,
      // The hop whose wavelength the edge's rule picks (-1: none, all cores convert).
      choiceHop: !continuity ? -1 : first.buffered ? (links.length > 1 && !net.links[links[1]].drop ? 1 : -1) : 0,
      hold: links.map((i) => first.rate / net.links[i].rate),
      buffered: first.buffered,
    };
  });

  const R = routes.length;
  const L = net.links.length;
  const routeCount = new Float64Array(batches * R);
  const routeLost = new Float64Array(batches * R);
  const linkCount = new Float64Array(batches * L);
  const linkLost = new Float64Array(batches * L);

  const cumulative: number[] = [];
  let rateSum = 0;
  for (const r of net.routes) cumulative.push((rateSum += r.offered));
  if (!(rateSum > 0)) throw new Error('no route is offered any load');

  // The lowest-index (or LAUC) free wavelength of link j in [lo, hi], or -1.
  const coreFree = (j: number, lo: number, hi: number, now: number): number => {
    const b = base[j];
    let best = -1;
    for (let w = lo; w <= hi; w++) {
      const until = busy[b + w];
      if (until > now) continue;
      if (!lauc) return w;
      if (best < 0 || until > busy[b + best]) best = w;
    }
    return best;
  };

  // The edge's rule on link j: first-fit or random among its free wavelengths, or -1.
  const byRule = (j: number, now: number): number => {
    const b = base[j];
    if (!randomChoice) {
      for (let w = 0; w < K[j]; w++) if (busy[b + w] <= now) return w;
      return -1;
    }
    let free = 0;
    for (let w = 0; w < K[j]; w++) if (busy[b + w] <= now) free++;
    if (free === 0) return -1;
    let pick = rng.below(free);
    for (let w = 0; w < K[j]; w++) if (busy[b + w] <= now && pick-- === 0) return w;
    return -1;
  };

  // The burst of route k continues at hop `from` at time `now` on wavelength `w`.
  const walk = (k: number, from: number, now: number, w: number, hold: number, batch: number): void => {
    const r = routes[k];
    for (let h = from; h < r.links.length; h++) {
      const j = r.links[h];
      const kj = K[j];
      let next: number;
      if (h === r.choiceHop) next = byRule(j, now);
      else if (r.mode[h] === FULL) next = coreFree(j, 0, kj - 1, now);
      else if (r.mode[h] === NONE) next = w < kj && busy[base[j] + w] <= now ? w : -1;
      else next = coreFree(j, Math.max(0, w - r.reach[h]), Math.min(kj - 1, w + r.reach[h]), now);
      if (batch >= 0) linkCount[batch * L + j]++;
      if (next < 0) {
        if (batch >= 0) {
          linkLost[batch * L + j]++;
          routeLost[batch * R + k]++;
        }
        return;
      }
      busy[base[j] + next] = now + hold * r.hold[h];
      w = next;
    }
  };

  // The first link's choice: -1 if none of the allowed is free.
  const chooseFirst = (k: number, now: number): number => {
    const r = routes[k];
    const j = r.links[0];
    if (r.choiceHop === 0) return byRule(j, now);
    // A core picks as cores do; an edge's add hop takes its lowest free wavelength (the
    // engine's earliest start, lowest index on ties).
    if (!r.buffered) return coreFree(j, 0, K[j] - 1, now);
    const b = base[j];
    for (let w = 0; w < K[j]; w++) if (busy[b + w] <= now) return w;
    return -1;
  };

  const held = new MinHeap<Held>((x, y) => x.time < y.time || (x.time === y.time && x.seq < y.seq));
  const maxHeld = options.maxHeld ?? 100_000;
  let seq = 0;
  let now = 0;
  let waited = 0;
  let counted = 0;
  let overloaded = false;
  for (let n = 0; n < arrivals; n++) {
    if (held.size > maxHeld) {
      overloaded = true;
      break;
    }
    now += rng.exponential(1 / rateSum);
    for (let top = held.peek(); top && top.time <= now; top = held.peek()) {
      held.pop();
      walk(top.route, 1, top.time, top.wavelength, top.hold, top.batch);
    }
    const u = rng.uniform() * rateSum;
    let lo = 0;
    let hi = R - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    const k = lo;
    const hold = rng.exponential(1);
    const batch = n < warm ? -1 : Math.floor(((n - warm) * batches) / (arrivals - warm));
    if (batch >= 0) routeCount[batch * R + k]++;
    const r = routes[k];
    const j = r.links[0];
    const w = chooseFirst(k, now);
    counted++;
    if (batch >= 0) linkCount[batch * L + j]++;
    if (w >= 0) {
      busy[base[j] + w] = now + hold * r.hold[0];
      walk(k, 1, now, w, hold, batch);
    } else if (!r.buffered) {
      if (batch >= 0) {
        linkLost[batch * L + j]++;
        routeLost[batch * R + k]++;
      }
    } else {
      // The edge holds the burst until the first allowed wavelength frees (lowest index on ties).
      let first = 0;
      for (let v = 1; v < K[j]; v++) if (busy[base[j] + v] < busy[base[j] + first]) first = v;
      const start = busy[base[j] + first];
      busy[base[j] + first] = start + hold * r.hold[0];
      waited += start - now;
      held.push({ time: start, seq: seq++, route: k, wavelength: first, hold, batch });
    }
  }
  // Bursts still held at the end would start on an empty network: not counted.
  let unsent = 0;
  for (let top = held.pop(); top; top = held.pop()) {
    unsent++;
    if (top.batch < 0) continue;
    routeCount[top.batch * R + top.route]--;
    linkCount[top.batch * L + routes[top.route].links[0]]--;
  }

  return {
    routes: routes.map((_, k) => estimate(routeCount, routeLost, k, R, batches)),
    links: net.links.map((_, j) => estimate(linkCount, linkLost, j, L, batches)),
    network: estimate(sumRows(routeCount, R, batches), sumRows(routeLost, R, batches), 0, 1, batches),
    time: now,
    edges: { meanWait: counted > 0 ? waited / counted : 0, unsent },
    overloaded,
  };
}

function sumRows(a: Float64Array, width: number, rows: number): Float64Array {
  const out = new Float64Array(rows);
  for (let b = 0; b < rows; b++) for (let i = 0; i < width; i++) out[b] += a[b * width + i];
  return out;
}

/** Student t quantiles 0.975 for 1 to 30 degrees of freedom. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** Ratio estimate of column i over the batches, with the batch-means half-width. */
function estimate(count: Float64Array, lost: Float64Array, i: number, width: number, batches: number): Estimate {
  let n = 0;
  let x = 0;
  const ratios: number[] = [];
  for (let b = 0; b < batches; b++) {
    const c = count[b * width + i];
    const l = lost[b * width + i];
    n += c;
    x += l;
    if (c > 0) ratios.push(l / c);
  }
  const loss = n > 0 ? x / n : 0;
  let halfWidth = Infinity;
  if (ratios.length >= 2) {
    const mean = ratios.reduce((s, v) => s + v, 0) / ratios.length;
    const variance = ratios.reduce((s, v) => s + (v - mean) ** 2, 0) / (ratios.length - 1);
    const t = T975[ratios.length - 2] ?? 1.96;
    halfWidth = t * Math.sqrt(variance / ratios.length);
  }
  return { count: n, lost: x, loss, halfWidth };
}
