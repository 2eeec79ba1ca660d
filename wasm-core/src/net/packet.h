// A packet in flight: a TCP data segment or ACK. Packets are small values copied through
// queues; they carry their route (fixed per source/destination pair) and their position on it.
#pragma once
#include <cstdint>

namespace obs {

struct Route;

constexpr std::uint32_t kTcpIpHeaderBytes = 40;  // 20 B IPv4 + 20 B TCP, no options

struct Packet {
  const Route* route = nullptr;
  std::uint32_t hop = 0;    // index of the next hop to take on `route`
  std::int32_t flow = -1;   // flow instance index
  bool isAck = false;
  std::uint32_t seq = 0;    // data: segment number; ACK: next segment expected (cumulative)
  std::uint32_t bytes = 0;  // size on the wire, headers included
};

}  // namespace obs
