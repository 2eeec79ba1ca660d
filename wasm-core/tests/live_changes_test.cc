// Scheduled live changes (`liveChanges`, docs/live-changes.md): the parser's rules, the
// order they apply in, and the promise that a run changed while running is replayed
// exactly by a scenario listing its changes.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "generated/limits.h"
#include "scenario/json_reader.h"
#include "scenario/scenario_parser.h"
#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::json;

// One change is passed as json::array({change(...)}): a braced list of one json is an
// array under GCC but a copy of that object under Clang (the sanitizer build).
json withChanges(json changes, double duration = 2) {
  json j = defaultJson();
  j["duration"] = duration;
  j["liveChanges"] = std::move(changes);
  return j;
}

json change(double at, const std::string& path, double value) { return {{"at", at}, {"path", path}, {"value", value}}; }

// Every sample of a run, column by column, drained as it goes.
struct Samples {
  std::vector<double> t, cwnd, ssthresh, srtt, rtt, goodput, delivered;
  std::vector<int> flow, state;
  void add(const SampleColumns& s) {
    t.insert(t.end(), s.t.begin(), s.t.end());
    cwnd.insert(cwnd.end(), s.cwnd.begin(), s.cwnd.end());
    ssthresh.insert(ssthresh.end(), s.ssthresh.begin(), s.ssthresh.end());
    srtt.insert(srtt.end(), s.srtt.begin(), s.srtt.end());
    rtt.insert(rtt.end(), s.rtt.begin(), s.rtt.end());
    goodput.insert(goodput.end(), s.goodput.begin(), s.goodput.end());
    delivered.insert(delivered.end(), s.delivered.begin(), s.delivered.end());
    flow.insert(flow.end(), s.flow.begin(), s.flow.end());
    state.insert(state.end(), s.state.begin(), s.state.end());
  }
  bool operator==(const Samples& o) const {
    return t == o.t && cwnd == o.cwnd && ssthresh == o.ssthresh && srtt == o.srtt && rtt == o.rtt &&
           goodput == o.goodput && delivered == o.delivered && flow == o.flow && state == o.state;
  }
};

struct RunResult {
  nlohmann::ordered_json summary;
  Samples samples;
};

RunResult runToEnd(const json& j) {
  RunResult run;
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  run.samples.add(sim->drainSamples());
  run.summary = sim->summary();
  return run;
}

// ---- the parser ---------------------------------------------------------------------

TEST(LiveChangesParser, AbsentOrEmptyIsNoChangeAndTheSummaryHasNoKey) {
  json plain = defaultJson();
  plain["duration"] = 1;
  json empty = plain;
  empty["liveChanges"] = json::array();
  EXPECT_TRUE(parseScenario(plain.dump()).liveChanges.empty());
  const RunResult a = runToEnd(plain), b = runToEnd(empty);
  EXPECT_EQ(a.summary.dump(), b.summary.dump());
  EXPECT_FALSE(a.summary.contains("liveChanges"));
}

TEST(LiveChangesParser, KeepsTheListAsWritten) {
  Scenario s = parseScenario(withChanges({change(1.5, "obs.burstLoss.data", 0), change(0.25, "flows[0].tcp.variant", 7),
                                          change(2, "links[1].wavelengths", 3)})
                                 .dump());
  ASSERT_EQ(s.liveChanges.size(), 3u);
  EXPECT_EQ(s.liveChanges[0].at, 1.5);
  EXPECT_EQ(s.liveChanges[1].path, "flows[0].tcp.variant");
  EXPECT_EQ(s.liveChanges[2].value, 3);
}

struct BadChange {
  const char* what;
  json changes;
  const char* expected;  // the message must contain this
};

void PrintTo(const BadChange& c, std::ostream* os) { *os << c.what; }

class LiveChangeRefusal : public ::testing::TestWithParam<BadChange> {};

TEST_P(LiveChangeRefusal, NamesTheFieldAndTheRule) {
  const std::string message = parserRefusal(withChanges(GetParam().changes));
  EXPECT_NE(message.find(GetParam().expected), std::string::npos) << GetParam().what << ": got \"" << message << "\"";
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(
    Rules, LiveChangeRefusal,
    ::testing::Values(
        BadChange{"not an array", json::object(), "liveChanges must be an array"},
        BadChange{"an entry not an object", json::array({1}), "liveChanges[0] must be an object"},
        BadChange{"at missing", json::array({{{"path", "obs.burstLoss.data"}, {"value", 0}}}),
                  "liveChanges[0].at is required"},
        BadChange{"at negative", json::array({change(-1, "obs.burstLoss.data", 0)}),
                  "liveChanges[0].at must be a time in seconds from 0 to the duration, 2 (got -1)"},
        BadChange{"at past the end",
                  json::array({change(0, "obs.burstLoss.data", 0), change(2.5, "obs.burstLoss.data", 0)}),
                  "liveChanges[1].at must be a time in seconds from 0 to the duration, 2 (got 2.5)"},
        BadChange{"at a string", json::array({{{"at", "1"}, {"path", "obs.burstLoss.data"}, {"value", 0}}}),
                  "liveChanges[0].at must be a number"},
        BadChange{"path not a string", json::array({{{"at", 1}, {"path", 3}, {"value", 0}}}),
                  "liveChanges[0].path must be a string"},
        BadChange{
            "path unknown", json::array({change(1, "links[0].rate", 1)}),
            "liveChanges[0].path \"links[0].rate\" cannot be changed while running on a packet link (live: loss)"},
        BadChange{"path unknown, no index", json::array({change(1, "duration", 1)}),
                  "liveChanges[0].path \"duration\" cannot be changed while running (live: obs.burstLoss.data|ack"},
        BadChange{"link index out of range", json::array({change(1, "links[9].loss", 0.1)}),
                  "liveChanges[0].path \"links[9].loss\" cannot be changed while running: there is no links[9] (the "
                  "scenario has 4)"},
        BadChange{"flow index out of range", json::array({change(1, "flows[1].tcp.variant", 1)}),
                  "there is no flows[1]"},
        BadChange{"fiber field on a packet link", json::array({change(1, "links[0].wavelengths", 2)}),
                  "liveChanges[0].path \"links[0].wavelengths\" cannot be changed while running on a packet link"},
        BadChange{"packet field on a fiber link", json::array({change(1, "links[1].loss", 0.1)}), "on a fiber link"},
        BadChange{"assembly of a core node", json::array({change(1, "nodes[2].assembly.maxTime", 1e-3)}),
                  "liveChanges[0].path \"nodes[2].assembly.maxTime\" cannot be changed: nodes[2] is not an edge node"},
        BadChange{"assembly field not live", json::array({change(1, "obs.assembly.policy", 1)}),
                  "cannot be changed while running (live: maxTime, maxBytes, minBytes)"},
        BadChange{"near miss in a live family", json::array({change(1, "obs.burstLoss.both", 0)}),
                  "liveChanges[0].path \"obs.burstLoss.both\" cannot be changed while running (live: data, ack)"},
        BadChange{"field not live on an edge node", json::array({change(1, "nodes[1].x", 0)}),
                  "liveChanges[0].path \"nodes[1].x\" cannot be changed while running on an edge node (live: "
                  "assembly.maxTime, assembly.maxBytes, assembly.minBytes, dropNext.data, dropNext.ack)"},
        BadChange{"drop next on a core node", json::array({change(1, "nodes[2].dropNext.data", 1)}),
                  "cannot be changed: nodes[2] is not an edge node"},
        BadChange{"index of seven digits", json::array({change(1, "links[0000000].loss", 0)}),
                  "cannot be changed while running (live: obs.burstLoss.data|ack"},
        BadChange{"value not a number", json::array({{{"at", 1}, {"path", "obs.burstLoss.data"}, {"value", "0"}}}),
                  "liveChanges[0].value must be a number"},
        BadChange{"probability above 1", json::array({change(1, "obs.burstLoss.data", 1.5)}),
                  "liveChanges[0].value must be a probability between 0 and 1 (got 1.5 for \"obs.burstLoss.data\")"},
        BadChange{"wavelengths not whole", json::array({change(1, "links[1].wavelengths", 2.5)}),
                  "liveChanges[0].value must be an integer between 1 and 1024"},
        BadChange{"variant out of range", json::array({change(1, "flows[0].tcp.variant", 11)}),
                  "liveChanges[0].value must be an integer from 0 to 10, the index of \"tahoe\""},
        BadChange{"maxTime below 1 ns", json::array({change(1, "nodes[1].assembly.maxTime", 1e-12)}),
                  "liveChanges[0].value must be a number of seconds from 1e-9"},
        BadChange{"unknown field",
                  json::array({{{"at", 1}, {"path", "obs.burstLoss.data"}, {"value", 0}, {"why", "x"}}}),
                  "liveChanges[0].why is not a known field"}),
    [](const ::testing::TestParamInfo<BadChange>& info) {
      std::string name;
      for (const char* c = info.param.what; *c; ++c) name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
      return name;
    });

TEST(LiveChangesParser, AtMostTenThousandChanges) {
  json many = json::array();
  for (int i = 0; i <= kMaxLiveChanges; ++i) many.push_back(change(1, "obs.burstLoss.data", 0));
  EXPECT_EQ(parserRefusal(withChanges(many)), "liveChanges must list at most 10000 changes (got 10001)");
  many.erase(many.begin());
  EXPECT_EQ(parserRefusal(withChanges(many)), "(accepted)");
}

TEST(LiveChangesParser, SetLiveAppliesTheSameRules) {
  auto sim = Simulation::fromJson(withChanges(json::array()).dump());
  EXPECT_EQ(sim->setLive("obs.burstLoss.data", 1.5), "obs.burstLoss.data must be a probability between 0 and 1");
  EXPECT_EQ(sim->setLive("links[9].loss", 0.1),
            "links[9].loss cannot be changed while running: there is no links[9] (the scenario has 4)");
  EXPECT_EQ(sim->setLive("nodes[1].assembly.maxBytes", 0),
            "nodes[1].assembly.maxBytes must be a number of bytes in (0, 1e9]");
}

// Each row of the generated table, on an element of its kind in the default scenario:
// the path resolves to the row's target, and the row's bounds are the value rule's.
TEST(LiveChangesParser, EveryLiveFieldOfTheTableResolvesWithItsBounds) {
  const Scenario s = parseScenario(defaultJson().dump());
  for (const LiveField& f : kLiveFields) {
    std::string path = f.field;
    if (f.list != LiveList::None) {
      int index = -1;
      if (f.list == LiveList::Flows) index = 0;
      for (std::size_t i = 0; index < 0 && f.list == LiveList::Nodes && i < s.nodes.size(); ++i)
        if (kNodeKindNames[static_cast<int>(s.nodes[i].kind)] == std::string(f.kind)) index = static_cast<int>(i);
      for (std::size_t i = 0; index < 0 && f.list == LiveList::Links && i < s.links.size(); ++i)
        if (kLinkKindNames[static_cast<int>(s.links[i].kind)] == std::string(f.kind)) index = static_cast<int>(i);
      ASSERT_GE(index, 0) << f.field << ": the default scenario has no " << f.kind;
      path = std::string(kLiveListNames[static_cast<int>(f.list)].list) + "[" + std::to_string(index) + "]." + f.field;
    }
    LivePath target;
    std::string rule;
    ASSERT_TRUE(resolveLivePath(s, path, &target, &rule)) << path << " " << rule;
    EXPECT_EQ(target.target, f.target) << path;
    EXPECT_EQ(liveValueRule(target, f.max), "") << path;
    EXPECT_EQ(liveValueRule(target, f.min), f.minExclusive ? f.refusal : "") << path;
    EXPECT_EQ(liveValueRule(target, f.max * 2 + 1), f.refusal) << path;
    EXPECT_EQ(liveValueRule(target, std::nan("")), f.refusal) << path;
    if (f.integer) {
      EXPECT_EQ(liveValueRule(target, f.min + 0.5), f.refusal) << path;
    }
  }
}

// ---- when and in which order they apply ----------------------------------------------

TEST(LiveChanges, ApplyInOrderOfTimeTiesInListOrder) {
  // Written out of order; two at 0.5 s on the same path: the later in the list wins.
  json j = withChanges({change(1.0, "obs.burstLoss.ack", 0.1), change(0.5, "obs.burstLoss.data", 0.3),
                        change(0.5, "obs.burstLoss.data", 0.2), change(0, "links[1].wavelengths", 1)});
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(0.75);
  EXPECT_EQ(sim->obsPlane().burstLoss(BurstClass::Data), 0.2);
  EXPECT_EQ(sim->obsPlane().burstLoss(BurstClass::Ack), 0);
  EXPECT_EQ(sim->obsPlane().wavelengths(1), 1);
  sim->advanceTo(2);
  const json listed = sim->summary()["liveChanges"];
  ASSERT_EQ(listed.size(), 4u);
  EXPECT_EQ(listed[0], change(0, "links[1].wavelengths", 1));
  EXPECT_EQ(listed[1], change(0.5, "obs.burstLoss.data", 0.3));
  EXPECT_EQ(listed[2], change(0.5, "obs.burstLoss.data", 0.2));
  EXPECT_EQ(listed[3], change(1.0, "obs.burstLoss.ack", 0.1));
  EXPECT_EQ(sim->obsPlane().burstLoss(BurstClass::Ack), 0.1);
}

TEST(LiveChanges, AChangeLandsAfterEveryEventOfItsInstant) {
  // Several events fall at t = 0 (the first sample, the flow's start): one event in, a
  // change runs the rest of the instant first, then applies at 0.
  auto sim = Simulation::fromJson(withChanges(json::array()).dump());
  auto whole = Simulation::fromJson(withChanges(json::array()).dump());
  whole->advanceTo(0);
  ASSERT_GT(whole->eventCount(), 1u);
  sim->advanceEvents(1);
  const Simulation::ChangeResult r = sim->changeLive("obs.burstLoss.data", 0);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.at, 0);
  EXPECT_EQ(sim->eventCount(), whole->eventCount());
}

TEST(LiveChanges, AScheduledChangeLandsAfterEveryEventOfItsTime) {
  // A sample falls at exactly 0.5 s. Events up to and including 0.5 s: N; the change is
  // applied exactly when the N-th has run, however the run is advanced.
  const json plain = withChanges(json::array());
  auto reference = Simulation::fromJson(plain.dump());
  reference->advanceTo(0.5 - 1e-12);  // one picosecond earlier
  const std::uint64_t before = reference->eventCount();
  reference->advanceTo(0.5);
  const std::uint64_t upTo = reference->eventCount();
  ASSERT_GT(upTo, before);  // at least one event at 0.5 s
  auto sim = Simulation::fromJson(withChanges(json::array({change(0.5, "obs.burstLoss.data", 0)})).dump());
  sim->advanceTo(0.4);
  while (sim->eventCount() < upTo + 5) {
    sim->advanceEvents(1);
    EXPECT_EQ(sim->liveChangesApplied().size(), sim->eventCount() >= upTo ? 1u : 0u) << sim->eventCount();
  }
}

TEST(LiveChanges, ARefusedChangeChangesNothing) {
  auto sim = Simulation::fromJson(withChanges(json::array()).dump());
  sim->advanceEvents(1);
  const std::uint64_t events = sim->eventCount();
  const Simulation::ChangeResult r = sim->changeLive("obs.burstLoss.data", 7);
  EXPECT_NE(r.error, "");
  EXPECT_EQ(sim->eventCount(), events);
  EXPECT_TRUE(sim->liveChangesApplied().empty());
  sim->advanceTo(2);
  EXPECT_FALSE(sim->summary().contains("liveChanges"));
}

// ---- exact replay --------------------------------------------------------------------

// Runs `j` one event, then in slices of `slice` events, making `changes` (path, value)
// each after the slice of its number (0: after that first event, in the middle of the
// instant t = 0), as the app does between slices; the changes' `at` as reported.
RunResult runInteractively(const json& j, std::uint64_t slice, const std::vector<std::pair<int, json>>& changes,
                           json* recorded) {
  RunResult run;
  auto sim = Simulation::fromJson(j.dump());
  *recorded = json::array();
  for (int n = 0; !sim->finished(); ++n) {
    sim->advanceEvents(n == 0 ? 1 : slice);
    run.samples.add(sim->drainSamples());
    for (const auto& [when, c] : changes) {
      if (when != n) continue;
      const Simulation::ChangeResult r = sim->changeLive(c["path"], c["value"].get<double>());
      EXPECT_EQ(r.error, "");
      recorded->push_back(change(r.at, c["path"], c["value"].get<double>()));
    }
  }
  run.samples.add(sim->drainSamples());
  run.summary = sim->summary();
  return run;
}

TEST(LiveChanges, AScenarioListingARunsChangesReplaysItExactly) {
  json j = withChanges(json::array(), 3);
  j["obs"]["burstLoss"]["data"] = 0.02;
  json recorded;
  // Slices of 199 events end between events of one instant now and then; slice 0 does.
  const RunResult live = runInteractively(j, 199,
                                          {{0, {{"path", "links[3].loss"}, {"value", 0.001}}},
                                           {20, {{"path", "flows[0].tcp.variant"}, {"value", 7}}},
                                           {20, {{"path", "obs.burstLoss.data"}, {"value", 0}}},
                                           {60, {{"path", "links[1].wavelengths"}, {"value", 1}}},
                                           {100, {{"path", "nodes[1].assembly.maxTime"}, {"value", 5e-4}}}},
                                          &recorded);
  ASSERT_EQ(recorded.size(), 5u);
  EXPECT_EQ(recorded[0]["at"], 0);
  EXPECT_EQ(live.summary["liveChanges"].dump(), recorded.dump());
  // The times went through JSON text, as the app's share link takes them.
  json replayed = j;
  replayed["liveChanges"] = json::parse(recorded.dump());
  const RunResult replay = runToEnd(replayed);
  EXPECT_EQ(replay.summary.dump(), live.summary.dump());
  EXPECT_TRUE(replay.samples == live.samples);
  // However it is advanced.
  RunResult sliced;
  auto sim = Simulation::fromJson(replayed.dump());
  while (!sim->finished()) {
    sim->advanceEvents(331);
    sliced.samples.add(sim->drainSamples());
  }
  sliced.summary = sim->summary();
  EXPECT_EQ(sliced.summary.dump(), live.summary.dump());
  EXPECT_TRUE(sliced.samples == live.samples);
  // And the changes mattered: without them the run differs.
  EXPECT_NE(runToEnd(j).summary["fingerprint"], live.summary["fingerprint"]);
}

TEST(LiveChanges, LiveChangesOnTopOfScheduledOnesReplayInTheSummarysOrder) {
  // A scheduled change at 1 s, and one made live when the run stands at 1 s: the live one
  // lands after it. Written back in the summary's order, the pair replays the run.
  json j = withChanges(json::array({change(1, "obs.burstLoss.data", 0.05)}), 2);
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(1);
  const Simulation::ChangeResult r = sim->changeLive("obs.burstLoss.data", 0);
  EXPECT_EQ(r.at, 1);
  sim->advanceTo(2);
  const auto live = sim->summary();
  ASSERT_EQ(live["liveChanges"].size(), 2u);
  EXPECT_EQ(live["liveChanges"][1]["value"], 0);
  json replayed = j;
  replayed["liveChanges"] = live["liveChanges"];
  EXPECT_EQ(runToEnd(replayed).summary.dump(), live.dump());
}

TEST(LiveChanges, AChangeAtTheEndIsRecordedAtTheDuration) {
  // The summary reads a fiber's wavelengths now (its utilisation), so even this counts.
  json j = withChanges(json::array(), 0.3);
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(0.3);
  const Simulation::ChangeResult r = sim->changeLive("links[1].wavelengths", 4);
  EXPECT_EQ(r.at, 0.3);
  json replayed = j;
  replayed["liveChanges"] = json::array({change(r.at, "links[1].wavelengths", 4)});
  EXPECT_EQ(runToEnd(replayed).summary.dump(), sim->summary().dump());
}

TEST(LiveChanges, LateTimesLandWhereTheirSecondsReadBackExactly) {
  // Past 2^51 ps (2251 s) not every picosecond has seconds that convert back (near 4200 s,
  // about one in ten); a change made then waits for the next that does (at most 127 ps),
  // and reports that time.
  json j = withChanges(json::array(), 4200.05);
  j["sampleInterval"] = 1;
  j["flows"][0]["start"] = 4200;
  j["links"][0]["rate"] = 0.97e8;  // a 552 B segment lasts 45525773 ps: times off the round numbers
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(4200);
  // Event by event until the clock stands on a time that does not convert back.
  SimTime before = 0;
  for (int i = 0; i < 100000; ++i) {
    sim->advanceEvents(1);
    before = sim->clock();
    if (!secondsRoundTrip(before)) break;
  }
  ASSERT_FALSE(secondsRoundTrip(before));
  const Simulation::ChangeResult r = sim->changeLive("obs.burstLoss.ack", 0.5);
  ASSERT_EQ(r.error, "");
  const SimTime landed = fromSeconds(json::parse(json(r.at).dump()).get<double>());
  EXPECT_GT(landed, before);
  EXPECT_LE(landed - before, 127);
  EXPECT_EQ(toSeconds(landed), r.at);
  sim->advanceTo(4200.05);
  json replayed = j;
  replayed["liveChanges"] = json::array({change(r.at, "obs.burstLoss.ack", 0.5)});
  EXPECT_EQ(runToEnd(replayed).summary.dump(), sim->summary().dump());
}

TEST(LiveChanges, EachChangeIsAVisualEventTheEventLogNames) {
  // Scheduled and live alike: one LiveChange event each, at the time it took effect, with
  // its place in the run's list, the target, the element and the new value.
  json j = withChanges(json::array({change(0.5, "links[1].wavelengths", 1)}));
  auto sim = Simulation::fromJson(j.dump());
  sim->setVisualEvents(true);
  sim->advanceTo(0.25);
  const auto live = sim->changeLive("obs.burstLoss.ack", 0.25);
  ASSERT_EQ(live.error, "");
  sim->advanceTo(1);
  const VisualEventColumns c = sim->drainVisualEvents();
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < c.rows(); ++i)
    if (c.kind[i] == static_cast<std::uint8_t>(VisualEventKind::LiveChange)) rows.push_back(i);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(c.id[rows[0]], 0);
  EXPECT_EQ(c.t0[rows[0]], live.at);
  EXPECT_EQ(c.reason[rows[0]], static_cast<std::uint8_t>(LiveTarget::ObsBurstLoss));
  EXPECT_EQ(c.cls[rows[0]], 1);
  EXPECT_EQ(c.value[rows[0]], 0.25);
  EXPECT_EQ(c.id[rows[1]], 1);
  EXPECT_EQ(c.t0[rows[1]], 0.5);
  EXPECT_EQ(c.reason[rows[1]], static_cast<std::uint8_t>(LiveTarget::LinkWavelengths));
  EXPECT_EQ(c.lane[rows[1]], 1);
  EXPECT_EQ(c.link[rows[1]], 1);
  EXPECT_EQ(c.value[rows[1]], 1);
}

}  // namespace
}  // namespace obs
