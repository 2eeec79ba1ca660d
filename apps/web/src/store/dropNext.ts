/**
 * "Drop next data burst" / "Drop next ACK burst": which edges form those bursts. A flow's
 * data bursts are formed by the first edge on its route from source to sink, its ACK
 * bursts by the first edge on the way back (routes as the engine makes them:
 * theory/bottleneck.ts routeOf). The live path `nodes[i].dropNext.data|ack` then makes
 * each of those edges lose its next burst of the class at the first core
 * (docs/deterministic-loss.md).
 */
import { routeOf, type RouteNetwork } from '../theory/bottleneck';

export type BurstClassName = 'data' | 'ack';

export interface DropScenario extends RouteNetwork {
  flows: readonly { src: string; dst: string }[];
}

/** Indices of the edge nodes that form this class of the flows' bursts, in node order. */
export function edgesForming(scenario: DropScenario, cls: BurstClassName): number[] {
  const index = new Map(scenario.nodes.map((n, i) => [n.id, i]));
  const found = new Set<number>();
  for (const flow of scenario.flows) {
    const [from, to] = cls === 'data' ? [flow.src, flow.dst] : [flow.dst, flow.src];
    const route = routeOf(scenario, from, to);
    if (!route) continue;
    const onTheWay = [from, ...route.map((hop) => hop.to)];
    const edge = onTheWay.find((id) => scenario.nodes[index.get(id)!]?.kind === 'edge');
    if (edge !== undefined) found.add(index.get(edge)!);
  }
  return [...found].sort((a, b) => a - b);
}

/** The live path that drops an edge's next burst of a class. */
export const dropNextPath = (node: number, cls: BurstClassName) => `nodes[${node}].dropNext.${cls}`;
