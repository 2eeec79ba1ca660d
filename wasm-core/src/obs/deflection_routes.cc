#include "obs/deflection_routes.h"

#include <algorithm>
#include <tuple>

#include "net/least_cost_tree.h"

namespace obs {

DeflectionRoutes::DeflectionRoutes(const std::vector<NodeSpec>& nodes, const std::vector<LinkSpec>& links)
    : nodes_(nodes), links_(links), fibersAt_(nodes.size()) {
  for (std::size_t i = 0; i < links.size(); ++i) {
    if (links[i].kind != LinkKind::Fiber) continue;
    fibersAt_[links[i].a].push_back(static_cast<int>(i));
    if (links[i].b != links[i].a) fibersAt_[links[i].b].push_back(static_cast<int>(i));
  }
}

std::vector<Hop> DeflectionRoutes::cheapestWay(int from, int egress, const std::vector<bool>& banned,
                                               double* cost) const {
  // The routing table's own search (net/least_cost_tree.h), so ties go the same way: to
  // fewer hops, then to the lowest node index. Only cores switch bursts, and the way may
  // end at the egress edge; it stops there.
  const LeastCostTree tree = leastCostTree(
      links_, fibersAt_, from, [&](int v) { return !banned[v] && (nodes_[v].kind == NodeKind::Core || v == egress); },
      [this](int u) { return nodes_[u].kind == NodeKind::Core; }, egress);
  std::vector<Hop> hops = tree.pathTo(egress);
  if (!hops.empty()) *cost = tree.cost[egress];
  return hops;
}

std::vector<std::vector<Hop>> DeflectionRoutes::alternatives(const std::vector<Hop>& walked, const Hop& blocked,
                                                             int egress) const {
  const int core = blocked.from;
  std::vector<bool> banned(nodes_.size(), false);
  for (const Hop& h : walked) banned[h.from] = true;
  banned[core] = true;
  const int cameBy = walked.empty() ? -1 : walked.back().link;

  struct Candidate {
    double cost;
    std::size_t hops;
    int link;
    std::vector<Hop> way;
  };
  std::vector<Candidate> found;
  for (int li : fibersAt_[core]) {
    if (li == blocked.link || li == cameBy) continue;
    const LinkSpec& l = links_[li];
    const int dir = l.a == core ? 0 : 1;
    const int next = dir == 0 ? l.b : l.a;
    if (banned[next]) continue;
    const Hop first{li, dir, core, next};
    double rest = 0;
    std::vector<Hop> way{first};
    if (next != egress) {
      if (nodes_[next].kind != NodeKind::Core) continue;
      std::vector<Hop> tail = cheapestWay(next, egress, banned, &rest);
      if (tail.empty()) continue;
      way.insert(way.end(), tail.begin(), tail.end());
    }
    found.push_back({costOf(l, dir) + rest, way.size(), li, std::move(way)});
  }
  std::sort(found.begin(), found.end(), [](const Candidate& x, const Candidate& y) {
    return std::tie(x.cost, x.hops, x.link) < std::tie(y.cost, y.hops, y.link);
  });
  std::vector<std::vector<Hop>> out;
  for (Candidate& c : found) out.push_back(std::move(c.way));
  return out;
}

}  // namespace obs
