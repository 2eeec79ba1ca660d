/**
 * The engine's drawn access links (docs/routing.md section 4) as the animation shows them.
 *
 * A flow group with `access` gets one host and one packet link per copy and side, after
 * the scenario's own nodes and links in the engine's lists, in this order (net/topology.cc
 * buildTopology): for each group in scenario order that has access, for copy k = 0..count-1,
 * the source-side link (if access.src) then the sink-side link (if access.dst); hosts
 * likewise, one per drawn link. Visual events on them carry those indices.
 *
 * The editor draws each group and side as one fan of a few spokes (topology/accessFan.ts),
 * so the animation puts copy k's packets on spoke k mod spokes: the engine's link index is
 * mapped to a display link, one per spoke, numbered after the scenario's links in fan order
 * (flows in order, source side before sink side, as scenarioFans lists them). 320 copies
 * become 5 display links per fan, and their packets sum up there.
 */
import { drawnAccess } from '@obs-tcp-sim/engine';
import { spokeCount, type AccessSide } from '../topology/accessFan';

/** One drawn link (and its host), in the engine's order. */
export interface AccessEnd {
  /** Index of the flow group in scenario.flows. */
  group: number;
  flowId: string;
  copy: number;
  side: AccessSide;
}

/** One fan: a group's side with access. */
export interface AccessFanInfo {
  group: number;
  side: AccessSide;
  count: number;
  /** Its access link's delay, seconds. */
  delay: number;
  /** Display index of its first spoke (scenario.links.length + spokes of the fans before it). */
  firstSpoke: number;
  spokes: number;
}

export interface AccessLayout {
  /** Drawn links in the engine's order: engine link scenario.links.length + i is ends[i]. */
  ends: AccessEnd[];
  fans: AccessFanInfo[];
  /** Engine link index -> display link index (scenario links map to themselves). */
  linkMap: Int32Array;
  /** Display links: the scenario's, then every fan's spokes. */
  displayLinks: number;
}

export interface AccessScenario {
  links: readonly unknown[];
  flows: ReadonlyArray<{
    id: string;
    src: string;
    dst: string;
    count: number;
    access?: { src?: { delay: number }; dst?: { delay: number } };
  }>;
}

/**
 * The engine's drawn links in order, each with its group, copy and side: the event log's
 * enumeration of them (log/accessNames.ts), the one place that states the engine's order.
 */
export function accessEnds(scenario: Pick<AccessScenario, 'flows'>): AccessEnd[] {
  return drawnAccess(scenario.flows).map((d) => ({ group: d.group, flowId: scenario.flows[d.group].id, copy: d.index, side: d.side }));
}

export function accessLayout(scenario: AccessScenario): AccessLayout {
  const base = scenario.links.length;
  const ends = accessEnds(scenario);
  const fans: AccessFanInfo[] = [];
  const fanOf = new Map<string, AccessFanInfo>();
  let next = base;
  scenario.flows.forEach((f, group) => {
    for (const side of ['src', 'dst'] as const) {
      const spec = f.access?.[side];
      if (!spec) continue;
      const spokes = spokeCount(f.count);
      const fan = { group, side, count: f.count, delay: spec.delay, firstSpoke: next, spokes };
      fans.push(fan);
      fanOf.set(`${group}:${side}`, fan);
      next += spokes;
    }
  });
  const linkMap = new Int32Array(base + ends.length);
  for (let i = 0; i < base; i++) linkMap[i] = i;
  ends.forEach((e, i) => {
    const fan = fanOf.get(`${e.group}:${e.side}`)!;
    linkMap[base + i] = fan.firstSpoke + (e.copy % fan.spokes);
  });
  return { ends, fans, linkMap, displayLinks: next };
}

/**
 * Node indices the animation adds after the scenario's nodes (geometry.ts): one per drawn
 * host, in the engine's order (a log row on one points at its spoke's host), then one per
 * fan (its middle host), where the TCP events of a group's copies flash together.
 */
export function fanNodeIndex(nodeCount: number, drawnHosts: number, fan: number): number {
  return nodeCount + drawnHosts + fan;
}

/** How many hosts (and links) `access` draws: one per copy and side given. */
export function drawnCount(flows: ReadonlyArray<{ count: number; access?: { src?: unknown; dst?: unknown } }>): number {
  let n = 0;
  for (const f of flows)
    if (f.access) n += Math.max(0, f.count) * (Number(f.access.src !== undefined) + Number(f.access.dst !== undefined));
  return n;
}

/** The display link of an engine link index: a copy's access link is its fan's spoke. */
export function displayLink(layout: Pick<AccessLayout, 'linkMap'> | null, link: number): number {
  const map = layout?.linkMap;
  return map && link >= 0 && link < map.length ? map[link] : link;
}

/** The fan a display link index belongs to (a spoke), or null for a scenario link. */
export function fanOfDisplayLink(layout: Pick<AccessLayout, 'fans'>, link: number): AccessFanInfo | null {
  for (const fan of layout.fans) if (link >= fan.firstSpoke && link < fan.firstSpoke + fan.spokes) return fan;
  return null;
}
