/**
 * The run's record: the scenario the run started from and every live change applied
 * since, with the engine time it took effect. It is also the one account of what the
 * engine runs: its start with its changes applied (`valuesRunning`), so neither the store
 * nor the engine sync keeps a second copy that could drift from it.
 */
import type { Scenario } from '@obs-tcp-sim/scenario';
import { applyLive } from './livePaths';

/** A change the engine made to a running simulation, scheduled or live. */
export interface LiveChange {
  /** Seconds since the run's start. */
  at: number;
  path: string;
  value: number;
}

/** A change in the run's record, with how the page names it. */
export interface RunChange extends LiveChange {
  label: string;
}

export interface RunRecord {
  /** The values the run started from (t = 0), without any schedule. */
  start: Scenario;
  /** Applied so far, in the order the engine applied them. */
  changes: RunChange[];
  /** Scheduled with the scenario and not yet reached, in order of time. */
  pending: LiveChange[];
}

/** The scenario without its schedule: the values it starts from. */
export function withoutSchedule(s: Scenario): Scenario {
  if (!('liveChanges' in s)) return s;
  const { liveChanges: _drop, ...rest } = s as Scenario & { liveChanges?: unknown };
  return rest as Scenario;
}

/** A scenario's scheduled changes, in the order the engine applies them. */
export function scheduleOf(s: Scenario): LiveChange[] {
  const list = (s as Scenario & { liveChanges?: LiveChange[] }).liveChanges;
  if (!Array.isArray(list)) return [];
  // The engine applies them by time, ties in list order (docs/live-changes.md); a stable sort keeps that.
  return list.map((c) => ({ at: c.at, path: c.path, value: c.value })).sort((a, b) => a.at - b.at);
}

const running = new WeakMap<RunRecord, Scenario>();

/**
 * The values the engine runs now (positions aside): the run's start with every change
 * applied so far. Events that set no value (a dropped next burst) leave it as it is:
 * applyLive knows no such path. Records are immutable, so the answer is kept per record.
 */
export function valuesRunning(run: RunRecord): Scenario {
  const known = running.get(run);
  if (known) return known;
  const values = run.changes.reduce((s, c) => applyLive(s, c.path, c.value), run.start);
  running.set(run, values);
  return values;
}
