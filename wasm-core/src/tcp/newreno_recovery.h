// NewReno, RFC 6582 section 3.2: Reno's fast recovery, but it lasts until `recover` (the
// highest segment sent when it began) is acknowledged.
// - Step 2: fast retransmit only if the cumulative ACK covers more than `recover` (strictly:
//   sndUna > recover(), recover() being one past the RFC's `recover`; Reno's guard), which
//   also holds after a timeout (step 5, section 4.2): duplicates caused by the go-back-N
//   resends of already received data then start no spurious recovery.
// - Step 4, partial ACK (new data, below `recover`): resend the first unacknowledged
//   segment, deflate cwnd by the amount acknowledged and add back one segment, and restart
//   the timer on the first partial ACK only (what section 3.2 specifies; section 4.1 calls
//   it the Impatient variant: a window with many losses ends in a timeout rather than
//   repairing one loss per RTT).
// - Step 4, full ACK: cwnd = min(ssthresh, max(FlightSize, 1) + 1), the RFC's option (1),
//   not plain ssthresh: after a long recovery little may be in flight, and ssthresh at
//   once would send a burst of up to ssthresh segments (the RFC asks option (2) to guard
//   against exactly that). ssthresh here is what the congestion ops ask for at exit.
#pragma once
#include "tcp/reno_recovery.h"

namespace obs {

class NewRenoRecovery final : public RenoRecovery {
 public:
  using RenoRecovery::RenoRecovery;
  const char* name() const override { return "newreno"; }
  TcpCongState startRecovery(RecoveryHost& h, double window) override;
  bool endsRecovery(const RecoveryHost& h, std::uint32_t ackNo) const override;
  void onPartialAck(RecoveryHost& h, std::uint32_t acked) override;
  double cwndAfterRecovery(const RecoveryHost& h, double target) const override;

 private:
  bool firstPartialAck_ = true;
};

}  // namespace obs
