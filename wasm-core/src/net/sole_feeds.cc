#include "net/sole_feeds.h"

#include <unordered_map>

namespace obs {

std::vector<std::pair<PacketChannel*, PacketChannel*>> findSoleFeeds(const std::vector<const Route*>& routes) {
  // Per line met: the line before it on every route so far, or nullptr once two routes
  // disagree or one starts on it or enters it from a burst.
  std::unordered_map<PacketChannel*, PacketChannel*> feedOf;
  std::vector<PacketChannel*> order;
  for (const Route* r : routes) {
    if (!r) continue;
    for (std::size_t h = 0; h < r->hops.size(); ++h) {
      PacketChannel* line = r->steps[h].channel;
      if (!line) continue;
      PacketChannel* before = h > 0 ? r->steps[h - 1].channel : nullptr;
      const auto [it, first] = feedOf.emplace(line, before);
      if (first) {
        order.push_back(line);
      } else if (it->second != before) {
        it->second = nullptr;
      }
    }
  }
  std::vector<std::pair<PacketChannel*, PacketChannel*>> fed;
  for (PacketChannel* line : order)
    if (PacketChannel* feed = feedOf[line]) fed.emplace_back(line, feed);
  return fed;
}

}  // namespace obs
