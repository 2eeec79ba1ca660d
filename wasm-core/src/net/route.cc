#include "net/route.h"

#include <algorithm>
#include <limits>
#include <tuple>

namespace obs {

RoutingTable::RoutingTable(const std::vector<NodeSpec>& nodes,
                           const std::vector<LinkSpec>& links)
    : nodes_(nodes), links_(links), adjacency_(nodes.size()) {
  for (std::size_t i = 0; i < links.size(); ++i) {
    adjacency_[links[i].a].push_back(static_cast<int>(i));
    adjacency_[links[i].b].push_back(static_cast<int>(i));
  }
}

const Route* RoutingTable::route(int src, int dst) {
  for (auto& entry : cache_)
    if (entry.first == std::make_pair(src, dst)) return entry.second;
  Route* r = compute(src, dst);
  cache_.push_back({{src, dst}, r});
  return r;
}

Route* RoutingTable::compute(int src, int dst) {
  // Dijkstra over (delay, hops, predecessor index): O(N^2) is fine for the topologies a
  // scenario describes, and a plain scan keeps tie-breaking obvious.
  const std::size_t n = nodes_.size();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> dist(n, inf);
  std::vector<int> hopsTo(n, 0);
  std::vector<Hop> via(n);
  std::vector<bool> done(n, false);
  dist[src] = 0;
  for (std::size_t round = 0; round < n; ++round) {
    int u = -1;
    for (std::size_t v = 0; v < n; ++v) {
      if (done[v] || dist[v] == inf) continue;
      if (u < 0 || std::tie(dist[v], hopsTo[v]) < std::tie(dist[u], hopsTo[u])) u = static_cast<int>(v);
    }
    if (u < 0 || u == dst) break;
    done[u] = true;
    if (u != src && nodes_[u].kind == NodeKind::Host) continue;  // hosts do not forward
    for (int li : adjacency_[u]) {
      const LinkSpec& l = links_[li];
      int dir = (l.a == u) ? 0 : 1;
      int v = dir == 0 ? l.b : l.a;
      if (done[v]) continue;
      double d = dist[u] + l.delay;
      int h = hopsTo[u] + 1;
      if (std::tie(d, h) < std::tie(dist[v], hopsTo[v])) {
        dist[v] = d;
        hopsTo[v] = h;
        via[v] = Hop{li, dir, u, v};
      }
    }
  }
  if (dist[dst] == inf) return nullptr;

  auto route = std::make_unique<Route>();
  route->src = src;
  route->dst = dst;
  for (int v = dst; v != src; v = via[v].from) route->hops.push_back(via[v]);
  std::reverse(route->hops.begin(), route->hops.end());

  route->opticalPathAt.assign(route->hops.size(), -1);
  for (std::size_t i = 0; i < route->hops.size(); ++i) {
    const Hop& h = route->hops[i];
    if (links_[h.link].kind != LinkKind::Fiber || nodes_[h.from].kind != NodeKind::Edge) continue;
    std::vector<Hop> optical;
    for (std::size_t j = i; j < route->hops.size(); ++j) {
      optical.push_back(route->hops[j]);
      if (nodes_[route->hops[j].to].kind == NodeKind::Edge) break;
    }
    route->opticalPathAt[i] = internOpticalPath(optical);
  }
  routes_.push_back(std::move(route));
  return routes_.back().get();
}

int RoutingTable::internOpticalPath(const std::vector<Hop>& hops) {
  for (const OpticalPath& p : paths_) {
    if (p.hops.size() != hops.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < hops.size() && same; ++i)
      same = p.hops[i].link == hops[i].link && p.hops[i].dir == hops[i].dir;
    if (same) return p.id;
  }
  OpticalPath p;
  p.id = static_cast<int>(paths_.size());
  p.hops = hops;
  p.ingress = hops.front().from;
  p.egress = hops.back().to;
  paths_.push_back(p);
  return p.id;
}

}  // namespace obs
