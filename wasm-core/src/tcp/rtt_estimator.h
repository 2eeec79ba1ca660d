// Retransmission timeout per RFC 6298: SRTT and RTTVAR from RTT samples (alpha 1/8,
// beta 1/4, K = 4), RTO = SRTT + max(G, K*RTTVAR) clamped to [min, max], exponential
// back-off on timeouts that lasts until the next valid sample. The simulated clock has
// picosecond resolution, so the clock granularity G is taken as 0.
// A fixed RTO (`rto.fixed`, as paper 003 sets one per path) replaces the computed value:
// the timer is that constant, without back-off, as in ns-2 when minrto_ = maxrto_ (its
// backed-off timeout is clamped to maxrto_). SRTT and RTTVAR are still kept for the outputs.
#pragma once
#include "scenario/scenario.h"
#include "sim/time.h"

namespace obs {

class RttEstimator {
 public:
  explicit RttEstimator(const RtoSpec& spec);

  void addSample(SimTime rtt);
  // RFC 6298 (5.5): double the RTO, up to the maximum (a fixed RTO stays as it is).
  void backOff();
  bool fixed() const { return fixed_ > 0; }

  SimTime rto() const { return rto_; }
  SimTime srtt() const { return srtt_; }
  SimTime rttvar() const { return rttvar_; }
  SimTime lastSample() const { return last_; }
  bool hasSample() const { return hasSample_; }

 private:
  SimTime clamp(SimTime value) const;

  SimTime min_, max_;
  SimTime fixed_;  // 0 = none
  SimTime srtt_ = 0, rttvar_ = 0, last_ = 0;
  SimTime rto_;
  bool hasSample_ = false;
};

}  // namespace obs
