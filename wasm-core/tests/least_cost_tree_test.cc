// One least-cost tree serves routing and deflection (net/least_cost_tree.h). Two checks on
// every preset's and scenario file's network:
//  - the same answers as before the search was shared: routes between every pair of the
//    scenario's nodes and deflection's alternatives at every hop of every optical path
//    equal those of the two searches the engine had until then, kept below verbatim as
//    the reference (the run's fingerprints check the same from the other side);
//  - deflection and routing agree: where an alternative's way on from its first hop could
//    be the route the routing table gives between the same nodes (fibers and cores only,
//    no node the burst has visited), it is that route, ties included.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <limits>
#include <queue>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "net/route.h"
#include "net/topology.h"
#include "obs/deflection_routes.h"
#include "scenario_files.h"

namespace obs {

// In obs, where lookup finds it for std::vector<Hop>'s ==.
bool operator==(const Hop& x, const Hop& y) {
  return std::tie(x.link, x.dir, x.from, x.to) == std::tie(y.link, y.dir, y.from, y.to);
}

namespace {

// ---- The two searches as they were (RoutingTable::shortestPathTree and
// DeflectionRoutes::cheapestWay/alternatives before net/least_cost_tree.h), copied as the
// reference the shared one must match.
namespace before {

std::vector<Hop> shortestPathTree(const std::vector<NodeSpec>& nodes_, const std::vector<LinkSpec>& links_,
                                  const std::vector<std::vector<int>>& adjacency_, int src) {
  const std::size_t n = nodes_.size();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> dist(n, inf);
  std::vector<int> hopsTo(n, 0);
  std::vector<Hop> via(n);
  std::vector<bool> done(n, false);
  using Label = std::tuple<double, int, int>;
  std::priority_queue<Label, std::vector<Label>, std::greater<Label>> heap;
  dist[src] = 0;
  heap.emplace(0.0, 0, src);
  while (!heap.empty()) {
    const auto [d0, h0, u] = heap.top();
    heap.pop();
    if (done[u] || d0 != dist[u] || h0 != hopsTo[u]) continue;
    done[u] = true;
    if (u != src && nodes_[u].kind == NodeKind::Host) continue;
    for (int li : adjacency_[u]) {
      const LinkSpec& l = links_[li];
      int dir = (l.a == u) ? 0 : 1;
      int v = dir == 0 ? l.b : l.a;
      if (done[v]) continue;
      double d = dist[u] + costOf(l, dir);
      int h = hopsTo[u] + 1;
      if (std::tie(d, h) < std::tie(dist[v], hopsTo[v])) {
        dist[v] = d;
        hopsTo[v] = h;
        via[v] = Hop{li, dir, u, v};
        heap.emplace(d, h, v);
      }
    }
  }
  via[src] = Hop{};
  return via;
}

// The route src -> dst cut from that tree (empty: none).
std::vector<Hop> route(const std::vector<NodeSpec>& nodes, const std::vector<LinkSpec>& links, int src, int dst) {
  std::vector<std::vector<int>> adjacency(nodes.size());
  for (std::size_t i = 0; i < links.size(); ++i) {
    adjacency[links[i].a].push_back(static_cast<int>(i));
    adjacency[links[i].b].push_back(static_cast<int>(i));
  }
  const std::vector<Hop> tree = shortestPathTree(nodes, links, adjacency, src);
  std::vector<Hop> hops;
  if (tree[dst].link < 0) return hops;
  for (int v = dst; v != src; v = tree[v].from) hops.push_back(tree[v]);
  std::reverse(hops.begin(), hops.end());
  return hops;
}

struct Deflection {
  const std::vector<NodeSpec>& nodes_;
  const std::vector<LinkSpec>& links_;
  std::vector<std::vector<int>> fibersAt_;

  Deflection(const std::vector<NodeSpec>& nodes, const std::vector<LinkSpec>& links)
      : nodes_(nodes), links_(links), fibersAt_(nodes.size()) {
    for (std::size_t i = 0; i < links.size(); ++i) {
      if (links[i].kind != LinkKind::Fiber) continue;
      fibersAt_[links[i].a].push_back(static_cast<int>(i));
      if (links[i].b != links[i].a) fibersAt_[links[i].b].push_back(static_cast<int>(i));
    }
  }

  std::vector<Hop> cheapestWay(int from, int egress, const std::vector<bool>& banned, double* cost) const {
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
      if (u != from && nodes_[u].kind != NodeKind::Core) continue;
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

  std::vector<std::vector<Hop>> alternatives(const std::vector<Hop>& walked, const Hop& blocked, int egress) const {
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
};

}  // namespace before

struct Network {
  std::string name;
  Scenario scenario;
  Topology topology;
};

std::vector<Network> networks() {
  std::vector<Network> out;
  for (const std::string& path : scenarioFiles()) {
    Network n;
    n.name = std::filesystem::path(path).filename().string();
    n.scenario = parseScenario(readScenarioFile(std::filesystem::relative(path, kScenarioDir).string()));
    n.topology = buildTopology(n.scenario);
    out.push_back(std::move(n));
  }
  return out;
}

// Every ordered pair of the scenario's own nodes (the drawn access hosts only add a hop).
std::vector<std::pair<int, int>> allPairs(const Scenario& s) {
  std::vector<std::pair<int, int>> pairs;
  const int n = static_cast<int>(s.nodes.size());
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (a != b) pairs.emplace_back(a, b);
  return pairs;
}

TEST(LeastCostTree, RoutesAreThoseOfTheSearchBeforeItWasShared) {
  for (const Network& net : networks()) {
    SCOPED_TRACE(net.name);
    RoutingTable table(net.topology.nodes, net.topology.links);
    const auto pairs = allPairs(net.scenario);
    table.prepare(pairs);
    int routed = 0;
    for (const auto& [src, dst] : pairs) {
      const std::vector<Hop> expected = before::route(net.topology.nodes, net.topology.links, src, dst);
      const Route* r = table.route(src, dst);
      ASSERT_EQ(r != nullptr, !expected.empty()) << src << " -> " << dst;
      if (!r) continue;
      ++routed;
      EXPECT_EQ(r->hops, expected) << src << " -> " << dst;
    }
    EXPECT_GT(routed, 0);
  }
}

// The optical paths of every pair's route, each blocked at every hop after its first:
// what ObsPlane::deflectionRoutes asks (walked: the hops up to the deflecting node).
template <class Check>
void forEveryDeflection(const Network& net, Check check) {
  RoutingTable table(net.topology.nodes, net.topology.links);
  table.prepare(allPairs(net.scenario));
  for (const OpticalPath& p : table.opticalPaths())
    for (std::size_t here = 0; here + 1 < p.hops.size(); ++here) {
      const std::vector<Hop> walked(p.hops.begin(), p.hops.begin() + here + 1);
      check(walked, p.hops[here + 1], p.egress);
    }
}

TEST(LeastCostTree, DeflectionAlternativesAreThoseOfTheSearchBeforeItWasShared) {
  int withAlternatives = 0;
  for (const Network& net : networks()) {
    SCOPED_TRACE(net.name);
    const DeflectionRoutes now(net.topology.nodes, net.topology.links);
    const before::Deflection then(net.topology.nodes, net.topology.links);
    forEveryDeflection(net, [&](const std::vector<Hop>& walked, const Hop& blocked, int egress) {
      const auto expected = then.alternatives(walked, blocked, egress);
      EXPECT_EQ(now.alternatives(walked, blocked, egress), expected)
          << "blocked on link " << blocked.link << " at node " << blocked.from;
      if (!expected.empty()) ++withAlternatives;
    });
  }
  // The presets' meshes (NSFNET, USNET, contention resolution) offer real alternatives.
  EXPECT_GT(withAlternatives, 100);
}

TEST(LeastCostTree, DeflectionGoesOnByTheRouteTheRoutingTableGives) {
  int compared = 0;
  for (const Network& net : networks()) {
    SCOPED_TRACE(net.name);
    const std::vector<NodeSpec>& nodes = net.topology.nodes;
    const std::vector<LinkSpec>& links = net.topology.links;
    RoutingTable table(nodes, links);
    const DeflectionRoutes deflection(nodes, links);
    forEveryDeflection(net, [&](const std::vector<Hop>& walked, const Hop& blocked, int egress) {
      std::vector<bool> visited(nodes.size(), false);
      for (const Hop& h : walked) visited[h.from] = true;
      visited[blocked.from] = true;
      for (const std::vector<Hop>& way : deflection.alternatives(walked, blocked, egress)) {
        if (way.size() < 2) continue;  // straight to the egress: nothing searched
        const Route* r = table.route(way.front().to, egress);
        ASSERT_NE(r, nullptr);
        // Only a route deflection could take: fibers, cores between, no node visited.
        const bool couldTake = std::all_of(r->hops.begin(), r->hops.end(), [&](const Hop& h) {
          return links[h.link].kind == LinkKind::Fiber && !visited[h.to] &&
                 (h.to == egress || nodes[h.to].kind == NodeKind::Core);
        });
        if (!couldTake) continue;
        ++compared;
        EXPECT_EQ(std::vector<Hop>(way.begin() + 1, way.end()), r->hops);
      }
    });
  }
  EXPECT_GT(compared, 100);
}

}  // namespace
}  // namespace obs
