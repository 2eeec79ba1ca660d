/**
 * What the channel view says of one burst (hovered, or picked in the event log): its id,
 * class, wavelength and length, and the route it took ("E1 → C1 → E2") when its formed
 * event is still known.
 */
import { formatDuration, pathWords } from '../log/describe';
import type { Names } from '@obs-tcp-sim/engine';
import { BurstClassName } from '../sim/visualStore';
import type { Reservation } from './reservations';

export function barWords(r: Pick<Reservation, 'id' | 'cls' | 'lane' | 't0' | 't1'>, path: number, names: Names): string {
  const cls = BurstClassName[r.cls] ?? 'burst';
  const route = pathWords(path, names);
  return `burst ${r.id} (${cls}) on λ${r.lane + 1}, ${formatDuration(r.t1 - r.t0)}${route ? `: ${route}` : ''}`;
}

/** A burst the view knows only by id (a focus from the log): "burst 77: E1 → C1 → E2". */
export function burstRouteWords(id: number, path: number, names: Names): string | null {
  const route = pathWords(path, names);
  return route ? `burst ${id}: ${route}` : null;
}
