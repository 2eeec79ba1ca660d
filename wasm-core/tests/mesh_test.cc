// OBS meshes (docs/mesh.md): per-core wavelength conversion, the edge's wavelength choice,
// traffic matrices and the summary's per-pair loss. The lanes a burst takes hop by hop
// are read from the visual event log, the record the channel view draws.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::json;

// A ring of `cores` cores C0..C(n-1), edge Ei beside core Ci, K wavelengths on the ring,
// 4K on the edges' fibers, uniform traffic at `load`.
json ring(int cores, int k, double load, const json& conversion, double duration = 0.05) {
  json nodes = json::array(), links = json::array();
  for (int i = 0; i < cores; ++i) {
    json c = {{"id", "C" + std::to_string(i)}, {"kind", "core"}};
    if (!conversion.is_null()) c["conversion"] = conversion;
    nodes.push_back(c);
  }
  for (int i = 0; i < cores; ++i) {
    nodes.push_back({{"id", "E" + std::to_string(i)}, {"kind", "edge"}});
    links.push_back({{"id", "a" + std::to_string(i)},
                     {"a", "E" + std::to_string(i)},
                     {"b", "C" + std::to_string(i)},
                     {"kind", "fiber"},
                     {"rate", 1e9},
                     {"delay", 1e-6},
                     {"wavelengths", 4 * k}});
  }
  for (int i = 0; i < cores; ++i)
    links.push_back({{"id", "r" + std::to_string(i)},
                     {"a", "C" + std::to_string(i)},
                     {"b", "C" + std::to_string((i + 1) % cores)},
                     {"kind", "fiber"},
                     {"rate", 1e9},
                     {"delay", 1e-4 * (1 + i % 3)},
                     {"wavelengths", k}});
  return {{"version", 1},
          {"seed", 3},
          {"duration", duration},
          {"sampleInterval", duration / 10},
          {"nodes", nodes},
          {"links", links},
          {"obs", {{"scheduling", "lauc"}, {"offset", 1e-4}}},
          {"traffic", {{"matrix", "uniform"}, {"load", load}}}};
}

// Every burst's (link, lane) on each hop it got a wavelength on, in hop order.
std::map<std::int32_t, std::vector<std::pair<int, int>>> lanesByBurst(Simulation& sim) {
  sim.setVisualEvents(true);
  std::map<std::int32_t, std::vector<std::pair<int, int>>> lanes;
  const SimTime step = fromSeconds(sim.duration() / 200);
  for (SimTime t = step; t <= fromSeconds(sim.duration()); t += step) {
    sim.advanceTo(toSeconds(t));
    VisualEventColumns c = sim.drainVisualEvents();
    for (std::size_t i = 0; i < c.kind.size(); ++i)
      if (c.kind[i] == static_cast<std::uint8_t>(VisualEventKind::BurstOnLink))
        lanes[c.id[i]].emplace_back(c.link[i], c.lane[i]);
  }
  return lanes;
}

double contentionLoss(const Simulation& sim) {
  const BurstClassCounters& c = sim.obsPlane().counters(BurstClass::Background);
  return static_cast<double>(c.dropped[static_cast<int>(DropReason::Contention)]) / static_cast<double>(c.sent);
}

bool isRingLink(int link, int cores) { return link >= cores; }  // links: a0..a(n-1), then r0..

TEST(MeshParser, ReadsConversionChoiceAndTraffic) {
  json j = ring(4, 4, 0.5, "none");
  j["nodes"][1]["conversion"] = {{"range", 2}};
  j["nodes"][2]["conversion"] = "full";
  j["obs"]["wavelengthChoice"] = "random";
  j["traffic"] = {{"matrix", {{0, 1, 0, 2}, {1, 0, 0, 0}, {0, 0, 0, 3}, {0.5, 0, 0, 0}}},
                  {"load", 0.4},
                  {"model", "self-similar"},
                  {"hurst", 0.7},
                  {"meanBytes", 20000}};
  Scenario s = parseScenario(j.dump());
  EXPECT_EQ(s.nodes[0].conversion, ConversionKind::None);
  EXPECT_EQ(s.nodes[1].conversion, ConversionKind::Range);
  EXPECT_EQ(s.nodes[1].conversionRange, 2);
  EXPECT_EQ(s.nodes[2].conversion, ConversionKind::Full);
  EXPECT_EQ(s.obs.wavelengthChoice, WavelengthChoice::Random);
  ASSERT_TRUE(s.traffic.present);
  EXPECT_FALSE(s.traffic.uniform);
  EXPECT_DOUBLE_EQ(s.traffic.weights[0][3], 2);
  EXPECT_EQ(s.traffic.model, BackgroundModel::SelfSimilar);
  EXPECT_DOUBLE_EQ(s.traffic.hurst, 0.7);
}

struct Refusal {
  const char* name;
  std::function<void(json&)> edit;
  const char* message;
};

class MeshRefusal : public ::testing::TestWithParam<Refusal> {};

TEST_P(MeshRefusal, NamesTheFieldAndTheRule) {
  json j = ring(3, 4, 0.5, nullptr);
  GetParam().edit(j);
  EXPECT_EQ(parserRefusal(j), GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Fields, MeshRefusal,
    ::testing::Values(Refusal{"ConversionWord", [](json& j) { j["nodes"][0]["conversion"] = "partial"; },
                              "nodes[0].conversion must be one of \"full\" or \"none\" (got \"partial\")"},
                      Refusal{"ConversionType", [](json& j) { j["nodes"][0]["conversion"] = 2; },
                              "nodes[0].conversion must be \"full\", \"none\" or { \"range\": d } (got a number)"},
                      Refusal{"RangeZero",
                              [](json& j) {
                                j["nodes"][0]["conversion"] = {{"range", 0}};
                              },
                              "nodes[0].conversion.range must be an integer between 1 and 1000 (got 0)"},
                      Refusal{"RangeUnknownField",
                              [](json& j) {
                                j["nodes"][0]["conversion"] = {{"range", 1}, {"wrap", true}};
                              },
                              "nodes[0].conversion.wrap is not a known field"},
                      Refusal{"ConversionOnEdge", [](json& j) { j["nodes"][3]["conversion"] = "none"; },
                              "nodes[3].conversion applies to core nodes only"},
                      Refusal{"Choice", [](json& j) { j["obs"]["wavelengthChoice"] = "best-fit"; },
                              "obs.wavelengthChoice must be one of \"first-fit\" or \"random\" (got \"best-fit\")"},
                      Refusal{"MatrixWord", [](json& j) { j["traffic"]["matrix"] = "gravity"; },
                              "traffic.matrix must be \"uniform\" or an array of rows of weights"},
                      Refusal{"MatrixRows",
                              [](json& j) {
                                j["traffic"]["matrix"] = {{0, 1, 1}, {1, 0, 1}};
                              },
                              "traffic.matrix must have one row per edge node (3), got 2"},
                      Refusal{"MatrixRowLength",
                              [](json& j) {
                                j["traffic"]["matrix"] = {{0, 1, 1}, {1, 0}, {1, 1, 0}};
                              },
                              "traffic.matrix[1] must be an array of 3 numbers, one per edge node"},
                      Refusal{"Diagonal",
                              [](json& j) {
                                j["traffic"]["matrix"] = {{0, 1, 1}, {1, 2, 1}, {1, 1, 0}};
                              },
                              "traffic.matrix[1][1] must be 0: an edge sends no traffic to itself"},
                      Refusal{"Negative",
                              [](json& j) {
                                j["traffic"]["matrix"] = {{0, -1, 1}, {1, 0, 1}, {1, 1, 0}};
                              },
                              "traffic.matrix[0][1] must be between 0 and 1e+09 (got -1)"},
                      Refusal{"AllZero",
                              [](json& j) {
                                j["traffic"]["matrix"] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
                              },
                              "traffic.matrix must give some pair a weight above 0"},
                      Refusal{"NoLoad", [](json& j) { j["traffic"].erase("load"); }, "traffic.load is required"},
                      Refusal{"HurstOnPoisson", [](json& j) { j["traffic"]["hurst"] = 0.7; },
                              "traffic.hurst applies to the \"self-similar\" model only"},
                      Refusal{"OneEdge",
                              [](json& j) {
                                for (int i = 4; i < 6; ++i) j["nodes"][i]["kind"] = "core";
                              },
                              "traffic.matrix needs at least two edge nodes (got 1)"}),
    [](const ::testing::TestParamInfo<Refusal>& info) { return info.param.name; });

TEST(MeshTraffic, LoadIsTheMeanOfferedLoadPerWavelengthOnCoreLinks) {
  // Weights that differ by pair; the summary's offered Erlangs, summed per core-to-core
  // direction along the reported routes, must average load x K.
  json j = ring(5, 8, 0.45, nullptr, 0.02);
  json m = json::array();
  for (int i = 0; i < 5; ++i) {
    json row = json::array();
    for (int k = 0; k < 5; ++k) row.push_back(i == k ? 0 : 1 + (i * 3 + k) % 4);
    m.push_back(row);
  }
  j["traffic"]["matrix"] = m;
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  const json summary = sim->summary();
  std::map<std::pair<std::string, std::string>, double> offered;  // core direction -> Erlangs
  ASSERT_EQ(summary["pairs"].size(), 20u);
  for (const json& p : summary["pairs"]) {
    const auto& route = p["route"];
    for (std::size_t h = 1; h + 2 < route.size(); ++h)  // core-to-core hops only
      offered[{route[h].get<std::string>(), route[h + 1].get<std::string>()}] += p["offeredErlangs"].get<double>();
  }
  double sum = 0;
  for (const auto& [direction, a] : offered) sum += a / 8;
  EXPECT_NEAR(sum / static_cast<double>(offered.size()), 0.45, 1e-12);
  // Each pair's share follows its weight: E0 -> E1 has weight 2, E0 -> E3 weight 4.
  double e01 = 0, e03 = 0;
  for (const json& p : summary["pairs"]) {
    if (p["src"] == "E0" && p["dst"] == "E1") e01 = p["offeredErlangs"];
    if (p["src"] == "E0" && p["dst"] == "E3") e03 = p["offeredErlangs"];
  }
  EXPECT_NEAR(e03 / e01, 2.0, 1e-12);
}

TEST(MeshTraffic, PairsCountWhatTheirSourcesSent) {
  auto sim = Simulation::fromJson(ring(4, 8, 0.5, nullptr, 0.1).dump());
  sim->advanceTo(sim->duration());
  const json summary = sim->summary();
  std::uint64_t sent = 0, delivered = 0, dropped = 0;
  for (const json& p : summary["pairs"]) {
    sent += p["sent"].get<std::uint64_t>();
    delivered += p["delivered"].get<std::uint64_t>();
    dropped += p["dropped"]["contention"].get<std::uint64_t>() + p["dropped"]["late"].get<std::uint64_t>() +
               p["dropped"]["injected"].get<std::uint64_t>();
    // Bursts per pair: Poisson with mean A / (mean duration), 5 sigma.
    const double expected = p["offeredErlangs"].get<double>() / (40000 * 8 / 1e9) * 0.1;
    EXPECT_NEAR(p["sent"].get<double>(), expected, 5 * std::sqrt(expected)) << p["src"] << " -> " << p["dst"];
  }
  EXPECT_EQ(sent, summary["bursts"]["sent"].get<std::uint64_t>());
  EXPECT_EQ(sent, delivered + dropped + summary["bursts"]["inFlight"].get<std::uint64_t>());
}

// Each pair states the offset its bursts got: the scenario's number, or what "auto" chose
// for the path, which grows with the cores the control packet must cross before it.
TEST(MeshTraffic, PairsStateTheirOffset) {
  json fixed = ring(4, 8, 0.5, nullptr, 0.01);
  auto sim = Simulation::fromJson(fixed.dump());
  sim->advanceTo(sim->duration());
  const json fixedSummary = sim->summary();
  ASSERT_FALSE(fixedSummary["pairs"].empty());
  for (const json& p : fixedSummary["pairs"])
    EXPECT_EQ(p["offset"].get<double>(), 1e-4) << p["src"] << " -> " << p["dst"];

  json automatic = fixed;
  automatic["obs"]["offset"] = "auto";
  auto autoSim = Simulation::fromJson(automatic.dump());
  autoSim->advanceTo(autoSim->duration());
  const json autoSummary = autoSim->summary();
  std::map<std::size_t, double> byCores;  // cores on the route -> its offset
  for (const json& p : autoSummary["pairs"]) {
    const std::size_t cores = p["route"].size() - 2;  // edge, cores..., edge
    const double offset = p["offset"].get<double>();
    EXPECT_GT(offset, 0) << p["src"] << " -> " << p["dst"];
    auto [at, fresh] = byCores.emplace(cores, offset);
    if (!fresh) EXPECT_NEAR(at->second, offset, 1e-12) << "the same number of cores, the same offset";
  }
  ASSERT_GE(byCores.size(), 2u);
  for (auto it = std::next(byCores.begin()); it != byCores.end(); ++it) EXPECT_GT(it->second, std::prev(it)->second);
}

TEST(MeshConversion, WithoutConversionABurstKeepsItsWavelengthAcrossTheCores) {
  auto sim = Simulation::fromJson(ring(6, 4, 0.5, "none").dump());
  int multiHop = 0;
  for (const auto& [id, hops] : lanesByBurst(*sim)) {
    std::vector<int> coreLanes;
    for (const auto& [link, lane] : hops)
      if (isRingLink(link, 6)) coreLanes.push_back(lane);
    for (std::size_t h = 1; h < coreLanes.size(); ++h) ASSERT_EQ(coreLanes[h], coreLanes[0]) << "burst " << id;
    multiHop += coreLanes.size() > 1;
  }
  EXPECT_GT(multiHop, 100);
  EXPECT_GT(contentionLoss(*sim), 0.0);
}

TEST(MeshConversion, LimitedRangeMovesAWavelengthAtMostDPerCore) {
  auto sim = Simulation::fromJson(ring(6, 8, 0.6, {{"range", 1}}).dump());
  int moved = 0;
  for (const auto& [id, hops] : lanesByBurst(*sim)) {
    int previous = -1;
    for (const auto& [link, lane] : hops) {
      if (!isRingLink(link, 6)) continue;
      if (previous >= 0) {
        ASSERT_LE(std::abs(lane - previous), 1) << "burst " << id;
        moved += lane != previous;
      }
      previous = lane;
    }
  }
  EXPECT_GT(moved, 0);  // the converters were used
}

TEST(MeshConversion, LossFallsAsConversionWidens) {
  double none = 0, range = 0, full = 0;
  for (auto [conversion, loss] : {std::pair<json, double*>{"none", &none}, {{{"range", 2}}, &range}, {"full", &full}}) {
    auto sim = Simulation::fromJson(ring(6, 8, 0.5, conversion, 0.3).dump());
    sim->advanceTo(sim->duration());
    *loss = contentionLoss(*sim);
  }
  EXPECT_GT(none, range);
  EXPECT_GT(range, full);
  EXPECT_GT(full, 0.0);
}

TEST(MeshConversion, FirstFitPilesOntoLowWavelengthsRandomSpreads) {
  // The first core's choice for a path with continuity: first-fit uses lane 0 most,
  // random about evenly.
  for (const char* rule : {"first-fit", "random"}) {
    json j = ring(6, 4, 0.3, "none");
    j["obs"]["wavelengthChoice"] = rule;
    auto sim = Simulation::fromJson(j.dump());
    std::vector<int> uses(4, 0);
    for (const auto& [id, hops] : lanesByBurst(*sim))
      for (const auto& [link, lane] : hops)
        if (isRingLink(link, 6)) {
          ++uses[lane];
          break;  // the first core-to-core hop: the edge's choice
        }
    const double total = uses[0] + uses[1] + uses[2] + uses[3];
    if (std::string(rule) == "first-fit") {
      EXPECT_GT(uses[0] / total, 0.4) << rule;
      EXPECT_LT(uses[3] / total, 0.15) << rule;
    } else {
      for (int w = 0; w < 4; ++w) EXPECT_NEAR(uses[w] / total, 0.25, 0.05) << rule << " lane " << w;
    }
  }
}

TEST(MeshConversion, FullConversionAndDropPortsRunExactlyAsBefore) {
  // "full" written out is the default; and a core without conversion in front of a drop
  // port only (one core per path) restricts nothing: same events, same fingerprint.
  auto fingerprint = [](const json& j) {
    auto sim = Simulation::fromJson(j.dump());
    sim->advanceTo(sim->duration());
    return sim->summary()["fingerprint"].get<std::string>();
  };
  EXPECT_EQ(fingerprint(ring(4, 4, 0.5, nullptr)), fingerprint(ring(4, 4, 0.5, "full")));
  json star = {{"version", 1},
               {"duration", 0.05},
               {"sampleInterval", 0.005},
               {"nodes",
                {{{"id", "C"}, {"kind", "core"}},
                 {{"id", "E0"}, {"kind", "edge"}},
                 {{"id", "E1"}, {"kind", "edge"}},
                 {{"id", "E2"}, {"kind", "edge"}}}},
               {"links", json::array()},
               {"traffic", {{"load", 0.7}}}};
  for (int i = 0; i < 3; ++i)
    star["links"].push_back({{"id", "l" + std::to_string(i)},
                             {"a", "E" + std::to_string(i)},
                             {"b", "C"},
                             {"kind", "fiber"},
                             {"rate", 1e9},
                             {"delay", 1e-5},
                             {"wavelengths", 2}});
  json none = star;
  none["nodes"][0]["conversion"] = "none";
  EXPECT_EQ(fingerprint(star), fingerprint(none));
}

}  // namespace
}  // namespace obs
