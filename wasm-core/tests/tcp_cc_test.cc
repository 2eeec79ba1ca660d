// Rule tests for the window-growth variants: each drives a CongestionOps object directly
// with scripted ACKs and checks the rule its specification states.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "tcp/bic.h"
#include "tcp/congestion_ops.h"
#include "tcp/cubic.h"
#include "tcp/hstcp.h"
#include "tcp/htcp.h"
#include "tcp/loss_recovery.h"
#include "tcp/scalable.h"
#include "tcp/vegas.h"
#include "tcp/westwood.h"

namespace obs {
namespace {

// Plays the sender's part: builds AckInfo, calls the hooks in the sender's order, and
// applies loss the way the sender's Reno recovery does (ssthresh from the ops, cwnd
// inflated by the duplicates, then the ops' window when recovery ends).
struct Driver {
  CongestionOps& ops;
  CongestionState s;
  double now = 100;  // seconds; any start will do
  double minRtt = 0;

  Driver(CongestionOps& o, double cwnd, double ssthresh) : ops(o) {
    s.cwnd = cwnd;
    s.ssthresh = ssthresh;
  }

  AckInfo info(double dt, double rtt, std::uint32_t acked) {
    now += dt;
    if (rtt > 0) minRtt = minRtt == 0 ? rtt : std::min(minRtt, rtt);
    AckInfo a;
    a.now = now;
    a.segmentsAcked = acked;
    a.rtt = rtt;
    a.minRtt = minRtt;
    a.srtt = rtt;                                   // a fixed RTT: the smoothed RTT is the sample
    a.flight = static_cast<std::uint32_t>(s.cwnd);  // a window-limited sender
    return a;
  }
  // A new ACK `dt` seconds after the previous one.
  void ack(double dt, double rtt = 0.1, std::uint32_t acked = 1) {
    AckInfo a = info(dt, rtt, acked);
    ops.observeAck(a);
    ops.onNewAck(s, a);
  }
  void dupAck(double dt) { ops.observeAck(info(dt, 0, 0)); }
  // A window's worth of ACKs spread evenly over one RTT.
  void round(double rtt) {
    int n = static_cast<int>(s.cwnd);
    for (int i = 0; i < n; ++i) ack(rtt / n, rtt);
  }
  void loss(std::uint32_t flight) {
    s.ssthresh = ops.ssthreshAfterLoss(s, flight, now);
    s.cwnd = s.ssthresh + 3;  // Reno's recovery: ssthresh plus the three duplicates
    s.cwnd = ops.cwndAfterRecovery(s);
  }
  void loss() { loss(static_cast<std::uint32_t>(s.cwnd)); }
  void timeout(std::uint32_t flight) {
    s.ssthresh = ops.ssthreshAfterTimeout(s, flight, now);
    s.cwnd = 1;
  }
};

// ---- Factory and shared rules -------------------------------------------------------

const std::vector<std::pair<TcpVariantKind, const char*>> kAllVariants = {
    {TcpVariantKind::Tahoe, "reno"},  {TcpVariantKind::Reno, "reno"},         {TcpVariantKind::NewReno, "reno"},
    {TcpVariantKind::Sack, "reno"},   {TcpVariantKind::Hstcp, "hstcp"},       {TcpVariantKind::Stcp, "stcp"},
    {TcpVariantKind::Bic, "bic"},     {TcpVariantKind::Cubic, "cubic"},       {TcpVariantKind::Htcp, "htcp"},
    {TcpVariantKind::Vegas, "vegas"}, {TcpVariantKind::Westwood, "westwood"},
};

TEST(CcFactory, LossRecoveryVariantsUseRenoAndTheOthersTheirOwnOps) {
  for (auto [kind, name] : kAllVariants) {
    TcpSpec spec;
    spec.variant = kind;
    EXPECT_STREQ(makeCongestionOps(spec)->name(), name) << name;
  }
}

// The names a scenario writes (generated/tcp_choices.h, from the schema) follow the enums'
// order: each variant's name is what runs under it, its loss recovery's for the first four,
// which differ only there; each recovery's name is its own.
TEST(CcFactory, TheGeneratedNamesNameWhatEachVariantAndRecoveryRuns) {
  for (std::size_t i = 0; i < kTcpVariantNames.size(); ++i) {
    TcpSpec spec;
    spec.variant = static_cast<TcpVariantKind>(i);
    const bool byRecovery = i < kLossRecoveryNames.size();
    EXPECT_STREQ(byRecovery ? makeLossRecovery(spec)->name() : makeCongestionOps(spec)->name(), kTcpVariantNames[i]);
  }
  for (std::size_t i = 0; i < kLossRecoveryNames.size(); ++i) {
    TcpSpec spec;
    spec.recovery = static_cast<TcpRecoveryKind>(i);
    EXPECT_STREQ(makeLossRecovery(spec)->name(), kLossRecoveryNames[i]);
  }
}

TEST(CcFactory, EveryVariantSlowStartsByOneSegmentPerAck) {
  for (auto [kind, name] : kAllVariants) {
    TcpSpec spec;
    spec.variant = kind;
    auto ops = makeCongestionOps(spec);
    Driver d(*ops, 1, 64);
    for (int i = 0; i < 10; ++i) d.ack(0.01);
    EXPECT_DOUBLE_EQ(d.s.cwnd, 11) << name;
  }
}

// ---- HighSpeed TCP, RFC 3649 ---------------------------------------------------------

TEST(CcHstcp, ResponseFunctionMatchesTheRfcTable) {
  // RFC 3649 Appendix B: windows with a(w) rounded to an integer and b(w) to two
  // decimals.
  EXPECT_DOUBLE_EQ(Hstcp::increase(38), 1);
  EXPECT_DOUBLE_EQ(Hstcp::decrease(38), 0.5);
  struct Row {
    double w, a, b;
  };
  for (Row r : {Row{118, 2, 0.44}, Row{221, 3, 0.41}, Row{347, 4, 0.38}, Row{495, 5, 0.37}, Row{663, 6, 0.35},
                Row{851, 7, 0.34}, Row{1058, 8, 0.33}, Row{1284, 9, 0.32}, Row{1529, 10, 0.31}}) {
    EXPECT_NEAR(Hstcp::increase(r.w), r.a, 0.2) << "w = " << r.w;
    EXPECT_NEAR(Hstcp::decrease(r.w), r.b, 0.005) << "w = " << r.w;
  }
  EXPECT_NEAR(Hstcp::increase(83000), 72, 1);
  EXPECT_NEAR(Hstcp::decrease(83000), 0.1, 1e-12);
}

TEST(CcHstcp, GrowsByAOverWAndBacksOffByB) {
  Hstcp ops;
  Driver d(ops, 1058, 100);
  d.ack(0.001);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 1058 + Hstcp::increase(1058) / 1058);
  EXPECT_NEAR(d.s.cwnd - 1058, 8.1 / 1058, 0.1 / 1058);  // a(1058) ~ 8
  double w = d.s.cwnd;
  d.loss();
  EXPECT_DOUBLE_EQ(d.s.ssthresh, (1 - Hstcp::decrease(w)) * w);
  EXPECT_NEAR(d.s.ssthresh / w, 0.673, 0.001);
}

TEST(CcHstcp, IsRenoAtOrBelowLowWindow) {
  Hstcp ops;
  Driver d(ops, 30, 10);
  d.ack(0.01);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 30 + 1.0 / 30);
  d.s.cwnd = 38;
  d.ack(0.01);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 38 + 1.0 / 38);
  d.s.cwnd = 30;
  d.loss(30);
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 15);
}

// ---- Scalable TCP --------------------------------------------------------------------

TEST(CcScalable, AddsAHundredthPerAckAndKeepsSevenEighthsOnLoss) {
  Scalable ops;
  Driver d(ops, 100, 50);
  d.ack(0.001);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 100.01);
  for (int i = 0; i < 99; ++i) d.ack(0.001);
  EXPECT_NEAR(d.s.cwnd, 101, 1e-9);  // 1% per window of ACKs
  d.s.cwnd = 100;
  d.loss();
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 87.5);
}

TEST(CcScalable, GrowsAsRenoBelowAHundredSegmentsAndBacksOffByAnEighthAtAnyWindow) {
  Scalable ops;
  Driver d(ops, 20, 5);
  d.ack(0.01);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 20 + 1.0 / 20);  // Reno's, faster than a = 0.01 here
  d.s.cwnd = 10;
  d.loss(10);
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 8.75);
  d.s.cwnd = 2;
  d.loss(2);
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 2);  // at least two segments
}

// ---- BIC-TCP -------------------------------------------------------------------------

TEST(CcBic, BinarySearchMovesAQuarterOfTheWayToWmaxPerRtt) {
  Bic ops;
  Driver d(ops, 100, 50);
  d.loss();
  EXPECT_DOUBLE_EQ(ops.wMax(), 100);
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 100 * 819.0 / 1024);
  double before = d.s.cwnd;
  d.ack(0.001);
  EXPECT_DOUBLE_EQ(d.s.cwnd, before + (100 - before) / 4 / before);
  // Over one RTT, a quarter of the distance (20 segments) to Wmax, a little less since
  // the distance shrinks within the RTT: 20 (1 - e^-1/4) = 4.4.
  before = d.s.cwnd;
  d.round(0.1);
  EXPECT_NEAR(d.s.cwnd - before, 4.4, 0.15);
  // The steps shrink as the window nears Wmax: a plateau just below it.
  for (int i = 0; i < 20; ++i) d.round(0.1);
  before = d.s.cwnd;
  d.round(0.1);
  EXPECT_GT(d.s.cwnd, 99.9);
  EXPECT_LT(d.s.cwnd, 100);
  EXPECT_LT(d.s.cwnd - before, 0.05);
}

TEST(CcBic, IncrementIsCappedBySmaxAndFlooredBySmin) {
  EXPECT_DOUBLE_EQ(Bic::increment(50, 100), 12.5);
  EXPECT_DOUBLE_EQ(Bic::increment(20, 100), Bic::kSmax);  // (100 - 20) / 4 = 20 > 16
  EXPECT_DOUBLE_EQ(Bic::increment(99.99, 100), Bic::kSmin);
  Bic ops;
  Driver d(ops, 1000, 50);
  d.loss();  // Wmax 1000, cwnd 799.8: (1000 - 799.8) / 4 = 50 per RTT, capped at 16
  double before = d.s.cwnd;
  d.ack(0.001);
  EXPECT_DOUBLE_EQ(d.s.cwnd, before + 16 / before);
}

TEST(CcBic, MaxProbingAboveWmaxStartsSlowlyThenSpeedsUpToSmax) {
  EXPECT_DOUBLE_EQ(Bic::increment(100, 100), Bic::kSmin);
  EXPECT_DOUBLE_EQ(Bic::increment(100.02, 100), Bic::kSmin);
  EXPECT_DOUBLE_EQ(Bic::increment(106, 100), 2);
  EXPECT_DOUBLE_EQ(Bic::increment(130, 100), 10);
  EXPECT_DOUBLE_EQ(Bic::increment(200, 100), Bic::kSmax);
  Bic ops;
  Driver d(ops, 100, 50);
  d.loss();
  d.s.cwnd = 109;
  d.ack(0.001);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 109 + 3.0 / 109);
}

TEST(CcBic, FastConvergenceLowersWmaxAfterALossBelowIt) {
  Bic ops;
  Driver d(ops, 100, 50);
  d.loss();
  d.s.cwnd = 90;
  d.loss();
  EXPECT_DOUBLE_EQ(ops.wMax(), 90 * (1 + 819.0 / 1024) / 2);
  d.s.cwnd = 120;
  d.loss();
  EXPECT_DOUBLE_EQ(ops.wMax(), 120);
}

TEST(CcBic, IsRenoAtOrBelowLowWindow) {
  Bic ops;
  Driver d(ops, 10, 5);
  d.ack(0.01);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 10.1);
  d.s.cwnd = 10;
  d.loss(10);
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 5);
}

// ---- CUBIC, RFC 9438 -----------------------------------------------------------------

TEST(CcCubic, WindowFollowsTheCubicFunctionAfterALoss) {
  Cubic ops;
  const double rtt = 0.1;
  Driver d(ops, 100, 50);
  d.loss(100);
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 70);  // beta_cubic x FlightSize
  EXPECT_DOUBLE_EQ(ops.wMax(), 100);
  d.ack(rtt / d.s.cwnd, rtt);  // the epoch starts with this ACK
  const double t0 = d.now;
  const double k = std::cbrt(100 * (1 - 0.7) / 0.4);  // section 4.2, figure 2
  EXPECT_NEAR(ops.k(), k, 1e-12);
  auto w = [k](double t) { return 0.4 * (t - k) * (t - k) * (t - k) + 100; };
  // Until about t = 5.5 s, when Reno's window (W_est, 1 segment per 0.1 s) overtakes.
  for (double check : {0.5, 1.0, 2.0, 3.0, k, 5.0}) {
    while (d.now - t0 < check) d.ack(rtt / d.s.cwnd, rtt);
    EXPECT_NEAR(d.s.cwnd, w(d.now - t0), 0.1) << "t = " << d.now - t0;
  }
}

TEST(CcCubic, RenoFriendlyRegionTakesOverWhenRenoWouldBeFaster) {
  // A small W_max and a short RTT: the cubic curve stays near 7..10 segments for
  // K = 1.96 s, while Reno's window (W_est) grows by alpha_cubic per 10 ms RTT.
  Cubic ops;
  const double rtt = 0.01;
  Driver d(ops, 10, 5);
  d.loss(10);
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 7);
  d.ack(rtt / 7, rtt);  // the epoch starts with this ACK
  const double t0 = d.now;
  for (int i = 0; i < 3; ++i) d.round(rtt);
  EXPECT_LT(ops.wCubic(d.now - t0), 7.5);
  EXPECT_NEAR(d.s.cwnd, 7 + 3 * Cubic::kAlpha, 0.3);
  EXPECT_DOUBLE_EQ(d.s.cwnd, ops.wEst());
  // Past cwnd_prior (10), alpha_cubic becomes 1: one segment per RTT, as Reno.
  while (d.s.cwnd < 12) d.round(rtt);
  double before = d.s.cwnd;
  d.round(rtt);
  EXPECT_NEAR(d.s.cwnd - before, 1, 0.1);
  EXPECT_GT(d.s.cwnd, ops.wCubic(d.now - t0) + 2);
}

TEST(CcCubic, FastConvergenceLowersWmax) {
  Cubic ops;
  Driver d(ops, 100, 50);
  d.loss(100);
  d.s.cwnd = 90;  // the next loss comes below W_max = 100
  d.loss(90);
  EXPECT_DOUBLE_EQ(ops.wMax(), 90 * (1 + 0.7) / 2);  // 76.5
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 63);
  d.ack(0.001);
  EXPECT_NEAR(ops.k(), std::cbrt((76.5 - 63) / 0.4), 1e-12);
  d.s.cwnd = 120;  // above W_max: no further reduction
  d.loss(120);
  EXPECT_DOUBLE_EQ(ops.wMax(), 120);
}

TEST(CcCubic, TimeoutRestartsTheEpochOnThePlateau) {
  Cubic ops;
  Driver d(ops, 100, 50);
  d.loss(100);
  d.ack(0.001);
  d.timeout(80);
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 56);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 1);
  // Section 4.8: the first congestion avoidance after a timeout has K = 0 and W_max = the
  // window at its start.
  d.s.cwnd = 56;
  d.ack(0.001);
  EXPECT_DOUBLE_EQ(ops.k(), 0);
  EXPECT_DOUBLE_EQ(ops.wMax(), 56);
}

// ---- H-TCP ---------------------------------------------------------------------------

TEST(CcHtcp, AlphaIsRenosForOneSecondThenGrowsQuadratically) {
  EXPECT_DOUBLE_EQ(Htcp::alphaOf(0), 1);
  EXPECT_DOUBLE_EQ(Htcp::alphaOf(0.5), 1);
  EXPECT_DOUBLE_EQ(Htcp::alphaOf(1.0), 1);
  EXPECT_DOUBLE_EQ(Htcp::alphaOf(1.5), 1 + 5 + 0.0625);
  EXPECT_DOUBLE_EQ(Htcp::alphaOf(2.0), 1 + 10 + 0.25);
  EXPECT_DOUBLE_EQ(Htcp::alphaOf(3.0), 1 + 20 + 1);
}

TEST(CcHtcp, BetaIsTheRttRatioClampedToHalfAndFourFifths) {
  EXPECT_DOUBLE_EQ(Htcp::betaOf(0.1, 0.16), 0.625);
  EXPECT_DOUBLE_EQ(Htcp::betaOf(0.1, 0.5), 0.5);
  EXPECT_DOUBLE_EQ(Htcp::betaOf(0.1, 0.11), 0.8);
  EXPECT_DOUBLE_EQ(Htcp::betaOf(0, 0), 0.5);  // no samples
}

TEST(CcHtcp, RttScaleIsRttMinOverAHundredMillisecondsClamped) {
  EXPECT_DOUBLE_EQ(Htcp::rttScale(0.1), 1);
  EXPECT_DOUBLE_EQ(Htcp::rttScale(0.044), 0.44);
  EXPECT_DOUBLE_EQ(Htcp::rttScale(0.005), 0.1);  // Linux: 100 ms / RTTmin at most 10
  EXPECT_DOUBLE_EQ(Htcp::rttScale(0.5), 2);      // and at least 0.5
}

TEST(CcHtcp, BandwidthSwitchAcceptsAThroughputWithinTwentyPercent) {
  EXPECT_TRUE(Htcp::throughputSteady(100, 100));
  EXPECT_TRUE(Htcp::throughputSteady(120, 100));
  EXPECT_FALSE(Htcp::throughputSteady(121, 100));
  EXPECT_TRUE(Htcp::throughputSteady(80, 100));
  EXPECT_FALSE(Htcp::throughputSteady(79, 100));
  EXPECT_FALSE(Htcp::throughputSteady(100, 0));  // the first measured epoch
  EXPECT_TRUE(Htcp::throughputSteady(0, 0));     // nothing measured yet
}

// One congestion epoch: `cwnd` segments per RTT at RTTmin for 1 s, then the queue fills
// (the RTT climbs to `rttMax` in 20 ms steps, as Linux accepts them) and a loss.
void htcpEpoch(Driver& d, double cwnd, double rttMin, double rttMax) {
  d.s.cwnd = cwnd;
  d.s.ssthresh = 1;
  for (double t = 0; t < 1; t += rttMin) d.round(rttMin);
  double step = std::min(0.02, (rttMax - rttMin) / 3);
  for (double r = rttMin + step; r <= rttMax + 1e-12; r += step) d.ack(0.001, r);
  d.loss();
}

TEST(CcHtcp, BetaIsHalfUntilTwoSteadyEpochsThenTheRttRatio) {
  Htcp ops;
  Driver d(ops, 100, 1);
  htcpEpoch(d, 100, 0.1, 0.16);
  EXPECT_DOUBLE_EQ(ops.beta(), 0.5);  // the first event: no earlier throughput to compare
  EXPECT_GT(ops.maxThroughput(), 0);
  htcpEpoch(d, 100, 0.1, 0.16);
  EXPECT_DOUBLE_EQ(ops.beta(), 0.5);  // steady, but the mode switch only turns on now
  htcpEpoch(d, 100, 0.1, 0.16);
  EXPECT_NEAR(ops.beta(), 0.1 / 0.16, 1e-9);
  // The throughput doubles (the path changed): back to 0.5 and the switch off again.
  htcpEpoch(d, 200, 0.1, 0.16);
  EXPECT_DOUBLE_EQ(ops.beta(), 0.5);
  htcpEpoch(d, 200, 0.1, 0.16);
  EXPECT_DOUBLE_EQ(ops.beta(), 0.5);
  htcpEpoch(d, 200, 0.1, 0.16);
  EXPECT_NEAR(ops.beta(), 0.1 / 0.16, 1e-9);
}

TEST(CcHtcp, BetaStaysHalfBelowTenMillisecondsRttMin) {
  Htcp ops;
  Driver d(ops, 100, 1);
  for (int i = 0; i < 4; ++i) htcpEpoch(d, 100, 0.008, 0.012);
  EXPECT_DOUBLE_EQ(ops.beta(), 0.5);
}

TEST(CcHtcp, SsthreshIsBetaTimesTheWindow) {
  Htcp ops;
  Driver d(ops, 100, 1);
  for (int i = 0; i < 2; ++i) htcpEpoch(d, 100, 0.1, 0.16);
  d.s.cwnd = 100;
  d.s.ssthresh = 1;
  for (double t = 0; t < 1; t += 0.1) d.round(0.1);
  for (double r : {0.12, 0.14, 0.16}) d.ack(0.001, r);
  double w = d.s.cwnd;
  d.loss();
  EXPECT_NEAR(d.s.ssthresh, 0.625 * w, 1e-9);
}

TEST(CcHtcp, RttMaxClimbsAtMostTwentyMillisecondsPerSampleAndFadesAtEachEvent) {
  Htcp ops;
  Driver d(ops, 10, 1);
  d.ack(0.01, 0.1);
  d.ack(0.01, 0.2);  // one late ACK is no queue
  EXPECT_DOUBLE_EQ(ops.rttMax(), 0.1);
  d.ack(0.01, 0.115);
  d.ack(0.01, 0.13);
  EXPECT_DOUBLE_EQ(ops.rttMax(), 0.13);
  d.loss();
  EXPECT_NEAR(ops.rttMax(), 0.1 + 0.95 * 0.03, 1e-12);
}

TEST(CcHtcp, AlphaIsScaledByTwoOneMinusBetaAndByRttMinFlooredAtOne) {
  // RTTmin 44 ms: within Delta_L the scaled factor 0.44 is floored at 1, so the increase
  // is 2 (1 - 0.5) = 1 segment per RTT, Reno's.
  Htcp ops;
  Driver d(ops, 20, 1);
  d.ack(0.01, 0.044);
  d.loss();            // the congestion event; beta 0.5
  d.ack(0.01, 0.044);  // recovery is over: Delta counts from here
  double t0 = d.now;
  EXPECT_DOUBLE_EQ(ops.alpha(t0 + 0.5), 1);
  // Two seconds on: alpha(2) = 11.25, x 0.44 x 2 (1 - 0.5).
  EXPECT_NEAR(ops.alpha(t0 + 2), 11.25 * 0.44, 1e-12);
  double before = d.s.cwnd;
  d.ack(2, 0.044);
  EXPECT_NEAR(d.s.cwnd, before + 11.25 * 0.44 / before, 1e-12);

  // RTTmin 200 ms: the factor doubles (the clamp's upper end), even within Delta_L.
  Htcp slow;
  Driver e(slow, 20, 1);
  e.ack(0.01, 0.2);
  e.loss();
  e.ack(0.01, 0.2);
  EXPECT_DOUBLE_EQ(slow.alpha(e.now + 0.5), 2);
}

// ---- Vegas ---------------------------------------------------------------------------

TEST(CcVegas, HoldsBetweenAlphaAndBetaGrowsBelowShrinksAbove) {
  const double base = 0.1;
  {
    // Diff = cwnd (rtt - base) / rtt = 3 segments queued: between alpha 2 and beta 4.
    Vegas ops;
    Driver d(ops, 20, 10);
    d.ack(0.005, base);
    for (int i = 0; i < 100; ++i) d.ack(0.005, base * 20 / 17);
    EXPECT_DOUBLE_EQ(d.s.cwnd, 20);
  }
  {
    // No queue (Diff = 0 < alpha): one segment per round.
    Vegas ops;
    Driver d(ops, 20, 10);
    d.ack(0.005, base);  // opens the first round: 19 to go
    for (int i = 0; i < 18; ++i) d.ack(0.005, base);
    EXPECT_DOUBLE_EQ(d.s.cwnd, 20);  // no change within a round
    d.ack(0.005, base);
    EXPECT_DOUBLE_EQ(d.s.cwnd, 21);
    for (int i = 0; i < 19; ++i) d.ack(0.005, base);  // the 19 outstanding at the decision
    EXPECT_DOUBLE_EQ(d.s.cwnd, 22);
  }
  {
    // RTT twice the base: Diff = cwnd / 2 = 10 > beta, one segment less per round, and
    // ssthresh follows so the flow stays in congestion avoidance.
    Vegas ops;
    Driver d(ops, 20, 10);
    d.ack(0.005, base);
    for (int i = 0; i < 19; ++i) d.ack(0.005, 2 * base);
    EXPECT_DOUBLE_EQ(d.s.cwnd, 19);
    // The next round is the 19 segments outstanding at the decision.
    for (int i = 0; i < 18; ++i) d.ack(0.005, 2 * base);
    EXPECT_DOUBLE_EQ(d.s.cwnd, 19);
    d.ack(0.005, 2 * base);
    EXPECT_DOUBLE_EQ(d.s.cwnd, 18);
    EXPECT_LT(d.s.ssthresh, d.s.cwnd);
    EXPECT_DOUBLE_EQ(ops.baseRtt(), base);
  }
}

TEST(CcVegas, LeavesSlowStartWhenDiffExceedsGamma) {
  const double base = 0.1;
  Vegas ops;
  Driver d(ops, 4, 1000);
  d.ack(0.01, base);  // cwnd 5; the round waits for the 3 still outstanding
  d.ack(0.01, 0.2);
  d.ack(0.01, 0.2);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 7);  // slow start goes on within the round
  d.ack(0.01, 0.2);               // round ends: Diff = 7 (0.2 - 0.1) / 0.2 = 3.5 > gamma
  EXPECT_DOUBLE_EQ(d.s.cwnd, 7 * 0.1 / 0.2 + 1);
  EXPECT_LT(d.s.ssthresh, d.s.cwnd);
}

TEST(CcVegas, HalvesOnLossAsReno) {
  Vegas ops;
  Driver d(ops, 20, 10);
  d.loss(20);
  EXPECT_DOUBLE_EQ(d.s.ssthresh, 10);
}

// ---- Westwood+ -----------------------------------------------------------------------

TEST(CcWestwood, SsthreshAfterLossIsTheFilteredBandwidthTimesRttMin) {
  // One segment acknowledged every millisecond: 1000 segments/s, at an RTT of 0.1 s.
  Westwood ops;
  Driver d(ops, 200, 10);
  for (int i = 0; i < 3000; ++i) d.ack(0.001, 0.1);
  EXPECT_NEAR(ops.bandwidthEstimate(), 1000, 10);
  EXPECT_DOUBLE_EQ(ops.rttMin(), 0.1);
  d.loss();
  EXPECT_DOUBLE_EQ(d.s.ssthresh, ops.bandwidthEstimate() * ops.rttMin());
  EXPECT_NEAR(d.s.ssthresh, 100, 1);
}

TEST(CcWestwood, DuplicateAcksCountOnceAndAreNotCountedAgainByTheCumulativeAck) {
  Westwood ops;
  Driver d(ops, 200, 10);
  double lo = 1e9, hi = 0;
  auto track = [&] {
    if (ops.bandwidthEstimate() > 0) {
      lo = std::min(lo, ops.bandwidthEstimate());
      hi = std::max(hi, ops.bandwidthEstimate());
    }
  };
  for (int i = 0; i < 1000; ++i) {
    d.ack(0.001, 0.1);
    track();
  }
  // A loss: 300 duplicate ACKs, each a segment delivered, keep the estimate up ...
  for (int i = 0; i < 300; ++i) {
    d.dupAck(0.001);
    track();
  }
  // ... and the ACK that covers them all (and the retransmission) counts one.
  d.ack(0.001, 0, 301);
  track();
  for (int i = 0; i < 1000; ++i) {
    d.ack(0.001, 0.1);
    track();
  }
  EXPECT_GT(lo, 980);
  EXPECT_LT(hi, 1020);
}

TEST(CcWestwood, RecoveryEndsAtSsthreshOnlyIfThatDoesNotRaiseTheWindow) {
  // About 200 segments per second at RTTmin 0.1 s: BWE x RTTmin near 20 segments.
  auto estimate = [](Driver& d) {
    for (int i = 0; i < 80; ++i) d.ack(0.005, 0.1);
  };
  {
    Westwood ops;
    Driver d(ops, 30, 1);  // more than the path holds: cut to the estimate
    estimate(d);
    double w = d.s.cwnd;
    d.loss();
    EXPECT_DOUBLE_EQ(d.s.ssthresh, ops.bandwidthEstimate() * ops.rttMin());
    EXPECT_LT(d.s.ssthresh, w);
    EXPECT_DOUBLE_EQ(d.s.cwnd, d.s.ssthresh);
  }
  {
    Westwood ops;
    Driver d(ops, 4, 1);  // a random loss below the estimate: the window is kept
    estimate(d);
    double w = d.s.cwnd;
    d.loss();
    EXPECT_DOUBLE_EQ(d.s.ssthresh, ops.bandwidthEstimate() * ops.rttMin());
    EXPECT_LT(w, d.s.ssthresh);
    EXPECT_DOUBLE_EQ(d.s.cwnd, w);
  }
}

TEST(CcWestwood, GrowsAsReno) {
  Westwood ops;
  Driver d(ops, 20, 10);
  d.ack(0.01);
  d.ack(0.01);
  EXPECT_DOUBLE_EQ(d.s.cwnd, 20 + 1.0 / 20 + 1 / (20 + 1.0 / 20));
}

}  // namespace
}  // namespace obs
