#include "tcp/rtt_estimator.h"

#include <algorithm>

#include "generated/limits.h"

namespace obs {

namespace {
const SimTime kMinTimerTicks = fromSeconds(kMinInterval);
}

RttEstimator::RttEstimator(const RtoSpec& spec)
    : min_(fromSeconds(spec.min)), max_(fromSeconds(spec.max)), fixed_(fromSeconds(spec.fixed)), rto_(0) {
  rto_ = fixed_ > 0 ? fixed_ : clamp(fromSeconds(spec.initial));
}

// The engine's own floor, kMinInterval, applies under rto.min: with rto.min = 0 and links
// of no delay, SRTT + 4 RTTVAR can reach zero ticks, and a timer of zero ticks would fire
// for ever at one instant. The parser keeps rto.max and rto.initial at or above it.
SimTime RttEstimator::clamp(SimTime value) const { return std::min(std::max({value, min_, kMinTimerTicks}), max_); }

void RttEstimator::addSample(SimTime r) {
  last_ = r;
  if (!hasSample_) {  // (2.2)
    srtt_ = r;
    rttvar_ = r / 2;
    hasSample_ = true;
  } else {  // (2.3): RTTVAR first, with the old SRTT
    SimTime diff = srtt_ > r ? srtt_ - r : r - srtt_;
    rttvar_ = (3 * rttvar_ + diff) / 4;
    srtt_ = (7 * srtt_ + r) / 8;
  }
  if (fixed_ == 0) rto_ = clamp(srtt_ + 4 * rttvar_);
}

void RttEstimator::backOff() {
  if (fixed_ == 0) rto_ = std::min(rto_ * 2, max_);
}

}  // namespace obs
