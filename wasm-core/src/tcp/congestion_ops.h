// Congestion control as a strategy object (after ns-3's TcpCongestionOps and Linux's
// tcp_congestion_ops): how the window grows on ACKs of new data and where ssthresh goes on
// loss. Loss detection and recovery (Tahoe, Reno, NewReno, SACK) are the other strategy
// (tcp/loss_recovery.h); window-growth variants (HSTCP, Scalable, BIC, CUBIC, H-TCP,
// Vegas, Westwood+) differ only here. Windows are counted in segments, times in seconds of simulated time.
#pragma once
#include <cstdint>
#include <memory>

#include "scenario/scenario.h"
#include "sim/time.h"

namespace obs {

struct CongestionState {
  double cwnd = 1;      // segments
  double ssthresh = 0;  // segments
};

// What the sender knows when an ACK arrives.
struct AckInfo {
  double now = 0;                   // seconds
  std::uint32_t segmentsAcked = 0;  // newly acknowledged segments (0 for a duplicate)
  double rtt = 0;                   // this ACK's RTT sample in seconds, 0 when none (Karn's rule)
  double minRtt = 0;                // smallest RTT sample of the connection so far, 0 when none
  double srtt = 0;                  // smoothed RTT (RFC 6298), 0 before the first sample
  std::uint32_t flight = 0;         // segments in flight when the ACK arrived
};

class CongestionOps {
 public:
  virtual ~CongestionOps() = default;
  virtual const char* name() const = 0;
  // An ACK acknowledged new data outside recovery: grow cwnd (slow start or avoidance).
  virtual void onNewAck(CongestionState& s, const AckInfo& ack) = 0;
  // Every ACK, new or duplicate, in or out of recovery, before any other hook: for
  // estimators (Westwood+'s bandwidth, Vegas's RTTs). Default: nothing.
  virtual void observeAck(const AckInfo& ack) { (void)ack; }
  // The new ssthresh when loss is detected by duplicate ACKs (fast retransmit).
  virtual double ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) = 0;
  // The new ssthresh after a retransmission timeout; cwnd then goes to 1.
  virtual double ssthreshAfterTimeout(const CongestionState& s, std::uint32_t flight, double now) {
    return ssthreshAfterLoss(s, flight, now);
  }
  // The window to continue with when fast recovery ends (the full ACK).
  virtual double cwndAfterRecovery(const CongestionState& s) { return s.ssthresh; }
  // Whether ssthresh after a loss may lie above the window at the loss (Westwood+'s
  // BWE x RTTmin): the window fast recovery works with is then the window at the loss, so
  // entering recovery never raises cwnd. Halving variants keep RFC 5681's ssthresh + 3
  // even from a window of one segment.
  virtual bool recoveryKeepsBelowWindow() const { return false; }
};

std::unique_ptr<CongestionOps> makeCongestionOps(const TcpSpec& spec);

}  // namespace obs
