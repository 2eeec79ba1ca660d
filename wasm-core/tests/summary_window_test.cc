// The measurement window (`measure`, docs/model.md section 5): a window changes what the
// summary counts, never the run, and every counter it reports is the difference of two
// runs' summaries: (from, to] = the run to `to` less the run to `from`.
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::ordered_json;

json runToEnd(const json& scenario) {
  std::unique_ptr<Simulation> sim = Simulation::fromJson(scenario.dump());
  sim->advanceTo(sim->duration());
  return sim->summary();
}

// Every whole number of `window` against the same place in `longer` less `shorter`, except
// the seed, the fingerprint's version, histogram bin edges and what holds a state (bursts in
// flight). Returns the places that differ, "path: got, want".
std::vector<std::string> countersNotDifferences(const json& window, const json& longer, const json& shorter) {
  std::vector<std::string> wrong;
  std::function<void(const json&, const json*, const json*, const std::string&)> walk =
      [&](const json& w, const json* l, const json* s, const std::string& path) {
        if (l == nullptr) return;  // `measure` is the window's own
        if (w.is_object()) {
          for (auto it = w.begin(); it != w.end(); ++it) {
            const json* lc = l->contains(it.key()) ? &(*l)[it.key()] : nullptr;
            const json* sc = s != nullptr && s->contains(it.key()) ? &(*s)[it.key()] : nullptr;
            walk(it.value(), lc, sc, path + "." + it.key());
          }
        } else if (w.is_array()) {
          for (std::size_t i = 0; i < w.size(); ++i) {
            const json* lc = i < l->size() ? &(*l)[i] : nullptr;
            const json* sc = s != nullptr && i < s->size() ? &(*s)[i] : nullptr;
            walk(w[i], lc, sc, path + "[" + std::to_string(i) + "]");
          }
        } else if (w.is_number_unsigned() || w.is_number_integer()) {
          if (path == ".seed" || path == ".fingerprintVersion" || path == ".bursts.inFlight" ||
              path.find(".lower[") != std::string::npos)
            return;
          const long long want = l->get<long long>() - (s != nullptr ? s->get<long long>() : 0);
          if (w.get<long long>() != want)
            wrong.push_back(path + ": " + std::to_string(w.get<long long>()) + ", want " + std::to_string(want));
        }
      };
  walk(window, &longer, &shorter, "");
  return wrong;
}

TEST(SummaryWindow, EveryCounterIsTheRunToItsEndLessTheRunToItsStart) {
  // A packet link, data and ACK bursts, drops and a recovering flow; a mesh with background
  // bursts, contention and deflection.
  for (const char* file : {"../presets/first-lesson.json", "../presets/contention-resolution.json"}) {
    SCOPED_TRACE(file);
    const json base = json::parse(readScenarioFile(file));
    const double duration = base["duration"].get<double>();
    const double from = duration / 4, to = duration * 3 / 4;
    json windowed = base, toFrom = base, toTo = base;
    windowed["measure"] = {{"from", from}, {"to", to}};
    toFrom["duration"] = from;
    toTo["duration"] = to;
    const json window = runToEnd(windowed);
    EXPECT_EQ(window["measure"], json({{"from", from}, {"to", to}}));
    EXPECT_EQ(window["fingerprint"], runToEnd(base)["fingerprint"]) << "a window must not change the run";
    EXPECT_EQ(countersNotDifferences(window, runToEnd(toTo), runToEnd(toFrom)), std::vector<std::string>{});
  }
}

TEST(SummaryWindow, RatesAreOverTheWindow) {
  json s = json::parse(readScenarioFile("../presets/first-lesson.json"));
  const double duration = s["duration"].get<double>(), from = 5;
  const json whole = runToEnd(s);
  json shorter = s;
  shorter["duration"] = from;
  const json first = runToEnd(shorter);
  s["measure"] = {{"from", from}};
  const json window = runToEnd(s);
  EXPECT_EQ(window["measure"], json({{"from", from}, {"to", duration}}));
  // Goodput: the bytes delivered in the window over its length (the flow starts at 0).
  const double delivered = window["flows"][0]["delivered"].get<double>();
  EXPECT_EQ(delivered, whole["flows"][0]["delivered"].get<double>() - first["flows"][0]["delivered"].get<double>());
  EXPECT_DOUBLE_EQ(window["flows"][0]["goodput"].get<double>(), delivered * 8 / (duration - from));
  // A packet link's utilisation: its busy time in the window over the window.
  const auto busy = [](const json& summary, double seconds) {
    return summary["links"][0]["ab"]["utilisation"].get<double>() * seconds;
  };
  EXPECT_NEAR(window["links"][0]["ab"]["utilisation"].get<double>() * (duration - from),
              busy(whole, duration) - busy(first, from), 1e-12);
  // The final cwnd is a state: the run's at the window's end.
  EXPECT_EQ(window["flows"][0]["finalCwnd"], whole["flows"][0]["finalCwnd"]);
}

TEST(SummaryWindow, BeforeItOpensNothingIsCountedAndFromZeroIsTheWholeRun) {
  json s = json::parse(readScenarioFile("../presets/first-lesson.json"));
  s["measure"] = {{"from", 5}};
  std::unique_ptr<Simulation> sim = Simulation::fromJson(s.dump());
  sim->advanceTo(2);
  const json early = sim->summary();
  EXPECT_EQ(early["measure"], json({{"from", 5.0}, {"to", 5.0}}));
  EXPECT_EQ(early["flows"][0]["segmentsSent"], 0);
  EXPECT_EQ(early["flows"][0]["goodput"], 0.0);
  EXPECT_EQ(early["bursts"]["sent"], 0);

  json fromZero = json::parse(readScenarioFile("../presets/first-lesson.json"));
  json whole = runToEnd(fromZero);
  fromZero["measure"] = {{"from", 0}};
  json window = runToEnd(fromZero);
  window.erase("measure");
  EXPECT_EQ(window.dump(), whole.dump());
}

TEST(SummaryWindow, RefusesAWindowOutsideTheRun) {
  json s = json::parse(readScenarioFile("../presets/first-lesson.json"));
  const auto refusal = [&](const json& measure) {
    json t = s;
    t["measure"] = measure;
    try {
      Simulation::fromJson(t.dump());
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(refusal({{"from", 20}}), "measure.from must be earlier than the duration, 20 s (got 20)");
  EXPECT_EQ(refusal({{"from", 5}, {"to", 5}}), "measure.to must be later than measure.from, 5 s (got 5)");
  EXPECT_EQ(refusal({{"from", 5}, {"to", 21}}), "measure.to must be at most the duration, 20 s (got 21)");
  EXPECT_EQ(refusal({{"from", 1}, {"until", 3}}).find("measure.until"), 0u);
}

}  // namespace
}  // namespace obs
