#include "tcp/reno_recovery.h"

namespace obs {

TcpCongState RenoRecovery::startRecovery(RecoveryHost& h, double window) {
  h.transmit(h.sndUna());                 // step 2 (the sender restarts the timer)
  h.window().cwnd = window + dupThresh_;  // step 3: ssthresh + 3
  return TcpCongState::Recovery;
}

void RenoRecovery::onDuplicateInRecovery(RecoveryHost& h) {
  h.window().cwnd += 1;  // step 4: each further duplicate means a segment left the network
}

}  // namespace obs
