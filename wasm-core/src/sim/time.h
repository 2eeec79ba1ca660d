// Simulated time: an integer count of picoseconds. A 512-byte segment at 40 Gbit/s lasts
// 102.4 ns = 102400 ps, exactly; doubles would drift over millions of additions and differ
// between builds. Seconds as doubles appear only at the boundary (scenario, samples, summary).
#pragma once
#include <cmath>
#include <cstdint>

#include "generated/limits.h"

namespace obs {

using SimTime = std::int64_t;

constexpr SimTime kPicosPerSecond = 1'000'000'000'000;
// The latest instant used as "never": about 2.3e6 simulated seconds (27 days), beyond
// any accepted duration, and small enough that adding a duration to it cannot overflow.
constexpr SimTime kNever = INT64_MAX / 4;
// Seconds accepted at the boundary (kMaxSeconds, 1e18 ps) come before it.
static_assert(static_cast<SimTime>(kMaxSeconds) * kPicosPerSecond < kNever,
              "every accepted time must come before kNever");

// Rounds to the nearest integer, halves away from zero (llround's rule), inline: libm's
// llround is a call on every target and sat on the per-packet path. Exact: the cast
// truncates, and x - trunc(x) is computed without error.
inline SimTime roundToPicos(double x) {
  SimTime i = static_cast<SimTime>(x);
  double frac = x - static_cast<double>(i);
  if (frac >= 0.5)
    ++i;
  else if (frac <= -0.5)
    --i;
  return i;
}

inline SimTime fromSeconds(double seconds) { return roundToPicos(seconds * 1e12); }
inline double toSeconds(SimTime t) { return static_cast<double>(t) / 1e12; }
// Whether t's seconds convert back to t: true for every t below 2^51 ps (2251 s), where a
// double of seconds is fine enough; above, only for some, but the next one is never more
// than 127 ps away up to kMaxSeconds (time_test.cc). A time reported to the app as seconds
// and read back (a live change's `at`) must be one of these.
inline bool secondsRoundTrip(SimTime t) { return fromSeconds(toSeconds(t)) == t; }

// Time to put `bytes` on a line of `rateBps` bit/s, rounded to the nearest picosecond.
inline SimTime transmissionTime(std::uint64_t bytes, double rateBps) {
  return roundToPicos(static_cast<double>(bytes) * 8e12 / rateBps);
}

}  // namespace obs
