// What the summary counts, read at one moment of a run, and the counts of a window between
// two such moments: the summary's measurement window (docs/model.md section 5, `measure`).
// Every counter the summary reports is here, so that a window is one subtraction and the
// summary has one way to read them (simulation_summary.cc).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "net/packet_channel.h"
#include "obs/obs_plane.h"
#include "sim/time.h"
#include "tcp/tcp_sender.h"

namespace obs {

struct SummaryCounts {
  SimTime since = 0;  // what they count happened in (since, at]: 0 for a whole run so far
  SimTime at = 0;     // the moment they were read
  std::uint64_t events = 0;
  struct Flow {
    TcpSenderCounters sender;
    std::uint64_t deliveredBytes = 0;
    double cwndSum = 0;  // over the samples taken
    std::uint64_t cwndSamples = 0;
    double cwnd = 0;  // at `at`: a state, not a count
  };
  std::vector<Flow> flows;
  std::array<BurstClassCounters, kBurstClasses> classes{};
  std::uint64_t burstsInFlight = 0;  // at `at`: a state
  BurstHistograms histograms;
  // Per packet channel (link * 2 + dir, the access links `access` draws after the
  // scenario's; zero where a link is a fiber), and its busy time within [0, at].
  std::vector<PacketChannelCounters> channels;
  std::vector<SimTime> channelBusy;
  std::vector<FiberDirectionCounters> fibers;  // link * 2 + dir of the scenario's links
  std::vector<FiberUse> fiberUse;              // likewise
  std::vector<PathCounters> paths;
  std::vector<QosCounters> qos;
};

// The counts of (base.at, end.at]: each counter end's less base's, each state end's. Both
// read from the same run, base first.
SummaryCounts countsBetween(const SummaryCounts& base, const SummaryCounts& end);

}  // namespace obs
