// The reference every way of taking packets ahead is held to (lines fed ahead, their
// merges, receivers taking segments ahead): the same scenario run with every packet taken
// as it arrives, an event at each node. Such a run reports the same, but for its count of
// events and its fingerprint. For the tests and the run fuzzer.
#pragma once
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "simulation.h"

namespace obs {

// `scenarioJson` built to take every packet as it arrives (Simulation::feedLinesAhead).
inline std::unique_ptr<Simulation> takingEveryPacketOnArrival(const std::string& scenarioJson,
                                                              const RunBudget& budget = RunBudget{}) {
  auto sim = Simulation::fromJson(scenarioJson, budget);
  sim->feedLinesAhead(false);
  return sim;
}

// A summary without what the way of taking packets changes: the events and their
// fingerprint.
inline nlohmann::json withoutRunCounts(nlohmann::json summary) {
  summary.erase("events");
  summary.erase("fingerprint");
  return summary;
}

}  // namespace obs
