#include "tcp/newreno_recovery.h"

#include <algorithm>

namespace obs {

TcpCongState NewRenoRecovery::startRecovery(RecoveryHost& h, double window) {
  firstPartialAck_ = true;
  return RenoRecovery::startRecovery(h, window);
}

bool NewRenoRecovery::endsRecovery(const RecoveryHost& h, std::uint32_t ackNo) const { return ackNo >= h.recover(); }

void NewRenoRecovery::onPartialAck(RecoveryHost& h, std::uint32_t acked) {
  h.transmit(h.sndUna());  // the next hole
  CongestionState& w = h.window();
  w.cwnd = std::max(w.cwnd - acked + 1, 1.0);
  if (firstPartialAck_) {
    firstPartialAck_ = false;
    h.restartTimer();
  }
}

double NewRenoRecovery::cwndAfterRecovery(const RecoveryHost& h, double target) const {
  double flight = static_cast<double>(h.sndNxt() - h.sndUna());
  return std::min(target, std::max(flight, 1.0) + 1);
}

}  // namespace obs
