// HighSpeed TCP, RFC 3649. Above Low_Window the window grows by a(w) segments per RTT and
// backs off by the fraction b(w), both from the HighSpeed response function (section 5):
// larger windows grow faster and back off less, so a flow can hold a window of 83000
// segments at a loss rate of 10^-7. At or below Low_Window it is Standard TCP (Reno), so
// it competes fairly where Reno already works.
// Slow start is unchanged (RFC 3742's limited slow start is a separate option, not used).
#pragma once
#include "tcp/congestion_ops.h"
#include "tcp/reno.h"

namespace obs {

class Hstcp final : public CongestionOps {
 public:
  // Section 5's parameters. Low_P = 10^-3 is the loss rate at which Standard TCP's
  // response function w = 1.2 / sqrt(p) gives Low_Window = 38; with it, a(w) and b(w)
  // reproduce the table of Appendix B (a reaches 2 at w = 118, 8 at w = 1058).
  static constexpr double kLowWindow = 38;
  static constexpr double kHighWindow = 83000;
  static constexpr double kLowP = 1e-3;
  static constexpr double kHighP = 1e-7;
  static constexpr double kHighDecrease = 0.1;

  // Segments added per RTT at window w (1 at or below Low_Window).
  static double increase(double w);
  // Fraction of the window given up on loss at window w (0.5 at or below Low_Window).
  static double decrease(double w);

  const char* name() const override { return "hstcp"; }
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;

 private:
  Reno reno_;
};

}  // namespace obs
