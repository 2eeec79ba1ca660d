/**
 * Pure helpers for building scenarios in the editor: new nodes, links and flows with the
 * engine's defaults, fresh ids, the link kind two node kinds call for, and the immutable
 * removal of a node with everything that refers to it.
 */
import { defaultScenario, tcpSettings } from '@obs-tcp-sim/scenario';
import type { AssemblyOverrides, Flow, LinkKindName, NodeKind, ObsSettings, Scenario, ScenarioLink, ScenarioNode } from './scenarioTypes';

export const NODE_KINDS: NodeKind[] = ['host', 'router', 'edge', 'core'];

/** Id prefixes: H1, R1, E1, C1; links l1 (packet) / f1 (fiber); flows tcp1. */
export const NODE_PREFIX: Record<NodeKind, string> = { host: 'H', router: 'R', edge: 'E', core: 'C' };

/** The first `prefix<n>` (n = 1, 2, ...) not in `taken`. */
export function nextId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n++) {
    const id = `${prefix}${n}`;
    if (!used.has(id)) return id;
  }
}

const OPTICAL: ReadonlySet<NodeKind> = new Set(['edge', 'core']);

/**
 * The link kind the engine allows between two node kinds (docs/model.md §2): fiber joins
 * edge and core nodes only, packet links never touch a core node. Edge-edge could be
 * either; fiber is chosen (edges are the OBS network's ends). Null: no link can join them.
 */
export function linkKindFor(a: NodeKind, b: NodeKind): LinkKindName | null {
  if (OPTICAL.has(a) && OPTICAL.has(b)) return 'fiber';
  if (a === 'core' || b === 'core') return null;
  return 'packet';
}

/** Why two nodes cannot be linked, in words, or null if they can. */
export function whyNoLink(a: ScenarioNode, b: ScenarioNode): string | null {
  if (a.id === b.id) return 'A link joins two different nodes.';
  if (linkKindFor(a.kind, b.kind) === null) {
    const other = a.kind === 'core' ? b : a;
    return `A ${other.kind} cannot attach to a core node (a core node is optical): connect ${other.id} to an edge node.`;
  }
  return null;
}

/** The link kinds allowed between two node kinds (for the panel's kind choice). */
export function allowedLinkKinds(a: NodeKind, b: NodeKind): LinkKindName[] {
  const out: LinkKindName[] = [];
  if (a !== 'core' && b !== 'core') out.push('packet');
  if (OPTICAL.has(a) && OPTICAL.has(b)) out.push('fiber');
  return out;
}

/** A node added at the end of the node list (a new edge gets a traffic matrix row and column of 0: withEdgesKept). */
export function withNodeAdded(s: Scenario, node: ScenarioNode): Scenario {
  return withEdgesKept(s, { ...s, nodes: [...s.nodes, node] });
}

/**
 * A traffic matrix given as rows (docs/mesh.md) has a row and a column per edge node, in
 * their order: after an edit that adds, removes or re-kinds nodes, the edges that stay keep
 * their weights and a new edge gets 0 both ways.
 */
function withEdgesKept(before: Scenario, after: Scenario): Scenario {
  const matrix = after.traffic?.matrix;
  if (!after.traffic || !Array.isArray(matrix)) return after;
  const edges = (sc: Scenario) => sc.nodes.filter((n) => n.kind === 'edge').map((n) => n.id);
  const was = edges(before);
  const now = edges(after);
  if (was.length === now.length && was.every((id, i) => id === now[i])) return after;
  const at = new Map(was.map((id, i) => [id, i]));
  const weight = (a: string, b: string) => {
    const i = at.get(a);
    const j = at.get(b);
    return i === undefined || j === undefined ? 0 : (matrix[i]?.[j] ?? 0);
  };
  return { ...after, traffic: { ...after.traffic, matrix: now.map((a) => now.map((b) => weight(a, b))) } };
}

export function newNode(kind: NodeKind, id: string, x: number, y: number): ScenarioNode {
  const p = { id, x: round(x), y: round(y) };
  if (kind === 'core') return { ...p, kind, setupTime: 1e-7, fdl: { count: 0, unit: 1e-4 } };
  return { ...p, kind };
}

/** A link with the engine's usual values: Fast Ethernet access, 2 x 1.25 Gbit/s fiber. */
export function newLink(id: string, a: string, b: string, kind: LinkKindName): ScenarioLink {
  return kind === 'fiber'
    ? { id, a, b, kind, wavelengths: 2, rate: 1.25e9, delay: 1e-4, burstLoss: { data: 0, ack: 0 } }
    : { id, a, b, kind, rate: 1e8, delay: 1e-5, queue: 1000, loss: 0, arq: { retries: 0, retryDelay: 0 } };
}

/** Switches a link's kind, keeping what both kinds share (ends, rate, delay). */
export function withLinkKind(link: ScenarioLink, kind: LinkKindName): ScenarioLink {
  if (link.kind === kind) return link;
  const fresh = newLink(link.id, link.a, link.b, kind);
  return { ...fresh, delay: link.delay };
}

export function newFlow(id: string, src: string, dst: string): Flow {
  return {
    id,
    src,
    dst,
    count: 1,
    start: 0,
    tcp: tcpSettings({ mss: 512, maxWindow: 128 }),
    app: { kind: 'bulk' },
  };
}

export const DEFAULT_OBS: ObsSettings = {
  assembly: { policy: 'time', maxTime: 1e-3, maxBytes: 40000, minBytes: 0, queues: 'per-class' },
  reservation: 'jet',
  scheduling: 'lauc-vf',
  controlProcessing: 1e-5,
  offset: 'auto',
  burstLoss: { data: 0, ack: 0 },
};

/**
 * A new, empty scenario: no nodes, links or flows; the default scenario's run settings
 * (seed, duration, sampling) and the engine's usual OBS settings without injected loss,
 * so a network built from scratch loses bursts only where someone says so.
 */
export function blankScenario(): Scenario {
  return {
    version: defaultScenario.version,
    name: 'New scenario',
    seed: defaultScenario.seed,
    duration: defaultScenario.duration,
    sampleInterval: defaultScenario.sampleInterval,
    nodes: [],
    links: [],
    obs: structuredClone(DEFAULT_OBS),
    flows: [],
    background: [],
  };
}

/** What goes with a node when it is deleted: the links, flows and background sources naming it. */
export interface NodeDependents {
  links: string[];
  flows: string[];
  /** Background sources have no id: how many. */
  background: number;
}

export function dependentsOf(s: Scenario, id: string): NodeDependents {
  return {
    links: s.links.filter((l) => l.a === id || l.b === id).map((l) => l.id),
    flows: s.flows.filter((f) => f.src === id || f.dst === id).map((f) => f.id),
    background: s.background.filter((b) => b.src === id || b.dst === id).length,
  };
}

/**
 * What deleting a node takes with it, in words ("flows tcp1 and tcp2, link l1"), flows
 * first (they are what a class watches), or '' when nothing. `max` names per kind at most.
 */
export function dependentsText(d: NodeDependents, max = 4): string {
  const list = (ids: string[], one: string, many: string) =>
    ids.length === 0 ? '' : `${ids.length === 1 ? one : many} ${names(ids, max)}`;
  const parts = [
    list(d.flows, 'flow', 'flows'),
    list(d.links, 'link', 'links'),
    d.background === 0 ? '' : d.background === 1 ? 'a background source' : `${d.background} background sources`,
  ].filter(Boolean);
  return parts.join(', ');
}

/** "a", "a and b", "a, b and c", "a, b, c and 2 more". */
function names(ids: string[], max: number): string {
  const shown = ids.length > max ? [...ids.slice(0, max), `${ids.length - max} more`] : ids;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** Deleting a node as one edit: its name in the history says what went with it. */
export function deleteNodeEdit(s: Scenario, id: string): { label: string; apply: (s: Scenario) => Scenario; took: string } | null {
  const node = s.nodes.find((n) => n.id === id);
  if (!node) return null;
  const d = dependentsOf(s, id);
  const took = d.flows.length > 0 ? dependentsText({ ...d, links: [], background: 0 }) : '';
  return {
    label: `delete ${node.kind} ${id}${took ? ` with ${took}` : ''}`,
    apply: (sc) => removeNode(sc, id),
    took: dependentsText(d),
  };
}

/** Removes a node and the links, flows and background sources that refer to it (and an edge's traffic matrix row and column). */
export function removeNode(s: Scenario, id: string): Scenario {
  return withEdgesKept(s, {
    ...s,
    nodes: s.nodes.filter((n) => n.id !== id),
    links: s.links.filter((l) => l.a !== id && l.b !== id),
    flows: s.flows.filter((f) => f.src !== id && f.dst !== id),
    background: s.background.filter((b) => b.src !== id && b.dst !== id),
  });
}

/** Renames a node everywhere it is referred to. */
export function renameNode(s: Scenario, from: string, to: string): Scenario {
  const r = (id: string) => (id === from ? to : id);
  return {
    ...s,
    nodes: s.nodes.map((n) => (n.id === from ? { ...n, id: to } : n)),
    links: s.links.map((l) => (l.a === from || l.b === from ? { ...l, a: r(l.a), b: r(l.b) } : l)),
    flows: s.flows.map((f) => (f.src === from || f.dst === from ? { ...f, src: r(f.src), dst: r(f.dst) } : f)),
    background: s.background.map((b) => (b.src === from || b.dst === from ? { ...b, src: r(b.src), dst: r(b.dst) } : b)),
  };
}

/**
 * Changes a node's kind: core nodes gain setupTime and fdl, others lose them (and the
 * conversion, deflection and segmentation only cores and the assembly overrides only
 * edges may have); a traffic
 * matrix keeps a row and a column per edge; links that the new kind cannot keep
 * switch kind when another is allowed, else stay (and validation says why).
 */
export function withNodeKind(s: Scenario, id: string, kind: NodeKind): Scenario {
  const node = s.nodes.find((n) => n.id === id);
  if (!node || node.kind === kind) return s;
  const {
    setupTime: _s,
    fdl: _f,
    conversion: _c,
    deflection: _d,
    segmentation: _g,
    assembly: _a,
    ...base
  } = node as ScenarioNode & {
    setupTime?: number;
    fdl?: unknown;
    conversion?: unknown;
    deflection?: boolean;
    segmentation?: boolean;
    assembly?: AssemblyOverrides;
  };
  const next: ScenarioNode =
    kind === 'core'
      ? { ...base, kind, setupTime: 1e-7, fdl: { count: 0, unit: 1e-4 } }
      : kind === 'edge' && _a !== undefined
        ? { ...base, kind, assembly: _a }
        : { ...base, kind };
  const nodes = s.nodes.map((n) => (n.id === id ? next : n));
  const kindOf = new Map(nodes.map((n) => [n.id, n.kind]));
  const links = s.links.map((l) => {
    if (l.a !== id && l.b !== id) return l;
    const allowed = allowedLinkKinds(kindOf.get(l.a)!, kindOf.get(l.b)!);
    if (allowed.includes(l.kind) || allowed.length === 0) return l;
    return withLinkKind(l, allowed[0]);
  });
  return withEdgesKept(s, { ...s, nodes, links });
}

function round(v: number): number {
  return Math.round(v);
}
