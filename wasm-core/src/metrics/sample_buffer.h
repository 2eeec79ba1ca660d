// Per-flow time series, columnar so the bindings can hand each column to JavaScript as
// one typed array. Rows accumulate until drained.
#pragma once
#include <cstdint>
#include <vector>

namespace obs {

struct SampleColumns {
  std::vector<double> t;           // simulated seconds
  std::vector<std::int32_t> flow;  // flow instance index
  std::vector<double> cwnd;        // segments
  std::vector<double> ssthresh;    // segments
  std::vector<double> srtt;        // seconds, 0 before the first RTT sample
  std::vector<double> rtt;         // last RTT sample, seconds
  std::vector<double> goodput;     // bit/s over the last interval
  std::vector<double> delivered;   // bytes delivered in order since the start
  // The sender's congestion state (TcpPhase): 0 slow start, 1 congestion avoidance,
  // 2 fast recovery, 3 loss (after a timeout, or Tahoe's fast retransmit).
  std::vector<std::uint8_t> state;

  std::size_t rows() const { return t.size(); }
  void clear() {
    t.clear();
    flow.clear();
    cwnd.clear();
    ssthresh.clear();
    srtt.clear();
    rtt.clear();
    goodput.clear();
    delivered.clear();
    state.clear();
  }
};

// Per packet-link direction, at the same times as the flows' samples, when asked for
// (Simulation::setLinkSamples: traces): the queue and the drops so far.
struct LinkSampleColumns {
  std::vector<double> t;            // simulated seconds
  std::vector<std::int32_t> link;   // link index (the scenario's, then the access links drawn)
  std::vector<std::int32_t> dir;    // 0 from a to b, 1 back
  std::vector<double> queued;       // packets on the line or waiting for it
  std::vector<double> queueDrops;   // packets refused by a full queue since the start
  std::vector<double> randomDrops;  // packets lost on every try since the start

  std::size_t rows() const { return t.size(); }
};

}  // namespace obs
