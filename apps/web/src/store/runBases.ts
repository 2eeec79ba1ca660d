/**
 * What a sweep or an A/B comparison starts from when the run on screen had live changes
 * (a slider moved, a LIVE field edited, Drop next burst): the run as watched (its start
 * values with its changes at their times, what a link to it replays) or the values on
 * screen now, from t = 0. Without changes both are the scenario on screen. The forms say
 * which one they use, so no result is silently of a run other than the one watched.
 */
import type { Scenario } from '@obs-tcp-sim/scenario';
import { documentOf, formatChangeTime, type StoreState } from './scenarioStore';

export type BaseChoice = 'watched' | 'now';

export interface RunBases {
  /** The run as watched: start values and every live change at its time. */
  watched: Scenario;
  /** The values on screen now, from t = 0, without the changes' schedule. */
  now: Scenario;
  /** The changes, in order, as the page names them ("data-burst loss 1 → 2 % at 0.97 s"). */
  changes: ReadonlyArray<{ at: number; path: string; words: string }>;
}

export function runBases(state: Pick<StoreState, 'scenario' | 'run'>): RunBases {
  const { run } = state;
  const changes = [
    ...run.changes.map((c) => ({ at: c.at, path: c.path, words: `${c.label} at ${formatChangeTime(c.at)}` })),
    ...run.pending.map((c) => ({ at: c.at, path: c.path, words: `${c.path} = ${c.value} at ${formatChangeTime(c.at)} (scheduled)` })),
  ];
  return { watched: documentOf(state), now: state.scenario, changes };
}

/**
 * The scenario a form's runs start from. Runs shorter than the changes (a sweep's
 * "simulated time per run", `until` seconds) leave out the changes after their end, which
 * they would never reach (the scenario's rules refuse a change after the duration).
 */
export function baseOf(bases: RunBases, choice: BaseChoice, until?: number): Scenario {
  if (choice === 'now') return bases.now;
  const doc = bases.watched as Scenario & { liveChanges?: Array<{ at: number }> };
  if (until === undefined || !doc.liveChanges?.some((c) => c.at > until)) return doc;
  return { ...doc, liveChanges: doc.liveChanges.filter((c) => c.at <= until) } as Scenario;
}

/** How many of the changes come after `until` (runs that end sooner leave them out). */
export function changesAfter(bases: RunBases, until?: number): number {
  return until === undefined ? 0 : bases.changes.filter((c) => c.at > until).length;
}

/** "a → b at 1 s, c at 2 s and 3 more": the first few changes, then how many besides. */
export function changesInWords(bases: RunBases, shown = 2): string {
  const words = bases.changes.slice(0, shown).map((c) => c.words);
  const more = bases.changes.length - words.length;
  return more > 0 ? `${words.join('; ')} and ${more} more` : words.join('; ');
}

/**
 * The changes that set one of `paths` (what a sweep varies, what a variant sets): from
 * their time on the change's value holds, not the sweep's or the variant's. Live changes
 * name elements by index (`links[3].loss`), sweeps by id (`links[f1].loss`): both are
 * compared by index.
 */
export function changesOver(bases: RunBases, paths: readonly string[]): string[] {
  const byIndex = (path: string) => indexPath(bases.now, path);
  const varied = new Set(paths.map(byIndex));
  return bases.changes.filter((c) => varied.has(byIndex(c.path))).map((c) => c.words);
}

/** `links[f1].loss` -> `links[3].loss` in `scenario` (an id it lacks is left as written). */
function indexPath(scenario: Scenario, path: string): string {
  return path.replace(/^(nodes|links|flows)\[([^\]]+)\]/, (whole, list: 'nodes' | 'links' | 'flows', key: string) => {
    if (/^\d+$/.test(key)) return whole;
    const i = (scenario[list] as ReadonlyArray<{ id: string }>).findIndex((e) => e.id === key);
    return i < 0 ? whole : `${list}[${i}]`;
  });
}
