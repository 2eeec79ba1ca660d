#include "tcp/loss_recovery.h"

#include <algorithm>

#include "tcp/newreno_recovery.h"
#include "tcp/reno_recovery.h"
#include "tcp/sack_recovery.h"
#include "tcp/tahoe_recovery.h"

namespace obs {

bool GoBackNRecovery::onAck(RecoveryHost&, bool sameAck, const SackOption&) {
  if (!sameAck) limited_ = 0;  // new data acknowledged
  return sameAck;
}

void GoBackNRecovery::onTimeout(RecoveryHost& h) {
  limited_ = 0;
  h.goBack();
}

bool GoBackNRecovery::fillWindow(RecoveryHost& h, std::uint32_t window, std::uint32_t available) {
  // Limited Transmit: in recovery the duplicates inflate cwnd instead.
  std::uint32_t limit = window;
  std::uint32_t dups = h.dupAcks();
  if (h.state() != TcpCongState::Recovery && dups > 0 && dups < dupThresh_)
    limit = std::max(window, std::min(window + dups, maxWindow_));
  // transmit() moves sndNxt one on; sndUna stays while sending.
  std::uint32_t una = h.sndUna();
  for (std::uint32_t next = h.sndNxt(); next - una < limit; ++next) {
    if (next >= available) return true;
    // Beyond the window: Limited Transmit. From sndNxt, as ns-2's send_one() and the BSDs'
    // tcp_output(): after a go-back-N restart that may be a segment sent before, which
    // the walk has not resent yet (RFC 3042 speaks of new data, with no go-back-N walk).
    if (next - una >= window) ++limited_;
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
