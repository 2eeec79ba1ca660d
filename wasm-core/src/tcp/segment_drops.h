// A flow's deterministic losses (the scenario's `drops` rules on a flow, docs/
// deterministic-loss.md): which of its data transmissions are lost. The sender asks once
// per transmission, in order, so a rule names a packet as ns-2's ErrorModel/List does
// (the k-th data packet the flow sends, resends counted) or as a person does (the first,
// or n-th, sending of segment s). Costs one comparison per transmission when empty.
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "scenario/scenario.h"

namespace obs {

class SegmentDrops {
 public:
  SegmentDrops() = default;  // no rule: nothing lost
  // The rules of `drops` that name flow `flowSpec` (an index in Scenario::flows).
  SegmentDrops(const std::vector<DropSpec>& drops, int flowSpec);

  bool empty() const { return packets_.empty() && segments_.empty(); }
  // The next transmission, of segment `seq`: whether it is to be lost.
  // (Without rules nothing is counted: nothing could ever be lost.)
  bool dropNext(std::uint32_t seq) { return !empty() && decide(seq); }

 private:
  bool decide(std::uint32_t seq);

  std::uint64_t sent_ = 0;              // transmissions so far
  std::vector<std::uint64_t> packets_;  // ordinals to lose, sorted, distinct
  std::size_t nextPacket_ = 0;          // first entry of packets_ not yet passed
  struct Listed {
    std::uint32_t sendings = 0;       // times the segment was sent so far
    std::vector<std::uint32_t> lose;  // which sendings to lose (1 = the first)
  };
  std::map<std::uint32_t, Listed> segments_;  // by segment number
};

}  // namespace obs
