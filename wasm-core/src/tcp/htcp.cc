#include "tcp/htcp.h"

#include <algorithm>

namespace obs {

double Htcp::alphaOf(double delta) {
  if (delta <= kDeltaL) return 1;
  double d = delta - kDeltaL;
  return 1 + 10 * d + (d / 2) * (d / 2);
}

double Htcp::betaOf(double rttMin, double rttMax) {
  if (rttMin <= 0 || rttMax <= 0) return kBetaMin;  // no samples: Reno's halving
  return std::clamp(rttMin / rttMax, kBetaMin, kBetaMax);
}

double Htcp::alpha(double now) const {
  return 2 * (1 - beta_) * alphaOf(now - lastCongestion_);
}

void Htcp::observeAck(const AckInfo& ack) {
  if (!started_) {
    started_ = true;
    lastCongestion_ = ack.now;
  }
  if (ack.rtt > 0) {
    rttMin_ = rttMin_ == 0 ? ack.rtt : std::min(rttMin_, ack.rtt);
    rttMax_ = std::max(rttMax_, ack.rtt);
  }
}

void Htcp::onNewAck(CongestionState& s, const AckInfo& ack) {
  if (s.cwnd < s.ssthresh) {
    s.cwnd += 1;  // RFC 5681 slow start
    return;
  }
  s.cwnd += alpha(ack.now) / s.cwnd;  // alpha segments per RTT
}

double Htcp::ssthreshAfterLoss(const CongestionState& s, std::uint32_t, double now) {
  // RTTmax of the epoch now ending is the RTT with the queue full, just before this loss;
  // RTTmin the connection's RTT with it empty. beta cwnd is then about what the path holds
  // without a queue.
  beta_ = betaOf(rttMin_, rttMax_);
  lastCongestion_ = now;
  started_ = true;
  rttMax_ = 0;  // a new epoch
  return std::max(beta_ * s.cwnd, 2.0);
}

}  // namespace obs
