#include "net/receivers_ahead.h"

#include "net/packet_channel.h"

namespace obs {

std::vector<ReceiverAhead> findReceiversAhead(const std::vector<std::pair<const Route*, const Route*>>& flows,
                                              const std::vector<NodeSpec>& nodes) {
  std::vector<int> endpoints(nodes.size(), 0);
  for (const auto& [data, acks] : flows) {
    if (data->hops.empty()) continue;
    ++endpoints[static_cast<std::size_t>(data->hops.front().from)];
    ++endpoints[static_cast<std::size_t>(data->hops.back().to)];
  }
  std::vector<ReceiverAhead> found;
  for (std::size_t f = 0; f < flows.size(); ++f) {
    const auto& [data, acks] = flows[f];
    if (data->hops.empty() || acks->hops.empty()) continue;
    const auto host = static_cast<std::size_t>(data->hops.back().to);
    if (nodes[host].kind != NodeKind::Host || endpoints[host] != 1) continue;
    if (acks->hops.front().from != static_cast<int>(host)) continue;
    PacketChannel* in = data->steps[data->hops.size() - 1].channel;
    PacketChannel* out = acks->steps[0].channel;
    if (!in || !out || out->loss() > 0) continue;
    found.push_back({f, in, out});
  }
  return found;
}

}  // namespace obs
