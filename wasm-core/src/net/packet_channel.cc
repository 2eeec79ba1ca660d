#include "net/packet_channel.h"

#include <algorithm>
#include <utility>

#include "tcp/tcp_receiver.h"

namespace obs {

PacketChannel::PacketChannel(EventLoop& sim, PacketReceiver& receiver, int toNode, const PacketChannelConfig& config,
                             std::uint32_t seed, const std::string& streamName)
    : sim_(sim),
      receiver_(receiver),
      toNode_(toNode),
      config_(config),
      rng_(seed, streamName),
      ownArrivals_(sim.addStream(this, kArrived)),
      arrivals_(ownArrivals_) {}

void PacketChannel::recordPacket(VisualEventKind kind, const Packet& p, SimTime t0, SimTime t1, int reason) {
  VisualEvent e{kind};
  e.t0 = t0;
  e.t1 = t1;
  e.id = p.flow;
  e.link = config_.link;
  e.dir = config_.dir;
  e.cls = p.isAck ? 1 : 0;
  e.reason = static_cast<std::uint8_t>(reason);
  e.bytes = p.bytes;
  e.segments = p.seq;
  log_->record(e);
}

int PacketChannel::drawTries() {
  // Each try is lost with probability `loss` (one draw per try, whatever the positive
  // probability: common random numbers across a sweep); a lost try is repeated after
  // retryDelay, up to `retries` times. Returns the tries made, negated if the last one
  // was lost too.
  int tries = 1;
  bool lost = rng_.bernoulli(config_.loss);
  while (lost && tries <= config_.retries) {
    ++tries;
    lost = rng_.bernoulli(config_.loss);
  }
  return lost ? -tries : tries;
}

bool PacketChannel::send(Packet&& packet) {
  const SimTime now = sim_.now();
  forgetDeparted(now);
  // ns-2's DropTail with queue-limit Q: a direction holds at most Q packets, the one on the
  // line included (ns-2 drops when (q_->length() + 1) >= qlim_, the packet in transmission
  // having left q_). An idle line always takes a packet, so 0 and 1 both mean no waiting
  // room (ns-2 passes nothing at all there; docs/model.md section 2).
  if (refuses(departures_.size())) return dropAtFullQueue(packet, now);
  const SimTime start = std::max(now, lineFreeAt_);
  const SimTime tx = transmission(packet.bytes);
  if (packet.listedDrop) return sendListedDrop(packet, start, tx);
  // A lossless line draws nothing: no outcome depends on it, and it is the common case.
  if (config_.loss > 0) return sendOnLossyLine(std::move(packet), start, tx);
  transmitOnce(start, tx, now, std::move(packet));
  return true;
}

bool PacketChannel::dropAtFullQueue(const Packet& packet, SimTime now) {
  ++counters_.queueDrops;
  logPacket(VisualEventKind::PacketDropped, packet, now, now, 0);
  receiver_.sackPool().release(packet.sack);
  return false;
}

bool PacketChannel::sendListedDrop(const Packet& packet, SimTime start, SimTime tx) {
  // As ns-2's error model behind the queue: the line is busy for the packet, which then
  // never arrives. It draws nothing, so the random losses of other packets stay the same.
  const SimTime end = start + tx;
  lineFreeAt_ = end;
  departures_.push_back({end, sim_.now(), packet.bytes});
  counters_.busy += tx;
  ++counters_.listedDrops;
  logPacket(VisualEventKind::PacketOnLink, packet, start, end, 0);
  logPacket(VisualEventKind::PacketDropped, packet, end, end, 2);
  receiver_.sackPool().release(packet.sack);
  return true;
}

bool PacketChannel::sendOnLossyLine(Packet&& packet, SimTime start, SimTime tx) {
  int tries = drawTries();
  const bool lost = tries < 0;
  if (lost) tries = -tries;
  const SimTime end = start + tries * tx + (tries - 1) * config_.retryDelay;
  if (tries > 1) rememberRetryGaps(start, tx, tries);
  lineFreeAt_ = end;
  departures_.push_back({end, sim_.now(), packet.bytes});
  counters_.busy += tries * tx;
  counters_.retries += static_cast<std::uint64_t>(tries - 1);
  logPacket(VisualEventKind::PacketOnLink, packet, start, start + tx, 0);
  if (lost) {
    // Lost on every try: it occupies the line, then vanishes. Counted now; the visual
    // event carries the time of the last try.
    ++counters_.randomDrops;
    logPacket(VisualEventKind::PacketDropped, packet, end, end, 1);
    receiver_.sackPool().release(packet.sack);
    return true;
  }
  deliverAt(end, sim_.now(), std::move(packet));
  return true;
}

void PacketChannel::rememberRetryGaps(SimTime start, SimTime tx, int tries) {
  // Gaps that ended by now lie before any later clock: forgotten first, so the ring holds
  // at most the gaps of the packets on the line or waiting for it.
  const SimTime now = sim_.now();
  while (!retryGaps_.empty() && retryGaps_.front().second <= now) retryGaps_.pop_front();
  if (config_.retryDelay <= 0) return;
  for (int k = 1; k < tries; ++k) {
    const SimTime from = start + k * tx + (k - 1) * config_.retryDelay;  // after try k
    retryGaps_.push_back({from, from + config_.retryDelay});
  }
}

SimTime PacketChannel::busyAfter(SimTime now) const {
  // Every packet on the line or waiting for it was queued by now, and an idle line takes
  // the next packet at once: so from now to lineFreeAt_ the line transmits without a
  // break, but for the waits between the tries of a lossy line. Nothing is counted on
  // the hot path for this; a lossless line needs no list at all.
  if (lineFreeAt_ <= now) return 0;
  SimTime ahead = lineFreeAt_ - now;
  for (std::size_t i = 0; i < retryGaps_.size(); ++i) {
    const auto& [from, to] = retryGaps_[i];
    if (to > now) ahead -= to - std::max(from, now);
  }
  return ahead;
}

void PacketChannel::setFeeds(const std::vector<PacketChannel*>& feeds) {
  feed_ = nullptr;
  merging_ = false;
  if (config_.loss > 0 || feeds.empty()) return;
  if (feeds.size() == 1) {
    feed_ = feeds.front();
    feed_->feedsAhead_ = true;
    return;
  }
  // A feed sends a packet at least its delay and the transmission of the smallest packet
  // (a bare TCP/IP header: every packet is one) before the packet arrives.
  SimTime lookahead = kNever;
  for (const PacketChannel* f : feeds) {
    if (f->config_.delay <= 0) return;
    lookahead = std::min(lookahead, f->config_.delay + transmissionTime(kTcpIpHeaderBytes, f->config_.rateBps));
  }
  merging_ = true;
  merge_ = std::make_unique<ArrivalMerge>(lookahead);
  for (PacketChannel* f : feeds) f->feedsAhead_ = true;
}

bool PacketChannel::handedAhead(SimTime arrival, SimTime taken, Packet& packet) {
  PacketChannel* next = packet.step->channel;
  if (!next) return sink_ && handedToSink(arrival, packet);
  if (next->feed_ == this) {
    ++packet.step;
    next->sendAhead(arrival, std::move(packet));
    return true;
  }
  // Every route taking a merging line arrives off one of its feeds, this one among them.
  if (next->merging_) {
    ++packet.step;
    next->takeFromFeeds(arrival, taken, std::move(packet));
    return true;
  }
  return false;
}

void PacketChannel::setSink(TcpReceiver* sink, PacketChannel* ackLine) {
  if (sink_) sink_->takeAheadOnto(nullptr);
  sink_ = sink;
  if (!sink) return;
  feedsAhead_ = true;
  ackLine->ackSource_ = sink;
  sink->takeAheadOnto(ackLine);
}

bool PacketChannel::handedToSink(SimTime arrival, const Packet& packet) {
  // Behind a packet that waits for its arrival event, or past the receiver's delayed-ACK
  // timer, it waits for its own: the receiver meets its segments and timer in time order.
  if (!inFlight_.empty() || !sink_->takesAt(arrival)) return false;
  sim_.addWork(work::kPacket);  // the run guard's count, as sendAhead's
  sink_->takeAhead(arrival, packet.seq, packet.sackPermitted);
  return true;
}

void PacketChannel::stopTakingAcksAhead() {
  ackSource_->takeAheadOnto(nullptr);
  ackSource_ = nullptr;
}

void PacketChannel::takeFromFeeds(SimTime at, SimTime sent, Packet&& packet) {
  const SimTime release = merge_->push(sim_.now(), at, sent, std::move(packet));
  if (release < releaseAt_) scheduleRelease(release);  // a later one stays queued, and is ignored
}

void PacketChannel::releaseMerged() {
  const SimTime now = sim_.now();
  if (now != releaseAt_) return;  // moved earlier since, or merging stopped
  merge_->release(now, [this](SimTime at, Packet&& packet) { sendAhead(at, std::move(packet)); });
  releaseAt_ = kNever;
  const SimTime next = merge_->nextRelease();
  if (next != kNever) scheduleRelease(next);
}

void PacketChannel::stopMerging() {
  merging_ = false;
  releaseAt_ = kNever;
  // In the merge's order, so that events at the same instant run in it too, and before
  // any arrival the feeds schedule from now on, as these were handed on first.
  merge_->drain([this](SimTime at, Packet&& packet) {
    lateArrivals_.push_back(std::move(packet));
    sim_.scheduleAt(at, this, kLateArrival);
  });
}

inline void PacketChannel::sendAhead(SimTime at, Packet&& packet) {
  // No packet handed on ahead carries a `drops` mark: such a packet is lost on the first
  // line it takes, and this line's packets have all crossed one of its feeds.
  // What lies before the clock is forgotten only when the ring would otherwise grow: the
  // oldest entries were written a feed's delay ago and are out of the caches, so reading
  // them in one sweep beats one cold read per packet (the readers skip them).
  const SimTime now = sim_.now();
  if (departures_.full()) forgetDeparted(now);
  sim_.addWork(work::kPacket);  // the run guard's count: the work of an event it saves
  // Packets on the line or waiting for it at `at`. The newest departure ends at
  // lineFreeAt_, so a line free by then holds none, without a read of the ring (whose
  // newest slots are out of the caches on a line that waited since its last packet: most
  // of a host's access line's packets on the preset). Else `at` never decreases from one
  // packet handed on to the next, nor do the departures, so they are among the newest of
  // those counted for the packet before (each older departure is passed over once).
  const std::size_t n = departures_.size();
  std::size_t held = 0;
  if (lineFreeAt_ >= at) {
    held = std::min(heldAhead_, n);
    while (held > 0 && departures_[n - held].end < at) --held;
  }
  if (refuses(held)) {
    heldAhead_ = held;
    receiver_.sackPool().release(packet.sack);
    packet.sack = 0;
    refusedAhead_.push_back(std::move(packet));
    sim_.scheduleAt(at, this, kDroppedAhead);
    return;
  }
  heldAhead_ = held + 1;
  const SimTime start = std::max(at, lineFreeAt_);
  const SimTime tx = transmission(packet.bytes);
  lastAheadAt_ = at;
  transmitOnce(start, tx, at, std::move(packet));
}

void PacketChannel::acceptAhead(SimTime at, Packet&& packet) { sendAhead(at, std::move(packet)); }

std::size_t PacketChannel::heldAt(SimTime at) const {
  if (lineFreeAt_ < at) return 0;
  // The departures at or after `at` are the newest ones: usually one or two (a packet
  // arriving as the one before it leaves), so look from the back first, then halve the
  // rest (the ring is in time order and may hold a feed's delay worth of departures).
  const std::size_t n = departures_.size();
  std::size_t held = 0;
  while (held < n && held < 8) {
    if (departures_[n - 1 - held].end < at) return held;
    ++held;
  }
  std::size_t lo = 0, hi = n - held;  // the first departure at or after `at` lies in [lo, hi]
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (departures_[mid].end < at) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return n - lo;
}

PacketChannel::Ahead PacketChannel::aheadOf(SimTime now) const {
  Ahead ahead;
  if (lastAheadAt_ <= now) return ahead;  // every packet handed on ahead has reached the line
  // A packet reaching the line after now ends after now: among the newest entries, which
  // end in time order, so the walk stops at the first that ended by now. Packets sent as
  // they came (a line turned lossy) lie among them, reached by now: skipped.
  for (std::size_t i = departures_.size(); i > 0 && departures_[i - 1].end > now; --i) {
    const Departure& d = departures_[i - 1];
    if (d.at <= now) continue;
    ++ahead.packets;
    ahead.bytes += d.bytes;
    ahead.busy += transmissionTime(d.bytes, config_.rateBps);  // as transmission() gave
  }
  return ahead;
}

PacketChannelCounters PacketChannel::counters() const {
  PacketChannelCounters c = counters_;
  const Ahead ahead = aheadOf(sim_.now());
  c.sent -= ahead.packets;
  c.bytesSent -= ahead.bytes;
  c.busy -= ahead.busy;
  return c;
}

SimTime PacketChannel::busyUntil(SimTime now) const {
  const Ahead ahead = aheadOf(now);
  if (ahead.packets == 0) return counters_.busy - busyAfter(now);
  // The packets after now are the newest departures, and none of the line's packets has
  // met a loss yet (it was fed ahead until now, so lossless): the older ones keep the line
  // busy without a break from now to the last one's end.
  const std::size_t older = departures_.size() - ahead.packets;
  const SimTime olderFreeAt = older > 0 ? departures_[older - 1].end : 0;
  return counters_.busy - ahead.busy - std::max<SimTime>(0, olderFreeAt - now);
}

void PacketChannel::handleOtherEvent(std::uint32_t kind) {
  switch (kind) {
    case kDroppedAhead: noteDroppedAhead(); break;
    case kMergedArrivals: releaseMerged(); break;
    case kLateArrival: {
      // As any arrival at the node before this line: the node hands it on here (send()),
      // which keeps receivePacket send()'s one caller, where it is inlined.
      Packet packet = std::move(lateArrivals_.front());
      lateArrivals_.pop_front();
      --packet.step;
      receiver_.receivePacket(packet.step->from, std::move(packet));
      break;
    }
    default: break;
  }
}

void PacketChannel::noteDroppedAhead() {
  const SimTime now = sim_.now();
  ++counters_.queueDrops;
  logPacket(VisualEventKind::PacketDropped, refusedAhead_.front(), now, now, 0);
  refusedAhead_.pop_front();
}

void PacketChannel::handleEvent(std::uint32_t kind, std::uint64_t) {
  if (kind != kArrived) [[unlikely]] {
    handleOtherEvent(kind);
    return;
  }
  arrive();
}

}  // namespace obs
