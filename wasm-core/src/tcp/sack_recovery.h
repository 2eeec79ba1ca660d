// SACK-based loss recovery, RFC 6675, in whole segments, over the scoreboard of
// tcp/sack_scoreboard.h.
// - A duplicate ACK is one that brings SACK information not seen before (section 2). Outside
//   recovery, loss is detected when DupAcks reaches DupThresh or IsLost(HighACK + 1) holds
//   (section 5, steps 1-2). As RFC 6582's `recover` (which section 5 of RFC 6675 leaves to
//   it), no new recovery starts before everything sent before the last one, or before the
//   last timeout, is cumulatively acknowledged. Before that (step 3) the window is counted
//   as pipe, so each duplicate may release new data (Limited Transmit); those segments do
//   not count in the FlightSize that sets ssthresh (RFC 5681 section 3.2).
// - Entering recovery (step 4): RecoveryPoint = HighData, cwnd = ssthresh (from the
//   congestion ops, which for Reno is FlightSize / 2), the first unacknowledged segment is
//   resent, and then, for this and every later ACK, while cwnd - pipe >= 1 segment NextSeg()
//   picks what to send (steps C.1-C.5): (1) the first unSACKed segment above HighRxt that
//   is lost and below the highest SACKed one; (2) new data; (3) the first unSACKed segment
//   above HighRxt below the highest SACKed one, lost or not; (4) once per recovery, the
//   highest unSACKed segment (RescueRxt, optional in the RFC, implemented).
// - cwnd stays at ssthresh during recovery (no inflation; pipe does that work). Recovery
//   ends with the cumulative ACK of RecoveryPoint, cwnd then what the ops ask for. Each
//   partial ACK restarts the timer (RFC 6298 5.3; RFC 6675 leaves the timer alone).
// - After a timeout (section 5.1): the scoreboard is kept (the receiver never reneges),
//   every unSACKed segment sent before the timeout is taken as lost, and the sender resends
//   those holes in order, then new data, as slow start allows ("fill in" the holes the
//   receiver reported missing), counting the window as pipe.
#pragma once
#include "tcp/loss_recovery.h"
#include "tcp/sack_scoreboard.h"

namespace obs {

class SackRecovery final : public LossRecovery {
 public:
  explicit SackRecovery(const TcpSpec& spec);
  const char* name() const override { return "sack"; }
  bool usesSack() const override { return true; }
  bool onAck(RecoveryHost& h, bool sameAck, const SackOption& sack) override;
  bool lossDetected(const RecoveryHost& h, std::uint32_t dupAcks) const override;
  std::uint32_t limitedTransmits() const override { return limited_; }
  TcpCongState startRecovery(RecoveryHost& h, double window) override;
  bool endsRecovery(const RecoveryHost& h, std::uint32_t ackNo) const override;
  void onTimeout(RecoveryHost& h) override;
  bool fillWindow(RecoveryHost& h, std::uint32_t window, std::uint32_t available) override;

  // SetPipe().
  std::uint32_t inFlight(const RecoveryHost& h) const override;
  const SackScoreboard& scoreboard() const { return board_; }

 private:
  // UnSACKed segments below this are taken as lost.
  std::uint32_t lostBelow(const RecoveryHost& h) const;
  // NextSeg(): the segment to send next, if any; updates HighRxt and RescueRxt.
  bool nextSeg(const RecoveryHost& h, std::uint32_t available, std::uint32_t* seq);

  SackScoreboard board_;
  std::uint32_t maxWindow_;
  std::uint32_t dupThresh_;
  std::uint32_t rxtNext_ = 0;  // HighRxt + 1: what lies below was resent in this repair
  bool rescued_ = false;       // rule (4) used in this recovery
  std::uint32_t rtoLost_ = 0;  // after a timeout: recover(), what was outstanding then
  std::uint32_t lastUna_ = 0;
  std::uint32_t limited_ = 0;  // new segments sent on duplicates since sndUna last moved
};

}  // namespace obs
