/**
 * "Drop next data burst" / "Drop next ACK burst": which edges form those bursts. A flow's
 * data bursts are formed where its data route enters the optical domain, its ACK bursts
 * where its ACK route does: the ingress edge of the first optical path of the route the
 * engine took (routes/engineRoutes.ts; costs and forced routes can send ACKs back through
 * another edge than the data came from, docs/routing.md). The live path
 * `nodes[i].dropNext.data|ack` then makes each of those edges lose its next burst of the
 * class at the first core (docs/deterministic-loss.md).
 *
 * Before the engine has loaded the scenario there are no routes to read: the answer says
 * so rather than guess which edges they would be.
 */
import type { EngineRoutes } from '@obs-tcp-sim/engine';
import { elementPath, splitElementPath } from '@obs-tcp-sim/scenario';
import { flowRoute, formingEdge, linksById, type LinkEnds } from '../routes/engineRoutes';

export type BurstClassName = 'data' | 'ack';

export interface DropScenario {
  nodes: readonly { id: string; kind: string }[];
  links: readonly LinkEnds[];
  flows: readonly { id: string; src: string; dst: string }[];
}

/** The edge nodes (indices, in node order) that form this class of the flows' bursts, or why they are not known. */
export type FormingEdges = { known: true; edges: number[] } | { known: false; reason: string };

export function edgesForming(scenario: DropScenario, routes: EngineRoutes | null | undefined, cls: BurstClassName): FormingEdges {
  const index = new Map(scenario.nodes.map((n, i) => [n.id, i]));
  const links = linksById(scenario.links);
  const found = new Set<number>();
  for (const flow of scenario.flows) {
    const read = flowRoute(scenario, routes, flow, cls, links);
    if (!read.ok) return { known: false, reason: read.reason };
    const edge = formingEdge(routes!, read.route.opticalPaths);
    const at = edge === null ? undefined : index.get(edge);
    if (at !== undefined && scenario.nodes[at].kind === 'edge') found.add(at);
  }
  return { known: true, edges: [...found].sort((a, b) => a - b) };
}

/** Why no button can drop a burst of this class: no edge forms one, or the routes are not known. */
export function whyNoEdgeForms(forming: FormingEdges, cls: BurstClassName): string | null {
  if (!forming.known) return `which edge forms the flows' ${cls === 'data' ? 'data' : 'ACK'} bursts is not known: ${forming.reason}`;
  return forming.edges.length === 0 ? `no edge node forms the flows' ${cls === 'data' ? 'data' : 'ACK'} bursts` : null;
}

/** The live path that drops an edge's next burst of a class. */
export const dropNextPath = (node: number, cls: BurstClassName) => elementPath('nodes', node, `dropNext.${cls}`);

/** The node index a drop-next path of this class names, or null for any other path. */
export function dropNextNode(path: string, cls: BurstClassName): number | null {
  const element = splitElementPath(path);
  return element?.list === 'nodes' && element.index !== null && element.field === `dropNext.${cls}` ? element.index : null;
}
