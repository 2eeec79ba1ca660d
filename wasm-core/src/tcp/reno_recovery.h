// Reno's fast retransmit and fast recovery, RFC 5681 section 3.2: on the
// dupAckThreshold-th duplicate ACK, ssthresh from the congestion ops, resend the first
// unacknowledged segment, cwnd = ssthresh + dupAckThreshold (the segments the duplicates
// say have left), +1 for each further duplicate; the first ACK of new data ends recovery
// with cwnd = ssthresh (or what the ops ask for). Several losses in one window usually
// take a timeout: NewReno and SACK exist for that. As ns-2's Reno with bugFix_ (its
// default, the papers'), no second fast retransmit until the ACKs cover everything sent
// before the first (or before a timeout), RFC 6582's `recover` guard: without it, the
// duplicates of the next loss in the same window (or of go-back-N resends after a
// timeout) start another fast retransmit and halve the window again.
#pragma once
#include "tcp/loss_recovery.h"

namespace obs {

class RenoRecovery : public GoBackNRecovery {
 public:
  using GoBackNRecovery::GoBackNRecovery;
  const char* name() const override { return "reno"; }
  TcpCongState startRecovery(RecoveryHost& h, double window) override;
  void onDuplicateInRecovery(RecoveryHost& h) override;
};

}  // namespace obs
