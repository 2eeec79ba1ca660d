#include "tcp/bic.h"

#include <algorithm>

namespace obs {

double Bic::increment(double cwnd, double wMax) {
  double inc;
  if (cwnd < wMax) {
    inc = (wMax - cwnd) / kB;  // binary search towards Wmax
  } else {
    inc = (cwnd - wMax) / (kB - 1);  // max probing: mirror image of the search
  }
  inc = std::clamp(inc, kSmin, kSmax);
  // No maximum known yet (start, or after a timeout): Linux grows at least 5% per RTT so
  // an uncongested path is filled quickly.
  if (wMax == 0) inc = std::max(inc, cwnd / 20);
  return inc;
}

void Bic::onNewAck(CongestionState& s, const AckInfo& ack) {
  if (s.cwnd < s.ssthresh || s.cwnd <= kLowWindow) {
    reno_.onNewAck(s, ack);
    return;
  }
  // One RTT's increment spread over the window's worth of ACKs (Linux: one segment every
  // cwnd / inc ACKs).
  s.cwnd += increment(s.cwnd, wMax_) / s.cwnd;
}

double Bic::ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) {
  // Fast convergence, and Wmax is tracked even below low_window, as in Linux.
  wMax_ = s.cwnd < wMax_ ? s.cwnd * (1 + kBeta) / 2 : s.cwnd;
  if (s.cwnd <= kLowWindow) return reno_.ssthreshAfterLoss(s, flight, now);
  return std::max(s.cwnd * kBeta, 2.0);
}

double Bic::ssthreshAfterTimeout(const CongestionState& s, std::uint32_t flight, double now) {
  double ssthresh = ssthreshAfterLoss(s, flight, now);
  // Linux resets BIC's state on entering the Loss state: after a timeout the old maximum
  // says nothing about the path any more.
  wMax_ = 0;
  return ssthresh;
}

}  // namespace obs
