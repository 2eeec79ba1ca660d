// The engine's one shortest-path search. Routes (net/route.cc) and deflection's
// alternatives (obs/deflection_routes.cc) are both cut from this tree, so the two can
// never disagree on which way is cheapest or on how a tie is broken (docs/routing.md
// section 1); what differs between them is only which links and nodes a search may use.
//
// Labels are (cost, hops): a node is settled in the order of (cost, hops, node index), so
// equal labels go to the lowest index, and a label is replaced only by a strictly smaller
// one, so the hop into a node comes from the earliest settled of its best predecessors;
// between parallel links of one cost the first in `linksAt` (the lowest index) stays.
// Stale heap entries (a node already settled, or a label since improved) are skipped.
// Costs are summed along the path from the source in the same order whichever node is
// asked for, so a route does not depend on which others were computed.
//
// Cost: O((N + L) log N) with a binary heap; it allocates four arrays of N per search.
#pragma once
#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <tuple>
#include <vector>

#include "net/hop.h"
#include "scenario/scenario.h"

namespace obs {

struct LeastCostTree {
  int source = -1;
  std::vector<double> cost;   // per node: least cost from the source (final once settled)
  std::vector<Hop> via;       // per node: the hop into it on that path (link -1 for the source)
  std::vector<bool> settled;  // per node: its cost and hop are final

  // The hops from the source to `to`, in order; empty if `to` was not settled or is the
  // source itself.
  std::vector<Hop> pathTo(int to) const {
    std::vector<Hop> hops;
    if (to == source || !settled[to]) return hops;
    for (int v = to; v != source; v = via[v].from) hops.push_back(via[v]);
    std::reverse(hops.begin(), hops.end());
    return hops;
  }
};

// The least-cost tree from `source`. `linksAt[u]`: the links the search may take out of
// node u, in ascending index order. `enters(v)`: whether it may step onto node v at all;
// `forwards(u)`: whether it may go on from u once there (the source always does). With
// `stopAt` >= 0 the search ends once that node is settled: only the nodes settled by then
// are final. A template so that the two rule sets inline: deflection searches run while
// a burst waits (obs/obs_plane.cc), cached per route and hop.
template <class Enters, class Forwards>
LeastCostTree leastCostTree(const std::vector<LinkSpec>& links, const std::vector<std::vector<int>>& linksAt,
                            int source, Enters enters, Forwards forwards, int stopAt = -1) {
  const std::size_t n = linksAt.size();
  LeastCostTree tree;
  tree.source = source;
  tree.cost.assign(n, std::numeric_limits<double>::infinity());
  tree.via.assign(n, Hop{});
  tree.settled.assign(n, false);
  std::vector<int> hopsTo(n, 0);
  using Label = std::tuple<double, int, int>;  // cost, hops, node
  std::priority_queue<Label, std::vector<Label>, std::greater<Label>> heap;
  tree.cost[source] = 0;
  heap.emplace(0.0, 0, source);
  while (!heap.empty()) {
    const auto [d0, h0, u] = heap.top();
    heap.pop();
    if (tree.settled[u] || d0 != tree.cost[u] || h0 != hopsTo[u]) continue;
    tree.settled[u] = true;
    if (u == stopAt) break;
    if (u != source && !forwards(u)) continue;
    for (int li : linksAt[u]) {
      const LinkSpec& l = links[li];
      const int dir = l.a == u ? 0 : 1;
      const int v = dir == 0 ? l.b : l.a;
      if (tree.settled[v] || !enters(v)) continue;
      const double d = d0 + costOf(l, dir);
      const int h = h0 + 1;
      if (std::tie(d, h) < std::tie(tree.cost[v], hopsTo[v])) {
        tree.cost[v] = d;
        hopsTo[v] = h;
        tree.via[v] = Hop{li, dir, u, v};
        heap.emplace(d, h, v);
      }
    }
  }
  return tree;
}

}  // namespace obs
