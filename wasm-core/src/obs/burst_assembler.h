// Burst assembly at an ingress edge node: one queue per optical path (egress) and per
// class (data / ACK) or one mixed queue per path. Policies (the classic ones, as in ns-2's
// OBS modules): "time" sends maxTime after a queue's first packet, "size" when the queue
// holds maxBytes, "hybrid" whichever comes first.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "net/packet.h"
#include "scenario/scenario.h"
#include "sim/event_loop.h"

namespace obs {

class BurstSink {
 public:
  // `packets` have their step advanced past the optical path already; `lengthBytes` is the
  // burst's length on the wavelength (payload padded up to the edge's minBytes).
  virtual void burstAssembled(int pathId, std::vector<Packet>&& packets, std::uint32_t payloadBytes,
                              std::uint32_t lengthBytes) = 0;

 protected:
  ~BurstSink() = default;
};

class BurstAssembler final : public EventHandler {
 public:
  BurstAssembler(EventLoop& sim, BurstSink& sink, const AssemblySpec& spec);

  // Adds a packet bound for optical path `pathId`, `pathLength` fiber hops long.
  void add(int pathId, int pathLength, Packet&& packet);
  // Adds `bytes` of background traffic (no packets: nobody receives them) to the queue of
  // `pathId` that data packets use. They count toward maxBytes and start the timer like a
  // packet; a burst of nothing else is a background burst.
  void addBackground(int pathId, std::uint32_t bytes);
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;
  std::size_t held() const;  // packets waiting in assembly queues
  const AssemblySpec& spec() const { return spec_; }
  // Live change of maxTime, maxBytes or minBytes ("" when applied, else the reason).
  // Queues already waiting keep the timer they have; the new values apply from now on.
  std::string set(const std::string& field, double value);

 private:
  struct Queue {
    std::vector<Packet> packets;
    std::uint32_t bytes = 0;
    std::uint32_t generation = 0;  // bumps on every send, so a stale timer is ignored
  };
  void send(std::uint32_t key, Queue& q);
  // `bytes` more in queue `key`: starts its timer if it was empty, sends it if full.
  void grew(std::uint32_t key, Queue& q, std::uint32_t bytes);

  EventLoop& sim_;
  BurstSink& sink_;
  AssemblySpec spec_;
  SimTime maxTime_;
  Queue& queue(std::uint32_t key) {
    if (key >= queues_.size()) queues_.resize(key + 1);
    return queues_[key];
  }
  std::vector<Queue> queues_;  // index: pathId * 2 + class (paths are few and dense)
};

}  // namespace obs
