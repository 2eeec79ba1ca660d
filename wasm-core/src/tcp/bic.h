// BIC-TCP (L. Xu, K. Harfoush, I. Rhee, "Binary Increase Congestion Control for Fast,
// Long Distance Networks", INFOCOM 2004), with the constants of Linux's tcp_bic.c.
// After a loss the window last held, Wmax, is the likely saturation point, so the window
// searches for it: each RTT it moves part of the way from cwnd towards Wmax (the paper's
// binary search increase), at most Smax and at least Smin segments, which makes the
// growth fast far from Wmax and nearly flat close to it. Past Wmax it probes for a new
// maximum by the mirror image (max probing): slowly at first, then faster, up to Smax per
// RTT. Fast convergence: a flow whose loss comes below its previous Wmax is yielding to a
// newcomer, so it lowers Wmax further, to the midpoint of cwnd and beta cwnd.
// Below low_window it is Reno.
#pragma once
#include "tcp/congestion_ops.h"
#include "tcp/reno.h"

namespace obs {

class Bic final : public CongestionOps {
 public:
  static constexpr double kBeta = 819.0 / 1024;  // window kept on loss (Linux beta = 819)
  static constexpr double kLowWindow = 14;       // Linux low_window
  static constexpr double kSmax = 16;            // Linux max_increment, segments per RTT
  static constexpr double kSmin = 0.01;          // the paper's Smin, segments per RTT
  // Linux's BICTCP_B: each RTT the binary search covers 1/B of the distance to Wmax, and
  // max probing grows by 1/(B - 1) of the distance beyond it.
  static constexpr double kB = 4;

  // Segments to add over the next RTT at window cwnd (above low_window) given Wmax.
  static double increment(double cwnd, double wMax);

  const char* name() const override { return "bic"; }
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;
  double ssthreshAfterTimeout(const CongestionState& s, std::uint32_t flight, double now) override;

  double wMax() const { return wMax_; }

 private:
  Reno reno_;
  double wMax_ = 0;  // Linux last_max_cwnd; 0 = no loss since the start or the last timeout
};

}  // namespace obs
