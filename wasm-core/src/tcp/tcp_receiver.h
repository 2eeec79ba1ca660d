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
// - Segments taken ahead (docs/model.md section 1): a receiver alone on its host, its ACKs
//   leaving by a lossless line, takes each segment when the line into the host sends it, as
//   of the moment it will arrive, and puts its ACK on that line at that moment; no event for
//   the arrival. What it reports leaves out what it took after the clock.
#pragma once
#include <cstdint>
#include <vector>

#include "net/packet.h"
#include "net/route.h"
#include "scenario/scenario.h"
#include "sim/event_loop.h"
#include "sim/ring_queue.h"
#include "tcp/window_ring.h"

namespace obs {

class PacketChannel;
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

  // Takes segments ahead from now, every ACK going onto `ackLine` (the first line of its
  // ACK route, which no other sender uses) as of its moment; none: as they arrive, ACKs
  // sent through the network at the clock. The simulation's builder decides (it also
  // tells the line into the host, PacketChannel::setSink), and a live change making
  // `ackLine` lossy stops it: the ACKs already on the line keep the loss they met, none.
  void takeAheadOnto(PacketChannel* ackLine) { ackLine_ = ackLine; }
  // Whether a segment arriving at `at` (after the clock) can be taken now: not past a
  // pending delayed-ACK timer, whose expiry sees only the segments that came before it.
  bool takesAt(SimTime at) const { return ackLine_ && (!timerPending_ || at < timerAt_); }
  // A segment arriving at `at`, after the clock, with every segment before it taken.
  void takeAhead(SimTime at, std::uint32_t seq, bool sackPermitted);

  // As of the clock: segments taken ahead that arrive later are not counted yet.
  std::uint32_t rcvNxt() const { return rcvNxt_ - aheadOfClock().advanced; }
  std::uint64_t deliveredBytes() const { return delivered_ - std::uint64_t{mss_} * aheadOfClock().advanced; }
  std::uint64_t duplicates() const { return duplicates_ - aheadOfClock().duplicates; }
  std::uint64_t segmentsReceived() const { return received_ - aheadOfClock().segments; }
  std::uint64_t acksSent() const { return acksSent_ - aheadOfClock().acks; }
  // Segments taken ahead that arrive after the clock, and the ACKs they caused: still on
  // the line into the host and not sent yet in a run that takes them as they arrive.
  std::uint64_t segmentsAheadOfClock() const { return aheadOfClock().segments; }
  // Segments taken ahead that have arrived by the clock.
  std::uint64_t segmentsTakenAhead() const { return takenAhead_ - aheadOfClock().segments; }
  std::uint64_t acksAheadOfClock() const { return aheadOfClock().acks; }

 private:
  bool held(std::uint32_t seq) const { return buffered_[seq & mask_]; }
  // RFC 2018: the block holding `seq` goes first, then the blocks last reported.
  void reportBlockOf(std::uint32_t seq);
  void receive(SimTime at, std::uint32_t seq, bool sackPermitted);
  // The ACK of what has arrived by `at` (the clock, or later for a segment taken ahead).
  void sendAck(SimTime at);
  void armTimer() {
    timerPending_ = true;
    timerAt_ = ackDeadline_;
    sim_.scheduleAt(ackDeadline_, this, 0);
  }
  // What a segment taken ahead changed, kept until the clock passes its arrival.
  struct TakenAhead {
    SimTime at;
    std::uint32_t advanced;    // segments rcvNxt moved by
    std::uint16_t duplicates;  // 0 or 1
    std::uint16_t acks;        // ACKs sent, 0 or 1
  };
  struct Ahead {
    std::uint64_t segments = 0, advanced = 0, duplicates = 0, acks = 0;
  };
  Ahead aheadOfClock() const;

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
  bool timerPending_ = false;         // one timer event at a time; it re-arms itself if moved
  SimTime timerAt_ = 0;               // when the pending timer event falls
  PacketChannel* ackLine_ = nullptr;  // while taking segments ahead
  // Segments taken ahead, in arrival order; those at or before the clock are forgotten
  // when the ring fills.
  RingQueue<TakenAhead> ahead_;
  std::uint64_t takenAhead_ = 0;
  std::uint64_t delivered_ = 0;
  std::uint64_t duplicates_ = 0;
  std::uint64_t received_ = 0;  // every segment that arrived, duplicates included
  std::uint64_t acksSent_ = 0;
};

}  // namespace obs
