// A TCP sender fed by its application (bulk: always data; file: a fixed amount; CBR: data
// at a constant rate), counting in segments. No connection set-up: data flows from `start`.
// The sender owns the sequence numbers, the retransmission timer of RFC 6298 (with Karn's
// rule, or a fixed RTO), the counters and the congestion state machine (TcpCongState);
// two strategy objects decide the rest: the congestion ops how the window grows and where
// ssthresh goes (tcp/congestion_ops.h), the loss recovery how losses are detected and
// repaired (tcp/loss_recovery.h: Tahoe, Reno, NewReno or SACK).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "metrics/visual_event_log.h"
#include "net/packet.h"
#include "net/route.h"
#include "scenario/scenario.h"
#include "sim/event_loop.h"
#include "tcp/congestion_ops.h"
#include "tcp/loss_recovery.h"
#include "tcp/rtt_estimator.h"
#include "tcp/segment_drops.h"
#include "tcp/window_ring.h"

namespace obs {

class PacketReceiver;

// What the samples show of a sender: its congestion state, with Open split by the window.
enum class TcpPhase : std::uint8_t {
  SlowStart = 0,            // Open, cwnd < ssthresh
  CongestionAvoidance = 1,  // Open, cwnd >= ssthresh
  Recovery = 2,             // fast recovery
  Loss = 3,                 // after a timeout (or Tahoe's fast retransmit)
};

struct TcpSenderCounters {
  std::uint64_t segmentsSent = 0;  // transmissions, retransmissions included
  std::uint64_t retransmits = 0;
  std::uint64_t rtos = 0;
  std::uint64_t fastRetransmits = 0;  // losses detected from ACKs (Tahoe's included)
  std::uint64_t rttSamples = 0;
  double rttSum = 0;  // seconds
};

class TcpSender final : public EventHandler, private RecoveryHost {
 public:
  TcpSender(EventLoop& sim, PacketReceiver& network, int flowIndex, const Route* dataRoute, const TcpSpec& spec,
            const AppSpec& app, double startSeconds, SegmentDrops drops = SegmentDrops{});

  // An ACK: the next segment expected, and the SACK blocks it carries.
  void onAck(std::uint32_t ackNo, const SackOption& sack = SackOption{});
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;
  // A live change of variant: new congestion ops from now on, starting from the current
  // cwnd and ssthresh; the loss recovery follows the variant (unless `tcp.recovery` named
  // one), switching when no repair is under way.
  void setVariant(TcpVariantKind variant);

  double cwnd() const { return cc_.cwnd; }
  double ssthresh() const { return cc_.ssthresh; }
  TcpCongState state() const override { return state_; }
  TcpPhase phase() const;
  using RecoveryHost::dupAcks;  // duplicate ACKs since the last ACK of new data or timeout
  using RecoveryHost::maxSent;  // one past the highest segment ever sent
  using RecoveryHost::recover;  // one past the highest segment sent at the last loss
  using RecoveryHost::sndNxt;   // next segment of the go-back-N walk
  using RecoveryHost::sndUna;   // oldest unacknowledged segment
  const TcpSpec& spec() const { return spec_; }
  const CongestionOps& ops() const { return *ops_; }
  const LossRecovery& recovery() const { return *recovery_; }
  // Segments taken to be in the network: FlightSize, or SACK's pipe.
  std::uint32_t inFlight() const { return recovery_->inFlight(*this); }
  const RttEstimator& rtt() const { return rtt_; }
  const TcpSenderCounters& counters() const { return counters_; }
  // File application: when the last segment was acknowledged (-1 while not yet).
  SimTime completedAt() const { return completedAt_; }
  void setVisualLog(VisualEventLog* log) { log_ = log; }
  // What an event of this kind is, for the run guard's messages.
  static const char* eventName(std::uint32_t kind) {
    return kind == kStart ? "start" : kind == kRtoTimer ? "retransmission timer" : "application data";
  }

 private:
  enum EventKind : std::uint32_t {
    kStart,     // the flow's start time
    kRtoTimer,  // the retransmission timer (lazy; see armTimer)
    kAppData,   // a CBR application has handed over the next segment
  };
  // Segments the application has handed to TCP by now.
  std::uint32_t appSegments();
  // CBR: brings cbrHandedOver_ and cbrNextAt_ up to now.
  void catchUpCbr();
  // When a CBR application has handed over its first `segments` segments.
  SimTime cbrHandedOverAt(std::uint32_t segments) const;

  // RecoveryHost: what the loss recovery may see and do.
  CongestionState& window() override { return cc_; }
  void transmit(std::uint32_t seq) override;
  void goBack() override { sndNxt_ = sndUna_; }
  void restartTimer() override { armTimer(); }

  // The state machine's transitions.
  void startRecovery();  // Open or Loss -> Recovery (Tahoe: -> Loss), fast retransmit
  void endRecovery();    // Recovery -> Open
  void onTimeout();      // any -> Loss
  void becameOpen();     // a pending recovery switch happens here

  AckInfo ackInfo(std::uint32_t ackNo, std::uint32_t acked);  // RTT sample per Karn's rule
  void trySend();
  void armTimer();  // (re)start the retransmission timer at now + RTO
  void stopTimer();
  std::uint32_t flight() const { return sndNxt_ - sndUna_; }
  // The FlightSize that sets ssthresh on a loss: the flight, but no more than the window
  // (cwnd without recovery's inflation). Segments beyond cwnd are left over from before
  // a reduction (a Reno exit on a partial ACK, a NewReno exit with little acknowledged,
  // Tahoe's go-back-N after a fast retransmit): counting them would raise ssthresh on a
  // second loss instead of lowering it (issue 20, finding 3). Within the window it is
  // RFC 5681's FlightSize; ns-2, Linux and the BSDs halve cwnd itself.
  std::uint32_t lossFlight(std::uint32_t flightSize) const;
  std::size_t slot(std::uint32_t seq) const { return seq & ringMask_; }

  EventLoop& sim_;
  PacketReceiver& network_;
  int flow_;
  const Route* route_;
  TcpSpec spec_;
  AppSpec app_;
  SimTime startTime_;
  std::uint32_t fileSegments_ = 0;
  SimTime completedAt_ = -1;
  bool appWakeupPending_ = false;
  std::uint32_t cbrHandedOver_ = 0;  // CBR: segments handed over so far
  SimTime cbrNextAt_ = 0;            // CBR: cbrHandedOverAt(cbrHandedOver_ + 1)
  std::unique_ptr<CongestionOps> ops_;
  std::unique_ptr<LossRecovery> recovery_;
  bool recoverySwitchPending_ = false;  // a live variant change waits for Open
  bool sackPermitted_;                  // recovery_->usesSack(), for every segment
  CongestionState cc_;
  TcpCongState state_ = TcpCongState::Open;
  RttEstimator rtt_;
  double minRtt_ = 0;  // seconds; 0 until the first sample
  bool started_ = false;

  // sndUna_, sndNxt_, maxSent_, recover_ (maxSent_ when the last loss was detected) and
  // dupAcks_ are RecoveryHost's fields.
  // sndUna was resent by the retransmission timer and not acknowledged since: another
  // timeout is a repeated one, which keeps ssthresh (RFC 5681 section 3.1, note).
  bool resentByTimer_ = false;

  // Per outstanding segment: when it was first sent, and whether it was ever resent
  // (Karn: no RTT sample from a retransmitted segment). Rings over [sndUna, maxSent),
  // grown by doubling as the window reaches further (growRing), up to the maxWindow + 1
  // segments a window can span: a 10,000-segment maxWindow no longer costs every flow
  // 128 KB written at its start whatever its window.
  std::vector<SimTime> sentAt_;
  std::vector<std::uint8_t> retransmitted_;  // 0 or 1: a byte is read and written without bit masks
  std::size_t ringMask_;
  // The rings hold `seq` too, from sndUna on: their entries move to the larger rings.
  [[gnu::noinline]] void growRing(std::uint32_t seq);

  // Lazy retransmission timer: at most one pending event; restarts only move the deadline.
  bool timerRunning_ = false;
  SimTime deadline_ = 0;
  bool eventPending_ = false;
  SimTime eventAt_ = 0;
  std::uint32_t timerGeneration_ = 0;

  TcpSenderCounters counters_;
  SegmentDrops drops_;  // the scenario's deterministic losses of this flow
  VisualEventLog* log_ = nullptr;
  void logTcpEvent(int what);  // 0 RTO, 1 fast retransmit, 2 recovery exit
};

}  // namespace obs
