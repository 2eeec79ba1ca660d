// A packet in flight: a TCP data segment or ACK. Packets are small values copied through
// queues; they carry their route (fixed per source/destination pair) and their position on it.
#pragma once
#include <cstdint>

namespace obs {

struct Route;

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

struct Packet {
  const Route* route = nullptr;
  std::uint32_t hop = 0;   // index of the next hop to take on `route`
  std::int32_t flow = -1;  // flow instance index
  bool isAck = false;
  // Data segments: the sender recovers with SACK, so the receiver may send SACK blocks
  // (RFC 2018's SACK-permitted option, which a real TCP sends on its SYN; flows here have
  // no handshake, and a live variant change can switch it).
  bool sackPermitted = false;
  // A `drops` rule of its flow loses it (tcp/segment_drops.h): on the first link it takes
  // the line for its transmission time, then vanishes, as behind ns-2's link error model.
  bool listedDrop = false;
  std::uint32_t seq = 0;    // data: segment number; ACK: next segment expected (cumulative)
  std::uint32_t bytes = 0;  // size on the wire, headers and options included
  SackOption sack;          // ACKs of flows using SACK only
};

// A TCP packet as its source hands it to the network: at the first hop of `route`.
inline Packet tcpPacket(const Route* route, std::int32_t flow, bool isAck, std::uint32_t seq, std::uint32_t bytes) {
  Packet p;
  p.route = route;
  p.flow = flow;
  p.isAck = isAck;
  p.seq = seq;
  p.bytes = bytes;
  return p;
}

}  // namespace obs
