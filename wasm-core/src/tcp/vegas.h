// TCP Vegas (L. Brakmo, L. Peterson, "TCP Vegas: End to End Congestion Avoidance on a
// Global Internet", IEEE JSAC 13(8), 1995), with the round structure of Linux's
// tcp_vegas.c. Vegas avoids loss by watching the queue it builds: with BaseRTT the
// smallest RTT seen (the path without a queue), Diff = (Expected - Actual) BaseRTT =
// cwnd (RTT - BaseRTT) / RTT is the number of segments sitting in queues. Once per RTT it
// adds a segment if Diff < alpha, removes one if Diff > beta, and holds otherwise, so
// each flow keeps alpha to beta segments queued. In slow start it leaves slow start as
// soon as Diff > gamma. RTT is the smallest sample of the round, which filters out
// the delay that delayed ACKs add (as Linux does). On loss it is Reno.
#pragma once
#include "tcp/congestion_ops.h"
#include "tcp/reno.h"

namespace obs {

class Vegas final : public CongestionOps {
 public:
  static constexpr double kAlpha = 2;  // segments
  static constexpr double kBeta = 4;
  static constexpr double kGamma = 1;

  const char* name() const override { return "vegas"; }
  void observeAck(const AckInfo& ack) override;
  void onNewAck(CongestionState& s, const AckInfo& ack) override;
  double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) override;

  double baseRtt() const { return baseRtt_; }

 private:
  // Once per round: the Vegas decision with this round's smallest RTT. True when slow
  // start ended.
  bool endRound(CongestionState& s);

  Reno reno_;
  double baseRtt_ = 0;      // 0 = no sample yet
  double roundMinRtt_ = 0;  // 0 = no sample in this round
  // A round ends when what was outstanding at its start has been acknowledged (Linux:
  // the first ACK beyond beg_snd_nxt, the sequence number sent last when it began).
  bool roundOpen_ = false;  // false until the first ACK, and after a loss
  double roundLeft_ = 0;    // segments still to be acknowledged in this round
};

}  // namespace obs
