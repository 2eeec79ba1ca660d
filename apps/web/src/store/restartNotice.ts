/**
 * What a restart did to the run's record (issue 37: "nothing silently different from the
 * run the student watched"). An edit the engine cannot take live (a node, a link, a flow)
 * starts the run again from t = 0 on the values shown. The live changes applied so far are
 * in those values, so they now hold from the start instead of from their moment, and the
 * scheduled changes not yet reached are gone. The page says so once, in words.
 */
import type { LiveChange } from '@obs-tcp-sim/scenario';
import { formatChangeTime } from './changeTime';

export interface DroppedRecord {
  /** Applied during the run, each with its label ("Assembly time 1 ms → 5 ms"). */
  applied: ReadonlyArray<LiveChange & { label: string }>;
  /** Scheduled (a replayed link) and not reached when the run restarted. */
  pending: readonly LiveChange[];
}

/** Labels named in full; the rest are counted. */
const NAMED = 2;

/** The notice for a restart that dropped a record, or null when there was none. */
export function restartNotice({ applied, pending }: DroppedRecord): string | null {
  if (applied.length === 0 && pending.length === 0) return null;
  const parts = ['The run started again from t = 0 on the values shown: this edit cannot be made during a run.'];
  if (applied.length > 0) {
    const named = applied.slice(0, NAMED).map((c) => `${c.label} at ${formatChangeTime(c.at)}`);
    const more = applied.length - named.length;
    const list = more > 0 ? `${named.join('; ')} and ${more} more` : named.join('; ');
    parts.push(
      `${applied.length === 1 ? 'Its live change' : `Its ${applied.length} live changes`} (${list}) now ${applied.length === 1 ? 'holds' : 'hold'} from the start.`,
    );
  }
  if (pending.length > 0) {
    parts.push(
      `${pending.length === 1 ? 'A scheduled change' : `${pending.length} scheduled changes`} not yet reached ${pending.length === 1 ? 'was' : 'were'} dropped.`,
    );
  }
  return parts.join(' ');
}
