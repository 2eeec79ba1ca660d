// Westwood+ (S. Mascolo, C. Casetti, M. Gerla, M. Sanadidi, R. Wang, "TCP Westwood:
// Bandwidth Estimation for Enhanced Transport over Wireless Links", MobiCom 2001; the "+"
// is L. Grieco and S. Mascolo's once-per-RTT sampling, CCR 34(2), 2004), as in Linux's
// tcp_westwood.c. The sender estimates the bandwidth it gets from the rate of
// acknowledged data and, on loss, sets ssthresh to the window that bandwidth needs at the
// minimum RTT (BWE x RTTmin) instead of halving. A random loss (a dropped burst on an
// optical path) then costs little window when the path is not congested, while after a
// congestion loss the estimate is about what the bottleneck delivers. Growth is Reno's.
// The window after fast recovery is ssthresh only if that does not raise it (Mascolo et
// al.: "if cwnd > ssthresh then cwnd = ssthresh"): an estimate above the window at the
// loss is room for the window to grow into, in slow start, not a burst to send at once.
// The same holds on entering fast recovery (recoveryKeepsBelowWindow). (Linux sets
// cwnd = ssthresh when recovery completes, raising it in that case.)
#pragma once
#include "tcp/congestion_ops.h"
#include "tcp/reno.h"

namespace obs {

class Westwood final : public CongestionOps {
 public:
  // Linux's TCP_WESTWOOD_RTT_MIN (HZ / 20): samples are taken over at least 50 ms, since
  // over shorter intervals ACK compression makes the rate noisy.
  static constexpr double kMinSampleInterval = 0.05;

  const char* name() const override { return "westwood"; }
  void observeAck(const AckInfo& ack) override;
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;
  double ssthreshAfterTimeout(const CongestionState& s, std::uint32_t flight, double now) override;
  double cwndAfterRecovery(const CongestionState& s) override;
  bool recoveryKeepsBelowWindow() const override { return true; }

  double bandwidthEstimate() const { return bwEst_; }  // segments / s
  double rttMin() const { return rttMin_; }

 private:
  Reno reno_;
  double cwndAtLoss_ = 0;  // the window when the last loss was detected
  bool started_ = false;
  double sampleStart_ = 0;  // seconds
  double delivered_ = 0;    // segments acknowledged since sampleStart_
  double accounted_ = 0;    // duplicate ACKs counted before the cumulative ACK covers them
  double lastRtt_ = 0;
  double rttMin_ = 0;  // 0 = no sample yet
  bool resetRttMin_ = false;
  double bwNs_ = 0;   // first filter stage (Linux bw_ns_est)
  double bwEst_ = 0;  // second stage: the estimate (Linux bw_est)
};

}  // namespace obs
