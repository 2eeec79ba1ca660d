// H-TCP (D. Leith, R. Shorten, "H-TCP: TCP for high-speed and long-distance networks",
// PFLDnet 2004; draft-leith-tcp-htcp). The increase depends on the time Delta since the
// last congestion event: Reno's one segment per RTT for the first Delta_L = 1 s, so H-TCP
// is as fair as Reno where losses are frequent, then a quadratic in Delta, so it claims a
// long fat pipe's spare capacity quickly. The backoff adapts to the path: beta =
// RTTmin / RTTmax keeps the queue-free part of the window, clamped to [0.5, 0.8], and alpha
// is scaled by 2 (1 - beta), the paper's rule for keeping flows that back off by different
// beta as fair to each other as Reno flows are.
// Not modelled: RTT scaling of alpha and the bandwidth switch (beta back to 0.5 when the
// throughput moves by more than 20% between congestion events), both optional.
#pragma once
#include "tcp/congestion_ops.h"

namespace obs {

class Htcp final : public CongestionOps {
 public:
  static constexpr double kDeltaL = 1.0;  // seconds
  static constexpr double kBetaMin = 0.5;
  static constexpr double kBetaMax = 0.8;

  // The paper's alpha(Delta), before scaling: segments per RTT Delta seconds after the
  // last congestion event.
  static double alphaOf(double delta);
  // The backoff factor from the RTT range of the last congestion epoch.
  static double betaOf(double rttMin, double rttMax);

  const char* name() const override { return "htcp"; }
  void observeAck(const AckInfo& ack) override;
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;

  double beta() const { return beta_; }
  // Segments per RTT now: 2 (1 - beta) alpha(Delta).
  double alpha(double now) const;

 private:
  bool started_ = false;
  double lastCongestion_ = 0;  // seconds; the first ACK's time until the first loss
  double beta_ = kBetaMin;     // set at each congestion event, used until the next
  double rttMin_ = 0;          // of the connection, 0 = no sample yet
  double rttMax_ = 0;          // of the current congestion epoch, 0 = no sample yet
};

}  // namespace obs
