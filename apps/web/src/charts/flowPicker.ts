/**
 * Which flows the charts show, and in which colour.
 *
 * A few flows: all of them, each in its palette colour. Many (80, 320): the aggregate
 * plus a chosen few (the first three by default), picked in a searchable list; a flow
 * keeps its colour while it stays chosen, so adding one never repaints the others.
 */
import { FLOW_COLORS } from '../theme';

/** At most this many flows are all shown by default; beyond it, the aggregate and a few. */
export const SHOW_ALL_MAX = 8;
/** How many flows are chosen by default when there are many. */
export const DEFAULT_FEW = 3;

/**
 * Chart colours: the app's Okabe–Ito flow colours, then a dark gold standing in for
 * Okabe–Ito yellow (which vanishes on white), so eight flows get eight colours.
 */
export const CHART_FLOW_COLORS: readonly string[] = [...FLOW_COLORS, '#8F7400'];
/** The aggregate: grey and thicker, apart from every flow colour. */
export const AGGREGATE_COLOR = '#6E6E6E';

export interface FlowSelection {
  /** Show the aggregate (total goodput, mean RTT) where it means something. */
  aggregate: boolean;
  /** Flow indices, in the order they were chosen. */
  flows: readonly number[];
  /** Colour of each chosen flow. */
  colors: ReadonlyMap<number, string>;
}

/** The default for a run with `flowCount` flows. */
export function defaultSelection(flowCount: number): FlowSelection {
  const n = Math.max(0, flowCount);
  const flows = n <= SHOW_ALL_MAX ? range(n) : range(DEFAULT_FEW);
  return withColors({ aggregate: n > 1, flows, colors: new Map() }, n);
}

/** Adds or removes one flow; the others keep their colours. */
export function toggleFlow(sel: FlowSelection, flow: number, flowCount: number): FlowSelection {
  const flows = sel.flows.includes(flow) ? sel.flows.filter((f) => f !== flow) : [...sel.flows, flow];
  return withColors({ ...sel, flows }, flowCount);
}

export function setFlows(sel: FlowSelection, flows: readonly number[], flowCount: number): FlowSelection {
  return withColors({ ...sel, flows: [...new Set(flows)].filter((f) => f >= 0 && f < flowCount) }, flowCount);
}

export function toggleAggregate(sel: FlowSelection): FlowSelection {
  return { ...sel, aggregate: !sel.aggregate };
}

/**
 * Colours for the chosen flows. With few flows a flow's colour is its index's; with many,
 * a flow keeps the colour it had, and a newly chosen one takes the first colour no chosen
 * flow uses (when all are taken, its index's).
 */
function withColors(sel: Omit<FlowSelection, 'colors'> & { colors: ReadonlyMap<number, string> }, flowCount: number): FlowSelection {
  const palette = CHART_FLOW_COLORS;
  const colors = new Map<number, string>();
  if (flowCount <= palette.length) {
    for (const f of sel.flows) colors.set(f, palette[f % palette.length]);
    return { ...sel, colors };
  }
  const used = new Set<string>();
  for (const f of sel.flows) {
    const old = sel.colors.get(f);
    if (old !== undefined && !used.has(old)) {
      colors.set(f, old);
      used.add(old);
    }
  }
  for (const f of sel.flows) {
    if (colors.has(f)) continue;
    const free = palette.find((c) => !used.has(c)) ?? palette[f % palette.length];
    colors.set(f, free);
    used.add(free);
  }
  return { ...sel, colors };
}

/**
 * Flows whose id matches the search (case-insensitive substring; "#12" or "12" finds
 * copy 12 of a flow with a count), in index order, at most `limit`.
 */
export function searchFlows(flowIds: readonly string[], query: string, limit = Infinity): number[] {
  const q = query.trim().toLowerCase();
  const out: number[] = [];
  for (let i = 0; i < flowIds.length && out.length < limit; i++) {
    if (q === '' || flowIds[i].toLowerCase().includes(q)) out.push(i);
  }
  return out;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
