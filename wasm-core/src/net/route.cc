#include "net/route.h"

#include <utility>

namespace obs {

RoutingTable::RoutingTable(const std::vector<NodeSpec>& nodes, const std::vector<LinkSpec>& links)
    : nodes_(nodes), links_(links), adjacency_(nodes.size()) {
  for (std::size_t i = 0; i < links.size(); ++i) {
    adjacency_[links[i].a].push_back(static_cast<int>(i));
    adjacency_[links[i].b].push_back(static_cast<int>(i));
  }
}

void RoutingTable::prepare(const std::vector<std::pair<int, int>>& pairs) {
  // Trees are built one source at a time and dropped after use (a tree per source kept
  // at once would take nodes x sources hops); the routes of a source are cut from its
  // tree but built, and their optical paths numbered, in the order of `pairs`.
  std::map<int, std::vector<std::size_t>> bySource;  // source -> indices into pairs
  for (std::size_t i = 0; i < pairs.size(); ++i)
    if (!cache_.count(pairs[i])) bySource[pairs[i].first].push_back(i);
  std::vector<std::vector<Hop>> hopsOf(pairs.size());
  std::vector<bool> reached(pairs.size(), false);
  for (const auto& [src, indices] : bySource) {
    const LeastCostTree tree = treeFrom(src);
    for (std::size_t i : indices) {
      hopsOf[i] = tree.pathTo(pairs[i].second);
      reached[i] = !hopsOf[i].empty();
    }
  }
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (cache_.count(pairs[i])) continue;
    Route* r = reached[i] ? makeRoute(pairs[i].first, pairs[i].second, std::move(hopsOf[i])) : nullptr;
    cache_[pairs[i]] = r;
  }
}

Route* RoutingTable::makeRoute(int src, int dst, std::vector<Hop> hops) {
  auto route = std::make_unique<Route>();
  Route* r = route.get();
  routes_.push_back(std::move(route));
  r->src = src;
  r->dst = dst;
  r->hops = std::move(hops);
  r->opticalPathAt.assign(r->hops.size(), -1);
  for (std::size_t h = 0; h < r->hops.size(); ++h) {
    const Hop& hop = r->hops[h];
    if (links_[hop.link].kind != LinkKind::Fiber || nodes_[hop.from].kind != NodeKind::Edge) continue;
    std::vector<Hop> optical;
    for (std::size_t j = h; j < r->hops.size(); ++j) {
      optical.push_back(r->hops[j]);
      if (nodes_[r->hops[j].to].kind == NodeKind::Edge) break;
    }
    r->opticalPathAt[h] = internOpticalPath(optical);
  }
  if (stepAt_) fillStepsOf(*r);
  return r;
}

void RoutingTable::fillSteps(std::function<RouteStep(const Route&, std::size_t)> stepAt) {
  stepAt_ = std::move(stepAt);
  for (const auto& r : routes_) fillStepsOf(*r);
}

void RoutingTable::fillStepsOf(Route& r) const {
  r.steps.resize(r.hops.size() + 1);
  for (std::size_t h = 0; h <= r.hops.size(); ++h) r.steps[h] = stepAt_(r, h);
}

const Route* RoutingTable::throughNodes(const std::vector<int>& nodes) {
  std::vector<Hop> hops;
  for (std::size_t k = 0; k + 1 < nodes.size(); ++k) {
    const int from = nodes[k], to = nodes[k + 1];
    const int link = cheapestLinkBetween(links_, from, to);
    if (link < 0) return nullptr;  // the parser refuses such a route; never reached
    hops.push_back(Hop{link, links_[link].a == from ? 0 : 1, from, to});
  }
  return makeRoute(nodes.front(), nodes.back(), std::move(hops));
}

const Route* RoutingTable::extended(const Route& base, const Hop* before, const Hop* after) {
  std::vector<Hop> hops;
  hops.reserve(base.hops.size() + 2);
  if (before) hops.push_back(*before);
  hops.insert(hops.end(), base.hops.begin(), base.hops.end());
  if (after) hops.push_back(*after);
  return makeRoute(before ? before->from : base.src, after ? after->to : base.dst, std::move(hops));
}

const Route* RoutingTable::route(int src, int dst) {
  auto it = cache_.find({src, dst});
  if (it != cache_.end()) return it->second;
  prepare({{src, dst}});
  return cache_.at({src, dst});
}

LeastCostTree RoutingTable::treeFrom(int src) const {
  return leastCostTree(
      links_, adjacency_, src, [](int) { return true; }, [this](int u) { return nodes_[u].kind != NodeKind::Host; });
}

int RoutingTable::internOpticalPath(const std::vector<Hop>& hops) {
  std::vector<std::pair<int, int>> key;
  key.reserve(hops.size());
  for (const Hop& h : hops) key.emplace_back(h.link, h.dir);
  auto [it, inserted] = pathIds_.try_emplace(std::move(key), static_cast<int>(paths_.size()));
  if (!inserted) return it->second;
  OpticalPath p;
  p.id = it->second;
  p.hops = hops;
  p.ingress = hops.front().from;
  p.egress = hops.back().to;
  paths_.push_back(p);
  return p.id;
}

}  // namespace obs
