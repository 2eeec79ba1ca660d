// Erlang-B, the blocking of K servers without a queue offered A Erlangs, by the recursion
// B(0) = 1, B(k) = A·B(k-1) / (k + A·B(k-1)), which stays in [0, 1] where A^K / K! would
// overflow (docs/theory.md). The validation report and the engine's tests take it from
// here; the app keeps its own, which refuses bad input with null (apps/web/src/theory).

export function erlangB(servers: number, erlangs: number): number {
  let b = 1;
  for (let k = 1; k <= servers; k++) b = (erlangs * b) / (k + erlangs * b);
  return b;
}
