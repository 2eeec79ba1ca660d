// Erlang-B, B(K, A): the loss of A Erlangs offered to K servers, by the stable recursion
// B(k) = A B(k-1) / (k + A B(k-1)). The engine's theory checks compare with it.
#pragma once

namespace obs {

inline double erlangB(int k, double a) {
  double b = 1;  // B(0, A)
  for (int i = 1; i <= k; ++i) b = a * b / (i + a * b);
  return b;
}

}  // namespace obs
