// Which packet lines are fed by one other line only: every route that takes the line
// arrives off that same line just before it (never from a host's own start, nor from a
// burst leaving the optical domain). Such a line can take each packet when its feed puts
// the packet on the feed's own line (PacketChannel::sendAhead), which saves the event of
// the packet's arrival at the node between them.
#pragma once
#include <utility>
#include <vector>

#include "net/route.h"

namespace obs {

// (line, its sole feed) for each such line that some route takes, in the order the routes
// first take them. `routes` are every route a packet can hold (null entries are skipped);
// their steps must be filled (RoutingTable::fillSteps).
std::vector<std::pair<PacketChannel*, PacketChannel*>> findSoleFeeds(const std::vector<const Route*>& routes);

}  // namespace obs
