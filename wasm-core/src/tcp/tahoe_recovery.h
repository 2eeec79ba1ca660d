// Tahoe, as ns-2's TcpAgent (Jacobson 1988, "Congestion Avoidance and Control"): on the
// dupAckThreshold-th duplicate ACK, ssthresh from the congestion ops, cwnd = 1, resend from
// the first unacknowledged segment on (go-back-N) and slow-start again, the timer
// restarted. No fast recovery: further duplicates do nothing. As ns-2 with its bug_fix_
// (and RFC 6582's `recover`), no new fast retransmit until the ACKs cover more than
// everything sent before the last one, or before the last timeout (GoBackNRecovery::
// pastRecover): the go-back-N resends would otherwise bring the duplicates for another.
#pragma once
#include "tcp/loss_recovery.h"

namespace obs {

class TahoeRecovery final : public GoBackNRecovery {
 public:
  using GoBackNRecovery::GoBackNRecovery;
  const char* name() const override { return "tahoe"; }
  TcpCongState startRecovery(RecoveryHost& h, double window) override;
};

}  // namespace obs
