#include "resource_estimate.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "generated/limits.h"
#include "scenario/json_reader.h"
#include "sim/event_loop.h"
#include "tcp/window_ring.h"

namespace obs {

namespace {

// Sizes of one thing of each kind, rounded up from this build's structures (with their
// allocations): enough to tell 100 MB from 10 GB, which is all a budget needs.
constexpr double kFlowBaseBytes = 4096;       // sender, receiver, congestion state, id
constexpr double kRingSlotBytes = 8 + 1;      // sender: send time and marks; receiver: a bit
constexpr double kPacketLineBytes = 1536;     // one direction: queue, stream ring, RNG, counters
constexpr double kFiberDirectionBytes = 512;  // one direction: schedule, counters, RNG
constexpr double kLaneBytes = 96;             // one wavelength's reservations, to start with
constexpr double kNodeBytes = 256;            // routing, an assembler at edges
constexpr double kRouteHopBytes = 24;

double flowBytes(const FlowSpec& f) {
  return f.count * (kFlowBaseBytes + kRingSlotBytes * static_cast<double>(windowRingSize(f.tcp.maxWindow)));
}

std::string format(double v) { return formatNumber(v); }

}  // namespace

std::string formatBytes(double bytes) {
  char text[32];
  if (bytes >= 1e10)
    std::snprintf(text, sizeof text, "%.0f GB", bytes / 1e9);
  else if (bytes >= 1e9)
    std::snprintf(text, sizeof text, "%.2f GB", bytes / 1e9);
  else if (bytes >= 1e8)
    std::snprintf(text, sizeof text, "%.1f MB", bytes / 1e6);
  else if (bytes >= 1e6)
    std::snprintf(text, sizeof text, "%.0f MB", bytes / 1e6);
  else
    std::snprintf(text, sizeof text, "%.0f kB", bytes / 1e3);
  return text;
}

std::uint64_t estimateBuildBytes(const Scenario& s) {
  double bytes = 0;
  for (const FlowSpec& f : s.flows) bytes += flowBytes(f);
  for (const LinkSpec& l : s.links)
    bytes +=
        l.kind == LinkKind::Packet ? 2 * kPacketLineBytes : 2 * (kFiberDirectionBytes + kLaneBytes * l.wavelengths);
  bytes += kNodeBytes * static_cast<double>(s.nodes.size());
  // Routes: at most one per flow entry and direction plus one per background source, each
  // at most as long as there are nodes (counted at a tenth: routes are usually short).
  bytes +=
      kRouteHopBytes * (2.0 * s.flows.size() + s.background.size()) * (1 + static_cast<double>(s.nodes.size()) / 10);
  // `access`: each copy's own host and packet link per side, and its own two routes.
  for (const FlowSpec& f : s.flows) {
    const int sides = (f.accessSrc.present ? 1 : 0) + (f.accessDst.present ? 1 : 0);
    if (sides == 0) continue;
    bytes += f.count * (sides * (2 * kPacketLineBytes + kNodeBytes) +
                        2 * kRouteHopBytes * (3 + static_cast<double>(s.nodes.size()) / 10));
  }
  return static_cast<std::uint64_t>(bytes);
}

void refuseUnaffordableBuild(const Scenario& s, const RunBudget& budget) {
  const double bytes = static_cast<double>(estimateBuildBytes(s));
  if (budget.maxMemoryBytes > 0 && bytes > static_cast<double>(budget.maxMemoryBytes)) {
    // Name the largest flow group: it is nearly always the window rings.
    std::size_t worst = 0;
    for (std::size_t i = 1; i < s.flows.size(); ++i)
      if (flowBytes(s.flows[i]) > flowBytes(s.flows[worst])) worst = i;
    std::string why;
    if (!s.flows.empty() && flowBytes(s.flows[worst]) > bytes / 2) {
      const FlowSpec& f = s.flows[worst];
      why = " (flows[" + std::to_string(worst) + "]: " + std::to_string(f.count) +
            " flows, each with a window ring of " + std::to_string(windowRingSize(f.tcp.maxWindow)) +
            " segments for maxWindow " + std::to_string(f.tcp.maxWindow) + ")";
    } else {
      why = " (" + std::to_string(s.nodes.size()) + " nodes, " + std::to_string(s.links.size()) + " links)";
    }
    throw ScenarioError("the scenario would need about " + formatBytes(bytes) + " of memory to build" + why +
                        ", more than the memory budget of " + formatBytes(static_cast<double>(budget.maxMemoryBytes)));
  }
  std::set<int> sources;
  for (const FlowSpec& f : s.flows) {
    sources.insert(f.src);
    sources.insert(f.dst);
  }
  for (const BackgroundSpec& b : s.background) sources.insert(b.src);
  const double work = static_cast<double>(sources.size()) * static_cast<double>(s.nodes.size() + 2 * s.links.size());
  if (work > kMaxRoutingWork)
    throw ScenarioError("the routes would take too long to compute: shortest paths from " +
                        std::to_string(sources.size()) + " distinct flow and background endpoints over " +
                        std::to_string(s.links.size()) + " links (" + format(work) + " steps, at most " +
                        format(kMaxRoutingWork) + "); use fewer distinct endpoints or a smaller topology");
}

namespace {

// What one burst on `path` costs at least, in events' worth, and the words for it.
struct BurstWork {
  double events = 1;  // its emission
  int cores = 0;
  int mostWavelengths = 0;
};

BurstWork burstWork(const Scenario& s, const OpticalPath& path) {
  BurstWork w;
  const bool scansAll = s.obs.scheduling != SchedulingKind::Ffuc;  // LAUC and LAUC-VF look at every lane
  for (const Hop& hop : path.hops) {
    if (s.nodes[hop.from].kind != NodeKind::Core) continue;
    const int lanes = s.links[hop.link].wavelengths;
    ++w.cores;
    w.mostWavelengths = std::max(w.mostWavelengths, lanes);
    w.events += 1 + (scansAll ? static_cast<double>(lanes) / static_cast<double>(work::kEvent) : 0.0);
  }
  return w;
}

}  // namespace

void refuseUnaffordableBackground(const BackgroundSpec& b, const std::string& where, const Scenario& scenario,
                                  const OpticalPath& path, double capacityBps, const RunBudget& budget) {
  if (b.load == 0) return;
  const double perSecond = b.load * capacityBps / (8.0 * b.meanBytes);
  if (perSecond > kMaxEventRate)
    throw ScenarioError(where + " would generate " + format(perSecond) + " bursts per second (load " + format(b.load) +
                        " of " + format(capacityBps) + " bit/s in bursts of " + format(b.meanBytes) +
                        " bytes on average); at most 1e+09 per second, one per "
                        "nanosecond, the engine's shortest interval: raise meanBytes or lower load");
  const double duration = scenario.duration;
  const BurstWork per = burstWork(scenario, path);
  const double total = perSecond * duration * per.events;
  if (budget.maxEvents > 0 && total > static_cast<double>(budget.maxEvents)) {
    const std::string each =
        per.cores == 0 ? ""
                       : ", each crossing " + std::to_string(per.cores) + (per.cores == 1 ? " core" : " cores") +
                             (scenario.obs.scheduling == SchedulingKind::Ffuc
                                  ? ""
                                  : " that scan" + std::string(per.cores == 1 ? "s" : "") + " up to " +
                                        std::to_string(per.mostWavelengths) + " wavelengths");
    throw ScenarioError(where + " would generate " + format(perSecond) + " bursts per second (load " + format(b.load) +
                        ", meanBytes " + format(b.meanBytes) + each + "): at least " + format(total) +
                        " events' worth of work over the " + format(duration) +
                        " s run, more than the work budget of " + format(static_cast<double>(budget.maxEvents)) +
                        " (raise meanBytes, lower load, shorten the run, or raise the budget: obs-sim --max-events)");
  }
}

}  // namespace obs
