/**
 * Object pools of the draw list: a recycled list keeps its bars and marks as spares for the
 * next frame (at full speed a frame can hold a thousand of them, and their garbage would
 * cost collections of tens of milliseconds), with its lane runs.
 */
import type { DrawList, LinePrim, MarkPrim } from './drawPrimitives';
import { LaneRuns } from './laneRuns';

/** What a recycled draw list keeps between frames: spare primitives and the lane runs. */
export interface Pools {
  lines: LinePrim[];
  marks: MarkPrim[];
  bars: LaneRuns;
  stripes: LaneRuns;
}

const POOLS = new WeakMap<DrawList, Pools>();

export function poolsOf(list: DrawList): Pools {
  let pools = POOLS.get(list);
  if (!pools) {
    const created: Pools = { lines: [], marks: [], bars: null as unknown as LaneRuns, stripes: null as unknown as LaneRuns };
    created.bars = new LaneRuns(() => line(created));
    created.stripes = new LaneRuns(() => line(created));
    POOLS.set(list, (pools = created));
  }
  return pools;
}

/** Empties a list for the next frame, its bars and marks kept as spares. */
export function refill(list: DrawList, pools: Pools): DrawList {
  for (const b of list.bars) pools.lines.push(b);
  for (const m of list.diamonds) pools.marks.push(m);
  for (const m of list.squares) pools.marks.push(m);
  list.lanes = [];
  list.bars.length = 0;
  list.diamonds.length = 0;
  list.squares.length = 0;
  list.rings = [];
  list.labels = [];
  list.animating = false;
  list.stats = { bursts: 0, bhps: 0, packets: 0, summaries: 0, flashes: 0, busyLanes: 0, focus: 0, sampled: 0 };
  return list;
}

export function line(pools: Pools | null): LinePrim {
  const l = pools?.lines.pop();
  if (!l) return { x1: 0, y1: 0, x2: 0, y2: 0, width: 1, color: '', alpha: 1 };
  l.dash = undefined;
  return l;
}

export function mark(pools: Pools | null): MarkPrim {
  return pools?.marks.pop() ?? { x: 0, y: 0, size: 0, fill: '', stroke: '' };
}
