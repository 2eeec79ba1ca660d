#include "obs/burst_drops.h"

#include <algorithm>

namespace obs {

BurstDrops::BurstDrops(const Scenario& scenario) : edges_(scenario.nodes.size()) {
  for (const DropSpec& d : scenario.drops) {
    if (d.edge < 0) continue;
    PerClass& c = edges_[d.edge][d.burstClass];
    if (d.kind == DropRuleKind::Bursts) c.ordinals.insert(c.ordinals.end(), d.numbers.begin(), d.numbers.end());
    if (d.kind == DropRuleKind::After) c.after.push_back(fromSeconds(d.after));
    any_ = true;
  }
  for (auto& edge : edges_)
    for (PerClass& c : edge) {
      std::sort(c.ordinals.begin(), c.ordinals.end());
      c.ordinals.erase(std::unique(c.ordinals.begin(), c.ordinals.end()), c.ordinals.end());
      std::sort(c.after.begin(), c.after.end());
    }
}

bool BurstDrops::dropNext(int edge, int cls, SimTime now) {
  // Counting starts with the first rule or request: a live request made later counts
  // "the next" from then, and ordinals in the scenario are known from the start.
  if (!any_) return false;
  PerClass& c = edges_[edge][cls];
  const std::uint64_t ordinal = c.sent++;
  bool lose = false;
  while (c.nextOrdinal < c.ordinals.size() && c.ordinals[c.nextOrdinal] <= ordinal)
    lose = lose || c.ordinals[c.nextOrdinal++] == ordinal;
  // Every `after` time passed by now takes one burst: two rules for the same moment
  // lose two bursts, one after the other.
  if (c.nextAfter < c.after.size() && c.after[c.nextAfter] <= now) {
    ++c.nextAfter;
    lose = true;
  }
  if (c.dropNext > 0) {
    --c.dropNext;
    lose = true;
  }
  return lose;
}

void BurstDrops::setDropNext(int edge, int cls, std::uint32_t count) {
  edges_[edge][cls].dropNext = count;
  any_ = any_ || count > 0;
}

std::uint32_t BurstDrops::pendingDropNext(int edge, int cls) const { return edges_[edge][cls].dropNext; }

}  // namespace obs
