/**
 * The rows of the visual store's `recent` ring that a reader has not read yet. Rows are
 * numbered from the run's first, overwritten ones included, so a reader keeps one number
 * between calls (`seen`, the `to` of its last read); row g is the ring's row g - firstKept.
 */
import type { EventRing } from './visualStore';

export interface UnreadRows {
  /** The first unread row the ring still holds. */
  from: number;
  /** One past the newest row. */
  to: number;
  /** The number of the ring's oldest row. */
  firstKept: number;
  /** Rows overwritten before the reader got to them; none for a reader that has read nothing yet. */
  missed: number;
}

export function unreadRows(ring: Pick<EventRing, 'length' | 'overwritten'>, seen: number): UnreadRows {
  const firstKept = ring.overwritten;
  const missed = seen > 0 && seen < firstKept ? firstKept - seen : 0;
  return { from: Math.max(seen, firstKept), to: ring.length + firstKept, firstKept, missed };
}
