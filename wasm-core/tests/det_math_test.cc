#include "sim/det_math.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

namespace obs {
namespace {

using det_math_detail::bitsOf;

// Doubles mapped to integers in value order, so the difference of two mapped values counts
// the doubles between them (units in the last place, across binades and into subnormals).
std::int64_t orderedBits(double x) {
  const auto u = static_cast<std::int64_t>(bitsOf(x));
  return u < 0 ? std::numeric_limits<std::int64_t>::min() - u : u;
}
std::int64_t ulpDistance(double a, double b) {
  const std::int64_t d = orderedBits(a) - orderedBits(b);
  return d < 0 ? -d : d;
}

// Our functions err by < 0.86 ulp (measured against long double while writing them) and
// glibc's by < 1 ulp, so the two can sit at most one step apart on the grid of doubles.
constexpr std::int64_t kMaxUlpsFromLibm = 1;

struct Worst {
  std::int64_t ulps = 0;
  double at = 0;
  void see(double x, double ours, double libm) {
    const std::int64_t d = ulpDistance(ours, libm);
    if (d > ulps) {
      ulps = d;
      at = x;
    }
  }
};

// The worst of `rounds` rounds of `round(r, worst)`, each drawing its arguments from the
// stream (seed, name) and showing each comparison with libm to `worst`.
template <typename Round>
Worst worstOfRounds(std::uint32_t seed, std::string_view name, int rounds, Round round) {
  RandomStream r(seed, name);
  Worst worst;
  for (int i = 0; i < rounds; ++i) round(r, worst);
  return worst;
}

TEST(DetMath, LogIsWithinOneUlpOfLibmOverItsWholeDomain) {
  Worst worst = worstOfRounds(11, "det-math-log", 300000, [](RandomStream& r, Worst& w) {
    // (0, 1], where exponential and Pareto variates take their logs.
    const double u = 1.0 - r.uniform01();
    w.see(u, detLog(u), std::log(u));
    // Any positive finite double, subnormals included: random exponent and mantissa bits.
    double x;
    const std::uint64_t bits = r.nextU64() & 0x7fefffffffffffffull;
    std::memcpy(&x, &bits, sizeof x);
    if (x > 0) w.see(x, detLog(x), std::log(x));
    // Near 1, where the result is tiny and any cancellation would show.
    const double nearOne = 1.0 + (r.uniform01() - 0.5) * 1e-6;
    w.see(nearOne, detLog(nearOne), std::log(nearOne));
  });
  for (int k = 1; k <= 2000; ++k) {  // the doubles right next to 1, on both sides
    const double above = 1.0 + k * 0x1p-52, below = 1.0 - k * 0x1p-53;
    worst.see(above, detLog(above), std::log(above));
    worst.see(below, detLog(below), std::log(below));
  }
  EXPECT_LE(worst.ulps, kMaxUlpsFromLibm) << "at x = " << worst.at;
}

TEST(DetMath, ExpIsWithinOneUlpOfLibmOverItsWholeDomain) {
  const Worst worst = worstOfRounds(12, "det-math-exp", 300000, [](RandomStream& r, Worst& w) {
    // The whole finite range, subnormal results included.
    const double x = -746.0 + r.uniform01() * (709.78 + 746.0);
    w.see(x, detExp(x), std::exp(x));
    // Around 0, where k = 0 and r is the argument itself.
    const double small = (r.uniform01() - 0.5) * 2.0;
    w.see(small, detExp(small), std::exp(small));
    const double tiny = (r.uniform01() - 0.5) * 1e-9;
    w.see(tiny, detExp(tiny), std::exp(tiny));
  });
  EXPECT_LE(worst.ulps, kMaxUlpsFromLibm) << "at x = " << worst.at;
}

TEST(DetMath, PowIsWithinOneUlpOfLibmForParetoArguments) {
  // paretoVariate computes u^(-1/shape) with u in (0, 1] and shape in [1, 2].
  const Worst worst = worstOfRounds(13, "det-math-pow", 300000, [](RandomStream& r, Worst& w) {
    const double u = 1.0 - r.uniform01();
    const double y = -1.0 / (1.0 + r.uniform01());
    w.see(u, detPow(u, y), std::pow(u, y));
  });
  EXPECT_LE(worst.ulps, kMaxUlpsFromLibm) << "at base = " << worst.at;
}

TEST(DetMath, PowRelativeErrorStaysBelow1e14AcrossTheDoubleRange) {
  // pow's error grows with |y log b| (the argument of exp carries ~2^-57 relative error);
  // results from 1e-300 to 1e300 exercise arguments up to about 690.
  RandomStream r(14, "det-math-pow-wide");
  double worstRel = 0;
  for (int i = 0; i < 200000; ++i) {
    const double base = 0.01 + r.uniform01() * 100.0;
    const double target = (r.uniform01() - 0.5) * 2.0 * 690.0;  // log of the result
    const double y = target / std::log(base);
    const double ref = std::pow(base, y);
    if (!(ref > 1e-300 && ref < 1e300)) continue;
    worstRel = std::max(worstRel, std::fabs(detPow(base, y) - ref) / ref);
  }
  EXPECT_LT(worstRel, 1e-14);
}

TEST(DetMath, ExactAndSpecialValues) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(bitsOf(detLog(1.0)), bitsOf(0.0));  // +0, not -0
  EXPECT_EQ(detExp(0.0), 1.0);
  EXPECT_EQ(detExp(-0.0), 1.0);
  // Correctly rounded ln 2 and -ln 2 (M_LN2): reduction adds e ln2 to log m = 0.
  EXPECT_EQ(detLog(2.0), 0x1.62e42fefa39efp-1);
  EXPECT_EQ(detLog(0.5), -0x1.62e42fefa39efp-1);
  EXPECT_EQ(detLog(0.0), -inf);
  EXPECT_EQ(detLog(inf), inf);
  EXPECT_TRUE(std::isnan(detLog(-1.0)));
  EXPECT_TRUE(std::isnan(detLog(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_EQ(detExp(710.0), inf);
  EXPECT_EQ(detExp(inf), inf);
  EXPECT_EQ(detExp(-746.0), 0.0);
  EXPECT_EQ(detExp(-inf), 0.0);
  EXPECT_TRUE(std::isnan(detExp(std::numeric_limits<double>::quiet_NaN())));
  // Next to the two thresholds: e^709.78 = 1.7964e308 is still finite, and
  // e^-745 = 0.57 x 2^-1074 rounds up to the smallest subnormal.
  EXPECT_GT(detExp(709.78), 1.79e308);
  EXPECT_LT(detExp(709.78), inf);
  EXPECT_EQ(detExp(-745.0), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(detPow(7.0, 0.0), 1.0);
  EXPECT_EQ(detPow(1.0, 1e300), 1.0);
  EXPECT_EQ(detPow(0.0, 2.0), 0.0);
  EXPECT_EQ(detPow(0.0, -2.0), inf);
  EXPECT_EQ(detPow(10.0, 400.0), inf);
  EXPECT_EQ(detPow(10.0, -400.0), 0.0);
  EXPECT_TRUE(std::isnan(detPow(-2.0, 0.5)));
}

TEST(DetMath, LogAndExpAreMonotonic) {
  // A fine grid over the ranges the simulator uses...
  double prev = detLog(1e-6);
  for (double x = 1e-6 + 1e-6; x <= 10.0; x += 1.7e-6) {
    const double v = detLog(x);
    ASSERT_LE(prev, v) << "log at " << x;
    prev = v;
  }
  prev = detExp(-745.0);
  for (double x = -745.0; x <= 709.7; x += 3e-4) {
    const double v = detExp(x);
    ASSERT_LE(prev, v) << "exp at " << x;
    prev = v;
  }
  // ...and every double around the points where the argument reduction switches branch:
  // log at m = sqrt(2) (e changes) and at 1; exp where k = round(x / ln2) changes.
  auto consecutive = [](double centre, double (*f)(double)) {
    double x = centre;
    for (int i = 0; i < 20000; ++i) x = std::nextafter(x, -1e308);
    double last = f(x);
    for (int i = 0; i < 40000; ++i) {
      x = std::nextafter(x, 1e308);
      const double v = f(x);
      if (v < last) return x;
      last = v;
    }
    return 0.0;
  };
  for (int e = -3; e <= 3; ++e) {
    const double centre = std::ldexp(0x1.6a09e667f3bcdp+0, e);
    EXPECT_EQ(consecutive(centre, detLog), 0.0) << "log near sqrt(2) 2^" << e;
  }
  EXPECT_EQ(consecutive(1.0, detLog), 0.0) << "log near 1";
  for (int k : {-1000, -3, -1, 0, 1, 2, 5, 1000}) {
    const double centre = (k + 0.5) * 0x1.62e42fefa39efp-1;
    EXPECT_EQ(consecutive(centre, detExp), 0.0) << "exp near (k + 1/2) ln2, k = " << k;
  }
}

TEST(DetMath, ExponentialVariateHasTheExponentialMomentsAndTail) {
  RandomStream r(21, "det-math-exponential");
  const int n = 1000000;
  const double mean = 2.5;
  double sum = 0, sumSq = 0;
  int aboveMean = 0;
  for (int i = 0; i < n; ++i) {
    const double x = exponentialVariate(r, mean);
    ASSERT_GE(x, 0.0);
    ASSERT_FALSE(std::signbit(x));  // never -0 (u = 1 gives +0)
    sum += x;
    sumSq += x * x;
    aboveMean += x > mean;
  }
  const double m = sum / n, var = sumSq / n - m * m;
  EXPECT_NEAR(m, mean, 5 * mean / std::sqrt(n));  // 5 standard errors
  EXPECT_NEAR(var / (mean * mean), 1.0, 0.03);    // sd of the ratio ~ 0.0045
  // P(X > mean) = 1/e; binomial sd = sqrt(n p (1 - p)) ~ 482.
  EXPECT_NEAR(aboveMean, n * std::exp(-1.0), 5 * 482.0);
}

TEST(DetMath, ParetoVariateHasTheParetoTailAndMean) {
  // The heavy-tailed case the self-similar sources use: check the survival function.
  RandomStream r(22, "det-math-pareto");
  const int n = 1000000;
  const double shape = 1.4, scale = 2.0;
  int above2 = 0, above10 = 0, above100 = 0;
  for (int i = 0; i < n; ++i) {
    const double x = paretoVariate(r, shape, scale);
    ASSERT_GE(x, scale);
    above2 += x > 2 * scale;
    above10 += x > 10 * scale;
    above100 += x > 100 * scale;
  }
  auto expectSurvival = [n](int count, double p, const char* what) {
    const double sd = std::sqrt(n * p * (1 - p));
    EXPECT_NEAR(count, n * p, 5 * sd) << what;
  };
  expectSurvival(above2, std::pow(0.5, shape), "P(X > 2 scale)");
  expectSurvival(above10, std::pow(0.1, shape), "P(X > 10 scale)");
  expectSurvival(above100, std::pow(0.01, shape), "P(X > 100 scale)");

  // With shape 3 the variance is finite, so the sample mean converges: mean = 1.5 scale,
  // sd of the mean = scale sqrt(3/4) / sqrt(n) ~ 0.00087 scale.
  RandomStream r3(23, "det-math-pareto-3");
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += paretoVariate(r3, 3.0, 1.0);
  EXPECT_NEAR(sum / n, 1.5, 5 * 0.00087);
}

// Golden values: bit patterns computed natively (x86-64, g++ 12) when det_math was written,
// and reproduced bit for bit by the same expressions compiled with Emscripten 3.1.6 and run
// in Node. If one changes, every run with background traffic changes: do not update them
// lightly.
TEST(DetMath, GoldenBitPatternsAreStable) {
  struct Golden {
    const char* what;
    double value;
    std::uint64_t bits;
  };
  const Golden golden[] = {
      {"detLog(0.1)", detLog(0.1), 0xc0026bb1bbb55515ull},
      {"detLog(0.7)", detLog(0.7), 0xbfd6d3c324e13f50ull},
      {"detLog(1 - 2^-53)", detLog(0x1.fffffffffffffp-1), 0xbca0000000000000ull},
      {"detLog(1e-300)", detLog(1e-300), 0xc085963447f87fb5ull},
      {"detLog(4.9e-324)", detLog(4.9e-324), 0xc0874385446d71c3ull},
      {"detLog(123456.789)", detLog(123456.789), 0x40277281cad8a844ull},
      {"detExp(-0.5)", detExp(-0.5), 0x3fe368b2fc6f960aull},
      {"detExp(1)", detExp(1.0), 0x4005bf0a8b14576aull},
      {"detExp(0.1)", detExp(0.1), 0x3ff1aec7b35a00d4ull},
      {"detExp(700)", detExp(700.0), 0x7f0d945df4f8ec8eull},
      {"detExp(-740)", detExp(-740.0), 0x0000000000000055ull},
      {"detExp(-20)", detExp(-20.0), 0x3e21b48655f37267ull},
      {"detPow(0.3, -1/1.4)", detPow(0.3, -1.0 / 1.4), 0x4002e7a8b9ee71e8ull},
      {"detPow(0.001, -1/1.1)", detPow(0.001, -1.0 / 1.1), 0x4080ad5c00a72f8dull},
  };
  for (const Golden& g : golden) {
    EXPECT_EQ(bitsOf(g.value), g.bits) << g.what;
  }
  // The variates: the random stream and the functions together.
  RandomStream e(1, "golden");
  const std::uint64_t expo[] = {0x3ff14d386a4658c0ull, 0x3fbf68f590a4c53aull, 0x4000c0aa86b45cd5ull};
  for (std::uint64_t bits : expo) EXPECT_EQ(bitsOf(exponentialVariate(e, 1.0)), bits);
  RandomStream p(1, "golden-pareto");
  const std::uint64_t pareto[] = {0x3ff1a3bf456b676full, 0x3ff705d0f295e455ull, 0x3ffb964300cc8a02ull};
  for (std::uint64_t bits : pareto) EXPECT_EQ(bitsOf(paretoVariate(p, 1.4, 1.0)), bits);
}

}  // namespace
}  // namespace obs
