// CUBIC, RFC 9438. The window is a cubic function of the time since the last congestion
// event, W_cubic(t) = C (t - K)^3 + W_max (section 4.2, figure 1): concave up to W_max,
// the window at the last loss, a plateau around it, then convex probing beyond. Growth
// depends on time rather than on the ACK clock, so flows with different RTTs converge to
// similar windows. Where Reno would grow faster (short RTTs, small windows) CUBIC follows
// an estimate of Reno's window instead (the Reno-friendly region, section 4.3). On loss
// ssthresh = beta_cubic x FlightSize (section 4.6), and a flow whose loss comes below its
// previous W_max lowers W_max further to leave room for others (fast convergence, 4.7).
// Slow start is RFC 5681's (HyStart++, section 4.10, is optional and not used).
#pragma once
#include "tcp/congestion_ops.h"

namespace obs {

class Cubic final : public CongestionOps {
 public:
  static constexpr double kC = 0.4;     // segments / s^3 (section 5.1)
  static constexpr double kBeta = 0.7;  // beta_cubic (section 4.6)
  // alpha_cubic = 3 (1 - beta) / (1 + beta) (section 4.3): the AIMD increase that gives
  // the same average window as Reno's AIMD(1, 0.5) with decrease beta_cubic.
  static constexpr double kAlpha = 3 * (1 - kBeta) / (1 + kBeta);

  const char* name() const override { return "cubic"; }
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;
  double ssthreshAfterTimeout(const CongestionState& s, std::uint32_t flight, double now) override;

  double wMax() const { return wMax_; }
  double k() const { return k_; }        // of the current epoch
  double wEst() const { return wEst_; }  // of the current epoch
  // W_cubic at t seconds after the start of the current epoch.
  double wCubic(double t) const;

 private:
  void startEpoch(double cwnd, double now);

  bool inEpoch_ = false;   // false until the first ACK in congestion avoidance after a loss
  double epochStart_ = 0;  // t_epoch, seconds
  double k_ = 0;
  double wMax_ = 0;  // 0 = none: no loss yet, or reset by a timeout (section 4.8)
  double wEst_ = 0;
  double cwndPrior_ = 0;  // cwnd when ssthresh was last set
};

}  // namespace obs
