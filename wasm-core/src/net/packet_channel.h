// One direction of a packet link: a drop-tail FIFO in front of a serial line, then
// propagation. Packets leave in order, so propagating packets wait in a FIFO too and each
// arrival event simply takes the oldest.
#pragma once
#include <cstdint>
#include <deque>

#include "net/packet.h"
#include "sim/simulator.h"

namespace obs {

// Where a channel hands the packets it delivers.
class PacketReceiver {
 public:
  virtual void receivePacket(int node, Packet&& packet) = 0;

 protected:
  ~PacketReceiver() = default;
};

struct PacketChannelCounters {
  std::uint64_t sent = 0;        // packets that finished transmission
  std::uint64_t queueDrops = 0;  // refused by a full queue
  std::uint64_t bytesSent = 0;
};

class PacketChannel final : public EventHandler {
 public:
  PacketChannel(Simulator& sim, PacketReceiver& receiver, int toNode, double rateBps,
                SimTime delay, int queueLimit);

  // Queues the packet for transmission, or drops it if the queue is full (returns false).
  bool send(Packet&& packet);
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;

  const PacketChannelCounters& counters() const { return counters_; }
  std::size_t queued() const { return waiting_.size(); }
  // Packets accepted but not yet handed to the far node.
  std::size_t held() const { return waiting_.size() + propagating_.size(); }

 private:
  enum EventKind : std::uint32_t {
    kTransmitted,  // the head of the line finished serialisation
    kArrived,      // the oldest propagating packet reached the far node
  };
  void startTransmission();

  Simulator& sim_;
  PacketReceiver& receiver_;
  int toNode_;
  double rateBps_;
  SimTime delay_;
  std::size_t queueLimit_;
  bool busy_ = false;
  std::deque<Packet> waiting_;      // waiting_.front() is on the line while busy_
  std::deque<Packet> propagating_;
  PacketChannelCounters counters_;
};

}  // namespace obs
