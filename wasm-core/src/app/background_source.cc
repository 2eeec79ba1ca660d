// Background burst sources.
//
// Poisson: a burst every Exp(1 / lambda) seconds, lambda = load C / (8 meanBytes), C the
// capacity of the route's narrowest fiber link. The first arrival is one gap after t = 0,
// which is already the stationary regime of a Poisson process.
//
// Self-similar (Willinger, Taqqu, Sherman and Wilson 1997): the superposition of N ON/OFF
// sources whose ON and OFF periods are heavy-tailed, P(T > t) ~ t^-alpha with 1 < alpha < 2,
// is long-range dependent with Hurst parameter H = (3 - alpha) / 2, so alpha = 3 - 2H.
// Choices, where the literature leaves them open:
// - N = 16 sub-sources: enough that the aggregate takes many levels (0 to 16 sub-sources
//   ON) and no sub-source peaks above load C / 8, few enough that the ON/OFF structure, and
//   with it the burstiness, stays visible in the sum. Events per burst do not depend on N
//   (each sub-source's own rate shrinks as N grows).
// - H = 0.5 gives alpha = 2, the boundary of the family: Pareto periods of infinite
//   variance only by a logarithm, and short-range dependence in the limit. The parser
//   accepts H in [0.5, 0.99].
// - ON and OFF periods are both Pareto(alpha) with the same mean, so each sub-source is ON
//   half the time. The mean is kBurstsPerMeanOnPeriod emission intervals: the model is then
//   scale-free in units of bursts (the same count process at any load or capacity, only
//   the time unit changes). With the default scenario's 2 x 1.25 Gbit/s, load 0.3 and
//   40 kB bursts, periods average 34 ms, so the long-range dependence shows at the 0.1 s
//   to 10 s scales TCP reacts to. Pareto scale s = mean (alpha - 1) / alpha.
// - While ON a sub-source emits a burst every emission interval Delta, with
//   Delta = 8 meanBytes / peak and peak = 2 load C / N, so that the N / 2 sub-sources ON
//   on average offer load C. The emission clock runs only while ON and resumes where it
//   stopped (a burst is emitted per Delta of accumulated ON time), so short ON periods
//   neither add nor lose bursts: the long-run rate is exact, not biased by rounding each
//   ON period to whole bursts.
// - Burst lengths are exponential with mean meanBytes, as for the Poisson model.
// - Every sub-source starts in its stationary regime: ON with probability 1/2 (the
//   fraction of time ON), its first period drawn from the equilibrium residual-life law of
//   the Pareto period, and its emission clock at a uniform phase. Starting with fresh
//   periods instead would make the first several periods differ in law from the later
//   ones (heavy-tailed residuals are longer than fresh periods), a transient that can last
//   a whole run.
//
// Times: every duration is drawn in seconds with det_math variates and rounded to whole
// picoseconds once. Durations are capped at kMaxSeconds: no run is longer, so a capped
// period would end after the run anyway, and the cap keeps the integer conversion defined
// for the Pareto tail (with alpha near 1 a draw can reach 1e14 means).
#include "app/background_source.h"

#include <cmath>
#include <stdexcept>

#include "sim/det_math.h"

namespace obs {

namespace {

enum EventKind : std::uint32_t {
  kPoissonArrival = 1,  // Poisson model: a burst arrives
  kEmission = 2,        // self-similar: sub-source `arg` (ON) emits a burst
  kPeriodEnd = 3,       // self-similar: sub-source `arg` ends its ON or OFF period
};

// Seconds to picoseconds, capped at kMaxSeconds (NaN and infinity included).
SimTime cappedTime(double seconds) {
  if (!(seconds < kMaxSeconds)) seconds = kMaxSeconds;
  return fromSeconds(seconds);
}

}  // namespace

BackgroundSource::BackgroundSource(EventLoop& sim, BackgroundBurstSink& sink, const BackgroundSpec& spec, int pathId,
                                   double capacityBps, std::uint32_t seed, const std::string& streamName)
    : sim_(sim), sink_(sink), spec_(spec), pathId_(pathId), capacityBps_(capacityBps), rng_(seed, streamName) {
  // The parser refuses these with the scenario field's name; this guards other callers.
  if (!(spec.load >= 0)) throw std::invalid_argument("background load must be >= 0");
  if (!(spec.meanBytes > 0)) throw std::invalid_argument("background meanBytes must be > 0");
  if (spec.load == 0) return;  // nothing to offer: no events, no draws
  if (!(capacityBps > 0)) throw std::invalid_argument("background capacity must be > 0");
  const double offeredBps = spec.load * capacityBps;

  if (spec.model == BackgroundModel::Poisson) {
    meanGapSeconds_ = 8.0 * spec.meanBytes / offeredBps;
    sim_.schedule(drawPoissonGap(), this, kPoissonArrival);
    return;
  }

  if (!(spec.hurst >= 0.5 && spec.hurst < 1.0)) throw std::invalid_argument("background hurst must be in [0.5, 1)");
  alpha_ = 3.0 - 2.0 * spec.hurst;
  const double peakBps = 2.0 * offeredBps / kSubSources;
  // Rounding Delta to whole picoseconds changes the rate by under 0.5 ps / Delta.
  emitInterval_ = cappedTime(8.0 * spec.meanBytes / peakBps);
  if (emitInterval_ < 1) emitInterval_ = 1;
  periodScale_ = kBurstsPerMeanOnPeriod * toSeconds(emitInterval_) * (alpha_ - 1.0) / alpha_;

  subs_.resize(kSubSources);
  for (std::uint32_t i = 0; i < kSubSources; ++i) {
    SubSource& s = subs_[i];
    // Three draws per sub-source, in this order, each in its own statement.
    const bool on = rng_.uniform01() < 0.5;
    const SimTime firstPeriod = drawStationaryResidual();
    s.untilEmission = static_cast<SimTime>(rng_.uniform01() * static_cast<double>(emitInterval_));
    if (on) {
      startOn(i, firstPeriod);
    } else {
      s.phase = Phase::Off;
      s.periodEnd = sim_.now() + firstPeriod;
      sim_.scheduleAt(s.periodEnd, this, kPeriodEnd, i);
    }
  }
}

void BackgroundSource::handleEvent(std::uint32_t kind, std::uint64_t arg) {
  switch (kind) {
    case kPoissonArrival:
      emit();
      sim_.schedule(drawPoissonGap(), this, kPoissonArrival);
      return;
    case kEmission: {
      const auto i = static_cast<std::uint32_t>(arg);
      SubSource& s = subs_[i];
      emit();
      const SimTime next = sim_.now() + emitInterval_;
      if (next < s.periodEnd) {
        sim_.scheduleAt(next, this, kEmission, i);
      } else {
        s.untilEmission = next - s.periodEnd;  // carried into the next ON period
      }
      return;
    }
    case kPeriodEnd: {
      const auto i = static_cast<std::uint32_t>(arg);
      SubSource& s = subs_[i];
      if (s.phase == Phase::On) {
        s.phase = Phase::Off;
        s.periodEnd = sim_.now() + drawPeriod();
        sim_.scheduleAt(s.periodEnd, this, kPeriodEnd, i);
      } else {
        startOn(i, drawPeriod());
      }
      return;
    }
  }
}

void BackgroundSource::startOn(std::uint32_t index, SimTime length) {
  SubSource& s = subs_[index];
  s.phase = Phase::On;
  s.periodEnd = sim_.now() + length;
  if (s.untilEmission < length) {
    sim_.schedule(s.untilEmission, this, kEmission, index);
  } else {
    s.untilEmission -= length;  // too short to reach the next emission
  }
  sim_.scheduleAt(s.periodEnd, this, kPeriodEnd, index);
}

void BackgroundSource::emit() {
  const std::uint32_t length = drawLength();
  ++bursts_;
  bytes_ += length;
  sink_.backgroundBurst(pathId_, length, fromSeconds(spec_.extraOffset));
}

// Exponential with mean meanBytes, to the nearest whole byte, at least 1. Above 2^32 - 1
// (only reachable with meanBytes near the parser's 1e9 limit) the length is capped.
std::uint32_t BackgroundSource::drawLength() {
  const double bytes = exponentialVariate(rng_, spec_.meanBytes);
  if (!(bytes < 4294967295.0)) return 4294967295u;
  const auto rounded = static_cast<std::uint32_t>(std::llround(bytes));  // exact operation
  return rounded < 1 ? 1 : rounded;
}

SimTime BackgroundSource::drawPoissonGap() { return cappedTime(exponentialVariate(rng_, meanGapSeconds_)); }

// A fresh ON or OFF period: Pareto(alpha, scale), at least 1 ps so that time advances.
SimTime BackgroundSource::drawPeriod() {
  const SimTime t = cappedTime(paretoVariate(rng_, alpha_, periodScale_));
  return t < 1 ? 1 : t;
}

// The period in progress at a random instant, from that instant on (the equilibrium
// residual life). For Pareto(alpha, s) with mean mu = alpha s / (alpha - 1):
//   P(R > x) = 1 - x / mu                     for x < s,
//   P(R > x) = (s / x)^(alpha - 1) / alpha    for x >= s,
// inverted with one uniform v in (0, 1]: v > 1/alpha falls in the first branch.
SimTime BackgroundSource::drawStationaryResidual() {
  const double v = uniformOpenClosed(rng_);
  const double mean = alpha_ * periodScale_ / (alpha_ - 1.0);
  const double seconds = v > 1.0 / alpha_ ? mean * (1.0 - v) : periodScale_ * detPow(alpha_ * v, -1.0 / (alpha_ - 1.0));
  const SimTime t = cappedTime(seconds);
  return t < 1 ? 1 : t;
}

}  // namespace obs
