// Every figure of the summary obeys its definition (docs/model.md, "What the summary
// counts"), on every preset and scenario file and on fixed mutations of each that push it
// where the counts are hardest to keep: more flows, loads up to 10, one wavelength, small
// bursts, lossy lines with ARQ, listed losses, deflection and segmentation, JIT, a live
// change of a fiber's wavelengths. The mutations are drawn from a seeded stream, so every
// run checks the same variants. Each run is short, and its summary is checked halfway
// through (a live summary) and at the end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "scenario_files.h"
#include "sim/rng.h"
#include "simulation.h"
#include "summary_checks.h"

namespace obs {
namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// Short runs keep the whole file well under 20 s natively (Release); contention, full
// queues and the reservations an ingress edge makes far ahead all show within them.
constexpr double kMaxDuration = 0.5;
// Small bursts multiply events: a source's burst length is raised until the run's bursts
// stay below this.
constexpr double kMaxBurstsPerRun = 2e5;
constexpr int kMaxFlows = 400;  // copies over all groups, once raised
constexpr int kRandomVariants = 4;

json readJson(const std::string& path) {
  std::ifstream in(path);
  return json::parse(in);
}

// ---------------------------------------------------------------------------------------
// Mutations. Each takes the scenario and a stream to draw its parameters from, and says
// what it did, for the failure message.

int totalFlows(const json& s) {
  int n = 0;
  for (const json& f : s["flows"]) n += f.value("count", 1);
  return n;
}

// Shortens the run to at most kMaxDuration, scaling every time in it (starts, spreads,
// live changes) so that what happened over the run happens over the short one.
void shorten(json& s, double duration) {
  const double scale = duration / s["duration"].get<double>();
  if (scale >= 1) return;
  s["duration"] = duration;
  if (s.contains("sampleInterval")) s["sampleInterval"] = std::min(s["sampleInterval"].get<double>(), duration / 10);
  for (json& f : s["flows"]) {
    if (f.contains("start")) f["start"] = f["start"].get<double>() * scale;
    if (f.contains("startSpread")) f["startSpread"] = f["startSpread"].get<double>() * scale;
  }
  if (s.contains("liveChanges"))
    for (json& c : s["liveChanges"]) c["at"] = c["at"].get<double>() * scale;
  if (s.contains("drops"))
    for (json& d : s["drops"])
      if (d.contains("after")) d["after"] = d["after"].get<double>() * scale;
}

// Every flow group `factor` times as many copies, as far as kMaxFlows allows.
std::string multiplyFlows(json& s, int factor) {
  const int room = std::max(1, kMaxFlows / std::max(1, totalFlows(s)));
  const int f = std::min(factor, room);
  for (json& flow : s["flows"]) flow["count"] = flow.value("count", 1) * f;
  return "flows x" + std::to_string(f);
}

std::string moreFlows(json& s, RandomStream& r) {
  return multiplyFlows(s, 2 << static_cast<int>(r.uniform01() * 4));  // x2, 4, 8 or 16
}

std::string higherLoads(json& s, RandomStream& r) {
  const int load = 1 + static_cast<int>(r.uniform01() * 10);  // 1 .. 10, the format's most
  if (s.contains("background"))
    for (json& b : s["background"]) b["load"] = load;
  if (s.contains("traffic")) s["traffic"]["load"] = load;
  return "loads " + std::to_string(load);
}

std::string fewerWavelengths(json& s, RandomStream& r) {
  const bool one = r.uniform01() < 0.5;
  for (json& l : s["links"])
    if (l.value("kind", "") == "fiber") l["wavelengths"] = one ? 1 : std::max(1, l.value("wavelengths", 1) / 2);
  return one ? "1 wavelength" : "half the wavelengths";
}

// The fastest fiber's capacity: what any background source may offer at most.
double maxFiberCapacity(const json& s) {
  double c = 0;
  for (const json& l : s["links"])
    if (l.value("kind", "") == "fiber") c = std::max(c, l.value("rate", 1e9) * l.value("wavelengths", 1));
  return c;
}

int edgeCount(const json& s) {
  int n = 0;
  for (const json& node : s["nodes"]) n += node.value("kind", "") == "edge";
  return n;
}

std::string smallBursts(json& s, RandomStream& r) {
  const double pick = 500 + std::floor(r.uniform01() * 4000);
  // Sources: the background list, and up to one per ordered pair of edges for `traffic`.
  const int sources = static_cast<int>(s.value("background", json::array()).size()) +
                      (s.contains("traffic") ? edgeCount(s) * edgeCount(s) : 0);
  if (sources == 0) return "";
  // Bursts over the run at load 10 on the fastest fiber: affordable, whatever the others do.
  const double floorBytes = 10 * maxFiberCapacity(s) * s["duration"].get<double>() * sources / (8 * kMaxBurstsPerRun);
  const double bytes = std::ceil(std::max(pick, floorBytes));
  if (s.contains("background"))
    for (json& b : s["background"]) b["meanBytes"] = bytes;
  if (s.contains("traffic")) s["traffic"]["meanBytes"] = bytes;
  return "meanBytes " + std::to_string(static_cast<long>(bytes));
}

std::string contentionResolution(json& s, RandomStream& r) {
  const double u = r.uniform01();
  const bool deflection = u < 2.0 / 3, segmentation = u >= 1.0 / 3;
  for (json& n : s["nodes"]) {
    if (n.value("kind", "") != "core") continue;
    if (deflection) n["deflection"] = true;
    if (segmentation) n["segmentation"] = true;
  }
  return std::string(deflection ? "deflection " : "") + (segmentation ? "segmentation" : "");
}

std::string lossyLines(json& s, RandomStream& r) {
  const double loss = 0.05 + 0.25 * r.uniform01();
  const int retries = static_cast<int>(r.uniform01() * 4);  // 0 .. 3
  for (json& l : s["links"]) {
    if (l.value("kind", "") != "packet") continue;
    l["loss"] = loss;
    l["arq"] = {{"retries", retries}, {"retryDelay", 2e-4}};
  }
  return "lossy lines (" + std::to_string(retries) + " retries)";
}

std::string listedDrops(json& s, RandomStream&) {
  json drops = s.value("drops", json::array());
  drops.push_back({{"flow", s["flows"][0]["id"]}, {"packets", {3, 4, 5, 40, 41}}});
  for (const json& n : s["nodes"])
    if (n.value("kind", "") == "edge") drops.push_back({{"edge", n["id"]}, {"class", "data"}, {"bursts", {1, 2, 7}}});
  s["drops"] = drops;
  return "listed drops";
}

std::string jit(json& s, RandomStream&) {
  s["obs"]["reservation"] = "jit";
  return "jit";
}

// The first fiber loses all wavelengths but one a third into the run, and gets one more
// than it had two thirds in: the removed lanes keep their reservations meanwhile.
std::string wavelengthsLive(json& s, RandomStream&) {
  for (std::size_t i = 0; i < s["links"].size(); ++i) {
    const json& l = s["links"][i];
    if (l.value("kind", "") != "fiber") continue;
    const double d = s["duration"].get<double>();
    const std::string path = "links[" + std::to_string(i) + "].wavelengths";
    json changes = s.value("liveChanges", json::array());
    changes.push_back({{"at", d / 3}, {"path", path}, {"value", 1}});
    changes.push_back({{"at", 2 * d / 3}, {"path", path}, {"value", l.value("wavelengths", 1) + 1}});
    std::stable_sort(changes.begin(), changes.end(),
                     [](const json& a, const json& b) { return a["at"].get<double>() < b["at"].get<double>(); });
    s["liveChanges"] = changes;
    return "wavelengths live on " + l["id"].get<std::string>();
  }
  return "";
}

using Mutation = std::string (*)(json&, RandomStream&);
const std::vector<Mutation>& mutations() {
  static const std::vector<Mutation> all{
      moreFlows,   higherLoads, fewerWavelengths, smallBursts, contentionResolution, lossyLines,
      listedDrops, jit,         wavelengthsLive};
  return all;
}

struct Variant {
  std::string name;
  json scenario;
};

// The file as it is, the file crowded (more flows, load 10, one wavelength), then random
// mixes of the mutations, each drawn from a stream named after the file.
std::vector<Variant> variants(const std::string& file) {
  const json base = readJson(file);
  RandomStream r(35, std::filesystem::path(file).filename().string());
  std::vector<Variant> out;
  auto make = [&](const std::string& name, const std::vector<Mutation>& chosen) {
    Variant v{name, base};
    shorten(v.scenario, std::min(kMaxDuration, 0.1 + std::floor(r.uniform01() * 5) * 0.1));
    for (Mutation m : chosen) {
      const std::string what = m(v.scenario, r);
      if (!what.empty()) v.name += ", " + what;
    }
    out.push_back(v);
  };
  make("as is", {});
  {
    Variant v{"crowded", base};
    shorten(v.scenario, kMaxDuration);
    multiplyFlows(v.scenario, 16);
    if (v.scenario.contains("background"))
      for (json& b : v.scenario["background"]) b["load"] = 10;
    if (v.scenario.contains("traffic")) v.scenario["traffic"]["load"] = 10;
    for (json& l : v.scenario["links"])
      if (l.value("kind", "") == "fiber") l["wavelengths"] = 1;
    out.push_back(v);
  }
  for (int k = 0; k < kRandomVariants; ++k) {
    std::vector<Mutation> chosen;
    for (Mutation m : mutations())
      if (r.uniform01() < 0.4) chosen.push_back(m);
    make("mix " + std::to_string(k), chosen);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// The invariants: summary_checks.h, shared with the run fuzzer.

void checkSummary(const Simulation& sim, const json& scenario) {
  SCOPED_TRACE("at " + std::to_string(sim.now()) + " s");
  EXPECT_EQ(brokenSummaryRules(sim, scenario), std::vector<std::string>{});
}

class SummaryInvariants : public ::testing::TestWithParam<std::string> {};

TEST_P(SummaryInvariants, HoldOnTheFileAndItsMutations) {
  for (const Variant& v : variants(GetParam())) {
    SCOPED_TRACE(v.name);
    std::unique_ptr<Simulation> sim;
    try {
      sim = Simulation::fromJson(v.scenario.dump());
    } catch (const ScenarioError& e) {
      ADD_FAILURE() << "refused: " << e.what();
      continue;
    }
    sim->advanceTo(sim->duration() / 2);
    checkSummary(*sim, v.scenario);
    sim->advanceTo(sim->duration());
    EXPECT_FALSE(sim->stopped()) << sim->stopReason();
    checkSummary(*sim, v.scenario);
  }
}

// Busy time within [0, t] per link direction (index link * 2 + dir), read back from the
// visual log's bars: a packet's first to last bit on its line, a burst's on its
// wavelength. Lossless lines only (the log draws a lossy packet's first try alone).
class BusyFromLog {
 public:
  explicit BusyFromLog(Simulation& sim) : sim_(sim), bars_(2 * sim.scenario().links.size()) {
    sim.setVisualEvents(true);
    sim.setVisualEventKinds(1u << static_cast<int>(VisualEventKind::PacketOnLink) |
                            1u << static_cast<int>(VisualEventKind::BurstOnLink));
  }
  // Runs to `t` in small steps, draining the log so that it never overflows.
  void advanceTo(double t) {
    const double step = sim_.duration() / 200;
    for (double at = std::min(t, sim_.now() + step); sim_.now() < t; at = std::min(t, at + step)) {
      sim_.advanceTo(at);
      const VisualEventColumns c = sim_.drainVisualEvents();
      for (std::size_t i = 0; i < c.rows(); ++i) bars_[c.link[i] * 2 + c.dir[i]].push_back({c.t0[i], c.t1[i]});
    }
    ASSERT_EQ(sim_.visualEventsLost(), 0u);
  }
  double within(std::size_t direction, double t) const {
    double busy = 0;
    for (const auto& [from, to] : bars_[direction]) busy += std::max(0.0, std::min(to, t) - from);
    return busy;
  }

 private:
  Simulation& sim_;
  std::vector<std::vector<std::pair<double, double>>> bars_;
};

void utilisationMatchesLog(const Simulation& sim, const BusyFromLog& log) {
  const ojson s = sim.summary();
  const double t = sim.now();
  SCOPED_TRACE("at " + std::to_string(t) + " s");
  const std::vector<LinkSpec>& links = sim.scenario().links;
  for (std::size_t i = 0; i < links.size(); ++i)
    for (int dir = 0; dir < 2; ++dir) {
      const double offered = links[i].kind == LinkKind::Fiber ? t * links[i].wavelengths : t;
      const double expected = log.within(i * 2 + dir, t) / offered;
      EXPECT_NEAR(s["links"][i][dir == 0 ? "ab" : "ba"]["utilisation"].get<double>(), expected, 1e-9)
          << links[i].id << (dir == 0 ? ".ab" : ".ba");
    }
}

// The two cases of issue 35, and a mesh whose cores deflect and cut bursts: utilisation is
// the busy time within the run over the run, exactly (to rounding), even where packets
// queue past its end or an ingress edge has reserved wavelengths far ahead.
TEST(SummaryUtilisation, IsTheBusyTimeWithinTheRunAsTheEventLogDrawsIt) {
  json crowdedLine = readJson(std::string(kScenarioDir) + "/../presets/first-lesson.json");
  crowdedLine["flows"][0]["count"] = 50;
  json oneWavelength = readJson(std::string(kScenarioDir) + "/../presets/nsfnet.json");
  oneWavelength["traffic"]["load"] = 10;
  for (json& l : oneWavelength["links"])
    if (l["kind"] == "fiber") l["wavelengths"] = 1;
  json cutting = json::parse(readScenarioFile("mesh-features.json"));
  for (json& n : cutting["nodes"])
    if (n["kind"] == "core") n["deflection"] = n["segmentation"] = true;
  cutting["traffic"]["load"] = 3;
  for (json* j : {&crowdedLine, &oneWavelength, &cutting}) {
    shorten(*j, 0.2);
    SCOPED_TRACE((*j)["name"].get<std::string>());
    auto sim = Simulation::fromJson(j->dump());
    BusyFromLog log(*sim);
    log.advanceTo(sim->duration() / 2);
    utilisationMatchesLog(*sim, log);
    log.advanceTo(sim->duration());
    utilisationMatchesLog(*sim, log);
  }
}

std::string testName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = std::filesystem::path(info.param).stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryFile, SummaryInvariants, ::testing::ValuesIn(scenarioFiles()), testName);

}  // namespace
}  // namespace obs
