#include "tcp/cubic.h"

#include <algorithm>

#include "sim/det_math.h"

namespace obs {

double Cubic::wCubic(double t) const {
  double d = t - k_;
  return kC * d * d * d + wMax_;
}

void Cubic::startEpoch(double cwnd, double now) {
  inEpoch_ = true;
  epochStart_ = now;
  wEst_ = cwnd;  // section 4.3: W_est = cwnd_epoch at the start of the epoch
  if (wMax_ <= cwnd) {
    // No W_max above the window: none yet, or reset by a timeout (section 4.8: K = 0 and
    // W_max = the window at the start of congestion avoidance), or the window already
    // passed it. Start on the plateau and probe upwards, as Linux does.
    wMax_ = cwnd;
    k_ = 0;
  } else {
    // Section 4.2, figure 2: K = cbrt((W_max - cwnd_epoch) / C), which is
    // cbrt(W_max (1 - beta_cubic) / C) when the epoch starts at beta_cubic W_max. detPow,
    // not std::cbrt: the same bits natively and in WebAssembly.
    k_ = detPow((wMax_ - cwnd) / kC, 1.0 / 3);
  }
}

void Cubic::onNewAck(CongestionState& s, const AckInfo& ack) {
  if (s.cwnd < s.ssthresh) {
    s.cwnd += 1;  // RFC 5681 slow start
    return;
  }
  if (!inEpoch_) startEpoch(s.cwnd, ack.now);
  double t = ack.now - epochStart_;

  // Section 4.3, figure 4: Reno's window, grown by alpha_cubic per window of segments
  // acknowledged, or by 1 once it reaches the window before the last reduction.
  double alpha = wEst_ >= cwndPrior_ ? 1.0 : kAlpha;
  wEst_ += alpha * ack.segmentsAcked / s.cwnd;
  if (wCubic(t) < wEst_) {
    // Reno-friendly region: cwnd = W_est. Never lowered on an ACK: cwnd can already be a
    // little above W_est from following W_cubic(t + RTT).
    s.cwnd = std::max(s.cwnd, wEst_);
    return;
  }

  // Section 4.2: aim for W_cubic one RTT ahead, where RTT is "the smoothed round-trip
  // time", so srtt; bounded by cwnd and 1.5 cwnd. Then (sections 4.4 and 4.5) cwnd grows by
  // (target - cwnd) / cwnd per ACK, reaching the target in about one RTT.
  double target = std::clamp(wCubic(t + ack.srtt), s.cwnd, 1.5 * s.cwnd);
  s.cwnd += (target - s.cwnd) / s.cwnd;
}

double Cubic::ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double) {
  // Section 4.7: fast convergence, before the reduction.
  wMax_ = s.cwnd < wMax_ ? s.cwnd * (1 + kBeta) / 2 : s.cwnd;
  cwndPrior_ = s.cwnd;
  inEpoch_ = false;  // a new epoch starts with congestion avoidance after recovery
  // Section 4.6: ssthresh = FlightSize x beta_cubic, at least 2 segments. FlightSize, not
  // cwnd: cwnd may be well above what was sent when the flow is application-limited.
  return std::max(flight * kBeta, 2.0);
}

double Cubic::ssthreshAfterTimeout(const CongestionState& s, std::uint32_t flight, double) {
  // Section 4.8: ssthresh as in 4.6; then the first congestion avoidance stage uses
  // K = 0 and W_max = the window at its start (see startEpoch).
  cwndPrior_ = s.cwnd;
  wMax_ = 0;
  inEpoch_ = false;
  return std::max(flight * kBeta, 2.0);
}

}  // namespace obs
