/**
 * A flow group's routes in words, from what the engine computed (SimState.routes,
 * docs/engine-api.md "Routes"), never recomputed here: "Server → E1 → C1 → E2 → Client".
 */
import type { FlowRoutesInIds } from '../../routes/engineRoutes';

export interface FlowRouteWords {
  data: string;
  ack: string;
  /** The ACK route takes no fiber link: ACKs return over packet links only. */
  acksOffCore: boolean;
}

export function flowRouteWords(
  routes: FlowRoutesInIds | null | undefined,
  flowId: string,
  links: ReadonlyArray<{ id: string; kind: string }>,
): FlowRouteWords | null {
  const r = routes?.flows.find((f) => f.id === flowId);
  if (!r || r.data.nodes.length < 2 || r.ack.nodes.length < 2) return null;
  const kind = new Map(links.map((l) => [l.id, l.kind]));
  return {
    data: r.data.nodes.join(' → '),
    ack: r.ack.nodes.join(' → '),
    acksOffCore: !r.ack.links.some((id) => kind.get(id) === 'fiber'),
  };
}
