// Routing: one Dijkstra per source gives exactly the routes of the former per-pair scan
// (same tie rule: least delay, then fewest hops, then lowest node index), on random
// topologies full of ties; and building a large mesh stays near-linear.
#include "net/route.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <limits>
#include <tuple>

#include "sim/rng.h"

namespace obs {
namespace {

// The reference: the O(N^2) scan per pair the engine used before (git history of route.cc).
std::vector<Hop> referenceRoute(const std::vector<NodeSpec>& nodes, const std::vector<LinkSpec>& links, int src,
                                int dst) {
  const std::size_t n = nodes.size();
  std::vector<std::vector<int>> adjacency(n);
  for (std::size_t i = 0; i < links.size(); ++i) {
    adjacency[links[i].a].push_back(static_cast<int>(i));
    adjacency[links[i].b].push_back(static_cast<int>(i));
  }
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
    if (u != src && nodes[u].kind == NodeKind::Host) continue;
    for (int li : adjacency[u]) {
      const LinkSpec& l = links[li];
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
  std::vector<Hop> hops;
  if (dist[dst] == inf) return hops;
  for (int v = dst; v != src; v = via[v].from) hops.push_back(via[v]);
  std::reverse(hops.begin(), hops.end());
  return hops;
}

TEST(Routing, OneTreePerSourceGivesTheRoutesOfThePerPairScan) {
  RandomStream rng(7, "route-test");
  for (int trial = 0; trial < 60; ++trial) {
    const int count = 3 + static_cast<int>(rng.uniform01() * 40);
    std::vector<NodeSpec> nodes(count);
    for (int i = 0; i < count; ++i) {
      nodes[i].id = "n" + std::to_string(i);
      const double r = rng.uniform01();
      nodes[i].kind = r < 0.25   ? NodeKind::Host
                      : r < 0.5  ? NodeKind::Edge
                      : r < 0.75 ? NodeKind::Core
                                 : NodeKind::Router;
    }
    std::vector<LinkSpec> links;
    const int linkCount = static_cast<int>(rng.uniform01() * count * 3);
    for (int k = 0; k < linkCount; ++k) {
      LinkSpec l;
      l.a = static_cast<int>(rng.uniform01() * count);
      l.b = static_cast<int>(rng.uniform01() * count);
      if (l.a == l.b) continue;
      l.kind = (rng.uniform01() < 0.5) ? LinkKind::Fiber : LinkKind::Packet;
      l.delay = static_cast<double>(static_cast<int>(rng.uniform01() * 3)) * 1e-3;  // many ties, zeros too
      links.push_back(l);
    }
    std::vector<std::pair<int, int>> pairs;
    for (int q = 0; q < 30; ++q) {
      int s = static_cast<int>(rng.uniform01() * count), d = static_cast<int>(rng.uniform01() * count);
      if (s != d) pairs.emplace_back(s, d);
    }
    RoutingTable table(nodes, links);
    table.prepare(pairs);
    for (auto [s, d] : pairs) {
      const std::vector<Hop> expected = referenceRoute(nodes, links, s, d);
      const Route* got = table.route(s, d);
      if (expected.empty()) {
        EXPECT_EQ(got, nullptr) << trial;
        continue;
      }
      ASSERT_NE(got, nullptr) << trial;
      ASSERT_EQ(got->hops.size(), expected.size()) << "trial " << trial << " " << s << "->" << d;
      for (std::size_t h = 0; h < expected.size(); ++h) {
        EXPECT_EQ(got->hops[h].link, expected[h].link) << trial;
        EXPECT_EQ(got->hops[h].dir, expected[h].dir) << trial;
      }
    }
  }
}

// Nodes of these kinds, in this order.
std::vector<NodeSpec> nodesOfKinds(std::initializer_list<NodeKind> kinds) {
  std::vector<NodeSpec> nodes;
  for (NodeKind kind : kinds) nodes.emplace_back().kind = kind;
  return nodes;
}

TEST(Routing, OpticalPathsAreNumberedInTheOrderOfThePairs) {
  // E0 - C - E1 and E0 - C - E2: asked E0->E2 first, its optical path is number 0.
  const std::vector<NodeSpec> nodes = nodesOfKinds({NodeKind::Edge, NodeKind::Core, NodeKind::Edge, NodeKind::Edge});
  std::vector<LinkSpec> links(3);
  for (auto& l : links) l.kind = LinkKind::Fiber;
  links[0].a = 0, links[0].b = 1;
  links[1].a = 1, links[1].b = 2;
  links[2].a = 1, links[2].b = 3;
  RoutingTable table(nodes, links);
  table.prepare({{0, 3}, {0, 2}, {0, 3}});
  ASSERT_EQ(table.opticalPaths().size(), 2u);
  EXPECT_EQ(table.opticalPaths()[0].egress, 3);
  EXPECT_EQ(table.opticalPaths()[1].egress, 2);
  EXPECT_EQ(table.route(0, 3), table.route(0, 3));  // one route object per pair
}

TEST(Routing, EveryRouteHasItsStepsAlsoOneMadeAfterTheyWereFilled) {
  // E0 - C - E1 - H: the steps of E0->E1 are filled, then H->E0 is made; both hold one step
  // per hop and one past the last, found by the rule given (a packet indexes them by hop).
  const std::vector<NodeSpec> nodes = nodesOfKinds({NodeKind::Edge, NodeKind::Core, NodeKind::Edge, NodeKind::Host});
  std::vector<LinkSpec> links(3);
  links[0].a = 0, links[0].b = 1, links[0].kind = LinkKind::Fiber;
  links[1].a = 1, links[1].b = 2, links[1].kind = LinkKind::Fiber;
  links[2].a = 2, links[2].b = 3, links[2].kind = LinkKind::Packet;
  RoutingTable table(nodes, links);
  const Route* before = table.route(0, 2);
  table.fillSteps([](const Route& r, std::size_t h) {
    RouteStep step;
    step.opticalLength = static_cast<int>(h);  // marks which hop the rule was asked for
    step.opticalPath = h < r.hops.size() ? r.opticalPathAt[h] : -1;
    return step;
  });
  const Route* after = table.route(3, 0);
  for (const Route* r : {before, after}) {
    ASSERT_EQ(r->steps.size(), r->hops.size() + 1);
    for (std::size_t h = 0; h < r->steps.size(); ++h) EXPECT_EQ(r->steps[h].opticalLength, static_cast<int>(h));
  }
  EXPECT_EQ(after->hops.size(), 3u);
  EXPECT_EQ(after->steps[1].opticalPath, after->opticalPathAt[1]);  // E1 -> C starts an optical path
  EXPECT_GE(after->steps[1].opticalPath, 0);
}

}  // namespace
}  // namespace obs
