// libFuzzer target: whole runs of mutated presets (scripts/fuzz.sh builds and runs it).
//
// The parser fuzzer (scenario_parser_fuzz.cc) throws bytes at the JSON reader; this one
// starts from scenarios that make sense and pushes their numbers to the edges the parser
// still accepts, where burst-level traffic meets meshes: 1-byte bursts, 1 wavelength or
// 1024, loads of 10, a nanosecond of offset. The input's bytes choose a base scenario
// (every preset and scenario file), then a few mutations, each a numeric field set to
// one of: its lowest or highest accepted value (found by bisection against the parser),
// 0, or the original scaled by a power of ten; a boolean flipped; deflection or
// segmentation switched on at every core. The scenario then runs under a small budget of
// work and memory, and the contract is checked:
//   - construction either builds or refuses with ScenarioError (one printable line);
//   - the run ends or the guard stops it with a sentence, within its work budget;
//   - the summary obeys its definitions (tests/summary_checks.h, as the property test);
//   - a run that ends reports what the same run taking every packet as it arrives reports
//     (Simulation::feedLinesAhead(false); for half the inputs): lines fed ahead, their
//     merges and receivers taking segments ahead change the events, never the summary.
// A crash, a sanitizer report, another exception or a broken rule is a finding. The
// bases are read once from OBS_FUZZ_BASES (a directory of .json files, set by fuzz.sh).
#include <dirent.h>
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "../tests/arrival_reference.h"
#include "../tests/summary_checks.h"
#include "scenario/safe_text.h"
#include "scenario/scenario_parser.h"
#include "simulation.h"

namespace {

using json = nlohmann::json;

struct Base {
  std::string name;
  json scenario;
  std::vector<json::json_pointer> numbers;                  // every numeric leaf
  std::vector<json::json_pointer> flags;                    // every boolean leaf
  std::map<std::string, std::pair<double, double>> bounds;  // by pointer: accepted [lo, hi]
};

std::vector<Base>& bases() {
  static std::vector<Base> all;
  return all;
}

void collectLeaves(const json& j, const json::json_pointer& at, Base& base) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) collectLeaves(it.value(), at / it.key(), base);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) collectLeaves(j[i], at / i, base);
  } else if (j.is_number()) {
    base.numbers.push_back(at);
  } else if (j.is_boolean()) {
    base.flags.push_back(at);
  }
}

void loadBases() {
  const char* dir = std::getenv("OBS_FUZZ_BASES");
  if (!dir) {
    std::fprintf(stderr, "scenario_run_fuzz: set OBS_FUZZ_BASES to a directory of scenario files\n");
    std::abort();
  }
  std::vector<std::string> names;
  if (DIR* d = opendir(dir)) {
    while (dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.size() > 5 && name.substr(name.size() - 5) == ".json") names.push_back(name);
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());  // the same order on every machine
  for (const std::string& name : names) {
    std::ifstream in(std::string(dir) + "/" + name);
    std::stringstream text;
    text << in.rdbuf();
    Base base{name, json::parse(text.str(), nullptr, false), {}, {}, {}};
    if (base.scenario.is_discarded()) continue;
    try {
      obs::parseScenario(base.scenario.dump());
    } catch (const obs::ScenarioError&) {
      continue;  // only scenarios the engine accepts as they are
    }
    collectLeaves(base.scenario, json::json_pointer(), base);
    bases().push_back(std::move(base));
  }
  if (bases().empty()) {
    std::fprintf(stderr, "scenario_run_fuzz: no accepted scenario in %s\n", dir);
    std::abort();
  }
}

bool accepted(json scenario, const json::json_pointer& at, double value, bool integer) {
  scenario[at] = integer ? json(static_cast<std::int64_t>(value)) : json(value);
  try {
    obs::parseScenario(scenario.dump());
    return true;
  } catch (const obs::ScenarioError&) {
    return false;
  }
}

// The accepted value nearest `target` on the way from `from` (accepted): bisection, in
// log scale when both are positive, so 1e-12 and 1e12 are each a few dozen parses away.
double nearestAccepted(const json& scenario, const json::json_pointer& at, double from, double target, bool integer) {
  if (accepted(scenario, at, target, integer)) return target;
  double good = from, bad = target;
  for (int i = 0; i < 48; ++i) {
    double mid = good > 0 && bad > 0 ? std::sqrt(good * bad) : (good + bad) / 2;
    if (integer) mid = std::round(mid);
    if (mid == good || mid == bad) break;
    (accepted(scenario, at, mid, integer) ? good : bad) = mid;
  }
  return good;
}

std::pair<double, double> boundsOf(Base& base, const json::json_pointer& at) {
  const std::string key = at.to_string();
  auto it = base.bounds.find(key);
  if (it != base.bounds.end()) return it->second;
  const json& original = base.scenario[at];
  const bool integer = original.is_number_integer();
  const double v = original.get<double>();
  // Down to 0 from a positive value (bisection then finds the least positive value taken,
  // to within v / 2^48), up to 1e15: far past any bound the format has.
  const double lo = nearestAccepted(base.scenario, at, v, v > 0 ? 0.0 : -1e15, integer);
  const double hi = nearestAccepted(base.scenario, at, v, 1e15, integer);
  return base.bounds[key] = {lo, hi};
}

void mutate(Base& base, json& scenario, FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:  // a boolean flipped
      if (!base.flags.empty()) {
        const auto& at = base.flags[in.ConsumeIntegralInRange<std::size_t>(0, base.flags.size() - 1)];
        scenario[at] = !scenario[at].get<bool>();
      }
      return;
    case 1:  // contention resolution at every core
      for (json& n : scenario["nodes"])
        if (n.value("kind", "") == "core") n[in.ConsumeBool() ? "deflection" : "segmentation"] = true;
      return;
    default: break;
  }
  if (base.numbers.empty()) return;
  const auto& at = base.numbers[in.ConsumeIntegralInRange<std::size_t>(0, base.numbers.size() - 1)];
  const bool integer = base.scenario[at].is_number_integer();
  const double v = base.scenario[at].get<double>();
  double value;
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: value = boundsOf(base, at).first; break;
    case 1: value = boundsOf(base, at).second; break;
    case 2: value = 0; break;
    default: value = v * std::pow(10.0, in.ConsumeIntegralInRange<int>(-9, 9)); break;
  }
  scenario[at] = integer ? json(static_cast<std::int64_t>(std::llround(value))) : json(value);
}

void checkMessage(const std::string& message) {
  char32_t unsafe;
  std::size_t at;
  if (message.empty() || message.size() > 4 * obs::kMessageMaxChars || obs::findUnsafe(message, &unsafe, &at)) {
    std::fprintf(stderr, "scenario_run_fuzz: a message breaks the one-line rule: %s\n", message.c_str());
    __builtin_trap();
  }
}

// A run's budget here: small, so thousands of runs fit in a minute; what it bounds must
// hold whatever the scenario (the guard's rules, run_guard.h).
obs::RunBudget fuzzBudget() {
  obs::RunBudget budget;
  budget.maxEvents = 50'000;
  budget.maxMemoryBytes = 64ull << 20;
  return budget;
}

// The same run with every packet taken as it arrives, unless the guard stops that one (it
// runs more events).
void expectSameAsArrivalEvents(obs::Simulation& sim, const json& scenario, const std::string& base) {
  auto unfed = obs::takingEveryPacketOnArrival(scenario.dump(), fuzzBudget());
  unfed->advanceTo(unfed->duration());
  if (unfed->stopped()) return;
  const json fed = obs::withoutRunCounts(sim.summary()), arrived = obs::withoutRunCounts(unfed->summary());
  if (fed == arrived) return;
  std::fprintf(stderr,
               "scenario_run_fuzz: %s: the summary differs from the run taking every packet as it arrives\n"
               "scenario: %s\n",
               base.c_str(), scenario.dump().c_str());
  __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  loadBases();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  Base& base = bases()[in.ConsumeIntegralInRange<std::size_t>(0, bases().size() - 1)];
  json scenario = base.scenario;
  // Short runs: the edges of the format show in the first fraction of a second.
  scenario["duration"] = std::min(scenario.value("duration", 10.0), 0.05);
  const int mutations = in.ConsumeIntegralInRange<int>(1, 4);
  for (int i = 0; i < mutations && in.remaining_bytes() > 0; ++i) mutate(base, scenario, in);

  std::unique_ptr<obs::Simulation> sim;
  try {
    sim = obs::Simulation::fromJson(scenario.dump(), fuzzBudget());
  } catch (const obs::ScenarioError& e) {
    checkMessage(e.what());
    return 0;
  }
  sim->advanceTo(sim->duration());
  if (sim->stopped()) checkMessage(sim->stopReason());
  const std::vector<std::string> broken = obs::brokenSummaryRules(*sim, scenario);
  if (!broken.empty()) {
    std::fprintf(stderr, "scenario_run_fuzz: %s: %s (and %zu more)\nscenario: %s\n", base.name.c_str(),
                 broken.front().c_str(), broken.size() - 1, scenario.dump().c_str());
    __builtin_trap();
  }
  // Half the runs (the input's last byte decides): the other run costs twice this one's time.
  if (!sim->stopped() && in.ConsumeBool()) expectSameAsArrivalEvents(*sim, scenario, base.name);
  return 0;
}
