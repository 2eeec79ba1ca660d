#include "tcp/westwood.h"

#include <algorithm>

namespace obs {

void Westwood::observeAck(const AckInfo& ack) {
  if (ack.rtt > 0) {
    lastRtt_ = ack.rtt;
    rttMin_ = rttMin_ == 0 || resetRttMin_ ? ack.rtt : std::min(rttMin_, ack.rtt);
    resetRttMin_ = false;
  }
  if (!started_) {
    // The first ACK opens the first sample; what it acknowledges was sent before anything
    // was measured.
    started_ = true;
    sampleStart_ = ack.now;
    return;
  }

  // Once per RTT (Westwood+): the rate over the interval just ended, through a low-pass
  // filter, 7/8 old + 1/8 new, two stages in cascade as in Linux. The first sample sets
  // both.
  double interval = ack.now - sampleStart_;
  if (lastRtt_ > 0 && interval > std::max(lastRtt_, kMinSampleInterval)) {
    double sample = delivered_ / interval;
    if (bwNs_ == 0 && bwEst_ == 0) {
      bwNs_ = bwEst_ = sample;
    } else {
      bwNs_ = (7 * bwNs_ + sample) / 8;
      bwEst_ = (7 * bwEst_ + bwNs_) / 8;
    }
    delivered_ = 0;
    sampleStart_ = ack.now;
  }

  // A duplicate ACK means a segment left the network: count one, and remember it so the
  // cumulative ACK that later covers that segment does not count it again (Linux's
  // westwood_acked_count).
  double acked = ack.segmentsAcked;
  if (acked == 0) {
    accounted_ += 1;
    acked = 1;
  } else if (acked > 1) {
    if (accounted_ >= acked) {
      accounted_ -= acked;
      acked = 1;
    } else {
      acked -= accounted_;
      accounted_ = 0;
    }
  }
  delivered_ += acked;
}

void Westwood::onNewAck(CongestionState& s, const AckInfo& ack) { reno_.onNewAck(s, ack); }

double Westwood::ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) {
  cwndAtLoss_ = s.cwnd;
  // Before the first sample there is no estimate to use: Reno's halving.
  if (bwEst_ <= 0 || rttMin_ <= 0) return reno_.ssthreshAfterLoss(s, flight, now);
  return std::max(bwEst_ * rttMin_, 2.0);  // segments/s x s = segments
}

double Westwood::ssthreshAfterTimeout(const CongestionState& s, std::uint32_t flight, double now) {
  double ssthresh = ssthreshAfterLoss(s, flight, now);
  // Linux: a timeout may mean the path changed; RTTmin restarts from the next sample.
  resetRttMin_ = true;
  return ssthresh;
}

double Westwood::cwndAfterRecovery(const CongestionState& s) {
  // s.cwnd is the inflated window of recovery here; the rule compares with the window
  // the loss was detected at.
  return cwndAtLoss_ > 0 ? std::min(s.ssthresh, cwndAtLoss_) : s.ssthresh;
}

}  // namespace obs
