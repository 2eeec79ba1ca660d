// An OBS plane's deterministic burst losses: the scenario's `drops` rules on edges (the
// k-th data or ACK burst an edge sends, its first one at or after a time) and the live
// "drop the next n bursts" of an edge (nodes[i].dropNext.data|ack). Asked once per burst
// that leaves an edge, in order; decides nothing at random and draws nothing, so a run
// with a rule differs from one without only by the listed bursts.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "scenario/scenario.h"
#include "sim/time.h"

namespace obs {

class BurstDrops {
 public:
  BurstDrops(const Scenario& scenario);

  // A burst of class `cls` (0 data, 1 ACK) leaves edge `edge` at `now`: is it to be lost?
  bool dropNext(int edge, int cls, SimTime now);
  // From now on edge `edge` loses its next `count` bursts of class `cls` (0: none); replaces
  // what an earlier call asked and has not happened yet.
  void setDropNext(int edge, int cls, std::uint32_t count);
  std::uint32_t pendingDropNext(int edge, int cls) const;

 private:
  struct PerClass {
    std::uint64_t sent = 0;               // bursts of the class the edge sent so far
    std::vector<std::uint64_t> ordinals;  // to lose, sorted, distinct
    std::size_t nextOrdinal = 0;
    std::vector<SimTime> after;  // each loses the first burst at or after it, sorted
    std::size_t nextAfter = 0;
    std::uint32_t dropNext = 0;  // live: the next bursts to lose
  };
  bool any_ = false;                            // no rule and no live request so far: nothing to count
  std::vector<std::array<PerClass, 2>> edges_;  // by node index (edges only used)
};

}  // namespace obs
