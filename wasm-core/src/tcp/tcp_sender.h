// A TCP sender fed by its application (bulk: always data; file: a fixed amount; CBR: data
// at a constant rate), counting in segments.
// Loss recovery per RFC 5681: fast retransmit on the dupAckThreshold-th duplicate ACK,
// Reno fast recovery (cwnd = ssthresh + 3, inflate by one per further duplicate, deflate
// to ssthresh on the next new ACK), and the retransmission timer of RFC 6298 with Karn's
// rule. After a timeout the sender goes back to the first unacknowledged segment
// (go-back-N, as ns-2's agents do). No connection set-up: data flows from `start`.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "metrics/visual_event_log.h"
#include "net/packet.h"
#include "net/route.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "tcp/congestion_ops.h"
#include "tcp/rtt_estimator.h"
#include "tcp/window_ring.h"

namespace obs {

class PacketReceiver;

// The sender's congestion state machine (after ns-3's TcpCongState_t).
enum class TcpCongState : std::uint8_t {
  Open = 0,      // normal: slow start or congestion avoidance
  Recovery = 1,  // fast recovery after a fast retransmit
  Loss = 2,      // after a retransmission timeout, until the lost data is acknowledged
};

struct TcpSenderCounters {
  std::uint64_t segmentsSent = 0;  // transmissions, retransmissions included
  std::uint64_t retransmits = 0;
  std::uint64_t rtos = 0;
  std::uint64_t fastRetransmits = 0;
  std::uint64_t rttSamples = 0;
  double rttSum = 0;  // seconds
};

class TcpSender final : public EventHandler {
 public:
  TcpSender(Simulator& sim, PacketReceiver& network, int flowIndex, const Route* dataRoute,
            const TcpSpec& spec, const AppSpec& app, double startSeconds);

  void onAck(std::uint32_t ackNo);
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;

  double cwnd() const { return cc_.cwnd; }
  double ssthresh() const { return cc_.ssthresh; }
  TcpCongState state() const { return state_; }
  std::uint32_t sndUna() const { return sndUna_; }
  std::uint32_t sndNxt() const { return sndNxt_; }
  const RttEstimator& rtt() const { return rtt_; }
  const TcpSenderCounters& counters() const { return counters_; }
  // File application: when the last segment was acknowledged (-1 while not yet).
  SimTime completedAt() const { return completedAt_; }
  void setVisualLog(VisualEventLog* log) { log_ = log; }

 private:
  enum EventKind : std::uint32_t {
    kStart,     // the flow's start time
    kRtoTimer,  // the retransmission timer (lazy; see armTimer)
    kAppData,   // a CBR application has handed over the next segment
  };
  // Segments the application has handed to TCP by now.
  std::uint32_t appSegments();
  // When a CBR application has handed over its first `segments` segments.
  SimTime cbrHandedOverAt(std::uint32_t segments) const;

  void trySend();
  void transmit(std::uint32_t seq);
  void onNewAck(std::uint32_t ackNo);
  void onDuplicateAck();
  void onTimeout();
  void armTimer();   // (re)start the retransmission timer at now + RTO
  void stopTimer();
  std::uint32_t flight() const { return sndNxt_ - sndUna_; }
  std::size_t slot(std::uint32_t seq) const { return seq & ringMask_; }

  Simulator& sim_;
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
  CongestionState cc_;
  TcpCongState state_ = TcpCongState::Open;
  RttEstimator rtt_;
  double minRtt_ = 0;  // seconds; 0 until the first sample
  bool started_ = false;

  std::uint32_t sndUna_ = 0;   // oldest unacknowledged segment
  std::uint32_t sndNxt_ = 0;   // next segment to send
  std::uint32_t maxSent_ = 0;  // one past the highest segment ever sent
  std::uint32_t dupAcks_ = 0;

  // Per outstanding segment: when it was first sent, and whether it was ever resent
  // (Karn: no RTT sample from a retransmitted segment).
  std::vector<SimTime> sentAt_;
  std::vector<bool> retransmitted_;
  std::size_t ringMask_;

  // Lazy retransmission timer: at most one pending event; restarts only move the deadline.
  bool timerRunning_ = false;
  SimTime deadline_ = 0;
  bool eventPending_ = false;
  SimTime eventAt_ = 0;
  std::uint32_t timerGeneration_ = 0;

  TcpSenderCounters counters_;
  VisualEventLog* log_ = nullptr;
  void logTcpEvent(int what);  // 0 RTO, 1 fast retransmit, 2 recovery exit
};

}  // namespace obs
