// The network the engine builds: the scenario's nodes and links, then the hosts and
// packet links that flows' `access` draws for each copy (docs/routing.md). The drawn ones
// come after the scenario's own, so every index a scenario, a live path or the app uses
// for its nodes and links means the same node and link here.
#pragma once
#include <vector>

#include "net/route.h"
#include "scenario/scenario.h"

namespace obs {

struct Topology {
  std::vector<NodeSpec> nodes;
  std::vector<LinkSpec> links;
  // A copy's own access hops, data direction: host -> `src` node, `dst` node -> host.
  // link -1: that side has no `access` (the copy uses the flow's own host there).
  struct CopyAccess {
    Hop src, dst;
  };
  // Per flow group (Scenario::flows), per copy; empty for a group without `access`.
  std::vector<std::vector<CopyAccess>> access;
};

// Copies the scenario's nodes and links and draws the access hosts and links, group by
// group, copy by copy, source side before sink side.
Topology buildTopology(const Scenario& s);

// The hop a packet takes over `hop`'s link the other way.
inline Hop reversed(const Hop& hop) { return Hop{hop.link, 1 - hop.dir, hop.to, hop.from}; }

}  // namespace obs
