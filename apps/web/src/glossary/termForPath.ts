/**
 * Which glossary entry explains a scenario field, by its path ("links[3].wavelengths",
 * "obs.reservation", "flows[0].tcp.initialSsthresh"), so every editor field that names an
 * OBS or TCP term carries its explanation.
 */
import type { TermId } from './terms';

const RULES: Array<[RegExp, TermId]> = [
  [/^obs\.assembly|\.assembly\./, 'assembly'],
  [/^obs\.reservation$/, 'jet'],
  [/^obs\.scheduling$/, 'laucvf'],
  [/^obs\.offset$/, 'offset'],
  [/^obs\.controlProcessing$/, 'bhp'],
  [/^obs\.burstLoss/, 'injectedLoss'],
  [/\.burstLoss\./, 'injectedLoss'],
  [/\.fdl\./, 'fdl'],
  [/\.wavelengths$/, 'wavelength'],
  [/\.tcp\.mss$/, 'mss'],
  [/\.tcp\.initialCwnd$|\.tcp\.maxWindow$/, 'cwnd'],
  [/\.tcp\.initialSsthresh$/, 'ssthresh'],
  [/\.tcp\.dupAckThreshold$/, 'dupAck'],
  [/\.tcp\.delayedAck$/, 'delayedAck'],
  [/\.tcp\.rto\./, 'rto'],
  [/\.tcp\.recovery$/, 'fastRecovery'],
];

export function termForPath(path: string): TermId | null {
  for (const [pattern, term] of RULES) if (pattern.test(path)) return term;
  return null;
}
