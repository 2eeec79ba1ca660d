#include "net/line_feeds.h"

#include <algorithm>
#include <unordered_map>

namespace obs {

std::vector<std::pair<PacketChannel*, std::vector<PacketChannel*>>> findLineFeeds(
    const std::vector<const Route*>& routes) {
  // Per line met: the lines before it on the routes so far, or `entered` once a route
  // starts on it or enters it from a burst.
  struct Feeds {
    std::vector<PacketChannel*> lines;
    bool entered = false;
  };
  std::unordered_map<PacketChannel*, Feeds> feedsOf;
  std::vector<PacketChannel*> order;
  for (const Route* r : routes) {
    if (!r) continue;
    for (std::size_t h = 0; h < r->hops.size(); ++h) {
      PacketChannel* line = r->steps[h].channel;
      if (!line) continue;
      PacketChannel* before = h > 0 ? r->steps[h - 1].channel : nullptr;
      const auto [it, first] = feedsOf.try_emplace(line);
      if (first) order.push_back(line);
      Feeds& f = it->second;
      if (!before) {
        f.entered = true;
      } else if (std::find(f.lines.begin(), f.lines.end(), before) == f.lines.end()) {
        f.lines.push_back(before);
      }
    }
  }
  std::vector<std::pair<PacketChannel*, std::vector<PacketChannel*>>> fed;
  for (PacketChannel* line : order) {
    Feeds& f = feedsOf[line];
    if (!f.entered) fed.emplace_back(line, std::move(f.lines));
  }
  return fed;
}

}  // namespace obs
