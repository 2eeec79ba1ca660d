// Scalable TCP (T. Kelly, "Scalable TCP: Improving Performance in Highspeed Wide Area
// Networks", CCR 33(2), 2003). Multiplicative increase, multiplicative decrease: a = 0.01
// segment per ACK (the window grows by 1% per RTT) and b = 0.125 of the window on loss, so
// recovering from a loss takes log(1/(1-b)) / log(1+a) = 13.4 RTTs at every window size
// instead of half a window's worth of RTTs as with Reno. Below the paper's legacy window
// lwnd = 16 it is Reno in both directions (as ns-2 and Linux's tcp_scalable fall back to
// Reno for small windows), so it changes nothing where Reno is fast enough.
#pragma once
#include "tcp/congestion_ops.h"
#include "tcp/reno.h"

namespace obs {

class Scalable final : public CongestionOps {
 public:
  static constexpr double kIncrease = 0.01;     // a: segments per ACK
  static constexpr double kDecrease = 0.125;    // b: fraction of the window
  static constexpr double kLegacyWindow = 16;   // lwnd

  const char* name() const override { return "stcp"; }
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;

 private:
  Reno reno_;
};

}  // namespace obs
