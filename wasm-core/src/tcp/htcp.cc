#include "tcp/htcp.h"

#include <algorithm>
#include <cmath>

namespace obs {

double Htcp::alphaOf(double delta) {
  if (delta <= kDeltaL) return 1;
  double d = delta - kDeltaL;
  return 1 + 10 * d + (d / 2) * (d / 2);
}

double Htcp::rttScale(double rttMin) { return std::clamp(rttMin / kRttRef, kRttScaleMin, kRttScaleMax); }

double Htcp::betaOf(double rttMin, double rttMax) {
  if (rttMin <= 0 || rttMax <= 0) return kBetaMin;  // no samples: Reno's halving
  return std::clamp(rttMin / rttMax, kBetaMin, kBetaMax);
}

bool Htcp::throughputSteady(double maxB, double oldMaxB) { return 5 * maxB >= 4 * oldMaxB && 5 * maxB <= 6 * oldMaxB; }

double Htcp::alpha(double now) const {
  double factor = alphaOf(now - lastCongestion_);
  // Linux floors the scaled factor at 1: below Delta_L (and on short paths) the increase
  // stays Reno's, which is what keeps H-TCP fair to Reno where losses are frequent.
  if (rttMin_ > 0) factor = std::max(1.0, factor * rttScale(rttMin_));
  return 2 * (1 - beta_) * factor;
}

void Htcp::observeAck(const AckInfo& ack) {
  if (!started_) {
    started_ = true;
    lastCongestion_ = ack.now;
  }
  // RTTmin from every sample, in recovery too (as Linux).
  if (ack.rtt > 0) rttMin_ = rttMin_ == 0 ? ack.rtt : std::min(rttMin_, ack.rtt);
}

void Htcp::measureThroughput(double cwnd, const AckInfo& ack) {
  if (!open_) {
    // The first ACK after recovery: the congestion event is over. Linux counts Delta and
    // the throughput from the end of recovery (it resets both while not Open), so the
    // packets of the recovery itself are not counted.
    open_ = true;
    lastCongestion_ = ack.now;
    packetCount_ = 0;
    countStart_ = ack.now;
    return;
  }
  packetCount_ += ack.segmentsAcked;
  double interval = ack.now - countStart_;
  // About a window's worth (less the segments the window grew by) and at least RTTmin.
  double growth = std::max(1.0, std::floor(alpha(ack.now)));
  if (rttMin_ > 0 && packetCount_ >= cwnd - growth && interval >= rttMin_) {
    double sample = packetCount_ / interval;
    if (ack.now - lastCongestion_ < 4 * rttMin_) {
      // Within three whole RTTs of a backoff (Linux's ccount <= 3) the window is still climbing back: start afresh.
      bi_ = maxB_ = sample;
    } else {
      bi_ = (3 * bi_ + sample) / 4;
      maxB_ = std::max(maxB_, bi_);
    }
    packetCount_ = 0;
    countStart_ = ack.now;
  }
}

void Htcp::onNewAck(CongestionState& s, const AckInfo& ack) {
  // RTTmax only outside recovery, where the RTT is that of the queue the window builds;
  // it climbs at most kMaxRttStep per sample.
  if (ack.rtt > 0 && rttMin_ > 0) {
    rttMax_ = std::max(rttMax_, rttMin_);
    if (ack.rtt > rttMax_ && ack.rtt <= rttMax_ + kMaxRttStep) rttMax_ = ack.rtt;
  }
  measureThroughput(s.cwnd, ack);
  if (s.cwnd < s.ssthresh) {
    s.cwnd += 1;  // RFC 5681 slow start
    return;
  }
  s.cwnd += alpha(ack.now) / s.cwnd;  // alpha segments per RTT
}

double Htcp::ssthreshAfterLoss(const CongestionState& s, std::uint32_t, double now) {
  // The bandwidth switch: a throughput that moved by more than 20 % since the previous
  // epoch means the path changed (or another flow came or went); back off by half, as
  // Reno, until it is steady again.
  double maxB = maxB_;
  double oldMaxB = oldMaxB_;
  oldMaxB_ = maxB_;
  if (!throughputSteady(maxB, oldMaxB)) {
    beta_ = kBetaMin;
    modeSwitch_ = false;
  } else if (modeSwitch_ && rttMin_ > kAdaptiveBetaMinRtt && rttMax_ > 0) {
    // RTTmax is the RTT with the queue full, just before a loss; RTTmin the RTT with it
    // empty. beta cwnd is then about what the path holds without a queue.
    beta_ = betaOf(rttMin_, rttMax_);
  } else {
    beta_ = kBetaMin;
    modeSwitch_ = true;  // the next steady epoch may adapt
  }
  if (rttMin_ > 0 && rttMax_ > rttMin_) rttMax_ = rttMin_ + kMaxRttFade * (rttMax_ - rttMin_);
  lastCongestion_ = now;  // moved to the end of recovery by the first ACK after it
  started_ = true;
  open_ = false;
  packetCount_ = 0;
  return std::max(beta_ * s.cwnd, 2.0);
}

}  // namespace obs
