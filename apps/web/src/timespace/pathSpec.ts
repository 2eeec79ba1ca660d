/**
 * Which nodes the time-space diagram draws as columns, and which links join them: one of
 * the engine's optical paths (routes.opticalPaths, the ingress edge, its cores, the egress
 * edge), left to right. Events on a link between two adjacent columns are drawn between
 * them, left to right in the path's direction and right to left against it (ACK bursts
 * coming back the same way). Links with one end on a column and the other elsewhere are
 * where a deflected burst leaves the path or comes back to it.
 *
 * The routes are the engine's answer (docs/engine-api.md, "Routes"); this module only looks
 * up indices and the scenario's own numbers (delays, processing and set-up times).
 */
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import type { FlowRoutesInIds } from '../routes/engineRoutes';

/** What of the scenario the diagram reads (the controller types the scenario loosely). */
export interface TimeSpaceScenario {
  nodes?: ReadonlyArray<{ id: string; kind?: string; setupTime?: number }>;
  links?: ReadonlyArray<{ id: string; a: string; b: string; kind?: string; delay?: number }>;
  obs?: { controlProcessing?: number; reservation?: string };
}

export interface PathColumn {
  /** Index in scenario.nodes (the engine's node index). */
  node: number;
  id: string;
  kind: string;
  /** The switch's set-up time (cores), seconds. */
  setupTime: number;
}

export interface PathHop {
  /** Index in scenario.links. */
  link: number;
  id: string;
  /** The link's direction (0 a→b, 1 b→a) that runs left to right, from column i to i + 1. */
  forwardDir: 0 | 1;
  /** Propagation delay, seconds. */
  delay: number;
}

/** A link leaving the path: one end on column `column`, the other (`other`) off it. */
export interface SideLink {
  column: number;
  other: string;
  /** The direction (0 a→b, 1 b→a) that leaves the column. */
  awayDir: 0 | 1;
  delay: number;
}

export interface PathSpec {
  /** "E1>C1>E2": names the choice, stable across runs of the same network. */
  key: string;
  columns: PathColumn[];
  /** hops[i] joins columns[i] and columns[i + 1]. */
  hops: PathHop[];
  /** obs.controlProcessing, seconds: how long each core works on a BHP. */
  controlProcessing: number;
  /** obs.reservation: JET holds the wavelength from the burst's arrival, JIT from the BHP's processing. */
  reservation: 'jet' | 'jit';
  /** Link index → hop index, for the links between columns. */
  hopOfLink: ReadonlyMap<number, number>;
  /** Node index → column, for the path's nodes. */
  columnOfNode: ReadonlyMap<number, number>;
  /** Link index → how it leaves the path, for links with exactly one end on a column. */
  sideLinks: ReadonlyMap<number, SideLink>;
  /** The optical paths (routes.opticalPaths indices) that share a hop with this one. */
  crossingPaths: ReadonlySet<number>;
}

/** The engine's defaults where the scenario is silent (packages/scenario/src/schema/fields.ts). */
const DEFAULT_CONTROL_PROCESSING = 1e-5;

/** The columns and hops of the optical path with these node ids; null if the scenario lacks one. */
export function pathSpec(
  scenario: TimeSpaceScenario,
  nodeIds: readonly string[],
  routes?: Pick<EngineRoutes, 'opticalPaths'> | null,
): PathSpec | null {
  const nodes = scenario.nodes ?? [];
  const links = scenario.links ?? [];
  if (nodeIds.length < 2) return null;
  const nodeIndex = new Map(nodes.map((n, i) => [n.id, i]));
  const columns: PathColumn[] = [];
  for (const id of nodeIds) {
    const i = nodeIndex.get(id);
    if (i === undefined) return null;
    const n = nodes[i];
    columns.push({ node: i, id, kind: n.kind ?? 'core', setupTime: n.kind === 'core' ? (n.setupTime ?? 0) : 0 });
  }
  const hops: PathHop[] = [];
  const hopOfLink = new Map<number, number>();
  for (let h = 0; h + 1 < nodeIds.length; h++) {
    const [from, to] = [nodeIds[h], nodeIds[h + 1]];
    // The fiber between them (the engine routes over fibers only between edges and cores).
    const i = links.findIndex((l) => l.kind !== 'packet' && ((l.a === from && l.b === to) || (l.a === to && l.b === from)));
    if (i < 0) return null;
    const l = links[i];
    hops.push({ link: i, id: l.id, forwardDir: l.a === from ? 0 : 1, delay: l.delay ?? 0 });
    hopOfLink.set(i, h);
  }
  const columnOfNode = new Map(columns.map((c, k) => [c.node, k]));
  const columnOfId = new Map(columns.map((c, k) => [c.id, k]));
  const sideLinks = new Map<number, SideLink>();
  links.forEach((l, i) => {
    if (hopOfLink.has(i) || l.kind === 'packet') return;
    const ca = columnOfId.get(l.a);
    const cb = columnOfId.get(l.b);
    if ((ca === undefined) === (cb === undefined)) return; // none on the path, or a chord between two columns
    if (ca !== undefined) sideLinks.set(i, { column: ca, other: l.b, awayDir: 0, delay: l.delay ?? 0 });
    else sideLinks.set(i, { column: cb!, other: l.a, awayDir: 1, delay: l.delay ?? 0 });
  });
  const hopIds = new Set(hops.map((h) => h.id));
  const crossingPaths = new Set<number>();
  (routes?.opticalPaths ?? []).forEach((p, k) => {
    if (p.links.some((l) => hopIds.has(l))) crossingPaths.add(k);
  });
  return {
    key: nodeIds.join('>'),
    columns,
    hops,
    controlProcessing: scenario.obs?.controlProcessing ?? DEFAULT_CONTROL_PROCESSING,
    reservation: scenario.obs?.reservation === 'jit' ? 'jit' : 'jet',
    hopOfLink,
    columnOfNode,
    sideLinks,
    crossingPaths,
  };
}

/** One choice of the view's path picker. */
export interface PathOption {
  /** The path's key ("E1>C1>E2"). */
  value: string;
  /** "E1 → C1 → E2", with "and back" when the engine also uses the reverse path. */
  label: string;
  nodes: readonly string[];
}

/**
 * The optical paths the engine uses, each once: a path whose reverse is also used (the
 * ACK bursts of the same flow, usually) is one choice, drawn both ways.
 */
export function pathOptions(routes: Pick<EngineRoutes, 'opticalPaths'> | null | undefined): PathOption[] {
  const out: PathOption[] = [];
  const seen = new Map<string, PathOption>();
  for (const p of routes?.opticalPaths ?? []) {
    if (p.nodes.length < 2) continue;
    const key = p.nodes.join('>');
    if (seen.has(key)) continue;
    const back = seen.get([...p.nodes].reverse().join('>'));
    if (back) {
      if (!back.label.endsWith(' and back')) back.label += ' and back';
      seen.set(key, back);
      continue;
    }
    const option = { value: key, label: p.nodes.join(' → '), nodes: p.nodes };
    seen.set(key, option);
    out.push(option);
  }
  return out;
}

/** The option a path key belongs to (its own, or the one its reverse was folded into). */
export function optionFor(options: readonly PathOption[], key: string): PathOption | null {
  const reversed = key.split('>').reverse().join('>');
  return options.find((o) => o.value === key) ?? options.find((o) => o.value === reversed) ?? null;
}

/**
 * The optical path a flow's route crosses: the first of the engine's optical paths whose
 * nodes appear in a row in the flow's data route (or its ACK route). Null if the flow
 * crosses none (a flow over packet links only), or the flow is unknown.
 */
export function flowPath(
  routes: (Pick<EngineRoutes, 'opticalPaths'> & FlowRoutesInIds) | null | undefined,
  flowId: string,
  which: 'data' | 'ack' = 'data',
): string | null {
  const flow = routes?.flows.find((f) => f.id === flowId);
  if (!flow) return null;
  const route = flow[which].nodes;
  for (const p of routes!.opticalPaths) {
    if (containsRun(route, p.nodes)) return p.nodes.join('>');
  }
  return null;
}

function containsRun(route: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0 || run.length > route.length) return false;
  for (let i = 0; i + run.length <= route.length; i++) {
    let k = 0;
    while (k < run.length && route[i + k] === run[k]) k++;
    if (k === run.length) return true;
  }
  return false;
}

/** What the diagram draws: the picker's option, and the columns in the order asked for. */
export interface PathChoice {
  option: PathOption;
  /** Left to right: the asked path's own order (a flow's data direction), else the option's. */
  nodes: readonly string[];
}

/**
 * What to show: the path asked for (picked in the view, or the selected flow's), if the
 * engine uses it; else the first flow's data path; else the first path.
 */
export function choosePath(
  options: readonly PathOption[],
  routes: (Pick<EngineRoutes, 'opticalPaths'> & FlowRoutesInIds) | null | undefined,
  asked: string | null,
): PathChoice | null {
  const chosen = (key: string): PathChoice | null => {
    const option = optionFor(options, key);
    return option ? { option, nodes: key.split('>') } : null;
  };
  if (asked) {
    const c = chosen(asked);
    if (c) return c;
  }
  for (const f of routes?.flows ?? []) {
    const key = flowPath(routes, f.id);
    const c = key ? chosen(key) : null;
    if (c) return c;
  }
  return options[0] ? { option: options[0], nodes: options[0].nodes } : null;
}

/**
 * Where a flow's ACKs go when they do not come back along the path shown (paper 000:
 * data over C1, ACKs over C3): their own path's key, else null.
 */
export function ackPathElsewhere(
  routes: (Pick<EngineRoutes, 'opticalPaths'> & FlowRoutesInIds) | null | undefined,
  flowId: string,
  shown: readonly string[],
): string | null {
  const ack = flowPath(routes, flowId, 'ack');
  if (!ack) return null;
  const forward = shown.join('>');
  const backward = [...shown].reverse().join('>');
  return ack === forward || ack === backward ? null : ack;
}
