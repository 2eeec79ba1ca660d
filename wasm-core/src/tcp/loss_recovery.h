// Loss recovery as a strategy object, beside the congestion ops (tcp/congestion_ops.h):
// the ops say how far the window goes (growth, ssthresh on loss); a recovery strategy says
// when a loss is detected from ACKs, what the window does while it is repaired, which
// segment goes next, and when the repair is over. The sender (tcp/tcp_sender.h) owns the
// sequence numbers, the timer and the counters, and makes every state transition; a
// strategy acts on it through RecoveryHost.
//   tahoe   (tcp/tahoe_recovery.h)   fast retransmit, then slow start from one segment
//   reno    (tcp/reno_recovery.h)    fast retransmit and fast recovery, RFC 5681 3.2
//   newreno (tcp/newreno_recovery.h) Reno with partial ACKs, RFC 6582
//   sack    (tcp/sack_recovery.h)    the SACK scoreboard and pipe of RFC 6675
#pragma once
#include <cstdint>
#include <memory>

#include "net/packet.h"
#include "scenario/scenario.h"
#include "tcp/congestion_ops.h"

namespace obs {

// The sender's congestion state machine (after ns-3's TcpCongState_t and Linux's
// tcp_ca_state). Transitions happen in TcpSender only.
enum class TcpCongState : std::uint8_t {
  Open = 0,      // no loss being repaired: slow start or congestion avoidance
  Recovery = 1,  // fast recovery after a fast retransmit, until `recover` is acknowledged
  Loss = 2,      // after a timeout, or Tahoe's fast retransmit: cwnd restarted from one
                 // segment, resending what was outstanding until `recover` is acknowledged
};

// What a recovery strategy sees of its sender and may ask of it.
// The sequence numbers are plain fields here, which the host keeps up to date: a strategy
// reads them on every ACK, and a virtual call for each read showed in profiles.
class RecoveryHost {
 public:
  virtual TcpCongState state() const = 0;
  virtual CongestionState& window() = 0;  // cwnd and ssthresh, in segments
  std::uint32_t sndUna() const { return sndUna_; }
  std::uint32_t sndNxt() const { return sndNxt_; }
  std::uint32_t maxSent() const { return maxSent_; }
  std::uint32_t recover() const { return recover_; }
  std::uint32_t dupAcks() const { return dupAcks_; }
  virtual void transmit(std::uint32_t seq) = 0;  // sends `seq` now (again, if sent before)
  virtual void goBack() = 0;                     // go-back-N: sndNxt = sndUna
  virtual void restartTimer() = 0;               // the retransmission timer, from now

 protected:
  ~RecoveryHost() = default;

  std::uint32_t sndUna_ = 0;   // oldest unacknowledged segment
  std::uint32_t sndNxt_ = 0;   // next segment of the go-back-N walk
  std::uint32_t maxSent_ = 0;  // one past the highest segment ever sent
  // One past the highest segment sent when the current (or last) loss was detected, by
  // fast retransmit or timeout: RFC 6582's `recover` + 1, RFC 6675's RecoveryPoint + 1.
  std::uint32_t recover_ = 0;
  std::uint32_t dupAcks_ = 0;  // duplicate ACKs since the last ACK of new data or timeout
};

class LossRecovery {
 public:
  virtual ~LossRecovery() = default;
  virtual const char* name() const = 0;
  // Whether the receiver sends SACK blocks to this sender.
  virtual bool usesSack() const { return false; }

  // An ACK that acknowledges new data or repeats sndUna with data outstanding (`sameAck`),
  // after the sender moved sndUna. Returns whether it counts as a duplicate ACK.
  virtual bool onAck(RecoveryHost& h, bool sameAck, const SackOption& sack) = 0;
  // Outside recovery, after every such ACK: is a loss detected, to fast-retransmit now?
  // `dupAcks` counts duplicates since the last ACK of new data.
  virtual bool lossDetected(const RecoveryHost& h, std::uint32_t dupAcks) const = 0;
  // Segments sent by Limited Transmit since the last ACK of new data: RFC 5681 (section
  // 3.2, step 2) leaves them out of the FlightSize that sets ssthresh.
  virtual std::uint32_t limitedTransmits() const { return 0; }
  // Fast retransmit, with ssthresh already set and recover() = maxSent(): resends, sets
  // cwnd from `window`, the window recovery works towards (ssthresh, or less: see
  // CongestionOps::recoveryKeepsBelowWindow), and returns the state to enter.
  virtual TcpCongState startRecovery(RecoveryHost& h, double window) = 0;
  // In recovery, a duplicate ACK.
  virtual void onDuplicateInRecovery(RecoveryHost& h) { (void)h; }
  // In recovery, an ACK of new data up to `ackNo`: does it end recovery? If not it is a
  // partial ACK, handled by onPartialAck, which also decides about the timer.
  virtual bool endsRecovery(const RecoveryHost& h, std::uint32_t ackNo) const = 0;
  virtual void onPartialAck(RecoveryHost& h, std::uint32_t acked) {
    (void)acked;
    h.restartTimer();
  }
  // cwnd when recovery ends, given the window the congestion ops ask for.
  virtual double cwndAfterRecovery(const RecoveryHost& h, double target) const {
    (void)h;
    return target;
  }
  // After a timeout: state Loss, cwnd 1, recover() = maxSent(). Where to resend from.
  virtual void onTimeout(RecoveryHost& h) = 0;
  // Segments taken to be in the network, which the window is compared with.
  virtual std::uint32_t inFlight(const RecoveryHost& h) const = 0;
  // Sends what a window of `window` segments allows, with the application's first
  // `available` segments; true if it stopped with room left for want of application data.
  virtual bool fillWindow(RecoveryHost& h, std::uint32_t window, std::uint32_t available) = 0;
};

// Tahoe, Reno and NewReno: duplicate ACKs are ACKs that repeat sndUna; the window walks
// forward from sndNxt, which a timeout sends back to sndUna (go-back-N, as ns-2's agents);
// the window counts segments from sndUna to sndNxt (RFC 5681's FlightSize).
// Limited Transmit (RFC 3042, RFC 5681 section 3.2 step 1): each of the first
// dupAckThreshold - 1 duplicates lets the flight grow one segment past cwnd, as far as the
// receiver's window allows, cwnd itself unchanged, so a small window still gathers the
// duplicates a fast retransmit needs. ns-2's agents do the same (send_one() on a duplicate
// below numdupacks_, with singledup_ on by default), also after a timeout, and so do we:
// the segment goes from sndNxt, which after go-back-N may be one not yet resent.
class GoBackNRecovery : public LossRecovery {
 public:
  explicit GoBackNRecovery(const TcpSpec& spec)
      : dupThresh_(static_cast<std::uint32_t>(spec.dupAckThreshold)),
        maxWindow_(static_cast<std::uint32_t>(spec.maxWindow)) {}
  bool onAck(RecoveryHost& h, bool sameAck, const SackOption& sack) override;
  // The dupAckThreshold-th duplicate ACK, with the ACKs past `recover` (pastRecover).
  bool lossDetected(const RecoveryHost& h, std::uint32_t dupAcks) const override {
    return dupAcks == dupThresh_ && pastRecover(h);
  }
  std::uint32_t limitedTransmits() const override { return limited_; }
  // Tahoe and Reno: the first ACK of new data ends recovery.
  bool endsRecovery(const RecoveryHost&, std::uint32_t) const override { return true; }
  void onTimeout(RecoveryHost& h) override;
  std::uint32_t inFlight(const RecoveryHost& h) const override { return h.sndNxt() - h.sndUna(); }
  bool fillWindow(RecoveryHost& h, std::uint32_t window, std::uint32_t available) override;

 protected:
  // RFC 6582 section 3.2 step 2 (and ns-2's bugFix_, its default): a fast retransmit only
  // when the cumulative ACK covers more than `recover`, the highest segment sent when the
  // last loss was detected. recover() is one past it, so "more than" is sndUna > recover():
  // duplicates of exactly recover() come from go-back-N resends of data the receiver
  // already holds, and must not start a (spurious) fast retransmit.
  static bool pastRecover(const RecoveryHost& h) { return h.sndUna() > h.recover(); }

  std::uint32_t dupThresh_;    // dupAckThreshold
  std::uint32_t maxWindow_;    // the receiver's window, which Limited Transmit keeps to
  std::uint32_t limited_ = 0;  // segments sent by Limited Transmit since sndUna last moved
};

std::unique_ptr<LossRecovery> makeLossRecovery(const TcpSpec& spec);

}  // namespace obs
