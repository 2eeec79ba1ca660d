#include "tcp/vegas.h"

#include <algorithm>

namespace obs {

void Vegas::observeAck(const AckInfo& ack) {
  if (ack.rtt <= 0) return;
  baseRtt_ = baseRtt_ == 0 ? ack.rtt : std::min(baseRtt_, ack.rtt);
  roundMinRtt_ = roundMinRtt_ == 0 ? ack.rtt : std::min(roundMinRtt_, ack.rtt);
}

bool Vegas::endRound(CongestionState& s) {
  // No RTT sample this round (Karn's rule after retransmissions): no evidence, hold.
  if (roundMinRtt_ == 0 || baseRtt_ == 0) return false;
  double rtt = roundMinRtt_;
  double diff = s.cwnd * (rtt - baseRtt_) / rtt;
  // Keeping cwnd above ssthresh keeps the flow in congestion avoidance (Linux's
  // tcp_vegas_ssthresh).
  auto stayInAvoidance = [&s] { s.ssthresh = std::max(std::min(s.ssthresh, s.cwnd - 1), 2.0); };
  if (s.cwnd < s.ssthresh) {
    if (diff <= kGamma) return false;
    // Queue building in slow start: leave it, at the window the path carries without a
    // queue plus one (Linux: min(cwnd, target_cwnd + 1), target = cwnd BaseRTT / RTT).
    s.cwnd = std::max(std::min(s.cwnd, s.cwnd * baseRtt_ / rtt + 1), 2.0);
    stayInAvoidance();
    return true;
  }
  if (diff < kAlpha) {
    s.cwnd += 1;
  } else if (diff > kBeta) {
    s.cwnd = std::max(s.cwnd - 1, 2.0);
    stayInAvoidance();
  }
  return false;
}

void Vegas::onNewAck(CongestionState& s, const AckInfo& ack) {
  bool slowStartEnded = false;
  bool newRound = !roundOpen_;
  if (roundOpen_) {
    roundLeft_ -= ack.segmentsAcked;
    if (roundLeft_ <= 0) {
      slowStartEnded = endRound(s);
      newRound = true;
    }
  }
  if (newRound) {
    // What is still outstanding after this ACK; at least the next segment.
    roundOpen_ = true;
    roundLeft_ = std::max(static_cast<double>(ack.flight) - ack.segmentsAcked, 1.0);
    roundMinRtt_ = 0;
  }
  // Slow start goes on per ACK between the decisions; congestion avoidance changes the
  // window only once per round, in endRound.
  if (!slowStartEnded && s.cwnd < s.ssthresh) s.cwnd += 1;
}

double Vegas::ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) {
  // Recovery disturbs the rounds; start afresh with the first ACK after it. BaseRTT stays.
  roundOpen_ = false;
  roundMinRtt_ = 0;
  return reno_.ssthreshAfterLoss(s, flight, now);
}

}  // namespace obs
