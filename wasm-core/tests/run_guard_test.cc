// The run guard (run_guard.h) and the refusals up front (resource_estimate.h): every
// accepted scenario ends, or stops with a sentence naming the cause, at the same event on
// every target.
#include "run_guard.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "resource_estimate.h"
#include "scenario/json_reader.h"
#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::json;

std::string refusal(const json& j, const RunBudget& budget = RunBudget{}) {
  try {
    Simulation::fromJson(j.dump(), budget);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "(accepted)";
}

constexpr SimTime kSecond = kPicosPerSecond;

// ---- the rules, on counts alone ----

TEST(RunGuard, LooksEveryCheckIntervalOfWork) {
  RunGuard guard(RunBudget{}, 10 * kSecond);
  EXPECT_EQ(guard.nextCheck(), RunGuard::kCheckEvery);
  EXPECT_FALSE(guard.due(RunGuard::kCheckEvery - 1));
  EXPECT_TRUE(guard.due(RunGuard::kCheckEvery));
  EXPECT_EQ(guard.check(1000, RunGuard::kCheckEvery, kSecond / 1000, false), StopCause::None);
  EXPECT_EQ(guard.nextCheck(), 2 * RunGuard::kCheckEvery);
  // An event that did much work moves the next look past all it did.
  EXPECT_EQ(guard.check(1001, 5 * RunGuard::kCheckEvery + 7, kSecond / 1000, false), StopCause::None);
  EXPECT_EQ(guard.nextCheck(), 6 * RunGuard::kCheckEvery);
}

TEST(RunGuard, AClockThatDoesNotMoveIsAStall) {
  RunGuard guard(RunBudget{0, 0}, 10 * kSecond);  // no budgets: the stall rule still holds
  std::uint64_t events = 0;
  StopCause cause = StopCause::None;
  while (cause == StopCause::None && events < 2 * RunGuard::kStallEvents) {
    events += RunGuard::kCheckEvery;
    cause = guard.check(events, events, 0, false);  // the clock stays at t = 0
  }
  EXPECT_EQ(cause, StopCause::Stall);
  EXPECT_EQ(events, RunGuard::kStallEvents);
}

TEST(RunGuard, ManyEventsWhileTheClockMovesOnAreNoStall) {
  RunGuard guard(RunBudget{0, 0}, 1000 * kSecond);
  SimTime now = 0;
  for (std::uint64_t events = RunGuard::kCheckEvery; events <= 4 * RunGuard::kStallEvents;
       events += RunGuard::kCheckEvery) {
    now += RunGuard::kStallSpan;  // 65,536 events per microsecond: dense, but moving
    ASSERT_EQ(guard.check(events, events, now, false), StopCause::None) << events;
  }
}

TEST(RunGuard, ThePaceOfWorkIsProjectedToTheEnd) {
  RunBudget budget{1'000'000'000, 0};
  RunGuard guard(budget, 100 * kSecond);
  // 4.2 M units in the first 0.1 s: 4.2 G to reach 100 s, over the budget of 1 G, however
  // few events did the work.
  EXPECT_EQ(guard.check(1000, RunGuard::kProjectAfter, kSecond / 10, false), StopCause::EventPace);
  EXPECT_NEAR(guard.projectedWork(RunGuard::kProjectAfter, kSecond / 10), 4.194304e9, 1);
  // The same pace over 1 s of 100 s would need 420 M: it goes on.
  RunGuard slower(budget, 100 * kSecond);
  EXPECT_EQ(slower.check(1000, RunGuard::kProjectAfter, kSecond, false), StopCause::None);
}

TEST(RunGuard, NoProjectionBeforeEnoughWork) {
  RunGuard guard(RunBudget{1000, 0}, 100 * kSecond);
  EXPECT_EQ(guard.check(10, RunGuard::kCheckEvery, kSecond, false), StopCause::EventBudget);
  RunGuard early(RunBudget{1'000'000, 0}, 100 * kSecond);
  EXPECT_EQ(early.check(10, RunGuard::kCheckEvery, 1, false), StopCause::None);  // a pace of 6e15
}

TEST(RunGuard, ATrippedMemoryMeterStopsOnlyUnderAMemoryBudget) {
  RunGuard guard(RunBudget{0, 1000}, kSecond);
  EXPECT_EQ(guard.check(1, RunGuard::kCheckEvery, kSecond / 2, false), StopCause::None);
  EXPECT_EQ(guard.check(2, 2 * RunGuard::kCheckEvery, kSecond / 2, true), StopCause::Memory);
  RunGuard unlimited(RunBudget{0, 0}, kSecond);
  EXPECT_EQ(unlimited.check(1, RunGuard::kCheckEvery, kSecond / 2, true), StopCause::None);
}

TEST(MemoryMeter, TripsBeforeTheNextDoublingCouldCrossTheLimit) {
  std::uint64_t stopAt = UINT64_MAX;
  MemoryMeter meter(&stopAt);
  meter.setLimit(1000);
  meter.chargeBase(100);
  meter.resized(0, 200);  // held 300; its doubling would peak at 300 + 400
  EXPECT_FALSE(meter.tripped());
  EXPECT_EQ(stopAt, UINT64_MAX);
  meter.resized(200, 400);  // held 500; the next doubling would peak at 500 + 800 > 1000
  EXPECT_TRUE(meter.tripped());
  EXPECT_EQ(stopAt, 0u);  // the event loop returns after the running event
  EXPECT_EQ(meter.held(), 500u);
  EXPECT_LE(meter.held(), meter.limit());  // stopped before crossing, not after
}

TEST(MemoryMeter, DrainedContainersGiveTheirBytesBack) {
  std::uint64_t stopAt = UINT64_MAX;
  MemoryMeter meter(&stopAt);
  meter.resized(0, 4096);
  meter.resized(4096, 0);
  EXPECT_EQ(meter.held(), 0u);
  EXPECT_FALSE(meter.tripped());  // no limit: never trips
}

// ---- whole runs ----

json rtoOfOneNanosecond() {
  json j = defaultJson();
  j["flows"][0]["tcp"]["rto"] = {{"initial", 1e-9}, {"min", 0}, {"max", 1e-9}, {"fixed", 1e-9}};
  return j;
}

TEST(RunGuardInRuns, ARunThatCannotFinishStopsEarlyNamingTheCause) {
  auto sim = Simulation::fromJson(rtoOfOneNanosecond().dump());
  sim->advanceTo(sim->duration());
  ASSERT_TRUE(sim->stopped());
  EXPECT_FALSE(sim->finished());
  EXPECT_LE(sim->eventCount(), RunGuard::kProjectAfter + 4096 + RunGuard::kCheckEvery);
  const std::string& why = sim->stopReason();
  EXPECT_NE(why.find("stopped at t = "), std::string::npos) << why;
  EXPECT_NE(why.find("at this pace the run needs about"), std::string::npos) << why;
  EXPECT_NE(why.find("more than the work budget of 1e+10"), std::string::npos) << why;
  EXPECT_NE(why.find("busiest: 100 % flow tcp1's sender (retransmission timer)"), std::string::npos) << why;
  EXPECT_EQ(sim->summary()["stopped"], why);
}

TEST(RunGuardInRuns, AStoppedRunStaysWhereItStopped) {
  auto sim = Simulation::fromJson(rtoOfOneNanosecond().dump());
  sim->advanceTo(sim->duration());
  const std::uint64_t events = sim->eventCount();
  const double now = sim->now();
  sim->advanceTo(sim->duration());
  sim->advanceEvents(1000);
  sim->advanceToBounded(sim->duration(), 1000);
  EXPECT_FALSE(sim->advanceToNextBurst(1000));
  EXPECT_EQ(sim->eventCount(), events);
  EXPECT_EQ(sim->now(), now);
}

TEST(RunGuardInRuns, WhereARunStopsDoesNotDependOnHowItIsAdvanced) {
  auto whole = Simulation::fromJson(rtoOfOneNanosecond().dump());
  whole->advanceTo(whole->duration());
  auto sliced = Simulation::fromJson(rtoOfOneNanosecond().dump());
  for (int i = 0; i < 100000 && !sliced->stopped(); ++i) {
    if (i % 3 == 0)
      sliced->advanceEvents(7919);
    else if (i % 3 == 1)
      sliced->advanceTo(sliced->now() + 1e-6);
    else
      sliced->advanceToBounded(sliced->now() + 1e-3, 10007);
  }
  ASSERT_TRUE(sliced->stopped());
  EXPECT_EQ(sliced->eventCount(), whole->eventCount());
  EXPECT_EQ(sliced->stopReason(), whole->stopReason());
  EXPECT_EQ(sliced->summary().dump(), whole->summary().dump());
}

TEST(RunGuardInRuns, TheEventBudgetIsAHardLimit) {
  json j = defaultJson();  // about 550,000 events in its 20 s
  auto sim = Simulation::fromJson(j.dump(), RunBudget{100'000, 0});
  sim->advanceTo(sim->duration());
  ASSERT_TRUE(sim->stopped());
  EXPECT_NE(sim->stopReason().find("the run reached its work budget of 100000 events' worth"), std::string::npos)
      << sim->stopReason();
  auto free = Simulation::fromJson(j.dump(), RunBudget{0, 0});
  free->advanceTo(free->duration());
  EXPECT_TRUE(free->finished());
  EXPECT_FALSE(free->stopped());
}

TEST(RunGuardInRuns, AnOverloadedControlChannelStopsOnMemory) {
  // 10 times the fiber's capacity in 40-byte bursts: BHPs queue on the control channel
  // without end. With a budget of 64 MB the run stops on memory, long before the end.
  json j = defaultJson();
  j["duration"] = 1;
  j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", 10}, {"meanBytes", 40}}});
  auto sim = Simulation::fromJson(j.dump(), RunBudget{0, 64'000'000});
  sim->advanceTo(sim->duration());
  ASSERT_TRUE(sim->stopped());
  const std::string& why = sim->stopReason();
  EXPECT_NE(why.find("could pass the memory budget of 64 MB"), std::string::npos) << why;
  EXPECT_NE(why.find("background[0] (E1 -> E2)"), std::string::npos) << why;
  EXPECT_LT(sim->now(), 0.5);
  // It stopped before crossing the budget, not after: what the model holds is under it.
  EXPECT_LE(sim->memoryEstimate(), 64'000'000u);
}

TEST(RunGuardInRuns, AMemoryStopFallsAtTheSameEventHoweverTheRunIsAdvanced) {
  json j = defaultJson();
  j["duration"] = 1;
  j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", 10}, {"meanBytes", 40}}});
  auto whole = Simulation::fromJson(j.dump(), RunBudget{0, 32'000'000});
  whole->advanceTo(whole->duration());
  auto sliced = Simulation::fromJson(j.dump(), RunBudget{0, 32'000'000});
  for (int i = 0; i < 1'000'000 && !sliced->stopped(); ++i) sliced->advanceEvents(997);
  ASSERT_TRUE(whole->stopped());
  ASSERT_TRUE(sliced->stopped());
  EXPECT_EQ(sliced->eventCount(), whole->eventCount());
  EXPECT_EQ(sliced->stopReason(), whole->stopReason());
}

TEST(RunGuardInRuns, ARunWhoseEventsScanManyWavelengthsIsJudgedByItsWork) {
  // 1024 wavelengths per fiber, loaded: every burst's events look at every wavelength, so
  // a run costs far more than its events say. Counted by events it would run for minutes
  // within its budget; counted by work it stops after a few thousand events.
  json j = defaultJson();
  j["duration"] = 10;
  for (json& l : j["links"])
    if (l["kind"] == "fiber") l["wavelengths"] = 1024;
  j["obs"]["scheduling"] = "lauc-vf";
  j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", 0.9}, {"meanBytes", 2000000}}});
  // Up front it counts as at least 18 events' worth a burst (its emission, C1's control
  // packet and C1's look at 1024 wavelengths): 1.3e7 for the run, within 5e7. Running, most
  // wavelengths are busy and each is searched: several times that.
  auto sim = Simulation::fromJson(j.dump(), RunBudget{50'000'000, 0});
  sim->advanceTo(sim->duration());
  ASSERT_TRUE(sim->stopped());
  const std::string& why = sim->stopReason();
  EXPECT_NE(why.find("than the work budget of 5e+07"), std::string::npos) << why;
  EXPECT_NE(why.find("of it scanning wavelengths, trying routes, moving packets"), std::string::npos) << why;
  EXPECT_LT(sim->eventCount(), 1'618'651u);  // the whole run has 1,618,651 events: never the event count
}

TEST(RunGuardInRuns, AStopNamesTheTrafficMatrixBesideTheBackgroundList) {
  // Regression: the traffic matrix's sources follow the background list's in the model,
  // and naming them read scenario.background past its end (out of bounds: the usnet preset
  // with 1-byte bursts crashed the engine when the guard stopped it).
  json j = defaultJson();
  j["duration"] = 1;
  j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", 0.01}, {"meanBytes", 20000}}});
  j["traffic"] = {{"matrix", "uniform"}, {"load", 10}, {"meanBytes", 40}};
  auto sim = Simulation::fromJson(j.dump(), RunBudget{0, 64'000'000});
  sim->advanceTo(sim->duration());
  ASSERT_TRUE(sim->stopped());
  const std::string& why = sim->stopReason();
  EXPECT_NE(why.find("the traffic matrix's sources (2 pairs)"), std::string::npos) << why;
}

TEST(RunGuardInRuns, TheDefaultsLetEveryOrdinaryRunFinish) {
  auto sim = Simulation::fromJson(defaultJson().dump());
  sim->advanceTo(sim->duration());
  EXPECT_TRUE(sim->finished());
  EXPECT_FALSE(sim->stopped());
  EXPECT_FALSE(sim->summary().contains("stopped"));
  EXPECT_LT(sim->memoryEstimate(), 20'000'000u);
}

// ---- refusals up front ----

TEST(ResourceEstimate, ABackgroundSourceFasterThanTheClockIsRefused) {
  json j = defaultJson();
  j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", 10}, {"meanBytes", 1}}});
  EXPECT_EQ(refusal(j),
            "background[0] would generate 3.125e+09 bursts per second (load 10 of 2.5e+09 bit/s in "
            "bursts of 1 bytes on average); at most 1e+09 per second, one per nanosecond, the "
            "engine's shortest interval: raise meanBytes or lower load");
  j["background"][0]["meanBytes"] = 1e-300;
  EXPECT_NE(refusal(j).find("background[0] would generate inf bursts per second"), std::string::npos);
}

TEST(ResourceEstimate, ABackgroundSourceOverTheEventBudgetIsRefused) {
  json j = defaultJson();
  j["duration"] = 3600;
  j["sampleInterval"] = 1;
  j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", 0.4}, {"meanBytes", 100}}});
  // 1.25e6 bursts per second for an hour, each at least its emission, its control packet
  // at C1 and C1's look at its wavelength: within the default work budget of 1e10...
  EXPECT_EQ(refusal(j), "(accepted)");
  // ... not within 1e9.
  EXPECT_EQ(refusal(j, RunBudget{1'000'000'000, 0}),
            "background[0] would generate 1.25e+06 bursts per second (load 0.4, meanBytes 100, each crossing 1 "
            "core that scans up to 2 wavelengths): at least 9.14062e+09 events' worth of work over the 3600 s run, "
            "more than the work budget of 1e+09 (raise meanBytes, lower load, shorten the run, or raise the budget: "
            "obs-sim --max-events)");
}

TEST(ResourceEstimate, WindowRingsOverTheMemoryBudgetAreRefusedBeforeTheyAreBuilt) {
  json j = defaultJson();
  j["duration"] = 1;
  j["sampleInterval"] = 0.1;
  j["flows"][0]["count"] = 50000;
  j["flows"][0]["tcp"]["maxWindow"] = 1000000;
  EXPECT_EQ(refusal(j),
            "the scenario would need about 472 GB of memory to build (flows[0]: 50000 flows, each with "
            "a window ring of 1048576 segments for maxWindow 1000000), more than the memory budget of "
            "1.07 GB");
}

TEST(ResourceEstimate, RoutingFromTooManySourcesOverTooManyLinksIsRefused) {
  // A chain of 2,000 routers with 1,000 hosts on it, each host a flow's end: 1,000 trees
  // over 3,000 nodes and 2,999 links are 9e6 steps (accepted); 5,000 hosts on a chain of
  // 5,000 routers are 1.5e8 (refused).
  auto chain = [](int routers, int hosts) {
    json j = {{"version", 1}, {"duration", 0.01}, {"sampleInterval", 0.01}};
    json nodes = json::array(), links = json::array(), flows = json::array();
    for (int r = 0; r < routers; ++r) nodes.push_back({{"id", "R" + std::to_string(r)}, {"kind", "router"}});
    for (int r = 1; r < routers; ++r)
      links.push_back({{"id", "c" + std::to_string(r)},
                       {"a", "R" + std::to_string(r - 1)},
                       {"b", "R" + std::to_string(r)},
                       {"kind", "packet"},
                       {"rate", 1e9},
                       {"delay", 1e-6}});
    for (int h = 0; h < hosts; ++h) {
      nodes.push_back({{"id", "H" + std::to_string(h)}, {"kind", "host"}});
      links.push_back({{"id", "h" + std::to_string(h)},
                       {"a", "H" + std::to_string(h)},
                       {"b", "R" + std::to_string(h % routers)},
                       {"kind", "packet"},
                       {"rate", 1e9},
                       {"delay", 1e-6}});
    }
    for (int h = 0; h + 1 < hosts; h += 2)
      flows.push_back({{"id", "f" + std::to_string(h)},
                       {"src", "H" + std::to_string(h)},
                       {"dst", "H" + std::to_string(h + 1)},
                       {"app", {{"kind", "file"}, {"bytes", 1000}}}});
    j["nodes"] = nodes;
    j["links"] = links;
    j["flows"] = flows;
    return j;
  };
  EXPECT_EQ(refusal(chain(2000, 1000)), "(accepted)");
  EXPECT_NE(refusal(chain(5000, 5000))
                .find("the routes would take too long to compute: shortest paths from 5000 distinct flow and "
                      "background endpoints over 9999 links"),
            std::string::npos);
}

}  // namespace
}  // namespace obs
