// One direction of a packet link: a drop-tail FIFO in front of a serial line, then
// propagation. A lossy link (802.11-like) loses each transmission try with probability
// `loss`; with link-layer ARQ the sender tries again after `retryDelay`, up to `retries`
// more times, holding the line meanwhile, so a lossy hop both loses packets and adds delay
// (paper 002). Packets leave in order, so propagating packets wait in a FIFO too and each
// arrival event simply takes the oldest.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "metrics/visual_event_log.h"
#include "net/packet.h"
#include "sim/rng.h"
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
  std::uint64_t sent = 0;         // packets that got across
  std::uint64_t queueDrops = 0;   // refused by a full queue
  std::uint64_t randomDrops = 0;  // lost on every try
  std::uint64_t retries = 0;      // link-layer retransmissions
  std::uint64_t bytesSent = 0;
  SimTime busy = 0;               // time the line spent transmitting (tries included)
};

struct PacketChannelConfig {
  double rateBps = 0;
  SimTime delay = 0;
  int queueLimit = 1000;
  double loss = 0;        // per try
  int retries = 0;        // extra tries after a lost one
  SimTime retryDelay = 0; // wait before each extra try
  int link = -1, dir = 0; // for visual events
};

class PacketChannel final : public EventHandler {
 public:
  PacketChannel(Simulator& sim, PacketReceiver& receiver, int toNode,
                const PacketChannelConfig& config, std::uint32_t seed,
                const std::string& streamName);

  // Queues the packet for transmission, or drops it if the queue is full (returns false).
  bool send(Packet&& packet);
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;
  void setLoss(double loss) { config_.loss = loss; }
  void setVisualLog(VisualEventLog* log) { log_ = log; }

  const PacketChannelCounters& counters() const { return counters_; }
  std::size_t queued() const { return waiting_.size(); }
  // Packets accepted but not yet handed to the far node.
  std::size_t held() const { return waiting_.size() + propagating_.size(); }

 private:
  enum EventKind : std::uint32_t {
    kTransmitted,  // the head of the line finished a transmission try
    kArrived,      // the oldest propagating packet reached the far node
    kRetry,        // the retry delay after a lost try is over
  };
  void startTransmission();
  void finishHead();  // the head is done (delivered or dropped): serve the next

  Simulator& sim_;
  PacketReceiver& receiver_;
  int toNode_;
  PacketChannelConfig config_;
  RandomStream rng_;
  bool busy_ = false;
  int triesLeft_ = 0;
  std::deque<Packet> waiting_;      // waiting_.front() is on the line while busy_
  std::deque<Packet> propagating_;
  PacketChannelCounters counters_;
  VisualEventLog* log_ = nullptr;
  void logPacket(VisualEventKind kind, const Packet& p, SimTime t0, SimTime t1, int reason);
};

}  // namespace obs
