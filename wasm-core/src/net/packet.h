// A packet in flight: a TCP data segment or ACK. Packets are small values copied through
// queues; they carry their position on their route (fixed per source/destination pair).
#pragma once
#include <cstdint>
#include <vector>

namespace obs {

struct RouteStep;

constexpr std::uint32_t kTcpIpHeaderBytes = 40;  // 20 B IPv4 + 20 B TCP, no options

// Selective acknowledgment (RFC 2018), in whole segments: the receiver holds [start, end).
struct SackBlock {
  std::uint32_t start = 0;
  std::uint32_t end = 0;
};

// The SACK option of an ACK. RFC 2018 fits at most 4 blocks in TCP's 40 option bytes, 3
// next to the timestamp option that TCPs using SACK normally carry; 3 it is.
constexpr int kMaxSackBlocks = 3;
struct SackOption {
  std::uint8_t count = 0;
  SackBlock blocks[kMaxSackBlocks];
};

// Bytes the SACK option adds to an ACK on the wire: kind and length (2 B) and 8 B per
// block, padded to a multiple of 4 as TCP options are (with two NOPs): 12, 20 or 28 B.
constexpr std::uint32_t sackOptionBytes(int blocks) {
  return blocks == 0 ? 0 : (2 + 8 * static_cast<std::uint32_t>(blocks) + 3) / 4 * 4;
}

// The SACK options of ACKs in flight, kept beside the packets rather than in them: 28 bytes
// that only an ACK of a SACK flow reporting a hole needs would more than double every
// packet the rings and bursts copy (56 -> 32 B natively, 52 -> 28 B in wasm32), and a run
// with hundreds of links is bound by the memory its packets cross (docs/performance.md,
// "The preset's form"). An ACK holds a slot number; slot 0 is the empty option, taken by
// every ACK without blocks. Whoever ends a packet's life (its delivery, a drop) releases
// its slot. Slot numbers never reach an outcome: results do not depend on them.
class SackPool {
 public:
  // The slot of a copy of `o` (0 when it has no blocks).
  std::uint32_t put(const SackOption& o) {
    if (o.count == 0) return 0;
    if (free_.empty()) {
      options_.push_back(o);
      return static_cast<std::uint32_t>(options_.size() - 1);
    }
    const std::uint32_t slot = free_.back();
    free_.pop_back();
    options_[slot] = o;
    return slot;
  }
  const SackOption& get(std::uint32_t slot) const { return options_[slot]; }
  void release(std::uint32_t slot) {
    if (slot != 0) free_.push_back(slot);
  }
  std::size_t held() const { return options_.size() - 1 - free_.size(); }  // for tests

 private:
  std::vector<SackOption> options_ = std::vector<SackOption>(1);  // slot 0: no blocks
  std::vector<std::uint32_t> free_;
};

// Fields ordered by size, so the packet has no holes: 32 bytes natively, 24 in wasm32.
struct Packet {
  // The step of its route it takes next (Route::steps, which never moves): each hop is
  // one load of the step, where a route and an index cost a dependent load more, likely a
  // cache miss with hundreds of flows' routes (docs/performance.md).
  const RouteStep* step = nullptr;
  std::int32_t flow = -1;   // flow instance index
  std::uint32_t seq = 0;    // data: segment number; ACK: next segment expected (cumulative)
  std::uint32_t bytes = 0;  // size on the wire, headers and options included
  std::uint32_t sack = 0;   // ACKs of flows using SACK: its option's slot in the SackPool
  bool isAck = false;
  // Data segments: the sender recovers with SACK, so the receiver may send SACK blocks
  // (RFC 2018's SACK-permitted option, which a real TCP sends on its SYN; flows here have
  // no handshake, and a live variant change can switch it).
  bool sackPermitted = false;
  // A `drops` rule of its flow loses it (tcp/segment_drops.h): on the first link it takes
  // the line for its transmission time, then vanishes, as behind ns-2's link error model.
  bool listedDrop = false;
};

// A TCP packet as its source hands it to the network: at `first`, its route's first step.
inline Packet tcpPacket(const RouteStep* first, std::int32_t flow, bool isAck, std::uint32_t seq, std::uint32_t bytes) {
  Packet p;
  p.step = first;
  p.flow = flow;
  p.isAck = isAck;
  p.seq = seq;
  p.bytes = bytes;
  return p;
}

}  // namespace obs
