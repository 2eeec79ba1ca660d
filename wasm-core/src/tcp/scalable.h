// Scalable TCP (T. Kelly, "Scalable TCP: Improving Performance in Highspeed Wide Area
// Networks", CCR 33(2), 2003). Multiplicative increase, multiplicative decrease: a = 0.01
// segment per ACK (the window grows by 1% per RTT) and b = 0.125 of the window on loss, so
// recovering from a loss takes log(1/(1-b)) / log(1+a) = 13.4 RTTs at every window size
// instead of half a window's worth of RTTs as with Reno. As Linux's tcp_scalable.c (there
// is no RFC): the increase is never slower than Reno's, 1 / min(cwnd, 100) per ACK, i.e.
// max(a, 1 / cwnd), so below 100 segments it is Reno's one segment per RTT; the decrease
// is 1/8 at every window. (The paper's legacy window lwnd = 16, Reno in both directions
// below it and a alone above, made a window between 16 and 100 grow slower than Reno's.)
#pragma once
#include "tcp/congestion_ops.h"

namespace obs {

class Scalable final : public CongestionOps {
 public:
  static constexpr double kIncrease = 0.01;   // a: segments per ACK
  static constexpr double kDecrease = 0.125;  // b: fraction of the window
  // Linux's TCP_SCALABLE_AI_CNT: at and above this window the increase is a per ACK.
  static constexpr double kAiWindow = 100;

  // The scenario format's variant name (tcp.variant "stcp"), as ns-2 and the papers call it.
  const char* name() const override { return "stcp"; }
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;
};

}  // namespace obs
