/**
 * Names of the things events point at by index: nodes and links of the scenario the
 * engine runs, and the expanded flow ids it reported. Shared by the event log and the
 * channel view; read defensively because a run may refer to indices a stale scenario does
 * not have (and ScenarioShape asks only for the fields it reads, so tests pass a sketch).
 *
 * Indices past the scenario's own nodes and links are the hosts and links the engine draws
 * for `access` (accessNames.ts): they are named "tcp#3.src" as the engine names them.
 */
import type { EngineRoutes } from './engine-module';
import { drawnAccess } from './access-names';

export interface ScenarioShape {
  nodes?: ReadonlyArray<{ id: string; kind?: string }>;
  links?: ReadonlyArray<{ id: string; a: string; b: string; kind?: string; wavelengths?: number }>;
  flows?: ReadonlyArray<{ id: string; src: string; dst: string; count?: number; access?: { src?: unknown; dst?: unknown } }>;
}

/** An optical path as the log and the channel view say it: its edges and the cores between. */
export interface OpticalPathWords {
  ingress: string;
  egress: string;
  /** Core nodes between the edges, in order; empty when the edges are joined directly. */
  via: string[];
  /** Every node, ingress to egress: "E1 → C1 → E2". */
  nodes: string[];
}

export interface Names {
  node(i: number): string;
  /** "f1" */
  link(i: number): string;
  /** Where a link direction goes: dir 0 = a -> b, dir 1 = b -> a. */
  linkFrom(i: number, dir: number): string;
  linkTo(i: number, dir: number): string;
  flow(i: number): string;
  /** The id of the scenario's flows[i] (a group of `count` copies): "tcp1". */
  flowGroup(i: number): string;
  /** Node index of the flow's sender (its source host; with access.src, the node its own host hangs from), -1 if unknown. */
  flowSource(i: number): number;
  /** Node indices at both ends of a link, [-1, -1] if unknown. */
  linkEnds(i: number): [number, number];
  /** The engine's optical path `i` (a BurstFormed event's `link`), null if unknown. */
  opticalPath(i: number): OpticalPathWords | null;
}

export function makeNames(
  scenario: ScenarioShape | null | undefined,
  flowIds: readonly string[],
  routes?: Pick<EngineRoutes, 'opticalPaths'> | null,
): Names {
  const flows = scenario?.flows ?? [];
  // The engine's lists: the scenario's own, then what `access` draws (same order).
  const drawn = drawnAccess(flows);
  const nodes = [...(scenario?.nodes ?? []), ...drawn.map((d) => ({ id: d.id, kind: 'host' }))];
  const links = [...(scenario?.links ?? []), ...drawn.map((d) => ({ id: d.id, a: d.a, b: d.b, kind: 'packet' }))];
  const nodeIndex = new Map(nodes.map((n, i) => [n.id, i]));
  const paths = routes?.opticalPaths ?? [];
  const end = (i: number, dir: number, far: boolean): string => {
    const l = links[i];
    if (!l) return `node ?`;
    return (dir === 1) !== far ? l.b : l.a;
  };
  return {
    node: (i) => nodes[i]?.id ?? `node ${i}`,
    link: (i) => links[i]?.id ?? `link ${i}`,
    linkFrom: (i, dir) => end(i, dir, false),
    linkTo: (i, dir) => end(i, dir, true),
    flow: (i) => flowIds[i] ?? `flow ${i}`,
    flowGroup: (i) => flows[i]?.id ?? `flows[${i}]`,
    flowSource: (i) => {
      const id = flowIds[i];
      if (id === undefined) return -1;
      const base = id.includes('#') ? id.slice(0, id.lastIndexOf('#')) : id;
      const f = flows.find((x) => x.id === base);
      // With access at the source side the copy sends from its own drawn host, which hangs
      // from f.src: the node the canvas shows (with the group's fan), so the one a focus
      // or a node filter should find.
      return f ? (nodeIndex.get(f.src) ?? -1) : -1;
    },
    linkEnds: (i) => {
      const l = links[i];
      if (!l) return [-1, -1];
      return [nodeIndex.get(l.a) ?? -1, nodeIndex.get(l.b) ?? -1];
    },
    opticalPath: (i) => {
      const p = paths[i];
      if (!p || p.nodes.length < 2) return null;
      return { ingress: p.ingress, egress: p.egress, via: p.nodes.slice(1, -1), nodes: p.nodes };
    },
  };
}
