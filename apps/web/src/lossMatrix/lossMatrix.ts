/**
 * The loss matrix: the summary's `pairs` (docs/mesh.md section 4, one entry per optical
 * path) laid out as source edge × destination edge. Both axes list the same edges in the
 * order of the scenario's nodes, so a row and the column of the same name meet on the
 * diagonal. Two paths between the same edges (a flow with a forced route beside the
 * least-cost one) share a cell: their counts add up.
 */
import type { PairSummary } from '@obs-tcp-sim/scenario';
import type { SummaryLike } from '../sim/controller';

type Pair = NonNullable<SummaryLike['pairs']>[number];

export interface LossCell {
  src: string;
  dst: string;
  /** The paths' routes, node ids ingress to egress (more than one when paths share the edges). */
  routes: string[][];
  sent: number;
  delivered: number;
  dropped: PairSummary['dropped'];
  /** Erlangs offered by background and traffic sources on the cell's paths. */
  offeredErlangs: number;
  /** dropped / sent; null when nothing was sent (nothing to measure). */
  loss: number | null;
}

export interface LossMatrix {
  /** Edge ids, the rows' order and the columns'. */
  edges: string[];
  /** cells[i][j]: from edges[i] to edges[j]; null where no path runs. */
  cells: (LossCell | null)[][];
}

const n = (v: number | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The matrix of `pairs`, edges ordered as `nodeOrder` (the scenario's node ids); an edge
 * the order does not know (a stale scenario) goes last, in the order pairs name it.
 */
export function lossMatrix(pairs: readonly (Pair | undefined)[], nodeOrder: readonly string[]): LossMatrix {
  const known = pairs.filter((p): p is Pair & { src: string; dst: string } => typeof p?.src === 'string' && typeof p?.dst === 'string');
  const named = new Set<string>();
  for (const p of known) named.add(p.src).add(p.dst);
  const rank = (id: string) => {
    const i = nodeOrder.indexOf(id);
    return i < 0 ? Infinity : i;
  };
  const appearance = [...named];
  const edges = appearance.sort((a, b) => rank(a) - rank(b) || appearance.indexOf(a) - appearance.indexOf(b));
  const at = new Map(edges.map((e, i) => [e, i]));
  const cells: (LossCell | null)[][] = edges.map(() => edges.map(() => null));
  for (const p of known) {
    const i = at.get(p.src)!;
    const j = at.get(p.dst)!;
    const cell = (cells[i][j] ??= {
      src: p.src,
      dst: p.dst,
      routes: [],
      sent: 0,
      delivered: 0,
      dropped: { injected: 0, contention: 0, late: 0 },
      offeredErlangs: 0,
      loss: null,
    });
    if (Array.isArray(p.route)) cell.routes.push(p.route.filter((x): x is string => typeof x === 'string'));
    cell.sent += n(p.sent);
    cell.delivered += n(p.delivered);
    cell.dropped.injected += n(p.dropped?.injected);
    cell.dropped.contention += n(p.dropped?.contention);
    cell.dropped.late += n(p.dropped?.late);
    cell.offeredErlangs += n(p.offeredErlangs);
  }
  for (const row of cells)
    for (const c of row) if (c && c.sent > 0) c.loss = (c.dropped.injected + c.dropped.contention + c.dropped.late) / c.sent;
  return { edges, cells };
}

/** All bursts dropped over all pairs, for the caption: null when none were sent. */
export function overallLoss(m: LossMatrix): number | null {
  let sent = 0;
  let dropped = 0;
  for (const row of m.cells)
    for (const c of row)
      if (c) {
        sent += c.sent;
        dropped += c.dropped.injected + c.dropped.contention + c.dropped.late;
      }
  return sent > 0 ? dropped / sent : null;
}

/**
 * How many pairs of edges, direction aside, the optical paths join. A single TCP flow
 * already has two paths (its data one way, its ACKs back) but only one pair: a loss matrix
 * has something to compare from two pairs on (App.tsx shows its tab then).
 */
export function edgePairsJoined(paths: ReadonlyArray<readonly [string | undefined, string | undefined]>): number {
  const seen = new Set<string>();
  for (const [a, b] of paths) if (a !== undefined && b !== undefined) seen.add(a < b ? `${a}\n${b}` : `${b}\n${a}`);
  return seen.size;
}
