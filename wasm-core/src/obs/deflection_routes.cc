#include "obs/deflection_routes.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <tuple>

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
  // Dijkstra with labels (cost, hops, node), as the routing table settles them, so ties
  // go the same way: to fewer hops, then to the lowest node index.
  const std::size_t n = nodes_.size();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> dist(n, inf);
  std::vector<int> hopsTo(n, 0);
  std::vector<Hop> via(n);
  std::vector<bool> done(n, false);
  using Label = std::tuple<double, int, int>;
  std::priority_queue<Label, std::vector<Label>, std::greater<Label>> heap;
  dist[from] = 0;
  heap.emplace(0.0, 0, from);
  while (!heap.empty()) {
    const auto [d0, h0, u] = heap.top();
    heap.pop();
    if (done[u] || d0 != dist[u] || h0 != hopsTo[u]) continue;
    done[u] = true;
    if (u == egress) break;
    if (u != from && nodes_[u].kind != NodeKind::Core) continue;  // only cores switch bursts
    for (int li : fibersAt_[u]) {
      const LinkSpec& l = links_[li];
      const int dir = l.a == u ? 0 : 1;
      const int v = dir == 0 ? l.b : l.a;
      if (banned[v] || done[v]) continue;
      if (nodes_[v].kind != NodeKind::Core && v != egress) continue;
      const double d = d0 + costOf(l, dir);
      if (d < dist[v] || (d == dist[v] && h0 + 1 < hopsTo[v])) {
        dist[v] = d;
        hopsTo[v] = h0 + 1;
        via[v] = Hop{li, dir, u, v};
        heap.emplace(d, h0 + 1, v);
      }
    }
  }
  std::vector<Hop> hops;
  if (!done[egress]) return hops;
  for (int v = egress; v != from; v = via[v].from) hops.push_back(via[v]);
  std::reverse(hops.begin(), hops.end());
  *cost = dist[egress];
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
