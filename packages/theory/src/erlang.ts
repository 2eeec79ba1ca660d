// Erlang-B, the blocking of K servers without a queue offered A Erlangs, by the recursion
// B(0) = 1, B(k) = A·B(k-1) / (k + A·B(k-1)), which stays in [0, 1] where A^K / K! would
// overflow (docs/theory.md). The mesh models, the validation report and the engine's tests
// call erlangB; the app, whose inputs come from any scenario, calls erlangBOrNull.

export function erlangB(servers: number, erlangs: number): number {
  let b = 1;
  for (let k = 1; k <= servers; k++) b = (erlangs * b) / (k + erlangs * b);
  return b;
}

/** Erlang-B recursions beyond this many servers are refused (the schema allows 1024 wavelengths). */
export const ERLANG_B_MAX_SERVERS = 100_000;

/**
 * erlangB for inputs from outside: null, never NaN or a long loop, for servers that are not
 * a whole number from 0 to ERLANG_B_MAX_SERVERS or a load that is negative or not finite.
 */
export function erlangBOrNull(servers: number, erlangs: number): number | null {
  if (!Number.isInteger(servers) || servers < 0 || servers > ERLANG_B_MAX_SERVERS) return null;
  if (!(erlangs >= 0) || !Number.isFinite(erlangs)) return null;
  return erlangB(servers, erlangs);
}
