// A burst: the packets one edge queue gathered, sent as one optical unit behind its
// control packet (BHP). A burst is a data burst if it carries any TCP data segment,
// otherwise an ACK burst (DESIGN.md section 3).
#pragma once
#include <cstdint>
#include <vector>

#include "net/packet.h"
#include "sim/time.h"

namespace obs {

enum class BurstClass : std::uint8_t {
  Data = 0,  // carries at least one TCP data segment
  Ack = 1,   // carries only ACKs
};
constexpr int kBurstClasses = 2;

struct Burst {
  std::uint64_t id = 0;
  BurstClass cls = BurstClass::Data;
  int path = -1;                  // optical path id
  std::vector<Packet> packets;    // hop already advanced past the optical path
  std::uint32_t payloadBytes = 0; // sum of the packets' sizes
  std::uint32_t lengthBytes = 0;  // on the wavelength, after minBytes padding
  std::uint32_t dataSegments = 0;
  std::uint32_t acks = 0;
  SimTime formedAt = 0;
  SimTime start = 0;              // first bit leaves the ingress edge
  SimTime duration = 0;           // on the wavelength, at the ingress transmitter's rate
  int bhpHop = 0;                 // hop of the optical path the BHP last crossed
};

}  // namespace obs
