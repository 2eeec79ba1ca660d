// Which packet lines take every packet off other lines: every route that takes the line
// arrives off a line just before it (never from a host's own start, nor from a burst
// leaving the optical domain). Such a line can take each packet when the line before it
// puts the packet on its own line (PacketChannel::sendAhead), which saves the event of the
// packet's arrival at the node between them: at once if that line is its only feed, and
// in the order of their arrivals, a feed's delay ahead, if several feed it
// (PacketChannel::setFeeds).
#pragma once
#include <utility>
#include <vector>

#include "net/route.h"

namespace obs {

// (line, the lines feeding it) for each such line that some route takes, in the order the
// routes first take them; its feeds in the order they are first met. `routes` are every
// route a packet can hold (null entries are skipped); their steps must be filled
// (RoutingTable::fillSteps).
std::vector<std::pair<PacketChannel*, std::vector<PacketChannel*>>> findLineFeeds(
    const std::vector<const Route*>& routes);

}  // namespace obs
