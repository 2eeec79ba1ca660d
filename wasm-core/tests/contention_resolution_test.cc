// Contention resolution beyond FDLs and QoS by extra offset (docs/mesh.md sections 6-8):
// deflection routing, burst segmentation, and a class whose extra offset isolates it.
// Each rule is tested where it acts; the theory checks (Erlang-B of the high class's own
// load, the orderings) on scenarios small enough for a unit test. docs/validation.md has
// them on NSFNET.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "erlang_b.h"
#include "obs/deflection_routes.h"
#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::json;

// Six cores C0..C5 on a ring with the three chords C0-C3, C1-C4, C2-C5 (every core has
// degree 3 in the core network), edge Ei beside core Ci on a fiber of 4K wavelengths,
// uniform Poisson traffic at `load`, a fixed offset long enough for a few extra hops.
json chordalRing(int k, double load, double duration = 0.1) {
  json nodes = json::array(), links = json::array();
  for (int i = 0; i < 6; ++i) nodes.push_back({{"id", "C" + std::to_string(i)}, {"kind", "core"}});
  for (int i = 0; i < 6; ++i) nodes.push_back({{"id", "E" + std::to_string(i)}, {"kind", "edge"}});
  auto fiber = [&](const std::string& id, const std::string& a, const std::string& b, double delay, int w) {
    links.push_back(
        {{"id", id}, {"a", a}, {"b", b}, {"kind", "fiber"}, {"rate", 1e9}, {"delay", delay}, {"wavelengths", w}});
  };
  for (int i = 0; i < 6; ++i)
    fiber("a" + std::to_string(i), "E" + std::to_string(i), "C" + std::to_string(i), 1e-6, 4 * k);
  for (int i = 0; i < 6; ++i)
    fiber("r" + std::to_string(i), "C" + std::to_string(i), "C" + std::to_string((i + 1) % 6), 2e-4, k);
  for (int i = 0; i < 3; ++i)
    fiber("x" + std::to_string(i), "C" + std::to_string(i), "C" + std::to_string(i + 3), 3e-4, k);
  return {{"version", 1},
          {"seed", 5},
          {"duration", duration},
          {"sampleInterval", duration / 10},
          {"nodes", nodes},
          {"links", links},
          {"obs", {{"scheduling", "lauc-vf"}, {"offset", 2e-4}}},
          {"traffic", {{"matrix", "uniform"}, {"load", load}}}};
}

void setOnCores(json& j, const char* field, const json& value) {
  for (json& n : j["nodes"])
    if (n["kind"] == "core") n[field] = value;
}

std::unique_ptr<Simulation> runToEnd(const json& j) {
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  return sim;
}

double burstLoss(const Simulation& sim) {
  const BurstClassCounters& c = sim.obsPlane().counters(BurstClass::Background);
  return static_cast<double>(c.droppedTotal()) / static_cast<double>(c.sent);
}

// Visual events of a whole run, drained as it goes.
std::vector<VisualEvent> eventsOf(Simulation& sim, std::uint32_t kinds = ~0u) {
  sim.setVisualEvents(true);
  sim.setVisualEventKinds(kinds);
  std::vector<VisualEvent> out;
  const double step = sim.duration() / 200;
  for (int i = 1; i <= 200; ++i) {
    sim.advanceTo(step * i);
    VisualEventColumns c = sim.drainVisualEvents();
    for (std::size_t r = 0; r < c.rows(); ++r) {
      VisualEvent e{static_cast<VisualEventKind>(c.kind[r])};
      e.id = c.id[r];
      e.node = c.node[r];
      e.link = c.link[r];
      e.dir = c.dir[r];
      e.lane = c.lane[r];
      e.reason = c.reason[r];
      e.bytes = c.bytes[r];
      e.segments = c.segments[r];
      out.push_back(e);
    }
  }
  return out;
}

std::uint32_t kindBit(VisualEventKind k) { return 1u << static_cast<unsigned>(k); }

// ---- Deflection ---------------------------------------------------------------------

TEST(DeflectionRoutes, AlternativesLeaveByOtherLinksNeverLoopAndAreRankedByCost) {
  Scenario s = parseScenario(chordalRing(4, 0.1).dump());
  DeflectionRoutes routes(s.nodes, s.links);
  auto hopOf = [&](const std::string& id, int from) {
    for (std::size_t i = 0; i < s.links.size(); ++i)
      if (s.links[i].id == id) {
        const int dir = s.links[i].a == from ? 0 : 1;
        return Hop{static_cast<int>(i), dir, from, dir == 0 ? s.links[i].b : s.links[i].a};
      }
    return Hop{};
  };
  // E0 -> C0 -> C1 (blocked: r0) towards E1; C0's other core links are r5 (to C5) and x0 (to C3).
  const int e0 = 6, c0 = 0, e1 = 7;
  const std::vector<Hop> walked{hopOf("a0", e0)};
  const auto alts = routes.alternatives(walked, hopOf("r0", c0), e1);
  ASSERT_EQ(alts.size(), 2u);
  for (const auto& way : alts) {
    EXPECT_EQ(way.front().from, c0);
    EXPECT_NE(s.links[way.front().link].id, "r0");
    EXPECT_NE(s.links[way.front().link].id, "a0");  // not back the way it came
    EXPECT_EQ(way.back().to, e1);
    std::set<int> seen{e0, c0};
    for (const Hop& h : way) EXPECT_TRUE(seen.insert(h.to).second) << "visits node " << h.to << " twice";
    for (std::size_t i = 0; i + 1 < way.size(); ++i) EXPECT_EQ(s.nodes[way[i].to].kind, NodeKind::Core);
  }
  // Via C5 (0.2 ms) then C4, C1... or via C3 (0.3 ms) then C4 or C2, C1: the way through
  // C5 -> C2? No: C5's core links are r4 (C4), r5 (C0, visited) and x2 (C2); the cheapest
  // is C5-C4-C1 (0.2 + 0.2 + 0.3 = 0.7 ms) against C3-C2-C1 (0.3 + 0.2 + 0.2 = 0.7 ms):
  // equal cost and hops, so the lower outgoing link index, r5 (index 11) before x0 (12).
  EXPECT_EQ(s.links[alts[0].front().link].id, "r5");
  EXPECT_EQ(s.links[alts[1].front().link].id, "x0");
}

TEST(Deflection, LowersLossAtLightLoadAndKeepsEveryBurstOnAWayToItsEgress) {
  json plain = chordalRing(8, 0.25, 0.3);
  json deflecting = plain;
  setOnCores(deflecting, "deflection", true);
  auto without = runToEnd(plain);
  auto with = Simulation::fromJson(deflecting.dump());
  const auto events = eventsOf(*with, kindBit(VisualEventKind::BurstDeflected) | kindBit(VisualEventKind::BurstOnLink) |
                                          kindBit(VisualEventKind::BurstDelivered));
  const BurstClassCounters& c = with->obsPlane().counters(BurstClass::Background);
  EXPECT_GT(c.deflections, 100u);
  EXPECT_LT(burstLoss(*with), 0.5 * burstLoss(*without));
  // Each deflected burst's hops: a deflection is followed by a hop on the link it names,
  // no node is entered twice, and the burst is delivered.
  std::map<std::int32_t, std::vector<VisualEvent>> byBurst;
  for (const VisualEvent& e : events) byBurst[e.id].push_back(e);
  Scenario s = parseScenario(deflecting.dump());
  int checked = 0;
  for (const auto& [id, list] : byBurst) {
    bool deflected = false, delivered = false;
    std::set<int> entered;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const VisualEvent& e = list[i];
      if (e.kind == VisualEventKind::BurstDeflected) {
        // Recorded once the burst has its wavelength on the link taken, so after that hop.
        deflected = true;
        ASSERT_GT(i, 0u);
        EXPECT_EQ(list[i - 1].kind, VisualEventKind::BurstOnLink);
        EXPECT_EQ(list[i - 1].link, e.lane);
        EXPECT_NE(list[i - 1].link, e.link);
      }
      if (e.kind == VisualEventKind::BurstOnLink) {
        const LinkSpec& l = s.links[e.link];
        EXPECT_TRUE(entered.insert(e.dir == 0 ? l.b : l.a).second) << "burst " << id << " loops";
      }
      delivered = delivered || e.kind == VisualEventKind::BurstDelivered;
    }
    if (deflected && delivered) ++checked;
  }
  EXPECT_GT(checked, 100);
  // The summary counts what the plane counted, per pair and per direction.
  const json summary = with->summary();
  std::uint64_t perPair = 0, perDirection = 0;
  for (const json& p : summary["pairs"]) perPair += p["deflections"].get<std::uint64_t>();
  for (const json& l : summary["links"])
    if (l["kind"] == "fiber")
      perDirection += l["ab"]["deflected"].get<std::uint64_t>() + l["ba"]["deflected"].get<std::uint64_t>();
  EXPECT_EQ(perPair, c.deflections);
  EXPECT_EQ(perDirection, c.deflections);
  EXPECT_EQ(summary["bursts"]["deflections"].get<std::uint64_t>(), c.deflections);
}

TEST(Deflection, RaisesLossAtHeavyLoad) {
  // Deflected bursts take longer ways and load links other pairs need: past some load
  // deflection loses more than it saves (the ordering docs/validation.md states).
  json plain = chordalRing(8, 0.9);
  json deflecting = plain;
  setOnCores(deflecting, "deflection", true);
  EXPECT_GT(burstLoss(*runToEnd(deflecting)), burstLoss(*runToEnd(plain)));
}

// A triangle of cores: E0's bursts to E1 go C0 -> C1 (2 wavelengths, loaded); the only
// other way is C0 -> C2 -> C1, one core more.
json triangle(double offset) {
  json nodes = json::array();
  for (const char* id : {"C0", "C1", "C2"}) nodes.push_back({{"id", id}, {"kind", "core"}, {"deflection", true}});
  for (const char* id : {"E0", "E1"}) nodes.push_back({{"id", id}, {"kind", "edge"}});
  json links = json::array();
  auto fiber = [&](const char* id, const char* a, const char* b, int w) {
    links.push_back(
        {{"id", id}, {"a", a}, {"b", b}, {"kind", "fiber"}, {"rate", 1e9}, {"delay", 1e-4}, {"wavelengths", w}});
  };
  fiber("e0", "E0", "C0", 64);
  fiber("e1", "C1", "E1", 64);
  fiber("direct", "C0", "C1", 2);
  fiber("side1", "C0", "C2", 64);
  fiber("side2", "C2", "C1", 64);
  return {{"version", 1},
          {"seed", 2},
          {"duration", 0.2},
          {"sampleInterval", 0.02},
          {"nodes", nodes},
          {"links", links},
          {"obs", {{"scheduling", "lauc-vf"}, {"offset", offset}, {"controlProcessing", 1e-5}}},
          {"background", json::array({{{"src", "E0"}, {"dst", "E1"}, {"load", 0.4}}})}};
}

TEST(Deflection, TakesALongerWayOnlyIfTheOffsetLeftCoversIt) {
  // The auto offset here: 2 cores x 10 us + the BHP's 0.512 us on each of 2 hops = 21.024 us.
  // At C0 the BHP has used 0.512 + 10 us of it; the way by C2 needs 2 x (0.512 + 10) us
  // more, so it is open from an offset of 31.536 us on.
  auto deflections = [](const json& offset) {
    json j = triangle(0);
    j["obs"]["offset"] = offset;
    return runToEnd(j)->obsPlane().counters(BurstClass::Background).deflections;
  };
  EXPECT_EQ(deflections("auto"), 0u);
  EXPECT_EQ(deflections(31.5e-6), 0u);
  EXPECT_GT(deflections(31.6e-6), 20u);
}

// The summary says so when deflection can do nothing (offset "auto", no slack), and only then.
TEST(Deflection, WithoutSlackTheSummaryWarns) {
  auto warnings = [](const json& offset) {
    json j = triangle(0);
    j["obs"]["offset"] = offset;
    std::vector<std::string> codes;
    for (const auto& w : runToEnd(j)->summary().value("warnings", nlohmann::ordered_json::array()))
      codes.push_back(w["code"].get<std::string>());
    return codes;
  };
  EXPECT_EQ(warnings("auto"), std::vector<std::string>{"deflection-without-slack"});
  EXPECT_EQ(warnings(31.6e-6), std::vector<std::string>{});  // it deflects: no warning, no key
}

// A fixed offset shorter than the path's processing drops every burst late, and the flow
// gets nothing: said in the summary, where a run that works has no `warnings` at all.
TEST(Summary, WarnsOfLateBurstsAndAFlowThatDeliveredNothing) {
  json j = json::parse(readScenarioFile("../presets/first-lesson.json"));
  j["duration"] = 2;
  auto works = runToEnd(j)->summary();
  EXPECT_FALSE(works.contains("warnings"));
  j["obs"]["offset"] = 1e-6;
  auto late = runToEnd(j)->summary();
  ASSERT_EQ(late["warnings"].size(), 2u);
  EXPECT_EQ(late["warnings"][0]["code"], "late-bursts");
  EXPECT_NE(late["warnings"][0]["text"].get<std::string>().find("(100 %)"), std::string::npos);
  EXPECT_NE(late["warnings"][0]["text"].get<std::string>().find("(C1: "), std::string::npos);
  EXPECT_EQ(late["warnings"][1]["code"], "flow-delivered-nothing");
  EXPECT_NE(late["warnings"][1]["text"].get<std::string>().find("(tcp1)"), std::string::npos);
}

// Paper 000's reduced line on Fast Ethernet: without data-burst loss the 100 Mbit/s access
// links, not the optical network, hold the flow; 5 % ACK-burst loss then costs nothing, and
// the summary says why. With 1 % data-burst loss the flow no longer fills them, and with no
// loss at all nothing is hidden: no warning. A packet link that is not between a host and
// an edge (a router's line) is never named.
TEST(Summary, WarnsOfAnAccessLinkAtCapacityAndOnlyThen) {
  json j = json::parse(readScenarioFile("default.json"));
  j["duration"] = 5;
  j["obs"]["burstLoss"] = {{"data", 0}, {"ack", 0.05}};
  auto held = runToEnd(j)->summary();
  ASSERT_TRUE(held.contains("warnings"));
  ASSERT_EQ(held["warnings"].size(), 1u);
  EXPECT_EQ(held["warnings"][0]["code"], "link-at-capacity");
  const std::string text = held["warnings"][0]["text"].get<std::string>();
  EXPECT_NE(text.find("access links were busy"), std::string::npos) << text;
  EXPECT_NE(text.find("fe1 (Server to E1) "), std::string::npos) << text;
  EXPECT_NE(text.find("fe2 (E2 to Client) "), std::string::npos) << text;
  EXPECT_GE(held["links"][0]["ab"]["utilisation"].get<double>(), 0.95);

  EXPECT_NE(text.find(" bursts the optical network dropped"), std::string::npos) << text;

  j["obs"]["burstLoss"] = {{"data", 0.01}, {"ack", 0}};
  EXPECT_FALSE(runToEnd(j)->summary().contains("warnings")) << "the loss slows the flow below the access rate";
  j["obs"]["burstLoss"] = {{"data", 0}, {"ack", 0}};
  auto lossless = runToEnd(j)->summary();
  EXPECT_GE(lossless["links"][0]["ab"]["utilisation"].get<double>(), 0.95);
  EXPECT_FALSE(lossless.contains("warnings")) << "nothing dropped, nothing hidden";

  // The same line with the server behind a router: the saturated link is the router's.
  json routed = json::parse(readScenarioFile("default.json"));
  routed["duration"] = 5;
  routed["obs"]["burstLoss"] = {{"data", 0}, {"ack", 0.05}};
  routed["nodes"].push_back({{"id", "R"}, {"kind", "router"}, {"x", 0}, {"y", 0}});
  for (auto& l : routed["links"])
    if (l["id"] == "fe1") l["b"] = "R";
  json uplink = routed["links"][0];
  uplink["id"] = "r1";
  uplink["a"] = "R";
  uplink["b"] = "E1";
  uplink["rate"] = 1e9;
  routed["links"].push_back(uplink);
  for (auto& l : routed["links"])
    if (l["id"] == "fe2") l["rate"] = 1e9;
  auto behind = runToEnd(routed)->summary();
  EXPECT_GE(behind["links"][0]["ab"]["utilisation"].get<double>(), 0.95) << "fe1 still holds the flow";
  EXPECT_FALSE(behind.contains("warnings")) << behind["warnings"].dump();
}

// Late drops are judged core by core: the core that drops them is named with its own
// share, which the run's share (over every burst, most of which never cross it) hides.
TEST(Summary, NamesTheCoreThatDropsLateWithItsOwnShare) {
  json j = json::parse(readScenarioFile("../presets/nsfnet.json"));
  j["duration"] = 0.5;
  auto plain = runToEnd(j)->summary();
  ASSERT_FALSE(plain.contains("warnings")) << plain["warnings"].dump();
  // SEA's switch set-up far longer than the fixed offset leaves any burst there.
  for (auto& n : j["nodes"])
    if (n["id"] == "SEA") n["setupTime"] = 1e-3;
  auto late = runToEnd(j)->summary();
  ASSERT_TRUE(late.contains("warnings"));
  const std::string text = late["warnings"][0]["text"].get<std::string>();
  EXPECT_EQ(late["warnings"][0]["code"], "late-bursts");
  EXPECT_NE(text.find("(SEA: "), std::string::npos) << text;
  EXPECT_NE(text.find("reaching it, 100 %)"), std::string::npos) << text;  // SEA's own share
  const double share = late["bursts"]["droppedLate"].get<double>() / late["bursts"]["sent"].get<double>();
  EXPECT_LT(share, 0.5) << "the run's share is far below SEA's";
}

TEST(Deflection, AtMostMaxDeflectionsPerBurst) {
  for (int max : {1, 3}) {
    json j = chordalRing(4, 0.8, 0.05);
    setOnCores(j, "deflection", true);
    j["obs"]["maxDeflections"] = max;
    j["obs"]["offset"] = 1e-3;
    auto sim = Simulation::fromJson(j.dump());
    int most = 0;
    for (const VisualEvent& e : eventsOf(*sim, kindBit(VisualEventKind::BurstDeflected)))
      most = std::max<int>(most, e.reason);
    EXPECT_EQ(most, max);
  }
}

// ---- Segmentation -------------------------------------------------------------------

// One TCP bulk flow set of 10 Reno flows S -> D over E1 - C1 - E2, with Poisson background
// bursts E1 -> E2 at `load` on the 4 wavelengths of C1 -> E2: the shared core.
json sharedCore(double load, bool segmentation) {
  json j = json::parse(readScenarioFile("../presets/first-lesson.json"));
  j["duration"] = 4;
  j["obs"]["burstLoss"] = {{"data", 0}, {"ack", 0}};
  j["obs"]["offset"] = 1e-4;
  for (int i : {0, 3}) {
    j["links"][i]["rate"] = 1e9;
    j["links"][i]["queue"] = 1000;
  }
  j["links"][1]["wavelengths"] = 64;
  j["links"][2]["wavelengths"] = 4;
  j["flows"][0]["count"] = 10;
  j["flows"][0]["tcp"]["maxWindow"] = 1000;
  j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", load}, {"meanBytes", 40000}}});
  if (segmentation) j["nodes"][2]["segmentation"] = true;
  return j;
}

TEST(Segmentation, CutsAtPacketBoundariesAndTcpSeesTheCutSegmentsLost) {
  auto sim = Simulation::fromJson(sharedCore(0.5, true).dump());
  const auto events = eventsOf(*sim, kindBit(VisualEventKind::BurstSegmented) | kindBit(VisualEventKind::BurstOnLink) |
                                         kindBit(VisualEventKind::BurstFormed));
  const BurstClassCounters& data = sim->obsPlane().counters(BurstClass::Data);
  EXPECT_GT(data.segmented, 10u);
  EXPECT_GT(data.segmentsCut, data.segmented);  // a cut takes at least one segment
  // The part that goes on is the burst less what was cut, in bytes; a TCP burst's cut
  // removes whole packets.
  std::map<std::int32_t, std::uint32_t> lastBytes;
  int checked = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const VisualEvent& e = events[i];
    if (e.kind == VisualEventKind::BurstSegmented) {
      ASSERT_TRUE(lastBytes.count(e.id));
      ASSERT_LT(i + 1, events.size());
      EXPECT_EQ(events[i + 1].kind, VisualEventKind::BurstOnLink);
      EXPECT_EQ(events[i + 1].bytes + e.bytes, lastBytes[e.id]);
      if (e.segments > 0) {
        EXPECT_EQ(e.bytes % 1500, 0u) << "a data burst of 1500-byte segments lost part of one";
        ++checked;
      }
    }
    if (e.kind == VisualEventKind::BurstFormed || e.kind == VisualEventKind::BurstOnLink) lastBytes[e.id] = e.bytes;
  }
  EXPECT_GT(checked, 5);
  // Every packet is accounted for: the cut ones as lost in bursts.
  const Simulation::PacketLedger l = sim->packetLedger();
  EXPECT_EQ(l.sent, l.delivered + l.linkDrops + l.burstDrops + l.held);
}

TEST(Segmentation, LosesFewerBytesThanWholeBurstDroppingAndTcpGetsMoreUnderHeavyLoad) {
  auto plain = runToEnd(sharedCore(0.5, false));
  auto cut = runToEnd(sharedCore(0.5, true));
  const BurstClassCounters& bgPlain = plain->obsPlane().counters(BurstClass::Background);
  const BurstClassCounters& bgCut = cut->obsPlane().counters(BurstClass::Background);
  const double lostPlain = static_cast<double>(bgPlain.bytesDropped) / static_cast<double>(bgPlain.lengthBytes);
  const double lostCut =
      static_cast<double>(bgCut.bytesDropped + bgCut.bytesCut) / static_cast<double>(bgCut.lengthBytes);
  EXPECT_LT(lostCut, 0.7 * lostPlain);
  // TCP under heavy load (NewReno, so a window with several losses need not time out;
  // at light load the trade goes the other way, docs/validation.md (e)): a whole dropped
  // burst takes a flow's whole window, a cut one its head or tail, and the rest arrives
  // to trigger fast retransmits. Goodput over three seeds, which vary a lot one by one.
  double goodputPlain = 0, goodputCut = 0;
  auto segmentLoss = [](const Simulation& sim) {
    const BurstClassCounters& d = sim.obsPlane().counters(BurstClass::Data);
    return static_cast<double>(d.segmentsDropped + d.segmentsCut) / static_cast<double>(d.dataSegments);
  };
  for (int seed : {1, 2, 3}) {
    json j = sharedCore(0.5, false);
    j["seed"] = seed;
    j["flows"][0]["tcp"]["variant"] = "newreno";
    auto whole = runToEnd(j);
    j["nodes"][2]["segmentation"] = true;
    auto segmented = runToEnd(j);
    EXPECT_LT(segmentLoss(*segmented), segmentLoss(*whole)) << "seed " << seed;
    goodputPlain += whole->summary()["aggregate"]["goodput"].get<double>();
    goodputCut += segmented->summary()["aggregate"]["goodput"].get<double>();
  }
  EXPECT_GT(goodputCut, 1.3 * goodputPlain);
}

TEST(Segmentation, RunsExactlyAsBeforeWhereNothingContends) {
  // 64 wavelengths everywhere: no burst ever waits, so no cut, and the run is the same
  // event for event.
  json plain = sharedCore(0.05, false);
  plain["links"][2]["wavelengths"] = 64;
  json cut = plain;
  cut["nodes"][2]["segmentation"] = true;
  auto a = runToEnd(plain);
  auto b = runToEnd(cut);
  EXPECT_EQ(b->obsPlane().counters(BurstClass::Background).segmented, 0u);
  EXPECT_EQ(a->summary()["fingerprint"], b->summary()["fingerprint"]);
  EXPECT_FALSE(a->summary()["bursts"].contains("segmented"));
  EXPECT_TRUE(b->summary()["bursts"].contains("segmented"));
}

// ---- QoS by extra offset ------------------------------------------------------------

// One core, E1 -> C1 -> E2, 16 wavelengths to E2, two Poisson sources E1 -> E2: the low
// class without extra offset, the high one with 10 mean burst durations of it (a burst
// longer is e^-10 rare).
json twoClasses(double lowLoad, double highLoad, double duration) {
  json j = {{"version", 1},
            {"seed", 1},
            {"duration", duration},
            {"sampleInterval", duration / 10},
            {"obs", {{"scheduling", "lauc-vf"}, {"offset", 1e-4}}},
            {"nodes", json::array({{{"id", "E1"}, {"kind", "edge"}},
                                   {{"id", "C1"}, {"kind", "core"}},
                                   {{"id", "E2"}, {"kind", "edge"}}})},
            {"links", json::array({{{"id", "in"},
                                    {"a", "E1"},
                                    {"b", "C1"},
                                    {"kind", "fiber"},
                                    {"rate", 1e9},
                                    {"delay", 1e-3},
                                    {"wavelengths", 64}},
                                   {{"id", "out"},
                                    {"a", "C1"},
                                    {"b", "E2"},
                                    {"kind", "fiber"},
                                    {"rate", 1e9},
                                    {"delay", 1e-3},
                                    {"wavelengths", 16}}})},
            {"background",
             json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", lowLoad}},
                          {{"src", "E1"}, {"dst", "E2"}, {"load", highLoad}, {"extraOffset", 10 * 40000 * 8 / 1e9}}})}};
  return j;
}

TEST(Qos, TheHighClassSeesTheLossOfItsOwnLoadAlone) {
  // 16 wavelengths; high 0.5 x 16 = 8 Erlangs, low 4.8. About 200,000 high bursts.
  auto sim = runToEnd(twoClasses(0.3, 0.5, 8));
  const json qos = sim->summary()["qos"];
  ASSERT_EQ(qos.size(), 2u);
  EXPECT_EQ(qos[0]["extraOffset"].get<double>(), 0.0);
  const double high = qos[1]["loss"].get<double>(), low = qos[0]["loss"].get<double>();
  EXPECT_NEAR(high, erlangB(16, 8.0), 0.1 * erlangB(16, 8.0));
  EXPECT_GT(low, erlangB(16, 12.8));  // above the loss both would see as one class
  const json& q = qos[1];
  EXPECT_GE(q["sent"].get<std::uint64_t>(),
            q["delivered"].get<std::uint64_t>() + q["dropped"]["contention"].get<std::uint64_t>());
}

TEST(Qos, NoExtraOffsetNoQosSection) {
  json j = twoClasses(0.3, 0.5, 0.01);
  j["background"][1].erase("extraOffset");
  EXPECT_FALSE(runToEnd(j)->summary().contains("qos"));
}

// ---- The fields -----------------------------------------------------------------------

TEST(ContentionFields, RefusalsNameTheFieldAndTheRule) {
  json j = chordalRing(4, 0.3);
  j["nodes"][6]["deflection"] = true;
  EXPECT_EQ(parserRefusal(j), "nodes[6].deflection applies to core nodes only");
  j = chordalRing(4, 0.3);
  j["nodes"][7]["segmentation"] = true;
  EXPECT_EQ(parserRefusal(j), "nodes[7].segmentation applies to core nodes only");
  j = chordalRing(4, 0.3);
  j["nodes"][0]["deflection"] = "yes";
  EXPECT_EQ(parserRefusal(j), "nodes[0].deflection must be true or false, not a string");
  j = chordalRing(4, 0.3);
  j["obs"]["maxDeflections"] = 0;
  EXPECT_EQ(parserRefusal(j), "obs.maxDeflections must be an integer between 1 and 16 (got 0)");
  j = chordalRing(4, 0.3);
  j["traffic"]["extraOffset"] = 2;
  EXPECT_EQ(parserRefusal(j), "traffic.extraOffset must be between 0 and 1 (got 2)");
  j = twoClasses(0.3, 0.3, 0.1);
  j["background"][1]["enterAssembly"] = true;
  EXPECT_EQ(parserRefusal(j),
            "background[1].extraOffset cannot apply with enterAssembly (its bytes ride in the edge's TCP bursts)");
}

}  // namespace
}  // namespace obs
