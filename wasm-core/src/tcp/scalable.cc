#include "tcp/scalable.h"

#include <algorithm>

namespace obs {

void Scalable::onNewAck(CongestionState& s, const AckInfo& ack) {
  if (s.cwnd < s.ssthresh || s.cwnd <= kLegacyWindow) {
    reno_.onNewAck(s, ack);
    return;
  }
  s.cwnd += kIncrease;  // cwnd = cwnd + a for each ACK
}

double Scalable::ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) {
  if (s.cwnd <= kLegacyWindow) return reno_.ssthreshAfterLoss(s, flight, now);
  // cwnd = cwnd - b cwnd on a congestion event (Linux: cwnd - cwnd >> 3, at least 2).
  return std::max(s.cwnd - kDecrease * s.cwnd, 2.0);
}

}  // namespace obs
