// Routes: the fixed path of a source/destination pair, as hops over links. Where a route
// enters the optical domain at an edge node, it records the optical path (the fiber hops
// to the egress edge) so the edge knows which burst queue a packet joins.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "net/hop.h"
#include "net/least_cost_tree.h"
#include "scenario/scenario.h"

namespace obs {

struct OpticalPath {
  int id = -1;
  std::vector<Hop> hops;  // fiber hops, ingress edge to egress edge
  int ingress = -1, egress = -1;
};

class PacketChannel;

// Where a packet about to take a hop of its route goes: the channel of that hop, or (at an
// ingress edge) the burst queue of the optical path that starts with it; past the last
// hop, neither: its destination.
struct RouteStep {
  PacketChannel* channel = nullptr;
  int opticalPath = -1;
  int opticalLength = 0;  // fiber hops of that path
  int from = -1;          // the node the packet is at: the hop's start, or the destination
};

struct Route {
  int src = -1, dst = -1;
  std::vector<Hop> hops;
  // Per hop index: the optical path that starts with that hop, or -1.
  std::vector<int> opticalPathAt;
  // Per hop index and one past the last: the step, set by the simulation once its links
  // exist (RoutingTable::fillSteps; a route made after that gets them at once). A packet's hop is then one load of its
  // route's table instead of the hops, the optical paths and the channel list in turn: in a model with hundreds of
  // links each of those was a likely cache miss (docs/performance.md). Sized once: a packet points into it
  // (Packet::step), so it is never reallocated (a refill writes the same entries in place).
  std::vector<RouteStep> steps;
};

// Computes fixed routes and interns the optical paths they use. A route is the least-cost
// path, each hop costing its link's cost in that direction (LinkSpec::costAb/costBa, the
// delay unless the scenario gives `cost`). Ties go to fewer hops, then to the path through
// the predecessor settled first (lowest node index among equal labels), then to the lowest
// link index: the result never depends on container order (docs/routing.md). Each
// direction is computed on its own, so ACKs follow the reverse path only when the costs
// make it the cheapest. Hosts are endpoints only: no route transits a host.
//
// Cost: one least-cost tree (net/least_cost_tree.h, the search deflection uses too) per
// distinct source, O((N + L) log N), which gives the routes to every destination asked for
// from that source. `prepare` takes all the
// pairs a scenario needs at once so each source's tree is built once.
class RoutingTable {
 public:
  RoutingTable(const std::vector<NodeSpec>& nodes, const std::vector<LinkSpec>& links);

  // Computes the routes of these (src, dst) pairs. Optical paths are numbered in the
  // order of first use in `pairs`, the order `route` would have met them in.
  void prepare(const std::vector<std::pair<int, int>>& pairs);
  // Returns nullptr if dst cannot be reached from src. Computes the route if `prepare`
  // did not.
  const Route* route(int src, int dst);
  const std::vector<OpticalPath>& opticalPaths() const { return paths_; }
  // How a route's steps are found (stepAt(route, h) for h in [0, hops.size()]): applied to
  // every route so far and to each one made later, so no route a packet can hold lacks them.
  void fillSteps(std::function<RouteStep(const Route&, std::size_t)> stepAt);

  // A forced route through these nodes in order (a flow's `route`, validated by the
  // parser: consecutive nodes are linked); between two nodes the least-cost link in that
  // direction, ties to the lowest link index (cheapestLinkBetween, the parser's own
  // check). Never cached: each call builds one.
  const Route* throughNodes(const std::vector<int>& nodes);
  // `base` with one hop before it and/or one after it (a copy's own access links); either
  // may be null. Never cached.
  const Route* extended(const Route& base, const Hop* before, const Hop* after);

 private:
  // Interns a route over these hops and finds where it enters the optical domain.
  Route* makeRoute(int src, int dst, std::vector<Hop> hops);
  void fillStepsOf(Route& r) const;
  // The least-cost tree from one source over every link, hosts other than the source
  // forwarding nothing.
  LeastCostTree treeFrom(int src) const;
  int internOpticalPath(const std::vector<Hop>& hops);

  const std::vector<NodeSpec>& nodes_;
  const std::vector<LinkSpec>& links_;
  std::vector<std::vector<int>> adjacency_;  // node -> link indices, in link order
  std::vector<std::unique_ptr<Route>> routes_;
  std::function<RouteStep(const Route&, std::size_t)> stepAt_;  // empty until fillSteps
  std::map<std::pair<int, int>, Route*> cache_;                 // nullptr: unreachable
  std::vector<OpticalPath> paths_;
  std::map<std::vector<std::pair<int, int>>, int> pathIds_;  // (link, dir) sequence -> id
};

}  // namespace obs
