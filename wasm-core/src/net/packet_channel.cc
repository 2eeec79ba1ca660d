#include "net/packet_channel.h"

#include <utility>

namespace obs {

PacketChannel::PacketChannel(Simulator& sim, PacketReceiver& receiver, int toNode,
                             double rateBps, SimTime delay, int queueLimit)
    : sim_(sim),
      receiver_(receiver),
      toNode_(toNode),
      rateBps_(rateBps),
      delay_(delay),
      queueLimit_(static_cast<std::size_t>(queueLimit)) {}

bool PacketChannel::send(Packet&& packet) {
  // The packet on the line does not count against the queue limit (ns-2 DropTail).
  std::size_t waitingBehindLine = busy_ ? waiting_.size() - 1 : waiting_.size();
  if (waitingBehindLine >= queueLimit_ && busy_) {
    ++counters_.queueDrops;
    return false;
  }
  waiting_.push_back(std::move(packet));
  if (!busy_) startTransmission();
  return true;
}

void PacketChannel::startTransmission() {
  busy_ = true;
  sim_.schedule(transmissionTime(waiting_.front().bytes, rateBps_), this, kTransmitted);
}

void PacketChannel::handleEvent(std::uint32_t kind, std::uint64_t) {
  if (kind == kTransmitted) {
    ++counters_.sent;
    counters_.bytesSent += waiting_.front().bytes;
    propagating_.push_back(std::move(waiting_.front()));
    waiting_.pop_front();
    sim_.schedule(delay_, this, kArrived);
    busy_ = false;
    if (!waiting_.empty()) startTransmission();
  } else {
    Packet p = std::move(propagating_.front());
    propagating_.pop_front();
    receiver_.receivePacket(toNode_, std::move(p));
  }
}

}  // namespace obs
