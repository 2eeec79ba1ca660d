// Deterministic loss (`drops`, docs/deterministic-loss.md): the parser's rules, each rule
// losing exactly what it names, and the live "drop the next bursts" of an edge replayed
// exactly from `liveChanges`.
#include <gtest/gtest.h>

#include <string>

#include "scenario/scenario_parser.h"
#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::json;

// Two hosts on one 10 Mbit/s packet link (10 ms each way), one Reno flow: every loss is
// one the rules make.
json packetPair(const std::string& variant = "reno") {
  return json::parse(R"({
    "version": 1, "duration": 5,
    "nodes": [{"id": "S", "kind": "host"}, {"id": "D", "kind": "host"}],
    "links": [{"id": "l", "a": "S", "b": "D", "kind": "packet", "rate": 1e7, "delay": 0.01, "queue": 1000}],
    "flows": [{"id": "tcp1", "src": "S", "dst": "D",
               "tcp": {"variant": ")" +
                     variant + R"(", "maxWindow": 64, "rto": {"min": 0.2}}}]
  })");
}

json withDrops(json j, json drops) {
  j["drops"] = std::move(drops);
  return j;
}

nlohmann::ordered_json run(const json& j) {
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  return sim->summary();
}

// ---- the parser ---------------------------------------------------------------------

TEST(DropsParser, ReadsEachKindOfRule) {
  json j = withDrops(defaultJson(), json::parse(R"([
    {"flow": "tcp1", "segments": [20, 21]},
    {"flow": "tcp1", "segments": [20], "transmission": 2},
    {"flow": "tcp1", "packets": [7]},
    {"edge": "E1", "class": "data", "bursts": [4, 9]},
    {"edge": "E2", "class": "ack", "after": 2.5}
  ])"));
  const Scenario s = parseScenario(j.dump());
  ASSERT_EQ(s.drops.size(), 5u);
  EXPECT_EQ(s.drops[0].kind, DropRuleKind::Segments);
  EXPECT_EQ(s.drops[0].flow, 0);
  EXPECT_EQ(s.drops[0].transmission, 1);  // the first sending by default
  EXPECT_EQ(s.drops[1].transmission, 2);
  EXPECT_EQ(s.drops[2].kind, DropRuleKind::Packets);
  EXPECT_EQ(s.drops[3].kind, DropRuleKind::Bursts);
  EXPECT_EQ(s.drops[3].edge, 1);
  EXPECT_EQ(s.drops[3].burstClass, 0);
  EXPECT_EQ((s.drops[3].numbers), (std::vector<std::uint64_t>{4, 9}));
  EXPECT_EQ(s.drops[4].kind, DropRuleKind::After);
  EXPECT_EQ(s.drops[4].burstClass, 1);
  EXPECT_DOUBLE_EQ(s.drops[4].after, 2.5);
}

TEST(DropsParser, RefusalsNameTheFieldAndTheRule) {
  auto refusal = [](const char* drops) { return parserRefusal(withDrops(defaultJson(), json::parse(drops))); };
  EXPECT_EQ(refusal(R"([{"segments": [1]}])"), "drops[0].flow is required (or \"edge\", for a rule on bursts)");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1", "edge": "E1", "segments": [1]}])"),
            "drops[0].edge cannot be given with \"flow\" (one rule per entry)");
  EXPECT_EQ(refusal(R"([{"flow": "nope", "segments": [1]}])"), "drops[0].flow refers to an unknown flow \"nope\"");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1"}])"), "drops[0].segments is required (or \"packets\")");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1", "segments": [1], "packets": [1]}])"),
            "drops[0].packets cannot be given with \"segments\" (one rule per entry)");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1", "segments": []}])"), "drops[0].segments must list at least one number");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1", "segments": [1, -2]}])"),
            "drops[0].segments must list whole numbers from 0 to 4294967295 (item 1 is -2)");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1", "segments": [1.5]}])"),
            "drops[0].segments must list whole numbers from 0 to 4294967295 (item 0 is 1.5)");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1", "segments": ["3"]}])"),
            "drops[0].segments must list whole numbers from 0 to 4294967295 (item 0 is a string)");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1", "packets": [1], "transmission": 2}])"),
            "drops[0].transmission applies to \"segments\" only");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1", "segments": [1], "transmission": 0}])"),
            "drops[0].transmission must be an integer between 1 and 1000 (got 0)");
  EXPECT_EQ(refusal(R"([{"flow": "tcp1", "segments": [1], "class": "data"}])"),
            "drops[0].class applies to a rule on an edge's bursts only");
  EXPECT_EQ(refusal(R"([{"edge": "C1", "class": "data", "bursts": [1]}])"),
            "drops[0].edge must be an edge node (\"C1\" is a core)");
  EXPECT_EQ(refusal(R"([{"edge": "X", "class": "data", "bursts": [1]}])"),
            "drops[0].edge refers to an unknown node \"X\"");
  EXPECT_EQ(refusal(R"([{"edge": "E1", "bursts": [1]}])"), "drops[0].class is required");
  EXPECT_EQ(refusal(R"([{"edge": "E1", "class": "data"}])"), "drops[0].bursts is required (or \"after\")");
  EXPECT_EQ(refusal(R"([{"edge": "E1", "class": "data", "after": 25}])"),
            "drops[0].after must be between 0 and 20 (got 25)");
  EXPECT_EQ(refusal(R"([{"edge": "E1", "class": "data", "after": 1, "segments": [1]}])"),
            "drops[0].segments applies to a rule on a flow only");
  EXPECT_EQ(refusal(R"([{"edge": "E1", "class": "data", "after": 1, "why": 1}])"), "drops[0].why is not a known field");
  EXPECT_EQ(refusal(R"({"edge": "E1"})"), "drops must be an array, not an object");
}

// ---- a flow's segments and packets --------------------------------------------------

TEST(DropsOfAFlow, WithoutRulesTheSummaryIsUnchanged) {
  const auto plain = run(packetPair());
  const auto empty = run(withDrops(packetPair(), json::array()));
  EXPECT_EQ(plain.dump(), empty.dump());
  EXPECT_FALSE(plain["packets"].contains("listedDrops"));
  EXPECT_EQ(plain["flows"][0]["retransmits"], 0);
}

TEST(DropsOfAFlow, OneListedSegmentIsLostOnceAndRepairedByOneFastRetransmit) {
  const auto s = run(withDrops(packetPair(), json::parse(R"([{"flow": "tcp1", "segments": [30]}])")));
  EXPECT_EQ(s["packets"]["listedDrops"], 1);
  EXPECT_EQ(s["packets"]["randomDrops"], 0);
  EXPECT_EQ(s["flows"][0]["fastRetransmits"], 1);
  EXPECT_EQ(s["flows"][0]["retransmits"], 1);
  EXPECT_EQ(s["flows"][0]["rtos"], 0);
}

TEST(DropsOfAFlow, LosingTheRetransmissionToo) {
  // The first and the second sending of segment 30: the fast retransmit is lost as well,
  // and only the timer repairs it.
  const auto s = run(withDrops(packetPair(), json::parse(R"([
    {"flow": "tcp1", "segments": [30]}, {"flow": "tcp1", "segments": [30], "transmission": 2}])")));
  EXPECT_EQ(s["packets"]["listedDrops"], 2);
  EXPECT_EQ(s["flows"][0]["fastRetransmits"], 1);
  EXPECT_EQ(s["flows"][0]["rtos"], 1);
}

TEST(DropsOfAFlow, PacketsCountEveryTransmissionResendsIncluded) {
  // Packet 30 is segment 30 (nothing was resent before it); then packet k of a run with
  // one earlier loss is a later segment than k, by the resend.
  const auto bySegment = run(withDrops(packetPair(), json::parse(R"([{"flow": "tcp1", "segments": [30]}])")));
  const auto byPacket = run(withDrops(packetPair(), json::parse(R"([{"flow": "tcp1", "packets": [30]}])")));
  EXPECT_EQ(bySegment.dump(), byPacket.dump());
  const auto two = run(withDrops(packetPair(), json::parse(R"([{"flow": "tcp1", "packets": [30, 31, 32]}])")));
  EXPECT_EQ(two["packets"]["listedDrops"], 3);
}

// ---- an edge's bursts ---------------------------------------------------------------

json lossless() {
  json j = defaultJson();
  j["duration"] = 2;
  j["obs"]["burstLoss"]["data"] = 0;
  return j;
}

TEST(DropsOfAnEdge, ListedBurstsOfOneClassAreLostAsInjected) {
  const auto plain = run(lossless());
  EXPECT_EQ(plain["bursts"]["data"]["droppedInjected"], 0);
  const auto s = run(withDrops(lossless(), json::parse(R"([
    {"edge": "E1", "class": "data", "bursts": [40, 41, 200]},
    {"edge": "E2", "class": "ack", "bursts": [10]}])")));
  EXPECT_EQ(s["bursts"]["data"]["droppedInjected"], 3);
  EXPECT_EQ(s["bursts"]["ack"]["droppedInjected"], 1);
  EXPECT_EQ(s["bursts"]["data"]["droppedContention"], 0);
  // Rules on the wrong edge for a class lose nothing: E2 sends no data bursts here.
  const auto none = run(withDrops(lossless(), json::parse(R"([{"edge": "E2", "class": "data", "bursts": [0, 1]}])")));
  EXPECT_EQ(none["bursts"]["data"]["droppedInjected"], 0);
  EXPECT_EQ(none["flows"][0]["goodput"], plain["flows"][0]["goodput"]);
}

TEST(DropsOfAnEdge, AfterATimeLosesTheFirstBurstFromThen) {
  auto sim = Simulation::fromJson(withDrops(lossless(), json::parse(R"([
    {"edge": "E1", "class": "data", "after": 1.0}, {"edge": "E1", "class": "data", "after": 1.0}])"))
                                      .dump());
  sim->advanceTo(0.99);
  sim->setVisualEvents(true);  // for a few milliseconds only: the log is a bounded ring
  sim->advanceTo(1.01);
  const VisualEventColumns e = sim->drainVisualEvents();
  std::vector<double> formedAtOrAfter, dropped;
  std::vector<std::int32_t> droppedIds, formedIds;
  for (std::size_t i = 0; i < e.rows(); ++i) {
    if (e.cls[i] != 0) continue;
    if (e.kind[i] == static_cast<std::uint8_t>(VisualEventKind::BurstFormed) && e.t0[i] >= 1.0)
      formedIds.push_back(e.id[i]);
    if (e.kind[i] == static_cast<std::uint8_t>(VisualEventKind::BurstDropped)) droppedIds.push_back(e.id[i]);
  }
  // Two rules for the same time: the first two data bursts from 1 s on, and only those.
  ASSERT_GE(formedIds.size(), 3u);
  EXPECT_EQ(droppedIds, (std::vector<std::int32_t>{formedIds[0], formedIds[1]}));
}

// ---- live: drop the next bursts of an edge ------------------------------------------

TEST(DropNextLive, LosesTheNextBurstsAndIsReplayedExactly) {
  json j = lossless();
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(0.5);
  EXPECT_EQ(sim->setLive("nodes[1].dropNext.data", 2), "");
  EXPECT_EQ(sim->obsPlane().pendingDropNext(1, BurstClass::Data), 2u);
  sim->advanceTo(1.2);
  EXPECT_EQ(sim->obsPlane().pendingDropNext(1, BurstClass::Data), 0u);
  const Simulation::ChangeResult ack = sim->changeLive("nodes[3].dropNext.ack", 1);
  EXPECT_EQ(ack.error, "");
  sim->advanceTo(2);
  const auto live = sim->summary();
  EXPECT_EQ(live["bursts"]["data"]["droppedInjected"], 2);
  EXPECT_EQ(live["bursts"]["ack"]["droppedInjected"], 1);

  j["liveChanges"] = json::array({{{"at", 0.5}, {"path", "nodes[1].dropNext.data"}, {"value", 2}},
                                  {{"at", ack.at}, {"path", "nodes[3].dropNext.ack"}, {"value", 1}}});
  EXPECT_EQ(run(j).dump(), live.dump());
}

TEST(DropNextLive, OnlyOnEdgesWithAWholeCount) {
  auto sim = Simulation::fromJson(lossless().dump());
  EXPECT_EQ(sim->setLive("nodes[2].dropNext.data", 1),
            "nodes[2].dropNext.data cannot be changed: nodes[2] is not an edge node");
  EXPECT_EQ(sim->setLive("nodes[1].dropNext.data", 1.5),
            "nodes[1].dropNext.data must be a whole number of bursts from 0 to 1000000");
  EXPECT_EQ(sim->setLive("nodes[1].dropNext.data", -1),
            "nodes[1].dropNext.data must be a whole number of bursts from 0 to 1000000");
  EXPECT_EQ(
      sim->setLive("nodes[1].dropNext.both", 1).rfind("nodes[1].dropNext.both cannot be changed while running", 0), 0u);
  EXPECT_EQ(sim->setLive("nodes[1].dropNext.ack", 0), "");  // 0 cancels
}

}  // namespace
}  // namespace obs
