// Deterministic elementary functions: log, exp and pow built only from +, -, *, / and
// exact bit manipulation, so the native build and the WebAssembly build return the same
// bits for the same input.
//
// Why not <cmath>: glibc chooses an FMA code path at run time on CPUs that have one, and
// Emscripten links musl's implementations. Both are accurate to about an ulp, but they do
// not agree in the last bit, and one differing bit in an inter-arrival time shifts every
// later event of a run. With -ffp-contract=off (set for the whole engine) each operation
// below is one correctly rounded IEEE 754 operation on both targets, so the results are
// identical by construction; det_math_test pins a few outputs to check it.
//
// Method (fdlibm's structure, but with Taylor coefficients rather than minimax ones, so
// every constant can be checked against its formula):
// - log: x = m 2^e with m in [sqrt(1/2), sqrt(2)), so m near 1 never cancels against e ln2;
//   log m = 2 atanh(s) with s = (m - 1) / (m + 1), |s| < 0.1716; the leading term 2s is
//   kept in double-double and the rest of the series is a small correction. e ln2 uses ln2
//   split in two: kLn2Hi has 21 trailing zero bits, so e * kLn2Hi is exact for any e.
//   The double-double result (about 2^-57 relative) lets pow keep its accuracy.
// - exp: x = k ln2 + r with |r| <= ln2/2; exp(r) = 1 + r + r^2 (1/2! + r/3! + ... +
//   r^12/14!), truncation below 6e-20; the result is scaled by 2^k built from its bits.
// - pow(b, y) = exp(y log b) with y log b formed in double-double (Dekker's exact product).
// Measured against glibc in det_math_test: log and exp within 1 ulp over their whole
// domains, pow within a few ulp where its result is a normal double.
#pragma once
#include <cstdint>
#include <cstring>
#include <limits>

#include "sim/rng.h"

namespace obs {

namespace det_math_detail {

inline std::uint64_t bitsOf(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
inline double fromBits(std::uint64_t u) {
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}
// 2^k for k in [-1022, 1023], exactly (a normal double with a zero mantissa).
inline double pow2(int k) { return fromBits(static_cast<std::uint64_t>(k + 1023) << 52); }

// hi + lo, unevaluated, with |lo| at most half an ulp of hi.
struct DoubleDouble {
  double hi, lo;
};
// a + b exactly (Knuth's two-sum; no precondition on magnitudes).
inline DoubleDouble twoSum(double a, double b) {
  const double s = a + b;
  const double bv = s - a;
  const double av = s - bv;
  return {s, (a - av) + (b - bv)};
}
// a + b exactly when |a| >= |b| or a == 0 (Dekker's fast two-sum).
inline DoubleDouble fastTwoSum(double a, double b) {
  const double s = a + b;
  return {s, b - (s - a)};
}
// a = hi + lo with hi and lo of 26 significant bits each (Veltkamp), so products of the
// halves are exact. Valid for |a| < 2^995.
inline DoubleDouble split(double a) {
  const double c = 134217729.0 * a;  // 2^27 + 1
  const double hi = c - (c - a);
  return {hi, a - hi};
}
// a * b exactly (Dekker), without fused multiply-add so both targets agree.
inline DoubleDouble twoProd(double a, double b) {
  const double p = a * b;
  const DoubleDouble x = split(a), y = split(b);
  const double err = ((x.hi * y.hi - p) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo;
  return {p, err};
}

// ln 2 = kLn2Hi + kLn2Lo + O(2^-86); kLn2Hi has 32 significant bits (fdlibm's split).
constexpr double kLn2Hi = 0x1.62e42feep-1;
constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
constexpr double kInvLn2 = 0x1.71547652b82fep+0;  // only chooses k; need not be exact
constexpr double kSqrt2 = 0x1.6a09e667f3bcdp+0;   // only chooses the range of m

// log x for finite x > 0, as a double-double with about 57 correct bits.
inline DoubleDouble logKernel(double x) {
  std::uint64_t u = bitsOf(x);
  int e = static_cast<int>(u >> 52) - 1023;
  if ((u >> 52) == 0) {  // subnormal: scale into the normal range (exact) and compensate
    u = bitsOf(x * 0x1p54);
    e = static_cast<int>(u >> 52) - 1023 - 54;
  }
  double m = fromBits((u & 0x000fffffffffffffull) | 0x3ff0000000000000ull);  // [1, 2)
  if (m >= kSqrt2) {
    m *= 0.5;  // exact
    ++e;
  }
  const double f = m - 1.0;  // exact (Sterbenz: m and 1 within a factor 2)

  // s = f / (2 + f) as sh + sl: 2 + f as an exact pair, then one Newton-style correction
  // of the quotient from the exact remainder f - sh (2 + f).
  const DoubleDouble d = twoSum(2.0, f);
  const double sh = f / d.hi;
  const DoubleDouble p = twoProd(sh, d.hi);
  const double sl = (((f - p.hi) - p.lo) - sh * d.lo) / d.hi;

  // 2 atanh(s) = 2s + 2 s^3 (1/3 + s^2/5 + ... + s^20/23); the first omitted term is below
  // 2^-60 of 2s. Only 2s needs the extra bits: the rest is under 1 % of it, evaluated at sh,
  // plus its first-order change 2 sh^2 sl from the low part of s.
  const double z = sh * sh;
  double q = 1.0 / 23;
  q = q * z + 1.0 / 21;
  q = q * z + 1.0 / 19;
  q = q * z + 1.0 / 17;
  q = q * z + 1.0 / 15;
  q = q * z + 1.0 / 13;
  q = q * z + 1.0 / 11;
  q = q * z + 1.0 / 9;
  q = q * z + 1.0 / 7;
  q = q * z + 1.0 / 5;
  q = q * z + 1.0 / 3;
  const double tail = 2.0 * sh * z * q;
  const DoubleDouble logM = fastTwoSum(2.0 * sh, 2.0 * sl + (tail + 2.0 * sl * z));

  const double de = e;
  const DoubleDouble top = twoSum(de * kLn2Hi, logM.hi);  // de * kLn2Hi is exact
  return fastTwoSum(top.hi, top.lo + logM.lo + de * kLn2Lo);
}

// exp(xh + xl) for -746 <= xh <= 709.8 and |xl| tiny next to xh's ulp. Results that
// overflow become +inf and subnormal ones are rounded once, by the last multiplication.
inline double expKernel(double xh, double xl) {
  const int k = static_cast<int>(xh * kInvLn2 + (xh < 0 ? -0.5 : 0.5));  // nearest integer
  const double dk = k;
  const double hi = xh - dk * kLn2Hi;  // exact: the product is exact, then Sterbenz
  const double lo = dk * kLn2Lo - xl;
  const double r = hi - lo;
  // exp(r) - 1 - r = r^2 (1/2! + r/3! + ... + r^12/14!), Taylor; |r| <= 0.3466 makes the
  // first omitted term r^15/15! < 6e-20.
  double q = 1.0 / 87178291200.0;  // 1/14!
  q = q * r + 1.0 / 6227020800.0;
  q = q * r + 1.0 / 479001600.0;
  q = q * r + 1.0 / 39916800.0;
  q = q * r + 1.0 / 3628800.0;
  q = q * r + 1.0 / 362880.0;
  q = q * r + 1.0 / 40320.0;
  q = q * r + 1.0 / 5040.0;
  q = q * r + 1.0 / 720.0;
  q = q * r + 1.0 / 120.0;
  q = q * r + 1.0 / 24.0;
  q = q * r + 1.0 / 6.0;
  q = q * r + 1.0 / 2.0;
  const double t = r * r * q;
  // 1 + (hi - lo) + t, summed so that the exact hi enters last (fdlibm's ordering): the
  // rounding error of r then only reaches the small term t.
  const double y = 1.0 - ((lo - t) - hi);  // in [0.7, 1.42]

  if (k > 1023) return y * 2.0 * pow2(k - 1);  // k = 1024: may overflow to +inf, correctly
  if (k >= -1022) return y * pow2(k);          // exact unless the result is subnormal
  // 2^k is not a normal double: scale in two steps, the first exact, so the subnormal
  // result is rounded once.
  return y * pow2(k + 100) * pow2(-100);
}

}  // namespace det_math_detail

// Natural logarithm. log(1) = +0 exactly; log(0) = -inf; log(+inf) = +inf; NaN for x < 0.
inline double detLog(double x) {
  if (!(x > 0)) return x == 0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  if (x == std::numeric_limits<double>::infinity()) return x;
  return det_math_detail::logKernel(x).hi;
}

// e^x. exp(0) = 1 exactly; +inf above about 709.78, 0 below about -745.13 (the limits of
// the double range, with subnormal results in between), as IEEE rounding dictates.
inline double detExp(double x) {
  if (x != x) return x;
  if (x > 709.8) return std::numeric_limits<double>::infinity();
  if (x < -746.0) return 0.0;
  return det_math_detail::expKernel(x, 0.0);
}

// base^exponent for base > 0 (NaN otherwise, except pow(0, y) = 0 or inf by y's sign).
inline double detPow(double base, double exponent) {
  using namespace det_math_detail;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (exponent != exponent || base != base) return std::numeric_limits<double>::quiet_NaN();
  if (exponent == 0 || base == 1) return 1.0;
  if (base == 0) return exponent > 0 ? 0.0 : kInf;
  if (base < 0) return std::numeric_limits<double>::quiet_NaN();
  if (base == kInf) return exponent > 0 ? kInf : 0.0;
  const DoubleDouble l = logKernel(base);
  const double rough = exponent * l.hi;
  // Out of exp's range (this also keeps Dekker's split away from overflow).
  if (rough > 709.8) return kInf;
  if (rough < -746.0) return 0.0;
  const DoubleDouble p = twoProd(exponent, l.hi);
  const DoubleDouble z = fastTwoSum(p.hi, p.lo + exponent * l.lo);
  if (z.hi > 709.8) return kInf;
  if (z.hi < -746.0) return 0.0;
  return expKernel(z.hi, z.lo);
}

// A uniform draw in (0, 1]: 1 - [0, 1) is exact for 53-bit uniforms and never 0, so the
// inverse transforms below never take log(0).
inline double uniformOpenClosed(RandomStream& rng) { return 1.0 - rng.uniform01(); }

// Exponential with the given mean, by inversion: -mean log(u). At most about 36.7 means
// (u >= 2^-53). Never -0.
inline double exponentialVariate(RandomStream& rng, double mean) {
  return mean * (0.0 - detLog(uniformOpenClosed(rng)));
}

// Pareto with P(X > x) = (scale / x)^shape for x >= scale, by inversion:
// scale u^(-1/shape). Mean shape scale / (shape - 1) when shape > 1.
inline double paretoVariate(RandomStream& rng, double shape, double scale) {
  return scale * detPow(uniformOpenClosed(rng), -1.0 / shape);
}

}  // namespace obs
