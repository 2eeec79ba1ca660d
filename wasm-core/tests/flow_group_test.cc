// Flow groups as an ns-2 script writes them (docs/routing.md): starts spread over an
// interval, deterministically from the seed, and each copy's own access link; and the
// presets, which use neither, run exactly as before these fields existed.
#include <gtest/gtest.h>

#include "app/start_spread.h"
#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

nlohmann::json spreadScenario(double spread, std::uint32_t seed = 1) {
  nlohmann::json j = defaultJson();
  j["seed"] = seed;
  j["duration"] = 1;
  j["flows"][0]["count"] = 8;
  j["flows"][0]["start"] = 0.1;
  j["flows"][0]["startSpread"] = spread;
  return j;
}

TEST(StartSpread, StartsAreSeededWithinTheIntervalAndNotEqual) {
  const auto a = replicaStarts(parseScenario(spreadScenario(1.5).dump()));
  const auto b = replicaStarts(parseScenario(spreadScenario(1.5).dump()));
  const auto c = replicaStarts(parseScenario(spreadScenario(1.5, 2).dump()));
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(a[0].size(), 8u);
  EXPECT_EQ(a, b);  // same scenario, same seed: same starts
  EXPECT_NE(a, c);  // another seed: other starts
  for (double t : a[0]) {
    EXPECT_GE(t, 0.1);
    EXPECT_LT(t, 1.6);
  }
  EXPECT_NE(a[0][0], a[0][1]);
  // Without a spread every copy starts at `start`, as before.
  const auto none = replicaStarts(parseScenario(spreadScenario(0).dump()));
  EXPECT_EQ(none[0], std::vector<double>(8, 0.1));
}

TEST(StartSpread, CopiesStartWhenDrawn) {
  // Over 1 s with starts spread over 1.5 s: copies drawn after the end send nothing,
  // copies drawn early deliver data.
  const nlohmann::json j = spreadScenario(1.5);
  const auto starts = replicaStarts(parseScenario(j.dump()))[0];
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  const auto flows = sim->summary()["flows"];
  int late = 0, early = 0;
  for (std::size_t k = 0; k < starts.size(); ++k) {
    const double delivered = flows[k]["delivered"].get<double>();
    if (starts[k] >= 1) {
      EXPECT_EQ(delivered, 0) << k;
      ++late;
    }
    if (starts[k] < 0.6) {
      EXPECT_GT(delivered, 0) << k;
      ++early;
    }
  }
  EXPECT_GT(late + early, 0);
}

TEST(StartSpread, RefusalsNameTheField) {
  nlohmann::json j = spreadScenario(-1);
  EXPECT_EQ(parserRefusal(j), "flows[0].startSpread must be between 0 and 1e+06 (got -1)");
  j = spreadScenario(1e6);
  EXPECT_EQ(parserRefusal(j), "flows[0].startSpread must end by 1e+06 s: start + startSpread is 1e+06");
}

// Three copies to Client from E1: the group "fast" (two copies) with 50 Mbit/s access
// each, the group "slow" (one) with 1 Mbit/s: the slow one is limited by its own access,
// the fast ones are not.
nlohmann::json accessScenario() {
  nlohmann::json j = defaultJson();
  j["duration"] = 3;
  j["obs"]["burstLoss"] = {{"data", 0}, {"ack", 0}};
  j["links"][3]["rate"] = 1e9;  // the shared sink link is no bottleneck
  nlohmann::json fast = j["flows"][0];
  fast["id"] = "fast";
  fast["src"] = "E1";
  fast["count"] = 2;
  fast["tcp"]["maxWindow"] = 1000;
  fast["access"] = {{"src", {{"rate", 5e7}, {"delay", 1e-3}, {"queue", 50}}}};
  nlohmann::json slow = fast;
  slow["id"] = "slow";
  slow["count"] = 1;
  slow["access"] = {{"src", {{"rate", 1e6}, {"delay", 1e-3}, {"queue", 50}}}};
  j["flows"] = {fast, slow};
  return j;
}

TEST(Access, EachCopyHasItsOwnLinkAndQueue) {
  auto sim = Simulation::fromJson(accessScenario().dump());
  sim->advanceTo(sim->duration());
  const auto s = sim->summary();
  ASSERT_EQ(s["flows"].size(), 3u);
  EXPECT_EQ(s["flows"][0]["id"], "fast#0");
  EXPECT_EQ(s["flows"][1]["id"], "fast#1");
  EXPECT_EQ(s["flows"][2]["id"], "slow");
  const double slow = s["flows"][2]["goodput"].get<double>();
  EXPECT_LE(slow, 1e6);
  EXPECT_GT(slow, 5e5);
  for (int k = 0; k < 2; ++k) EXPECT_GT(s["flows"][k]["goodput"].get<double>(), 1e7) << k;
  // The slow copy's window outgrows its own 50-packet queue: drops there, counted.
  EXPECT_GT(s["packets"]["queueDrops"].get<double>(), 0);
  // The summary's links are the scenario's own: the drawn ones add none.
  EXPECT_EQ(s["links"].size(), accessScenario()["links"].size());
  const Simulation::PacketLedger l = sim->packetLedger();
  EXPECT_EQ(l.sent, l.delivered + l.linkDrops + l.burstDrops + l.held);
}

TEST(Access, SinkSideAccessAndBothSides) {
  nlohmann::json j = accessScenario();
  j["flows"][0]["dst"] = "E2";
  j["flows"][0]["access"]["dst"] = {{"rate", 1e7}, {"delay", 1e-3}};
  j["flows"].erase(1);
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  const auto s = sim->summary();
  for (int k = 0; k < 2; ++k) {
    const double g = s["flows"][k]["goodput"].get<double>();
    EXPECT_GT(g, 2e6) << k;
    EXPECT_LE(g, 1e7) << k;  // each limited by its own 10 Mbit/s sink link
  }
}

TEST(Access, ForcedRoutesRunBetweenTheGroupsNodes) {
  // With access, a route names the group's own src and dst nodes; each copy adds its
  // private link in front. A route starting at a drawn host is refused (no such node).
  nlohmann::json j = accessScenario();
  j["flows"][0]["route"] = {"E1", "C1", "E2", "Client"};
  j["flows"][0]["ackRoute"] = {"Client", "E2", "C1", "E1"};
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  const auto s = sim->summary();
  for (int k = 0; k < 2; ++k) EXPECT_GT(s["flows"][k]["goodput"].get<double>(), 1e7) << k;
  j["flows"][0]["route"] = {"fast#0.src", "E1", "C1", "E2", "Client"};
  EXPECT_EQ(parserRefusal(j), "flows[0].route[0] refers to an unknown node \"fast#0.src\"");
}

TEST(Access, RefusalsNameTheFieldAndTheRule) {
  auto refusal = [](auto change) {
    nlohmann::json j = accessScenario();
    change(j);
    return parserRefusal(j);
  };
  EXPECT_EQ(refusal([](nlohmann::json& j) { j["flows"][0]["src"] = "Server"; }),
            "flows[0].src must be a router or an edge node when access.src is given: each copy's own host is "
            "linked to it (\"Server\" is a host)");
  EXPECT_EQ(refusal([](nlohmann::json& j) { j["flows"][0]["access"] = nlohmann::json::object(); }),
            "flows[0].access.src is required (or \"dst\"): access gives each copy its own link at one side or both");
  EXPECT_EQ(
      refusal([](nlohmann::json& j) { j["flows"][0]["access"]["src"]["rate"] = 10; }),
      "flows[0].access.src.rate must be at least 1000 bit/s on a packet link (a 65 KB packet then lasts 9 minutes)");
  EXPECT_EQ(refusal([](nlohmann::json& j) { j["flows"][0]["access"]["src"].erase("delay"); }),
            "flows[0].access.src.delay is required");
  EXPECT_EQ(refusal([](nlohmann::json& j) {
              j["flows"][0]["access"]["src"]["queue"] = 1.5;
            }).rfind("flows[0].access.src.queue ", 0),
            0u);
  EXPECT_EQ(refusal([](nlohmann::json& j) {
              j["flows"][0]["access"]["src"]["loss"] = 0.1;
            }).rfind("flows[0].access.src.loss ", 0),
            0u);
  EXPECT_EQ(refusal([](nlohmann::json& j) {
              j["nodes"][0]["id"] = "fast#1.src";
              j["links"][0]["a"] = "fast#1.src";
            }),
            "flows[0].access.src draws a host and link named \"fast#1.src\", the id of nodes[0] (rename that one)");
  EXPECT_EQ(refusal([](nlohmann::json&) {}), "(accepted)");
}

// A scenario that does not use `cost`, `startSpread` or `route` runs exactly as one that
// gives them their meaning by default: every link costing its delay in each direction, no
// spread, and (for single-path presets) nothing forced, where a preset leaves them out.
// Checked on every preset over its first second, by the summary's fingerprint. (When the extension landed, the
// fingerprints were also compared with the engine before it, main at bbd1f28: identical.)
// Link samples (traces): every packet link direction at every sample time, the queue never
// past its limit, the drops so far ending where the summary's do; the run is the same with them.
TEST(LinkSamples, FollowEveryPacketLinkToTheSummarysCounts) {
  const std::string text = readPresetFile("paper004-dumbbell.json");
  auto plain = Simulation::fromJson(text);
  auto sampled = Simulation::fromJson(text);
  sampled->setLinkSamples(true);
  plain->advanceTo(plain->duration());
  sampled->advanceTo(sampled->duration());
  EXPECT_EQ(plain->summary()["fingerprint"], sampled->summary()["fingerprint"]);
  const LinkSampleColumns s = sampled->drainLinkSamples();
  const SampleColumns flows = sampled->drainSamples();
  const std::size_t times = flows.rows() / sampled->flowIds().size();
  const nlohmann::ordered_json summary = sampled->summary();
  std::size_t directions = 0;
  std::uint64_t queueDrops = 0;
  double mostQueued = 0;
  for (std::size_t link = 0; link < sampled->scenario().links.size(); ++link) {
    const LinkSpec& spec = sampled->scenario().links[link];
    if (spec.kind != LinkKind::Packet) continue;
    for (int dir = 0; dir < 2; ++dir) {
      ++directions;
      std::size_t rows = 0;
      double lastQueueDrops = 0, lastRandomDrops = 0;
      for (std::size_t i = 0; i < s.rows(); ++i) {
        if (s.link[i] != static_cast<std::int32_t>(link) || s.dir[i] != dir) continue;
        ++rows;
        EXPECT_LE(s.queued[i], spec.queue) << spec.id;
        EXPECT_GE(s.queueDrops[i], lastQueueDrops) << spec.id;
        mostQueued = std::max(mostQueued, s.queued[i]);
        lastQueueDrops = s.queueDrops[i];
        lastRandomDrops = s.randomDrops[i];
      }
      EXPECT_EQ(rows, times) << spec.id;
      const auto& counted = summary["links"][link][dir == 0 ? "ab" : "ba"];
      EXPECT_EQ(lastQueueDrops, counted["queueDrops"].get<double>()) << spec.id;
      EXPECT_EQ(lastRandomDrops, counted["randomDrops"].get<double>()) << spec.id;
      queueDrops += static_cast<std::uint64_t>(lastQueueDrops);
    }
  }
  EXPECT_EQ(s.rows(), directions * times);
  EXPECT_GT(queueDrops, 0u);  // the preset's bottleneck drops: the check above saw some
  EXPECT_GT(mostQueued, 1);
}

// One test per preset, so that ctest runs them side by side: together they were the longest
// test under the sanitizers (25-33 s, half of that step's time on one core).
class DefaultsSpelledOut : public ::testing::TestWithParam<const char*> {};

TEST_P(DefaultsSpelledOut, PresetRunsExactlyAsWithoutThem) {
  const std::string name = GetParam();
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  // The equality is the native build's to hold. Under the sanitizers paper 003's two
  // presets cost 25 s here and run their code no other way than in SummaryInvariants,
  // which runs them whole with their mutations.
  if (name.rfind("paper003", 0) == 0) GTEST_SKIP() << "held by the native build; SummaryInvariants runs it sanitized";
#endif
#endif
  nlohmann::json plain = nlohmann::json::parse(readPresetFile(name + ".json"));
  plain["duration"] = std::min(plain["duration"].get<double>(), 1.0);
  plain["sampleInterval"] = std::max(plain.value("sampleInterval", 0.01), 0.01);
  nlohmann::json spelled = plain;
  // Only where a preset leaves the field out (paper 000 and 003 give costs and spreads).
  for (auto& link : spelled["links"]) {
    double delay = link.value("delay", 0.0);
    if (!link.contains("cost")) link["cost"] = {{"ab", delay}, {"ba", delay}};
  }
  for (auto& flow : spelled["flows"])
    if (!flow.contains("startSpread")) flow["startSpread"] = 0;
  auto a = Simulation::fromJson(plain.dump());
  auto b = Simulation::fromJson(spelled.dump());
  a->advanceTo(a->duration());
  b->advanceTo(b->duration());
  EXPECT_EQ(a->summary()["fingerprint"], b->summary()["fingerprint"]);
}

INSTANTIATE_TEST_SUITE_P(FormatExtension, DefaultsSpelledOut,
                         ::testing::Values("first-lesson", "paper000-lobs", "paper001-highspeed", "paper002-wlan",
                                           "paper003-fast", "paper003-slow", "paper004-dumbbell"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           std::string id = info.param;
                           for (char& c : id)
                             if (c == '-') c = '_';
                           return id;
                         });

}  // namespace
}  // namespace obs
