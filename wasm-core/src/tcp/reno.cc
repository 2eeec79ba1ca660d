#include "tcp/reno.h"

#include <algorithm>

namespace obs {

void Reno::onNewAck(CongestionState& s, const AckInfo&) {
  if (s.cwnd < s.ssthresh) {
    s.cwnd += 1;
  } else {
    s.cwnd += 1 / s.cwnd;
  }
}

double Reno::ssthreshAfterLoss(const CongestionState&, std::uint32_t flight, double) {
  // Whole segments, as ns-2 does (int(window / 2)).
  return std::max(static_cast<double>(flight / 2), 2.0);
}

}  // namespace obs
