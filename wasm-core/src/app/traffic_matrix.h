// A `traffic` matrix (docs/mesh.md section 3) turned into background sources: one per
// ordered edge pair with a weight above 0, each offered A_ij = s x w_ij Erlangs, where the
// scale s makes the network load (the mean offered load per wavelength over the
// core-to-core fiber directions that routes cross) equal `traffic.load`.
#pragma once
#include <string>
#include <vector>

#include "net/route.h"
#include "scenario/scenario.h"

namespace obs {

struct TrafficSource {
  BackgroundSpec spec;     // src, dst, model, meanBytes, hurst and the load BackgroundSource takes
  int path = -1;           // optical path
  double capacityBps = 0;  // the path's narrowest fiber (what spec.load is relative to)
  double erlangs = 0;      // A_ij: arrivals per second x mean burst duration on the first fiber
  std::string streamName;  // "traffic:<src id>:<dst id>"
};

// The ordered edge pairs with traffic, in row order (for the routing table's `prepare`).
std::vector<std::pair<int, int>> trafficPairs(const Scenario& s);

// Throws ScenarioError (naming `traffic` and the pair) when a pair has no all-optical
// route. Routes must have been prepared for trafficPairs(s).
std::vector<TrafficSource> expandTraffic(const Scenario& s, RoutingTable& routing);

// What a background source of `load` on `capacityBps` offers in Erlangs, burst durations
// taken on the path's first fiber (where the engine times a burst).
double offeredErlangs(const Scenario& s, const OpticalPath& path, double load, double capacityBps);

// The narrowest fiber of an optical path, wavelengths x rate (bit/s).
double pathCapacity(const Scenario& s, const OpticalPath& path);

}  // namespace obs
