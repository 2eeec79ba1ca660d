#include "tcp/tahoe_recovery.h"

namespace obs {

TcpCongState TahoeRecovery::startRecovery(RecoveryHost& h, double) {
  h.window().cwnd = 1;
  h.goBack();  // the sender's next fill resends sndUna; the sender restarts the timer
  return TcpCongState::Loss;
}

}  // namespace obs
