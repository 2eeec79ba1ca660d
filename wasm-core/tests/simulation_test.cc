#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "scenario/json_reader.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::json;

json defaultJson() {
  std::ifstream in(std::string(OBS_SCENARIO_DIR) + "/default.json");
  std::stringstream s;
  s << in.rdbuf();
  return json::parse(s.str());
}

json withLoss(double data, double ack, double duration = 20) {
  json j = defaultJson();
  j["obs"]["burstLoss"] = {{"data", data}, {"ack", ack}};
  j["duration"] = duration;
  return j;
}

std::unique_ptr<Simulation> runToEnd(const json& j) {
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  return sim;
}

double goodput(const Simulation& sim) { return sim.summary()["flows"][0]["goodput"].get<double>(); }

TEST(Simulation, LosslessGoodputIsTheBottleneckPayloadRate) {
  auto sim = runToEnd(withLoss(0, 0));
  // The Fast Ethernet access link carries 512 B of payload per 552 B packet; the window
  // (64 KB) exceeds the bandwidth-delay product, so TCP fills it after slow start.
  double ideal = 1e8 * 512.0 / 552.0;
  EXPECT_GT(goodput(*sim), 0.98 * ideal);
  EXPECT_LE(goodput(*sim), ideal);
  EXPECT_EQ(sim->summary()["flows"][0]["retransmits"], 0);
}

TEST(Simulation, InjectedLossDropsTheExpectedShareOfEachClass) {
  auto sim = runToEnd(withLoss(0.02, 0.05));
  const BurstClassCounters& d = sim->obsPlane().counters(BurstClass::Data);
  const BurstClassCounters& a = sim->obsPlane().counters(BurstClass::Ack);
  ASSERT_GT(d.sent, 1000u);
  ASSERT_GT(a.sent, 1000u);
  auto within = [](std::uint64_t hits, std::uint64_t n, double p) {
    double sd = std::sqrt(n * p * (1 - p));
    return std::fabs(static_cast<double>(hits) - n * p) < 5 * sd;
  };
  EXPECT_TRUE(within(d.dropped[0], d.sent, 0.02)) << d.dropped[0] << " of " << d.sent;
  EXPECT_TRUE(within(a.dropped[0], a.sent, 0.05)) << a.dropped[0] << " of " << a.sent;
  EXPECT_EQ(d.dropped[1] + a.dropped[1], 0u);  // one flow, two wavelengths: no contention
  EXPECT_EQ(d.dropped[2] + a.dropped[2], 0u);  // auto offset is never too short
}

TEST(Simulation, PaperZeroDataBurstLossHurtsMoreThanAckBurstLoss) {
  double lossless = goodput(*runToEnd(withLoss(0, 0)));
  double dataLoss = goodput(*runToEnd(withLoss(0.01, 0)));
  double ackLoss = goodput(*runToEnd(withLoss(0, 0.01)));
  EXPECT_LT(dataLoss, 0.6 * lossless);  // paper 000: about 30 % of lossless
  EXPECT_GT(ackLoss, 0.7 * lossless);   // paper 000: about 73 %
  EXPECT_LT(dataLoss, 0.8 * ackLoss);
}

TEST(Simulation, EveryPacketAndBurstIsAccountedFor) {
  for (double loss : {0.0, 0.01, 0.2}) {
    auto sim = Simulation::fromJson(withLoss(loss, loss / 2, 5).dump());
    for (double t : {0.0123, 0.5, 2.7183, 5.0}) {  // mid-run too, with packets in flight
      sim->advanceTo(t);
      Simulation::PacketLedger l = sim->packetLedger();
      EXPECT_EQ(l.sent, l.delivered + l.queueDrops + l.burstDrops + l.held)
          << "loss " << loss << " at " << t;
      const BurstClassCounters& d = sim->obsPlane().counters(BurstClass::Data);
      const BurstClassCounters& a = sim->obsPlane().counters(BurstClass::Ack);
      EXPECT_EQ(d.sent + a.sent, d.delivered + a.delivered + d.droppedTotal() + a.droppedTotal() +
                                     sim->obsPlane().burstsInFlight());
    }
  }
}

TEST(Simulation, SameScenarioAndSeedGiveIdenticalRuns) {
  json j = withLoss(0.01, 0.01, 5);
  auto a = runToEnd(j);
  auto b = runToEnd(j);
  EXPECT_EQ(a->summary().dump(), b->summary().dump());
  j["seed"] = 2;
  auto c = runToEnd(j);
  EXPECT_NE(a->summary()["fingerprint"], c->summary()["fingerprint"]);
}

TEST(Simulation, AdvancingInSlicesEqualsOneRun) {
  json j = withLoss(0.01, 0.01, 3);
  auto whole = runToEnd(j);
  auto sliced = Simulation::fromJson(j.dump());
  while (!sliced->finished()) sliced->advanceEvents(997);
  EXPECT_EQ(whole->summary().dump(), sliced->summary().dump());
}

TEST(Simulation, AdvanceToTheCurrentTimeRunsEventsDueNow) {
  auto sim = Simulation::fromJson(withLoss(0, 0, 1).dump());
  sim->advanceTo(0);
  EXPECT_GT(sim->eventCount(), 0u);  // the t = 0 sample and flow start
  EXPECT_EQ(sim->drainSamples().rows(), 1u);
}

TEST(Simulation, BoundedAdvanceNeverOvershootsAndMatchesAPlainRun) {
  json j = withLoss(0.01, 0, 2);
  auto plain = runToEnd(j);
  auto bounded = Simulation::fromJson(j.dump());
  double target = 0;
  while (!bounded->finished()) {
    target += 0.003;
    std::uint64_t before = bounded->eventCount();
    bounded->advanceToBounded(target, 50);
    EXPECT_LE(bounded->now(), target + 1e-12);
    EXPECT_LE(bounded->eventCount() - before, 50u);
    if (bounded->eventCount() - before == 50u) target = bounded->now();  // fell behind: keep up
  }
  EXPECT_EQ(plain->summary().dump(), bounded->summary().dump());
}

TEST(Simulation, SamplesComeOncePerIntervalPerFlowInTimeOrder) {
  auto sim = Simulation::fromJson(withLoss(0, 0, 1).dump());
  sim->advanceTo(0.5);
  SampleColumns first = sim->drainSamples();
  sim->advanceTo(1);
  SampleColumns second = sim->drainSamples();
  EXPECT_EQ(first.rows() + second.rows(), 101u);  // t = 0, 0.01, ..., 1.0
  EXPECT_DOUBLE_EQ(first.t.front(), 0);
  EXPECT_DOUBLE_EQ(second.t.back(), 1.0);
  for (std::size_t i = 1; i < first.rows(); ++i) EXPECT_LT(first.t[i - 1], first.t[i]);
  EXPECT_EQ(sim->drainSamples().rows(), 0u);
  // Goodput samples integrate to the delivered bytes.
  double integral = 0;
  for (const SampleColumns* s : {&first, &second})
    for (std::size_t i = 0; i < s->rows(); ++i) integral += s->goodput[i] * 0.01 / 8;
  EXPECT_NEAR(integral, second.delivered.back(), 1.0);
}

TEST(Simulation, LiveLossChangeActsFromNowOn) {
  auto sim = Simulation::fromJson(withLoss(0, 0, 4).dump());
  sim->advanceTo(2);
  EXPECT_EQ(sim->obsPlane().counters(BurstClass::Ack).droppedTotal(), 0u);
  EXPECT_EQ(sim->setLive("obs.burstLoss.ack", 0.3), "");
  sim->advanceTo(4);
  EXPECT_GT(sim->obsPlane().counters(BurstClass::Ack).droppedTotal(), 100u);
  EXPECT_EQ(sim->obsPlane().counters(BurstClass::Data).droppedTotal(), 0u);
  EXPECT_NE(sim->setLive("obs.burstLoss.ack", 1.5), "");
  EXPECT_NE(sim->setLive("links[0].rate", 1e6).find("cannot be changed"), std::string::npos);
}

TEST(Simulation, UnreachableDestinationIsRefused) {
  json j = defaultJson();
  j["links"].erase(j["links"].begin() + 2);  // cut C1 - E2
  try {
    Simulation::fromJson(j.dump());
    FAIL() << "accepted an unreachable flow";
  } catch (const ScenarioError& e) {
    EXPECT_EQ(std::string(e.what()), "flows[0]: no path of links leads from \"Server\" to \"Client\"");
  }
}

TEST(Simulation, AutoOffsetCoversProcessingSetupAndBhpTransmission) {
  auto sim = Simulation::fromJson(defaultJson().dump());
  // One core: 10 us processing + 100 ns set-up + 64 B at 1.25 Gbit/s (409.6 ns).
  EXPECT_EQ(sim->obsPlane().offset(0), fromSeconds(1e-5) + fromSeconds(1e-7) + 409'600);
}

TEST(Simulation, TooShortFixedOffsetDropsBurstsAsLate) {
  json j = withLoss(0, 0, 1);
  j["obs"]["offset"] = 1e-6;  // less than the 10 us the core needs
  auto sim = runToEnd(j);
  EXPECT_GT(sim->obsPlane().counters(BurstClass::Data).dropped[2], 0u);
  EXPECT_EQ(sim->summary()["flows"][0]["delivered"], 0.0);
}

}  // namespace
}  // namespace obs
