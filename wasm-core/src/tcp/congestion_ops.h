// Congestion control as a strategy object (after ns-3's TcpCongestionOps): how the window
// grows on new ACKs and where ssthresh goes on loss. Loss detection and recovery live in
// the sender; variants differ only here.
#pragma once
#include <cstdint>
#include <memory>

#include "scenario/scenario.h"

namespace obs {

struct CongestionState {
  double cwnd = 1;      // segments
  double ssthresh = 0;  // segments
};

class CongestionOps {
 public:
  virtual ~CongestionOps() = default;
  virtual const char* name() const = 0;
  // An ACK acknowledged new data outside recovery.
  virtual void onNewAck(CongestionState& s, std::uint32_t segmentsAcked) = 0;
  // The new ssthresh after a loss, given the data in flight (segments).
  virtual double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight) = 0;
};

std::unique_ptr<CongestionOps> makeCongestionOps(TcpVariantKind variant);

}  // namespace obs
