#include "app/background_source.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <vector>

namespace obs {
namespace {

struct Record {
  SimTime time;
  int path;
  std::uint32_t length;
  bool operator==(const Record& o) const { return time == o.time && path == o.path && length == o.length; }
};

// Keeps every burst it is handed, with the time it arrived.
class RecordingSink final : public BackgroundBurstSink {
 public:
  explicit RecordingSink(const EventLoop& sim) : sim_(sim) {}
  void backgroundBurst(int pathId, std::uint32_t lengthBytes, SimTime) override {
    records.push_back({sim_.now(), pathId, lengthBytes});
  }
  std::vector<Record> records;

 private:
  const EventLoop& sim_;
};

// For long runs: counts bursts per time bin of fixed width and sums their lengths.
class BinningSink final : public BackgroundBurstSink {
 public:
  BinningSink(const EventLoop& sim, SimTime binWidth, std::size_t bins)
      : counts(bins, 0.0), sim_(sim), binWidth_(binWidth) {}
  void backgroundBurst(int, std::uint32_t lengthBytes, SimTime) override {
    const auto bin = static_cast<std::size_t>(sim_.now() / binWidth_);
    if (bin < counts.size()) counts[bin] += 1;
    ++bursts;
    bytes += lengthBytes;
  }
  std::vector<double> counts;
  std::uint64_t bursts = 0;
  std::uint64_t bytes = 0;

 private:
  const EventLoop& sim_;
  SimTime binWidth_;
};

BackgroundSpec makeSpec(BackgroundModel model, double load, double meanBytes, double hurst = 0.8) {
  BackgroundSpec b;
  b.src = 0;
  b.dst = 1;
  b.model = model;
  b.load = load;
  b.meanBytes = meanBytes;
  b.hurst = hurst;
  return b;
}

std::vector<Record> run(const BackgroundSpec& spec, double capacityBps, std::uint32_t seed, const std::string& stream,
                        double seconds) {
  EventLoop sim;
  RecordingSink sink(sim);
  BackgroundSource source(sim, sink, spec, 3, capacityBps, seed, stream);
  sim.runUntil(fromSeconds(seconds));
  return sink.records;
}

// Variance-time estimate of the Hurst parameter: the variance of the mean of m consecutive
// bins decays as m^-beta, beta = 2 - 2H (beta = 1 for short-range dependent counts).
// beta is the least-squares slope of log variance against log m over the given m.
double hurstFromVarianceTime(const std::vector<double>& counts, const std::vector<int>& ms) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int m : ms) {
    const std::size_t blocks = counts.size() / m;
    double sum = 0, sumSq = 0;
    for (std::size_t b = 0; b < blocks; ++b) {
      double mean = 0;
      for (int j = 0; j < m; ++j) mean += counts[b * m + j];
      mean /= m;
      sum += mean;
      sumSq += mean * mean;
    }
    const double avg = sum / blocks;
    const double var = (sumSq - blocks * avg * avg) / (blocks - 1);
    const double x = std::log(static_cast<double>(m)), y = std::log(var);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const double n = static_cast<double>(ms.size());
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  return 1.0 + slope / 2.0;  // slope = -beta
}

TEST(BackgroundSource, PoissonOffersTheLoadWithExponentialGapsAndLengths) {
  const double capacity = 1e9, load = 0.4, meanBytes = 10000;
  const double lambda = load * capacity / (8 * meanBytes);  // 5000 bursts/s
  const double seconds = 200;
  const std::vector<Record> r =
      run(makeSpec(BackgroundModel::Poisson, load, meanBytes), capacity, 1, "bg:poisson", seconds);
  ASSERT_GT(r.size(), 900000u);

  double bytes = 0, gapSum = 0, gapSq = 0;
  for (std::size_t i = 0; i < r.size(); ++i) {
    ASSERT_EQ(r[i].path, 3);
    ASSERT_GE(r[i].length, 1u);
    bytes += r[i].length;
    const double gap = toSeconds(r[i].time - (i ? r[i - 1].time : 0));
    gapSum += gap;
    gapSq += gap * gap;
  }
  const double n = static_cast<double>(r.size());
  const double offeredBps = bytes * 8 / seconds;
  const double meanGap = gapSum / n;
  const double cv = std::sqrt(gapSq / n - meanGap * meanGap) / meanGap;
  std::printf(
      "[ measured ] poisson: %.4f of load x capacity, mean length %.4f of meanBytes, "
      "rate %.4f of lambda, gap CV %.4f\n",
      offeredBps / (load * capacity), bytes / n / meanBytes, n / seconds / lambda, cv);
  EXPECT_NEAR(offeredBps / (load * capacity), 1.0, 0.02);
  EXPECT_NEAR(bytes / n / meanBytes, 1.0, 0.02);
  // The count over 200 s is Poisson(1e6): sd 0.1 %.
  EXPECT_NEAR(n / seconds / lambda, 1.0, 0.005);
  EXPECT_NEAR(cv, 1.0, 0.02);
}

// Counts of bursts in 0.1 s bins over a long run, for the variance-time tests: lambda =
// 1000 bursts/s, so a self-similar sub-source emits every 8 ms and its periods average
// 80 ms; blocks of 1 s to 32 s lie well above that time scale.
struct LongRun {
  std::vector<double> counts;
  double rateRatio;  // offered bit/s over load x capacity
};
LongRun longRun(BackgroundModel model, double hurst, std::uint32_t seed) {
  const double capacity = 1e9, load = 0.5, meanBytes = 62500, seconds = 4000;
  EventLoop sim;
  const SimTime bin = fromSeconds(0.1);
  BinningSink sink(sim, bin, static_cast<std::size_t>(seconds / 0.1));
  BackgroundSource source(sim, sink, makeSpec(model, load, meanBytes, hurst), 0, capacity, seed, "bg:long");
  sim.runUntil(fromSeconds(seconds));
  return {sink.counts, sink.bytes * 8.0 / seconds / (load * capacity)};
}
const std::vector<int> kBlockSizes = {10, 20, 40, 80, 160, 320};

TEST(BackgroundSource, PoissonCountsShowNoLongRangeDependence) {
  const LongRun r = longRun(BackgroundModel::Poisson, 0.8, 5);
  const double h = hurstFromVarianceTime(r.counts, kBlockSizes);
  std::printf("[ measured ] poisson: variance-time H = %.3f\n", h);
  EXPECT_NEAR(h, 0.5, 0.08);
}

TEST(BackgroundSource, SelfSimilarOffersTheLoadOnAverage) {
  // Long-range dependence is exactly what makes one run's mean converge slowly (its error
  // shrinks as T^(H - 1)): single 4000 s runs at H = 0.8 landed from 0.94 to 1.03 of the
  // target over ten seeds. Every run starts in the stationary regime, though, so the mean
  // over independent runs converges as 1 / sqrt(runs): 40 runs of 100 s gave 0.978 to
  // 1.011 over eight blocks of seeds (single runs 0.86 to 1.15).
  const double capacity = 1e9, load = 0.5, meanBytes = 62500, seconds = 100;
  const int runs = 40;
  double rateSum = 0;
  std::uint64_t bursts = 0, bytes = 0;
  for (int k = 0; k < runs; ++k) {
    EventLoop sim;
    BinningSink sink(sim, fromSeconds(seconds), 1);
    BackgroundSource source(sim, sink, makeSpec(BackgroundModel::SelfSimilar, load, meanBytes, 0.8), 0, capacity,
                            1000 + k, "bg:rate");
    sim.runUntil(fromSeconds(seconds));
    rateSum += sink.bytes * 8.0 / seconds / (load * capacity);
    bursts += sink.bursts;
    bytes += sink.bytes;
  }
  const double rateRatio = rateSum / runs;
  const double lengthRatio = static_cast<double>(bytes) / bursts / meanBytes;
  std::printf(
      "[ measured ] self-similar H = 0.8, mean of %d runs: %.4f of load x capacity, "
      "mean length %.4f of meanBytes\n",
      runs, rateRatio, lengthRatio);
  EXPECT_NEAR(rateRatio, 1.0, 0.05);
  EXPECT_NEAR(lengthRatio, 1.0, 0.02);
}

TEST(BackgroundSource, SelfSimilarCountsAreLongRangeDependent) {
  // Over ten seeds the estimate ranged from 0.75 to 0.84 (Poisson: 0.44 to 0.51).
  const LongRun r = longRun(BackgroundModel::SelfSimilar, 0.8, 5);
  const double h = hurstFromVarianceTime(r.counts, kBlockSizes);
  std::printf("[ measured ] self-similar H = 0.8: variance-time H = %.3f\n", h);
  EXPECT_GT(h, 0.7);  // clearly above the 0.5 of short-range dependent traffic
  EXPECT_LT(h, 0.9);
}

TEST(BackgroundSource, SelfSimilarAtTheBoundaryHurstOneHalfOffersTheLoad) {
  // alpha = 2: the periods' variance is infinite only by a logarithm, so the count
  // variance grows as T log T rather than T and the finite-scale estimate sits above 0.5
  // (0.60 to 0.65 over ten seeds) yet well below the H = 0.8 model's. The rate converges
  // quickly here: 0.997 to 1.004 of the target over ten seeds, so 2 % is a tight check of
  // the rate bookkeeping (restarting the emission clock at each ON period gives +5 %).
  const LongRun r = longRun(BackgroundModel::SelfSimilar, 0.5, 6);
  const double h = hurstFromVarianceTime(r.counts, kBlockSizes);
  std::printf(
      "[ measured ] self-similar H = 0.5: %.4f of load x capacity, variance-time H = "
      "%.3f\n",
      r.rateRatio, h);
  EXPECT_NEAR(r.rateRatio, 1.0, 0.02);
  EXPECT_LT(h, 0.7);
}

TEST(BackgroundSource, ParetoShapeAndEmissionIntervalFollowTheSpec) {
  EventLoop sim;
  RecordingSink sink(sim);
  const double capacity = 2.5e9, load = 0.3, meanBytes = 40000;
  BackgroundSource s(sim, sink, makeSpec(BackgroundModel::SelfSimilar, load, meanBytes, 0.8), 0, capacity, 1, "bg");
  EXPECT_DOUBLE_EQ(s.paretoShape(), 1.4);  // alpha = 3 - 2H
  // Each of the 16 sub-sources peaks at 2 load C / 16 while ON, half of the time.
  const double peak = 2 * load * capacity / BackgroundSource::kSubSources;
  EXPECT_EQ(s.emissionInterval(), fromSeconds(8 * meanBytes / peak));
  EXPECT_DOUBLE_EQ(s.offeredBps(), load * capacity);
  BackgroundSource half(sim, sink, makeSpec(BackgroundModel::SelfSimilar, load, meanBytes, 0.5), 0, capacity, 1, "bg2");
  EXPECT_DOUBLE_EQ(half.paretoShape(), 2.0);
}

TEST(BackgroundSource, SameSeedAndStreamGiveTheSameBursts) {
  for (BackgroundModel model : {BackgroundModel::Poisson, BackgroundModel::SelfSimilar}) {
    const BackgroundSpec spec = makeSpec(model, 0.5, 20000);
    const std::vector<Record> a = run(spec, 1e9, 42, "background:0", 5);
    const std::vector<Record> b = run(spec, 1e9, 42, "background:0", 5);
    ASSERT_GT(a.size(), 1000u);
    EXPECT_TRUE(a == b);
  }
}

TEST(BackgroundSource, OtherStreamNamesAndSeedsGiveOtherBursts) {
  for (BackgroundModel model : {BackgroundModel::Poisson, BackgroundModel::SelfSimilar}) {
    const BackgroundSpec spec = makeSpec(model, 0.5, 20000);
    const std::vector<Record> a = run(spec, 1e9, 42, "background:0", 1);
    const std::vector<Record> b = run(spec, 1e9, 42, "background:1", 1);
    const std::vector<Record> c = run(spec, 1e9, 43, "background:0", 1);
    ASSERT_GT(a.size(), 100u);
    ASSERT_GT(b.size(), 100u);
    ASSERT_GT(c.size(), 100u);
    // Compare the first 100 bursts: independent streams share none of them.
    int sameAsB = 0, sameAsC = 0;
    for (int i = 0; i < 100; ++i) {
      sameAsB += a[i] == b[i];
      sameAsC += a[i] == c[i];
    }
    EXPECT_EQ(sameAsB, 0);
    EXPECT_EQ(sameAsC, 0);
  }
}

TEST(BackgroundSource, ZeroLoadSendsNothing) {
  for (BackgroundModel model : {BackgroundModel::Poisson, BackgroundModel::SelfSimilar}) {
    EventLoop sim;
    RecordingSink sink(sim);
    BackgroundSource s(sim, sink, makeSpec(model, 0.0, 40000), 0, 2.5e9, 1, "bg");
    EXPECT_EQ(sim.pending(), 0u);  // not even an idle timer
    sim.runUntil(fromSeconds(100));
    EXPECT_TRUE(sink.records.empty());
    EXPECT_EQ(s.burstsOffered(), 0u);
  }
}

TEST(BackgroundSource, LengthsAreWholeBytesAtLeastOneAndCountersMatch) {
  // meanBytes 0.7: most exponential draws round to 0 or 1, and 0 must become 1.
  EventLoop sim;
  RecordingSink sink(sim);
  BackgroundSource s(sim, sink, makeSpec(BackgroundModel::Poisson, 0.001, 0.7), 0, 1e9, 1, "bg");
  sim.runUntil(fromSeconds(0.1));
  ASSERT_GT(sink.records.size(), 1000u);
  std::uint64_t bytes = 0, ones = 0;
  for (const Record& r : sink.records) {
    ASSERT_GE(r.length, 1u);
    bytes += r.length;
    ones += r.length == 1;
  }
  // P(X < 1.5) = 1 - exp(-1.5 / 0.7) = 0.88 of the bursts are 1 byte long.
  EXPECT_NEAR(static_cast<double>(ones) / sink.records.size(), 1 - std::exp(-1.5 / 0.7), 0.02);
  EXPECT_EQ(s.burstsOffered(), sink.records.size());
  EXPECT_EQ(s.bytesOffered(), bytes);
}

TEST(BackgroundSource, RefusesImpossibleParameters) {
  EventLoop sim;
  RecordingSink sink(sim);
  EXPECT_THROW(BackgroundSource(sim, sink, makeSpec(BackgroundModel::Poisson, -0.1, 1000), 0, 1e9, 1, "bg"),
               std::invalid_argument);
  EXPECT_THROW(BackgroundSource(sim, sink, makeSpec(BackgroundModel::Poisson, 0.5, 1000), 0, 0, 1, "bg"),
               std::invalid_argument);
  EXPECT_THROW(BackgroundSource(sim, sink, makeSpec(BackgroundModel::SelfSimilar, 0.5, 1000, 1.0), 0, 1e9, 1, "bg"),
               std::invalid_argument);
  EXPECT_EQ(sim.pending(), 0u);
}

}  // namespace
}  // namespace obs
