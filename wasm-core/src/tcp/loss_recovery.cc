#include "tcp/loss_recovery.h"

#include "tcp/newreno_recovery.h"
#include "tcp/reno_recovery.h"
#include "tcp/sack_recovery.h"
#include "tcp/tahoe_recovery.h"

namespace obs {

bool GoBackNRecovery::onAck(RecoveryHost&, bool sameAck, const SackOption&) { return sameAck; }

void GoBackNRecovery::onTimeout(RecoveryHost& h) { h.goBack(); }

bool GoBackNRecovery::fillWindow(RecoveryHost& h, std::uint32_t window, std::uint32_t available) {
  // transmit() moves sndNxt one on; sndUna stays while sending.
  std::uint32_t una = h.sndUna();
  for (std::uint32_t next = h.sndNxt(); next - una < window; ++next) {
    if (next >= available) return true;
    h.transmit(next);
  }
  return false;
}

std::unique_ptr<LossRecovery> makeLossRecovery(const TcpSpec& spec) {
  switch (recoveryOf(spec)) {
    case TcpRecoveryKind::Tahoe: return std::make_unique<TahoeRecovery>(spec);
    case TcpRecoveryKind::Reno: return std::make_unique<RenoRecovery>(spec);
    case TcpRecoveryKind::NewReno: return std::make_unique<NewRenoRecovery>(spec);
    case TcpRecoveryKind::Sack: return std::make_unique<SackRecovery>(spec);
  }
  return std::make_unique<RenoRecovery>(spec);
}

}  // namespace obs
