#include "sim/time.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "sim/rng.h"

namespace obs {
namespace {

TEST(SimTime, RoundToPicosMatchesLlroundEverywhere) {
  // Halves, negatives, both sides of 2^52 and 2^53 (where doubles stop holding fractions),
  // and the largest accepted times.
  const double cases[] = {0.0,
                          0.5,
                          1.5,
                          2.5,
                          -0.5,
                          -1.5,
                          0.49999999999999994,
                          102400.0,
                          4503599627370495.5,
                          4503599627370497.0,
                          9007199254740993.0,
                          1e18,
                          -1e18,
                          123456.49999,
                          123456.50001};
  for (double x : cases) EXPECT_EQ(roundToPicos(x), std::llround(x)) << x;
  RandomStream rng(7, "time-test");
  for (int i = 0; i < 200000; ++i) {
    double scale = std::pow(10.0, static_cast<double>(rng.nextU64() % 19));
    double x = (rng.uniform01() - 0.25) * scale;
    ASSERT_EQ(roundToPicos(x), std::llround(x)) << x;
  }
}

TEST(Time, ConvertsExactlyAtTheBoundary) {
  EXPECT_EQ(fromSeconds(1e-3), 1'000'000'000);
  EXPECT_EQ(transmissionTime(512, 40e9), 102'400);  // 102.4 ns
  EXPECT_EQ(transmissionTime(552, 1e8), 44'160'000);
  EXPECT_DOUBLE_EQ(toSeconds(fromSeconds(20.0)), 20.0);
}

// A live change's `at` is reported as seconds and read back from JSON (docs/live-changes.md):
// the engine lands changes on times that survive that trip. Below 2^51 ps every time does;
// above, the next one that does is at most 127 ps away, up to the longest accepted time.
TEST(Time, SecondsRoundTripBelow2To51AndNearlyEverywhereAbove) {
  RandomStream rng(11, "round-trip");
  for (int i = 0; i < 200000; ++i) {
    const SimTime t = static_cast<SimTime>(rng.nextU64() % (1ull << 51));
    ASSERT_TRUE(secondsRoundTrip(t)) << t;
  }
  const SimTime last = static_cast<SimTime>(kMaxSeconds) * kPicosPerSecond;
  SimTime worst = 0;
  for (int e = 51; e < 60; ++e) {
    for (int i = 0; i < 2000; ++i) {
      const SimTime t = std::min(last - 200, (SimTime{1} << e) + static_cast<SimTime>(rng.nextU64() % (1ull << e)));
      SimTime u = t;
      while (!secondsRoundTrip(u)) ++u;
      worst = std::max(worst, u - t);
    }
  }
  EXPECT_LE(worst, 127);
  // And the seconds of such a time, read back, are the same double.
  EXPECT_EQ(toSeconds(fromSeconds(toSeconds(123'456'789'012))), toSeconds(123'456'789'012));
}

}  // namespace
}  // namespace obs
