#include "tcp/sack_recovery.h"

#include <algorithm>

namespace obs {

SackRecovery::SackRecovery(const TcpSpec& spec)
    : board_(spec.maxWindow, spec.dupAckThreshold),
      maxWindow_(static_cast<std::uint32_t>(spec.maxWindow)),
      dupThresh_(static_cast<std::uint32_t>(spec.dupAckThreshold)) {}

bool SackRecovery::onAck(RecoveryHost& h, bool, const SackOption& sack) {
  bool cumulative = h.sndUna() != lastUna_;
  if (cumulative) {
    lastUna_ = h.sndUna();
    limited_ = 0;
  }
  bool fresh = board_.update(h.sndUna(), h.maxSent(), sack);
  // RFC 6675 section 5: a cumulative ACK resets DupAcks to zero even when it also brings
  // new SACK blocks; only an ACK that leaves HighACK where it was counts as a duplicate.
  return fresh && !cumulative && h.maxSent() > h.sndUna();
}

bool SackRecovery::lossDetected(const RecoveryHost& h, std::uint32_t dupAcks) const {
  if (h.sndUna() < h.recover()) return false;
  return dupAcks >= dupThresh_ || board_.isLost(h.sndUna());
}

TcpCongState SackRecovery::startRecovery(RecoveryHost& h, double window) {
  h.window().cwnd = window;  // (4.2): ssthresh
  rescued_ = false;
  rtoLost_ = 0;
  h.transmit(h.sndUna());  // (4.3)
  rxtNext_ = h.sndUna() + 1;
  return TcpCongState::Recovery;  // the sender's next fill is (4.5): step (C)
}

bool SackRecovery::endsRecovery(const RecoveryHost& h, std::uint32_t ackNo) const {
  return ackNo >= h.recover();  // (A)
}

void SackRecovery::onTimeout(RecoveryHost& h) {
  rxtNext_ = h.sndUna();
  rtoLost_ = h.recover();
}

std::uint32_t SackRecovery::lostBelow(const RecoveryHost& h) const {
  switch (h.state()) {
    case TcpCongState::Recovery: return board_.lostBound();
    case TcpCongState::Loss: return std::max(board_.lostBound(), rtoLost_);
    case TcpCongState::Open: break;
  }
  return h.sndUna();
}

std::uint32_t SackRecovery::inFlight(const RecoveryHost& h) const {
  std::uint32_t una = h.sndUna(), high = h.maxSent();
  // Open: nothing lost (a loss would have started recovery) and nothing resent: (3.1)
  // sets HighRxt to HighACK.
  if (h.state() == TcpCongState::Open) return high - una - board_.sackedCount();
  // Each unSACKed segment counts once if it is not lost, and once more if it was resent.
  std::uint32_t lost = std::min(std::max(lostBelow(h), una), high);
  std::uint32_t resent = std::min(std::max(rxtNext_, una), high);
  return (high - lost - board_.sackedIn(lost, high)) + (resent - una - board_.sackedIn(una, resent));
}

bool SackRecovery::nextSeg(const RecoveryHost& h, std::uint32_t available, std::uint32_t* seq) {
  std::uint32_t una = h.sndUna(), high = h.maxSent();
  TcpCongState state = h.state();
  std::uint32_t s = high;  // candidate of rules (1) and (3): first unSACKed above HighRxt
  if (state != TcpCongState::Open) {
    s = board_.firstUnsacked(std::max(una, rxtNext_), high);
    bool lost = s < lostBelow(h);
    // (1); after a timeout every hole sent before it, SACKed above or not.
    if (s < high && lost && (s < board_.highSacked() || state == TcpCongState::Loss)) {
      rxtNext_ = s + 1;  // (C.2)
      *seq = s;
      return true;
    }
  }
  if (high < available && high - una < maxWindow_) {  // (2), as the receiver's window allows
    *seq = high;
    return true;
  }
  if (state != TcpCongState::Recovery) return false;
  if (s < board_.highSacked()) {  // (3)
    rxtNext_ = s + 1;
    *seq = s;
    return true;
  }
  if (!rescued_) {  // (4): HighRxt stays
    std::uint32_t r = board_.lastUnsacked(una, high);
    if (r < high) {
      rescued_ = true;
      *seq = r;
      return true;
    }
  }
  return false;
}

bool SackRecovery::fillWindow(RecoveryHost& h, std::uint32_t window, std::uint32_t available) {
  std::uint32_t inPipe = inFlight(h);  // (B.2)
  std::uint32_t seq = 0;
  // Outside recovery, what duplicates release is Limited Transmit (step 3). Not what the
  // first window or an ACK of new data releases: those count in the FlightSize.
  bool limitedTransmit = h.state() == TcpCongState::Open && h.dupAcks() > 0;
  while (inPipe < window) {
    if (!nextSeg(h, available, &seq)) return h.maxSent() >= available;
    h.transmit(seq);
    ++inPipe;  // (C.4)
    if (limitedTransmit) ++limited_;
  }
  return false;
}

}  // namespace obs
