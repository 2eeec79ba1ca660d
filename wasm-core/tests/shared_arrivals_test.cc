// Lines fed by the same line share one stream of the event queue for their arrivals
// (net/shared_arrivals.h). That changes where the queue keeps the events, never which
// events run or in what order: every scenario file, run a while with the streams shared
// and with a stream per line, reports the same summary, events and fingerprint included.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

// A scenario file by its path (scenarioFiles()) or its name under packages/scenario/scenarios/.
std::string text(const std::string& file) {
  return readScenarioFile(
      std::filesystem::path(file).is_absolute() ? std::filesystem::relative(file, kScenarioDir).string() : file);
}

// What a scenario file reports after `seconds` (at most its duration), streams shared or not.
nlohmann::ordered_json summaryAfter(const std::string& file, double seconds, bool shared) {
  auto sim = Simulation::fromJson(text(file));
  sim->shareArrivalStreams(shared);
  sim->advanceTo(std::min(seconds, sim->duration()));
  return sim->summary();
}

TEST(SharedArrivals, EveryScenarioFileRunsTheSameEventsInTheSameOrder) {
  std::size_t sharing = 0;
  for (const std::string& file : scenarioFiles()) {
    SCOPED_TRACE(file);
    sharing += Simulation::fromJson(text(file))->sharedArrivalStreams() > 0;
    EXPECT_EQ(summaryAfter(file, 0.3, true).dump(), summaryAfter(file, 0.3, false).dump());
  }
  // The dumb-bells' ACK lines back to the senders and paper 003's share streams, at least.
  EXPECT_GE(sharing, 3u);
}

TEST(SharedArrivals, TheDumbbellsAckLinesShareOneStreamThroughATimeout) {
  // Paper 004's dumb-bell to its end: drops at the bottleneck, timeouts, recovery.
  const std::string file = "../presets/paper004-dumbbell.json";
  auto sim = Simulation::fromJson(readScenarioFile(file));
  EXPECT_GE(sim->sharedArrivalStreams(), 1u);
  EXPECT_EQ(summaryAfter(file, 1e9, true).dump(), summaryAfter(file, 1e9, false).dump());
}

TEST(SharedArrivals, SeparatingOnlyBeforeTheFirstEvent) {
  auto sim = Simulation::fromJson(readScenarioFile("../presets/paper004-dumbbell.json"));
  sim->advanceTo(0.01);
  EXPECT_THROW(sim->shareArrivalStreams(false), std::logic_error);
  EXPECT_NO_THROW(sim->shareArrivalStreams(true));
}

}  // namespace
}  // namespace obs
