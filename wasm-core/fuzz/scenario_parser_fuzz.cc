// libFuzzer target: any bytes as scenario JSON (scripts/fuzz.sh builds and runs it).
//
// The contract under test (docs/model.md section 5): Simulation(scenarioJson) either builds a
// simulation or throws ScenarioError with a clear message. Any other exception, a
// crash, or an AddressSanitizer / UndefinedBehaviorSanitizer report is a finding.
//
// A scenario the parser accepts is also built and stepped a few hundred events, which
// reaches the checks the parser leaves to construction (routes) and the first sends;
// large ones (many flows or nodes) are only parsed, to keep thousands of runs a second.
#include <cstddef>
#include <cstdint>
#include <string>

#include "scenario/safe_text.h"
#include "scenario/scenario_parser.h"
#include "simulation.h"

namespace {

// Every refusal is one printable line of bounded length (safe_text.h): a message that
// breaks the rule is a finding.
void checkMessage(const obs::ScenarioError& e) {
  const std::string message = e.what();
  char32_t unsafe;
  std::size_t at;
  if (message.empty() || message.size() > 4 * obs::kMessageMaxChars || obs::findUnsafe(message, &unsafe, &at))
    __builtin_trap();
}

constexpr std::size_t kMaxBuiltNodes = 200;
constexpr std::size_t kMaxBuiltFlows = 200;  // after `count` replication
constexpr std::uint64_t kEventsPerRun = 500;

bool smallEnoughToBuild(const obs::Scenario& s) {
  std::size_t flows = 0;
  for (const obs::FlowSpec& f : s.flows) flows += static_cast<std::size_t>(f.count);
  return s.nodes.size() <= kMaxBuiltNodes && flows <= kMaxBuiltFlows && s.background.size() <= kMaxBuiltNodes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  obs::Scenario scenario;
  try {
    scenario = obs::parseScenario(text);
  } catch (const obs::ScenarioError& e) {
    checkMessage(e);
    return 0;  // a refusal with a message: the expected outcome for most inputs
  }
  if (!smallEnoughToBuild(scenario)) return 0;
  try {
    obs::Simulation sim(scenario);
    sim.advanceEvents(kEventsPerRun);
    (void)sim.summary();
    (void)sim.drainSamples();
  } catch (const obs::ScenarioError& e) {
    checkMessage(e);
    return 0;  // e.g. no route between a flow's hosts, or over a budget
  }
  return 0;
}
