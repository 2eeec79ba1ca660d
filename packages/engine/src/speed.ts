/** Speed before the first setSpeed: one simulated second per wall second. */
export const DEFAULT_SPEED = 1;

/** Throws RangeError unless `speed` is a positive number of simulated seconds per wall second (Infinity allowed). */
export function checkSpeed(speed: number): void {
  if (typeof speed !== 'number' || !(speed > 0)) {
    throw new RangeError(`speed must be a positive number of simulated seconds per wall second (or Infinity), got ${String(speed)}`);
  }
}
