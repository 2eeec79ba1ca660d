#include "tcp/rtt_estimator.h"

#include <gtest/gtest.h>

namespace obs {
namespace {

RtoSpec spec(double initial, double min, double max) {
  RtoSpec s;
  s.initial = initial;
  s.min = min;
  s.max = max;
  return s;
}

TEST(RttEstimator, StartsAtTheInitialRto) {
  RttEstimator e(spec(1, 0.2, 60));
  EXPECT_EQ(e.rto(), fromSeconds(1));
  EXPECT_FALSE(e.hasSample());
}

TEST(RttEstimator, FirstSampleSetsSrttAndHalfRttvar) {  // RFC 6298 (2.2)
  RttEstimator e(spec(1, 0, 60));
  e.addSample(fromSeconds(0.1));
  EXPECT_EQ(e.srtt(), fromSeconds(0.1));
  EXPECT_EQ(e.rttvar(), fromSeconds(0.05));
  EXPECT_EQ(e.rto(), fromSeconds(0.3));  // 0.1 + 4 x 0.05
}

TEST(RttEstimator, LaterSamplesUseAlphaEighthAndBetaQuarter) {  // RFC 6298 (2.3)
  RttEstimator e(spec(1, 0, 60));
  e.addSample(fromSeconds(0.1));
  e.addSample(fromSeconds(0.2));
  // RTTVAR = 3/4 x 0.05 + 1/4 x |0.1 - 0.2| = 0.0625; SRTT = 7/8 x 0.1 + 1/8 x 0.2 = 0.1125
  EXPECT_EQ(e.rttvar(), fromSeconds(0.0625));
  EXPECT_EQ(e.srtt(), fromSeconds(0.1125));
  EXPECT_EQ(e.rto(), fromSeconds(0.3625));
}

TEST(RttEstimator, ClampsToMinAndMax) {
  RttEstimator low(spec(1, 0.2, 60));
  low.addSample(fromSeconds(0.001));
  EXPECT_EQ(low.rto(), fromSeconds(0.2));
  RttEstimator high(spec(1, 0.2, 2));
  high.addSample(fromSeconds(1));
  EXPECT_EQ(high.rto(), fromSeconds(2));
}

TEST(RttEstimator, BackOffDoublesUpToTheMaximum) {  // RFC 6298 (5.5)
  RttEstimator e(spec(1, 0.2, 3));
  e.backOff();
  EXPECT_EQ(e.rto(), fromSeconds(2));
  e.backOff();
  EXPECT_EQ(e.rto(), fromSeconds(3));
  e.addSample(fromSeconds(0.1));  // a valid sample ends the back-off
  EXPECT_EQ(e.rto(), fromSeconds(0.3));
}

// rto.fixed: the timer is the constant, whatever the samples, the bounds and the timeouts
// (docs/model.md: paper 003 fixes its RTO; no back-off, as ns-2 with minrto_ = maxrto_).
TEST(RttEstimator, FixedRtoHoldsThroughSamplesAndTimeouts) {
  RtoSpec s = spec(1, 0.2, 60);
  s.fixed = 0.0105;  // below rto.min: the fixed value wins
  RttEstimator e(s);
  EXPECT_TRUE(e.fixed());
  EXPECT_EQ(e.rto(), fromSeconds(0.0105));
  e.addSample(fromSeconds(0.5));
  e.addSample(fromSeconds(0.03));
  EXPECT_EQ(e.rto(), fromSeconds(0.0105));
  EXPECT_GT(e.srtt(), 0);  // still estimated, for the outputs
  e.backOff();
  e.backOff();
  EXPECT_EQ(e.rto(), fromSeconds(0.0105));
}

}  // namespace
}  // namespace obs
