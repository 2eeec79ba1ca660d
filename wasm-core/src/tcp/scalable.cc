#include "tcp/scalable.h"

#include <algorithm>

namespace obs {

void Scalable::onNewAck(CongestionState& s, const AckInfo&) {
  if (s.cwnd < s.ssthresh) {
    s.cwnd += 1;  // RFC 5681 slow start
    return;
  }
  // Linux: tcp_cong_avoid_ai(tp, min(cwnd, TCP_SCALABLE_AI_CNT)), one segment per
  // min(cwnd, 100) ACKs. kIncrease = 1 / kAiWindow.
  s.cwnd += 1 / std::min(s.cwnd, kAiWindow);
}

double Scalable::ssthreshAfterLoss(const CongestionState& s, std::uint32_t, double) {
  // cwnd - b cwnd on every congestion event (Linux: cwnd - cwnd >> 3, at least 2).
  return std::max(s.cwnd - kDecrease * s.cwnd, 2.0);
}

}  // namespace obs
