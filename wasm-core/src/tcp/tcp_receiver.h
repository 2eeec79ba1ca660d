// A TCP receiver: cumulative ACKs and an out-of-order buffer. Counts bytes delivered in
// order to the application, which is what goodput measures.
// - SACK (RFC 2018), when the sender recovers with SACK: every ACK sent while data above a
//   hole is held carries up to 3 blocks; the first holds the segment that triggered the
//   ACK (unless it advanced the cumulative ACK), the others repeat the most recently
//   reported blocks that are not part of one already included.
// - Delayed ACKs (RFC 5681 section 4.2), when `delayedAck` is set: an in-order segment is
//   acknowledged with the next one (an ACK for every second full-sized segment) or when
//   a 200 ms timer started by the first unacknowledged segment expires; an out-of-order
//   segment, a duplicate, and a segment that fills all or part of a hole are acknowledged
//   at once.
#pragma once
#include <cstdint>
#include <vector>

#include "net/packet.h"
#include "net/route.h"
#include "scenario/scenario.h"
#include "sim/event_loop.h"
#include "tcp/window_ring.h"

namespace obs {

class PacketReceiver;

class TcpReceiver final : public EventHandler {
 public:
  // The delayed-ACK timer: RFC 1122 allows up to 500 ms; 200 ms is BSD's and Linux's
  // largest. ns-2's TCPSink/DelAck uses interval_ 100 ms: kept at 200 here (no preset
  // delays ACKs) and set so in the ns-2 comparison (scripts/conformance/alignment.mjs).
  static constexpr SimTime kDelayedAckTimeout = kPicosPerSecond / 5;

  TcpReceiver(EventLoop& sim, PacketReceiver& network, int flowIndex, const Route* ackRoute, const TcpSpec& spec);

  // A data segment; `sackPermitted` as its sender says (a live variant change can switch
  // it). Without it, as the flow's recovery was configured.
  void onSegment(std::uint32_t seq, bool sackPermitted);
  void onSegment(std::uint32_t seq) { onSegment(seq, sack_); }
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;  // delayed-ACK timer

  std::uint32_t rcvNxt() const { return rcvNxt_; }
  std::uint64_t deliveredBytes() const { return delivered_; }
  std::uint64_t duplicates() const { return duplicates_; }
  std::uint64_t segmentsReceived() const { return received_; }
  std::uint64_t acksSent() const { return acksSent_; }

 private:
  bool held(std::uint32_t seq) const { return buffered_[seq & mask_]; }
  // RFC 2018: the block holding `seq` goes first, then the blocks last reported.
  void reportBlockOf(std::uint32_t seq);
  void sendAck();

  EventLoop& sim_;
  PacketReceiver& network_;
  int flow_;
  const Route* route_;
  std::uint32_t mss_;
  std::uint32_t rcvNxt_ = 0;
  std::vector<bool> buffered_;  // ring over [rcvNxt, rcvNxt + maxWindow]
  std::size_t mask_;
  std::uint32_t window_;
  std::uint32_t outOfOrder_ = 0;  // segments held above a hole
  bool sack_;
  SackOption reported_;  // the blocks of the last ACK, most recent first
  bool delayed_;
  bool ackOwed_ = false;  // an in-order segment not acknowledged yet
  SimTime ackDeadline_ = 0;
  bool timerPending_ = false;  // one timer event at a time; it re-arms itself if moved
  std::uint64_t delivered_ = 0;
  std::uint64_t duplicates_ = 0;
  std::uint64_t received_ = 0;  // every segment that arrived, duplicates included
  std::uint64_t acksSent_ = 0;
};

}  // namespace obs
