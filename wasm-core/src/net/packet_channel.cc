#include "net/packet_channel.h"

#include <utility>

namespace obs {

PacketChannel::PacketChannel(Simulator& sim, PacketReceiver& receiver, int toNode,
                             const PacketChannelConfig& config, std::uint32_t seed,
                             const std::string& streamName)
    : sim_(sim), receiver_(receiver), toNode_(toNode), config_(config), rng_(seed, streamName) {}

void PacketChannel::logPacket(VisualEventKind kind, const Packet& p, SimTime t0, SimTime t1,
                              int reason) {
  if (!log_ || !log_->enabled()) return;
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

bool PacketChannel::send(Packet&& packet) {
  // The packet on the line does not count against the queue limit (ns-2 DropTail).
  std::size_t waitingBehindLine = busy_ ? waiting_.size() - 1 : waiting_.size();
  if (busy_ && waitingBehindLine >= static_cast<std::size_t>(config_.queueLimit)) {
    ++counters_.queueDrops;
    logPacket(VisualEventKind::PacketDropped, packet, sim_.now(), sim_.now(), 0);
    return false;
  }
  waiting_.push_back(std::move(packet));
  if (!busy_) {
    triesLeft_ = config_.retries;
    startTransmission();
  }
  return true;
}

void PacketChannel::startTransmission() {
  busy_ = true;
  SimTime tx = transmissionTime(waiting_.front().bytes, config_.rateBps);
  counters_.busy += tx;
  logPacket(VisualEventKind::PacketOnLink, waiting_.front(), sim_.now(), sim_.now() + tx, 0);
  sim_.schedule(tx, this, kTransmitted);
}

void PacketChannel::finishHead() {
  busy_ = false;
  if (!waiting_.empty()) {
    triesLeft_ = config_.retries;
    startTransmission();
  }
}

void PacketChannel::handleEvent(std::uint32_t kind, std::uint64_t) {
  switch (kind) {
    case kTransmitted: {
      // One draw per try, whatever the probability (common random numbers).
      if (rng_.bernoulli(config_.loss)) {
        if (triesLeft_ > 0) {
          --triesLeft_;
          ++counters_.retries;
          sim_.schedule(config_.retryDelay, this, kRetry);
          return;
        }
        ++counters_.randomDrops;
        logPacket(VisualEventKind::PacketDropped, waiting_.front(), sim_.now(), sim_.now(), 1);
        waiting_.pop_front();
        finishHead();
        return;
      }
      ++counters_.sent;
      counters_.bytesSent += waiting_.front().bytes;
      propagating_.push_back(std::move(waiting_.front()));
      waiting_.pop_front();
      sim_.schedule(config_.delay, this, kArrived);
      finishHead();
      break;
    }
    case kRetry:
      startTransmission();
      break;
    case kArrived: {
      Packet p = std::move(propagating_.front());
      propagating_.pop_front();
      receiver_.receivePacket(toNode_, std::move(p));
      break;
    }
  }
}

}  // namespace obs
