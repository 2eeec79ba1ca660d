// H-TCP (D. Leith, R. Shorten, "H-TCP: TCP for high-speed and long-distance networks",
// PFLDnet 2004; draft-leith-tcp-htcp), with the rules of Linux's tcp_htcp.c (whose
// defaults, use_rtt_scaling = 1 and use_bandwidth_switch = 1, are what runs in practice).
// The increase depends on the time Delta since the last congestion event: Reno's one
// segment per RTT for the first Delta_L = 1 s, so H-TCP is as fair as Reno where losses are
// frequent, then a quadratic in Delta, so it claims a long fat pipe's spare capacity
// quickly. That factor is scaled by RTTmin / 100 ms (RTT scaling, so flows with different
// RTTs gain about equally per second, not per RTT) and by 2 (1 - beta), the paper's rule
// for keeping flows that back off by different beta as fair to each other as Reno flows.
// The backoff adapts to the path: beta = RTTmin / RTTmax keeps the queue-free part of the
// window, clamped to [0.5, 0.8]; but only once the throughput is steady (the bandwidth
// switch: the largest throughput of the last epoch within 20 % of the one before), with
// RTTmin above 10 ms, and never at the first congestion event. Otherwise beta is Reno's 0.5.
// Kept continuous where Linux uses integers: Linux's alpha factor is a whole number and
// is recomputed only when cwnd grows by a segment; ours follows alpha(Delta) on every ACK,
// as the paper writes it (at RTTmin 44 ms Linux's scaled factor is up to one below ours).
// Not modelled: Linux's undo of a spurious congestion event (the sender has no undo).
#pragma once
#include "tcp/congestion_ops.h"

namespace obs {

class Htcp final : public CongestionOps {
 public:
  static constexpr double kDeltaL = 1.0;  // seconds
  static constexpr double kBetaMin = 0.5;
  static constexpr double kBetaMax = 0.8;
  // RTT scaling: the reference RTT, and the clamp of the scale factor RTTmin / kRttRef
  // (Linux clamps its inverse, 100 ms / RTTmin, to [0.5, 10]).
  static constexpr double kRttRef = 0.1;  // seconds
  static constexpr double kRttScaleMin = 0.1;
  static constexpr double kRttScaleMax = 2.0;
  // Below this RTTmin the RTT ratio says little about the queue (timer granularity,
  // host delays): beta stays 0.5.
  static constexpr double kAdaptiveBetaMinRtt = 0.01;  // seconds
  // Linux takes an RTT sample as the new RTTmax only if it exceeds the current one by at
  // most this: a single late ACK (a delayed or compressed one) is no queue.
  static constexpr double kMaxRttStep = 0.02;  // seconds
  // At each congestion event RTTmax keeps this share of its distance from RTTmin, so
  // it can come down after a route change (Linux's "slowly fading memory").
  static constexpr double kMaxRttFade = 0.95;

  // The paper's alpha(Delta), before scaling: segments per RTT Delta seconds after the
  // last congestion event.
  static double alphaOf(double delta);
  // The RTT scaling factor for alpha: RTTmin / 100 ms clamped to [0.1, 2].
  static double rttScale(double rttMin);
  // The adaptive backoff factor from the RTT range.
  static double betaOf(double rttMin, double rttMax);
  // The bandwidth switch: is the largest throughput of the epoch now ending within
  // 20 % of the previous epoch's (4/5 <= maxB / oldMaxB <= 6/5)?
  static bool throughputSteady(double maxB, double oldMaxB);

  const char* name() const override { return "htcp"; }
  void observeAck(const AckInfo& ack) override;
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;

  double beta() const { return beta_; }
  double rttMax() const { return rttMax_; }
  double maxThroughput() const { return maxB_; }  // segments / s, this epoch
  // Segments per RTT now: 2 (1 - beta) max(1, alpha(Delta) x rttScale(RTTmin)).
  double alpha(double now) const;

 private:
  void measureThroughput(double cwnd, const AckInfo& ack);

  bool started_ = false;
  bool open_ = false;          // an ACK of new data outside recovery since the last loss
  double lastCongestion_ = 0;  // seconds; when the last recovery ended (Linux's last_cong)
  double beta_ = kBetaMin;     // set at each congestion event, used until the next
  bool modeSwitch_ = false;    // adaptive beta allowed (not before a second event)
  double rttMin_ = 0;          // of the connection, 0 = no sample yet
  double rttMax_ = 0;          // 0 = no sample yet
  // Throughput measurement (segments / s), over intervals of about one window.
  double packetCount_ = 0;
  double countStart_ = 0;
  double bi_ = 0;       // smoothed throughput
  double maxB_ = 0;     // its largest value this epoch
  double oldMaxB_ = 0;  // the previous epoch's
};

}  // namespace obs
