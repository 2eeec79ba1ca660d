// Refusals up front: what a scenario's own numbers say a run would cost, checked before
// anything is built, so a scenario that cannot finish within its budget is refused with
// the reason instead of running for hours or growing until memory runs out.
//
// The estimates count the engine's own data (window rings, packet lines, wavelength
// schedules, routes) with the sizes of this build; they are deliberately simple and a
// little generous, and the same on every target (docs/model.md, "Resource limits").
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "net/route.h"
#include "run_guard.h"
#include "scenario/scenario.h"

namespace obs {

// Bytes the model holds once built, before the first event. The biggest part is usually
// the flows' window rings: a power of two above maxWindow per flow, sender and receiver.
std::uint64_t estimateBuildBytes(const Scenario& scenario);

// Throws ScenarioError when building the model would exceed the memory budget, or when the
// routes would take too long to compute (one shortest-path tree per distinct source).
void refuseUnaffordableBuild(const Scenario& scenario, const RunBudget& budget);

// Throws ScenarioError when background source `where` asks for more bursts per second
// than the engine schedules (kMaxEventRate), or when its bursts over the run would do more
// work than the work budget. `path` is its optical path: each burst is at least one event
// to emit, one per core its control packet crosses, and the wavelengths each core's rule
// looks at (all of them under LAUC and LAUC-VF; run_guard.h, work units), a lower bound
// of what the run will cost, so a refusal is never wrong. `capacityBps` is the path's
// narrowest fiber capacity. `where` names the source in the message: "background[3]", or
// a traffic pair.
void refuseUnaffordableBackground(const BackgroundSpec& b, const std::string& where, const Scenario& scenario,
                                  const OpticalPath& path, double capacityBps, const RunBudget& budget);

// Bytes for memory messages: "1.9 GB", "512 MB".
std::string formatBytes(double bytes);

// Work of the routing step: link and node visits of one Dijkstra per distinct source.
// Above kMaxRoutingWork (about a second in WebAssembly) the scenario is refused.
constexpr double kMaxRoutingWork = 5e7;

}  // namespace obs
