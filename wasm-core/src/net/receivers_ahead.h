// Which TCP receivers take their segments ahead (TcpReceiver::takeAheadOnto,
// PacketChannel::setSink): those alone on a host, so that every packet the line into the
// host carries is one of their segments, arriving in the order the line sends them, and
// every packet the line out of it carries is one of their ACKs. Such a receiver can take
// each segment when the line into the host sends it, as of the moment it will arrive, and
// put its ACK on the line out at that moment, which saves the event of the arrival.
// Hosts never forward, so no other packet crosses either line.
#pragma once
#include <cstddef>
#include <utility>
#include <vector>

#include "net/route.h"
#include "scenario/scenario.h"

namespace obs {

struct ReceiverAhead {
  std::size_t flow;    // the index in `flows`
  PacketChannel* in;   // the last line of its data route, into its host
  PacketChannel* out;  // the first line of its ACK route, out of its host
};

// `flows`: each flow's (data route, ACK route), their steps filled (RoutingTable::
// fillSteps). A receiver qualifies when its host is a host node, no other flow starts or
// ends there, both routes begin or end with a packet line there, and the line out is
// lossless (a lossy one draws for each ACK as it is sent).
std::vector<ReceiverAhead> findReceiversAhead(const std::vector<std::pair<const Route*, const Route*>>& flows,
                                              const std::vector<NodeSpec>& nodes);

}  // namespace obs
