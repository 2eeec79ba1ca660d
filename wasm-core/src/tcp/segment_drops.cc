#include "tcp/segment_drops.h"

#include <algorithm>

namespace obs {

SegmentDrops::SegmentDrops(const std::vector<DropSpec>& drops, int flowSpec) {
  for (const DropSpec& d : drops) {
    if (d.flow != flowSpec) continue;
    if (d.kind == DropRuleKind::Packets) {
      packets_.insert(packets_.end(), d.numbers.begin(), d.numbers.end());
    } else if (d.kind == DropRuleKind::Segments) {
      for (std::uint64_t s : d.numbers)
        segments_[static_cast<std::uint32_t>(s)].lose.push_back(static_cast<std::uint32_t>(d.transmission));
    }
  }
  std::sort(packets_.begin(), packets_.end());
  packets_.erase(std::unique(packets_.begin(), packets_.end()), packets_.end());
}

bool SegmentDrops::decide(std::uint32_t seq) {
  const std::uint64_t ordinal = sent_++;
  bool lose = false;
  while (nextPacket_ < packets_.size() && packets_[nextPacket_] <= ordinal) {
    lose = lose || packets_[nextPacket_] == ordinal;
    ++nextPacket_;
  }
  auto it = segments_.find(seq);
  if (it != segments_.end()) {
    const std::uint32_t sending = ++it->second.sendings;
    const auto& l = it->second.lose;
    lose = lose || std::find(l.begin(), l.end(), sending) != l.end();
  }
  return lose;
}

}  // namespace obs
