// One direction of a packet link: a drop-tail FIFO in front of a serial line, then
// propagation. A lossy link (802.11-like) loses each transmission try with probability
// `loss`; with link-layer ARQ the sender tries again after `retryDelay`, up to `retries`
// more times, holding the line meanwhile, so a lossy hop both loses packets and adds delay
// (paper 002). Packets leave in order, so propagating packets wait in a FIFO too and each
// arrival event simply takes the oldest.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "metrics/visual_event_log.h"
#include "net/arrival_merge.h"
#include "net/packet.h"
#include "net/route.h"
#include "sim/event_loop.h"
#include "sim/ring_queue.h"
#include "sim/rng.h"

namespace obs {

// Where a channel hands the packets it delivers.
class PacketReceiver {
 public:
  // `packet` reached `node`. It may still lie in the ring of the channel that delivered it,
  // which must not move meanwhile: so the receiver sends only from `node`, on channels
  // leaving it, and the delivering channel leaves the other end (the parser refuses a link
  // from a node to itself).
  virtual void receivePacket(int node, Packet&& packet) = 0;
  // The SACK options of the ACKs this network carries (net/packet.h): the TCP receiver
  // puts them here, and whatever ends a packet (its delivery, a drop) releases its slot.
  SackPool& sackPool() { return sackPool_; }

 protected:
  ~PacketReceiver() = default;

 private:
  SackPool sackPool_;
};

struct PacketChannelCounters {
  std::uint64_t sent = 0;         // packets that got across
  std::uint64_t queueDrops = 0;   // refused by a full queue
  std::uint64_t randomDrops = 0;  // lost on every try
  std::uint64_t listedDrops = 0;  // lost by a `drops` rule (Packet::listedDrop)
  std::uint64_t retries = 0;      // link-layer retransmissions
  std::uint64_t bytesSent = 0;
  // Transmission time of every packet accepted (tries included), counted when it is
  // queued: so it holds the part still ahead of the clock too (busyUntil() leaves it out).
  SimTime busy = 0;
};

struct PacketChannelConfig {
  double rateBps = 0;
  SimTime delay = 0;
  int queueLimit = 1000;
  double loss = 0;         // per try
  int retries = 0;         // extra tries after a lost one
  SimTime retryDelay = 0;  // wait before each extra try
  int link = -1, dir = 0;  // for visual events
};

class TcpReceiver;

class PacketChannel final : public EventHandler {
 public:
  PacketChannel(EventLoop& sim, PacketReceiver& receiver, int toNode, const PacketChannelConfig& config,
                std::uint32_t seed, const std::string& streamName);

  // Queues the packet for transmission, or drops it if the queue is full (returns false).
  bool send(Packet&& packet);
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;
  // A line made lossy is no longer fed ahead (the packets its feeds have already handed on
  // to it keep the loss they met, none): a lossy line draws for each packet as it reaches
  // it, including those its feeds had handed on to wait for their turn (stopMerging).
  void setLoss(double loss) {
    config_.loss = loss;
    if (loss <= 0) return;
    feed_ = nullptr;
    if (merging_) stopMerging();
    if (ackSource_) stopTakingAcksAhead();
  }
  double loss() const { return config_.loss; }  // per try, live changes included
  void setVisualLog(VisualEventLog* log) { log_ = log; }
  // The lines feeding this one (none: it takes packets as they arrive). Only before the
  // first packet, and only where every route taking this line arrives off one of `feeds`
  // (findLineFeeds in net/line_feeds.h, which the simulation's builder asks). One feed
  // hands each packet on when it puts it on its own line (sendAhead). Several hand them
  // to a merge that passes them on in the order they arrive, each once no feed can still
  // hand on one arriving before it: from its arrival time less the shortest time from a
  // feed's send to the arrival (its delay and the smallest packet's transmission), so one
  // event takes all that arrive within that time. Feeds without delay would leave little
  // to take together: such a line stays unfed, as does a lossy one.
  void setFeeds(const std::vector<PacketChannel*>& feeds);
  const PacketChannel* soleFeed() const { return feed_; }
  // The arrivals go to `stream` as the event argument `line` (net/shared_arrivals.h), not
  // to a stream of this line's own. Only before the first packet.
  void shareArrivals(EventQueue::StreamId stream, std::uint32_t line) {
    arrivals_ = stream;
    arrivalArg_ = line;
  }
  // Back to a stream of its own (the tests compare both). Only before the first packet.
  void ownArrivals() {
    arrivals_ = ownArrivals_;
    arrivalArg_ = 0;
  }
  // The oldest packet on its way reached the far node: it is handed over there.
  void arrive() {
    // Arrivals happen in queueing order (FIFO line, constant delay). The packet is handed
    // over where it lies, without a copy, and leaves the ring afterwards. That is safe
    // because nothing the far node does with it can push into this channel (which could
    // move the ring): a node only sends on links leaving it, and this one leaves the other
    // end (see PacketReceiver).
    receiver_.receivePacket(toNode_, std::move(inFlight_.front()));
    inFlight_.pop_front();
  }
  bool mergesFeeds() const { return merging_; }
  // The TCP receiver alone on the far host, which takes this line's segments ahead, and
  // puts its ACKs on `ackLine` (lossless, leaving the host) ahead too (TcpReceiver::
  // takeAheadOnto); none: packets arrive as events. Only before the first packet, both
  // lines as the simulation's builder found them.
  void setSink(TcpReceiver* sink, PacketChannel* ackLine);
  TcpReceiver* sink() const { return sink_; }
  // A packet the receiver on the near host sends at `at` (>= the clock): as send() at
  // `at`. Only on the line setSink named as a receiver's, which takes every packet so,
  // in nondecreasing `at`.
  void acceptAhead(SimTime at, Packet&& packet);

  // As of the clock: packets handed on ahead that reach this line later are not counted yet.
  PacketChannelCounters counters() const;
  // Time the line transmitted within [0, now], `now` the clock (tries included): the
  // summary's utilisation is this over now.
  SimTime busyUntil(SimTime now) const;
  // Packets accepted but not yet handed to the far node, ahead of the clock included, and
  // those its feeds handed on that have yet to reach it: waiting in its merge, or to be
  // refused when they get there (on their way still, as for a line that takes them then).
  std::size_t held() const {
    return inFlight_.size() + refusedAhead_.size() + lateArrivals_.size() + (merge_ ? merge_->size() : 0);
  }
  // Packets on the line or waiting for it at `now`, the clock (one whose last bit leaves
  // exactly now still counts, as forgetDeparted keeps it): the queue a trace samples.
  std::size_t queued(SimTime now) const {
    if (lineFreeAt_ < now) return 0;
    return heldAt(now) - aheadOf(now).packets;
  }

 private:
  // The line is FIFO, so a packet's whole future is known when it is queued: it starts
  // when the line frees, its tries (drawn now) and retry gaps follow, and it arrives one
  // propagation delay after its last bit. Only the arrival needs an event: one per packet
  // per link instead of two (the engine's hottest path).
  enum EventKind : std::uint32_t {
    kArrived,         // the oldest in-flight packet reached the far node
    kDroppedAhead,    // the oldest packet refused ahead of the clock reached the full queue
    kMergedArrivals,  // the merge's first bucket starts: what it can pass on goes on
    kLateArrival,     // a packet that waited in the merge when merging stopped arrives
  };
  // What the line counted of packets handed on ahead that reach it after some moment.
  struct Ahead {
    std::size_t packets = 0;
    std::uint64_t bytes = 0;
    SimTime busy = 0;
  };
  // A packet the line accepted: when its last try ends, when it reached the line (the clock
  // for send(), later for a packet handed on ahead), and its size. One ring holds both what
  // the queue limit reads (the ends) and what the counts as of the clock leave out (the
  // packets reaching the line after it): a packet handed on wrote one ring, not two.
  struct Departure {
    SimTime end;
    SimTime at;
    std::uint32_t bytes;
  };
  // Transmission time of a packet of `bytes`, remembered for the last two sizes seen
  // (a line mostly carries full segments one way and ACKs the other): the division and
  // rounding ran on every packet.
  SimTime transmission(std::uint32_t bytes) {
    if (bytes == txBytes_[0]) return txTime_[0];
    if (bytes == txBytes_[1]) return txTime_[1];
    txBytes_[1] = txBytes_[0];
    txTime_[1] = txTime_[0];
    txBytes_[0] = bytes;
    txTime_[0] = transmissionTime(bytes, config_.rateBps);
    return txTime_[0];
  }
  // Packets whose last try ended before now have left the line: all of them once the line
  // has been idle (the common case on a line that carries bursts of packets), else the
  // oldest few. One whose last bit leaves exactly now still holds its place: at such a tie
  // ns-2 takes the arriving packet before the line frees (issue 20, finding 4), and so
  // does this. The newest one ends at lineFreeAt_ >= now, so the loop stops before the
  // ring runs empty (an empty ring with lineFreeAt_ == now is the line never used yet).
  void forgetDeparted(SimTime now) {
    if (lineFreeAt_ < now || departures_.empty()) {
      departures_.clear();
    } else {
      while (departures_.front().end < now) departures_.pop_front();
    }
  }
  // The part of counters_.busy that lies after `now` (the clock: no packet queued later).
  SimTime busyAfter(SimTime now) const;
  // Keeps the waits between the tries of a packet starting at `start` (see retryGaps_).
  // Out of line: inlined, it cost the lossless path about 1.5 % of its instructions (the
  // sender's whole hop is one function after link-time inlining).
  [[gnu::noinline]] void rememberRetryGaps(SimTime start, SimTime tx, int tries);
  bool dropAtFullQueue(const Packet& packet, SimTime now);  // counts it; returns false
  // A packet a `drops` rule loses: one try on the line, no draw, then gone.
  bool sendListedDrop(const Packet& packet, SimTime start, SimTime tx);
  // send() on a line with a positive loss: draws the tries, then as send().
  bool sendOnLossyLine(Packet&& packet, SimTime start, SimTime tx);
  // Draws the tries of a lossy line (see send()).
  int drawTries();
  // Whether a line holding `held` packets (the one on the line included) refuses the next.
  bool refuses(std::size_t held) const { return held > 0 && held >= static_cast<std::size_t>(config_.queueLimit); }
  // A packet that gets across on one try from `start`: the line is busy for it, it is
  // shown, and it is on its way (a lossless line's whole send). Inlined by force: with the
  // merge's path through sendAhead the compiler made it a call from send() as well, which
  // cost the dumb-bell 12 % of its instructions.
  // `taken`: when the line took it (the clock for send(), later for sendAhead).
  [[gnu::always_inline]] void transmitOnce(SimTime start, SimTime tx, SimTime taken, Packet&& packet) {
    const SimTime end = start + tx;
    lineFreeAt_ = end;
    departures_.push_back({end, taken, packet.bytes});
    counters_.busy += tx;
    logPacket(VisualEventKind::PacketOnLink, packet, start, end, 0);
    deliverAt(end, taken, std::move(packet));
  }
  // The packet got across, its last bit leaving the line at `end`: counted, and on its way.
  // If the line it takes next at the far node is fed by lines only, it goes straight to
  // that line (onto it if this is its sole feed, into its merge if it has several), which
  // sees it at the moment it arrives, with no arrival event here; so it does to the
  // receiver on the far host if that one takes segments ahead (setSink).
  void deliverAt(SimTime end, SimTime taken, Packet&& packet) {
    ++counters_.sent;
    counters_.bytesSent += packet.bytes;
    const SimTime arrival = end + config_.delay;
    if (feedsAhead_ && handedAhead(arrival, taken, packet)) return;
    inFlight_.push_back(std::move(packet));
    sim_.scheduleInStream(arrivals_, arrival, arrivalArg_);
  }
  // Hands the packet, which this line took at `taken`, to the line it takes next if that
  // line is fed ahead, by this one alone or through its merge (which orders packets
  // arriving together by `taken`), or to the sink on the far host (true), else leaves it
  // (false). Out of line: sendAhead and deliverAt call each other
  // along a chain of such lines, and a recursive deliverAt was no longer inlined into
  // send(), which cost every packet a call (in wasm more than the event saved).
  [[gnu::noinline]] bool handedAhead(SimTime arrival, SimTime taken, Packet& packet);
  // To the sink at the far host if it can take the packet now (true), else left (false).
  bool handedToSink(SimTime arrival, const Packet& packet);
  // The line turned lossy: its receiver sends ACKs through the network from now on.
  void stopTakingAcksAhead();
  // send() for a packet that reaches this line at `at`, after or at the clock, handed on
  // now by its sole feed, by its merge or by the receiver on the near host
  // (acceptAhead): the same outcome as send() at `at`, since no packet reaching the line
  // before `at` is still to come. A refusal by the full queue is counted and shown at `at` (an
  // event then, rare, so that a lesson pausing at a drop pauses when it happens); what is accepted is counted now and
  // left out of what the line reports until `at`.
  void sendAhead(SimTime at, Packet&& packet);
  // Packets on the line or waiting for it at `at` (>= the clock): departures_ ends at or
  // after `at`, the ring being in time order.
  std::size_t heldAt(SimTime at) const;
  // The part of the counts made of packets handed on ahead that reach the line after `now`.
  Ahead aheadOf(SimTime now) const;
  void noteDroppedAhead();
  // The events other than an arrival at the far end: kDroppedAhead and the merge's.
  void handleOtherEvent(std::uint32_t kind);
  // A feed hands on a packet reaching this line at `at` (>= the clock plus its delay),
  // which it took at `sent` (the clock, or later for a feed taking packets ahead).
  void takeFromFeeds(SimTime at, SimTime sent, Packet&& packet);
  void scheduleRelease(SimTime at) {
    releaseAt_ = at;
    sim_.scheduleAt(at, this, kMergedArrivals);
  }
  // kMergedArrivals: the packets the merge can pass on now go on (ArrivalMerge::release).
  void releaseMerged();
  // The line turned lossy: packets waiting in the merge arrive as events from now on, each
  // at its moment, to meet the line as it is then; the feeds stop handing on.
  void stopMerging();
  // The check inline, the recording out of line: the log is off in most runs.
  void logPacket(VisualEventKind kind, const Packet& p, SimTime t0, SimTime t1, int reason) {
    if (log_ && log_->wants(kind)) recordPacket(kind, p, t0, t1, reason);
  }
  void recordPacket(VisualEventKind kind, const Packet& p, SimTime t0, SimTime t1, int reason);

  EventLoop& sim_;
  PacketReceiver& receiver_;
  int toNode_;
  PacketChannelConfig config_;
  RandomStream rng_;
  EventQueue::StreamId ownArrivals_;   // arrivals come in time order: a queue stream
  EventQueue::StreamId arrivals_;      // that one, or one shared with other lines
  std::uint32_t arrivalArg_ = 0;       // the argument of its events (a shared stream's: which line)
  PacketChannel* feed_ = nullptr;      // the sole feed handing packets on ahead, if any
  bool feedsAhead_ = false;            // some line has this one as a feed, or a sink takes its packets
  TcpReceiver* sink_ = nullptr;        // the far host's receiver, taking packets ahead
  TcpReceiver* ackSource_ = nullptr;   // the near host's receiver, whose ACKs this line takes ahead
  bool merging_ = false;               // several feeds hand packets on to merge_
  SimTime releaseAt_ = kNever;         // when the next kMergedArrivals that counts falls
  std::size_t heldAhead_ = 0;          // of departures_, the newest that were at or after the last sendAhead's `at`
  std::uint32_t txBytes_[2] = {0, 0};  // 0: no size yet (packets are never empty)
  SimTime txTime_[2] = {0, 0};
  SimTime lineFreeAt_ = 0;  // when the last accepted packet's last try ends
  // Packets still on or waiting for the line, in order of their ends (a FIFO line); a line
  // fed ahead forgets the older ones only when the ring fills (sendAhead), and readers skip
  // them. A packet reaching the line after the clock ends after it too, so it is among the
  // entries a forgetting keeps; those are the newest, and of inFlight_ unless handed on.
  RingQueue<Departure> departures_;
  SimTime lastAheadAt_ = -1;             // the latest `at` of a packet handed on ahead (none: -1)
  RingQueue<Packet> inFlight_;           // accepted, not yet arrived (lost ones never enter)
  RingQueue<Packet> refusedAhead_;       // refused ahead of the clock, each counted and shown at its kDroppedAhead
  std::unique_ptr<ArrivalMerge> merge_;  // lines fed by several only
  RingQueue<Packet> lateArrivals_;       // out of the merge when merging stopped, each at its kLateArrival
  // [start, end) of each wait before a retry that may still lie ahead, in time order: the
  // line's only idle times between the clock and lineFreeAt_ (busyAfter). Lossy lines only.
  RingQueue<std::pair<SimTime, SimTime>> retryGaps_;
  PacketChannelCounters counters_;
  VisualEventLog* log_ = nullptr;
};

}  // namespace obs
