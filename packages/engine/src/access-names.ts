/**
 * The hosts and packet links the engine draws for a flow group's `access` (docs/routing.md
 * section 4), in the engine's order (wasm-core/src/net/topology.cc buildTopology): for
 * each flow group in scenario order that has access, for copy k = 0..count-1, the
 * source-side one (if access.src), then the sink-side one (if access.dst). Entry j is both
 * the drawn link `links.length + j` and the drawn host `nodes.length + j`, so the views can
 * name the indices visual events carry past the scenario's own nodes and links.
 */

export interface AccessFlowShape {
  id: string;
  src: string;
  dst: string;
  count?: number;
  access?: { src?: unknown; dst?: unknown };
}

export interface DrawnAccess {
  /** The host's and the link's id: "tcp#3.src", or "tcp.src" for a group of one copy. */
  id: string;
  /** The copy's id ("tcp#3", or "tcp"). */
  copy: string;
  /** The copy's number k in its group (0 to count - 1). */
  index: number;
  /** Index of the flow group in scenario.flows. */
  group: number;
  side: 'src' | 'dst';
  /** The group's node the host hangs from (its src or dst). */
  attach: string;
  /** The link's ends: the source side runs host -> attach (a -> b), the sink side attach -> host, so data crosses both in direction 0. */
  a: string;
  b: string;
}

/** A copy's id as the engine expands it (flowIdsJson): "tcp#3", or "tcp" when count is 1. */
export function copyId(group: string, count: number, k: number): string {
  return count === 1 ? group : `${group}#${k}`;
}

export function drawnAccess(flows: ReadonlyArray<AccessFlowShape>): DrawnAccess[] {
  const out: DrawnAccess[] = [];
  flows.forEach((f, group) => {
    const hasSrc = f.access?.src != null;
    const hasDst = f.access?.dst != null;
    if (!hasSrc && !hasDst) return;
    const count = f.count ?? 1;
    // A scenario the engine would refuse draws nothing; a stale one must not loop for ever.
    if (!Number.isInteger(count) || count < 1 || count > 100_000) return;
    for (let k = 0; k < count; k++) {
      const copy = copyId(f.id, count, k);
      if (hasSrc) out.push({ id: `${copy}.src`, copy, index: k, group, side: 'src', attach: f.src, a: `${copy}.src`, b: f.src });
      if (hasDst) out.push({ id: `${copy}.dst`, copy, index: k, group, side: 'dst', attach: f.dst, a: f.dst, b: `${copy}.dst` });
    }
  });
  return out;
}
