// TCP Reno's window rules, RFC 5681: slow start adds one segment per ACK of new data
// (section 3.1, "at most SMSS per ACK"), congestion avoidance about one segment per RTT
// (cwnd += 1/cwnd per ACK, equation 3), and ssthresh = max(FlightSize / 2, 2) on loss
// (equation 4).
#pragma once
#include "tcp/congestion_ops.h"

namespace obs {

class Reno final : public CongestionOps {
 public:
  const char* name() const override { return "reno"; }
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;
};

}  // namespace obs
