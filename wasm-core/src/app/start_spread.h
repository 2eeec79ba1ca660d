// When each copy of a flow group starts (`start`, `startSpread`; docs/routing.md).
#pragma once
#include <vector>

#include "scenario/scenario.h"

namespace obs {

// Per flow group, per copy: its start in seconds. Without `startSpread` every copy starts
// at `start`, as before. With it, copy k starts at start + u_k x startSpread, the u_k
// uniform in [0, 1) drawn in copy order from the group's own stream, named by the group's
// id and seeded by the scenario's seed: the same scenario and seed give the same starts on
// every platform, and adding or removing another group changes none of them.
std::vector<std::vector<double>> replicaStarts(const Scenario& s);

}  // namespace obs
