// Routes: the fixed path of a source/destination pair, as hops over links. Where a route
// enters the optical domain at an edge node, it records the optical path (the fiber hops
// to the egress edge) so the edge knows which burst queue a packet joins.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "scenario/scenario.h"

namespace obs {

struct Hop {
  int link = -1;
  int dir = 0;      // 0: link.a -> link.b, 1: link.b -> link.a
  int from = -1;    // node index
  int to = -1;      // node index
};

struct OpticalPath {
  int id = -1;
  std::vector<Hop> hops;       // fiber hops, ingress edge to egress edge
  int ingress = -1, egress = -1;
};

struct Route {
  int src = -1, dst = -1;
  std::vector<Hop> hops;
  // Per hop index: the optical path that starts with that hop, or -1.
  std::vector<int> opticalPathAt;
};

// Computes fixed routes (shortest propagation delay, ties broken by fewest hops then by
// lowest node index, so the result never depends on container order) and interns the
// optical paths they use. Hosts are endpoints only: no route transits a host.
class RoutingTable {
 public:
  RoutingTable(const std::vector<NodeSpec>& nodes, const std::vector<LinkSpec>& links);

  // Returns nullptr if dst cannot be reached from src.
  const Route* route(int src, int dst);
  const std::vector<OpticalPath>& opticalPaths() const { return paths_; }

 private:
  Route* compute(int src, int dst);
  int internOpticalPath(const std::vector<Hop>& hops);

  const std::vector<NodeSpec>& nodes_;
  const std::vector<LinkSpec>& links_;
  std::vector<std::vector<int>> adjacency_;  // node -> link indices, in link order
  std::vector<std::unique_ptr<Route>> routes_;
  std::vector<std::pair<std::pair<int, int>, Route*>> cache_;
  std::vector<OpticalPath> paths_;
};

}  // namespace obs
