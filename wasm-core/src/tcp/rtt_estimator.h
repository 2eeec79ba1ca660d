// Retransmission timeout per RFC 6298: SRTT and RTTVAR from RTT samples (alpha 1/8,
// beta 1/4, K = 4), RTO = SRTT + max(G, K*RTTVAR) clamped to [min, max], exponential
// back-off on timeouts that lasts until the next valid sample. The simulated clock has
// picosecond resolution, so the clock granularity G is taken as 0.
#pragma once
#include "scenario/scenario.h"
#include "sim/time.h"

namespace obs {

class RttEstimator {
 public:
  explicit RttEstimator(const RtoSpec& spec);

  void addSample(SimTime rtt);
  // RFC 6298 (5.5): double the RTO, up to the maximum.
  void backOff();

  SimTime rto() const { return rto_; }
  SimTime srtt() const { return srtt_; }
  SimTime rttvar() const { return rttvar_; }
  SimTime lastSample() const { return last_; }
  bool hasSample() const { return hasSample_; }

 private:
  SimTime clamp(SimTime value) const;

  SimTime min_, max_;
  SimTime srtt_ = 0, rttvar_ = 0, last_ = 0;
  SimTime rto_;
  bool hasSample_ = false;
};

}  // namespace obs
