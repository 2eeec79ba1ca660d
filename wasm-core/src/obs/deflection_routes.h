// Deflection routing's alternatives (docs/mesh.md section 6): where a core finds no room
// on the output its route names, the other outputs it may send the burst to, best first,
// each with the rest of the way to the egress edge.
//
// An alternative leaves the core on another fiber link than the blocked one and the one
// the burst came in on, towards a core node or the burst's own egress edge (another edge
// would end the optical path), and continues by the least-cost path from there to the
// egress through core nodes the burst has not visited (the core itself included): a
// deflected burst never loops. Alternatives are ranked by the cost of the way they give,
// the deflection hop included, then by hops, then by the outgoing link's index, so the
// "next-best output" is the one whose whole remaining way is cheapest. Costs are the
// routing costs of docs/routing.md (costOf), and the way on from the deflecting hop comes
// from the routing table's own least-cost search (net/least_cost_tree.h), so it breaks
// ties as routes do.
#pragma once
#include <vector>

#include "net/hop.h"
#include "scenario/scenario.h"

namespace obs {

class DeflectionRoutes {
 public:
  DeflectionRoutes(const std::vector<NodeSpec>& nodes, const std::vector<LinkSpec>& links);

  // `walked`: the hops the burst has taken so far, ending at the core that deflects;
  // `blocked`: the hop it could not take. Returns the remaining hops of each alternative,
  // from that core to `egress`, best first (empty if there are none).
  std::vector<std::vector<Hop>> alternatives(const std::vector<Hop>& walked, const Hop& blocked, int egress) const;

 private:
  // The least-cost path from `from` to `egress` through cores not in `banned`, or an
  // empty list if there is none; *cost receives its cost.
  std::vector<Hop> cheapestWay(int from, int egress, const std::vector<bool>& banned, double* cost) const;

  const std::vector<NodeSpec>& nodes_;
  const std::vector<LinkSpec>& links_;
  std::vector<std::vector<int>> fibersAt_;  // node -> fiber link indices, in link order
};

}  // namespace obs
