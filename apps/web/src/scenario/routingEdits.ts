/**
 * The panel's edits of the routing fields (docs/routing.md): a link's `cost`, a flow's
 * `access` and forced routes. Pure functions from the field's value to its next value;
 * `undefined` means "remove the field", so clearing an input gives back the scenario's
 * exact JSON (a scenario without these fields keeps its fingerprint).
 */

export type Cost = number | { ab?: number; ba?: number };

/** The cost after one of its inputs changed: `which` is "both" or one direction. */
export function nextCost(cost: Cost | undefined, which: 'both' | 'ab' | 'ba', value: number | undefined): Cost | undefined {
  if (which === 'both') return value;
  const next: { ab?: number; ba?: number } = typeof cost === 'object' ? { ...cost } : {};
  if (value === undefined) delete next[which];
  else next[which] = value;
  // Neither direction left: no cost at all (each direction costs the delay again).
  return next.ab === undefined && next.ba === undefined ? undefined : next;
}

/**
 * The cost when "differs per direction" is switched. On: one number becomes the same in
 * both directions. Off: one number for both (the a → b one, or b → a if only that is given).
 */
export function costPerDirection(cost: Cost | undefined, on: boolean): Cost | undefined {
  if (cost === undefined) return undefined;
  if (on) return typeof cost === 'number' ? { ab: cost, ba: cost } : cost;
  return typeof cost === 'number' ? cost : (cost.ab ?? cost.ba);
}

export interface AccessSpec {
  rate: number;
  delay: number;
  queue?: number;
}
export type Access = { src?: AccessSpec; dst?: AccessSpec };

/** A new side's link: 100 Mbit/s and 1 ms, the ns-2 scripts' usual access link. */
export const NEW_ACCESS_SIDE: AccessSpec = Object.freeze({ rate: 1e8, delay: 1e-3 }) as AccessSpec;

/** `access` with one side switched on (from `spec`) or off; undefined when no side is left. */
export function withAccessSide(access: Access | undefined, side: 'src' | 'dst', spec: AccessSpec | undefined): Access | undefined {
  const next: Access = { ...(access ?? {}) };
  if (spec === undefined) delete next[side];
  else next[side] = { ...spec };
  return next.src === undefined && next.dst === undefined ? undefined : next;
}

/**
 * A typed route: node ids separated by spaces, commas or arrows ("Server E1 C2 E2 Client",
 * "Server → E1 → C2", "Server->E1"). Empty means no forced route (routed by cost).
 */
export function parseRoute(text: string): string[] | undefined {
  const ids = text
    .split(/\s*(?:→|->|=>|⟶|,)\s*|\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return ids.length === 0 ? undefined : ids;
}

/** A route shown back: "Server → E1 → C2 → E2 → Client" ("" for none). */
export function formatRoute(ids: readonly string[] | undefined): string {
  return ids ? ids.join(' → ') : '';
}
