// Lines fed ahead (net/line_feeds.h, PacketChannel::sendAhead): a packet line whose every
// packet comes off other lines takes each packet before it arrives, with no event for its
// arrival at the node between them: when its feed sends it if one line feeds it, through
// a merge in arrival order if several do. Receivers taken ahead (net/receivers_ahead.h): a
// TCP receiver alone on its host takes each segment when the line into the host sends it,
// and puts its ACK on the line out as of the moment the segment arrives. Nothing the run
// reports may differ from the same run with every packet taken as it arrives: the tests
// run scenarios both ways and compare the summary, the samples, the link samples and the
// visual events at many moments.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <tuple>

#include "arrival_reference.h"
#include "scenario_files.h"
#include "simulation.h"
#include "summary_checks.h"

namespace obs {
namespace {

using json = nlohmann::json;

json preset(const std::string& name) { return json::parse(readPresetFile(name)); }

// Paper 004's dumb-bell: links a0-a2 (hosts to n3), the bottleneck n3-n4 (queue 5), b0-b2
// (n4 to hosts), three flows n0->n5, n1->n6, n2->n7.
json dumbbell() { return preset("paper004-dumbbell.json"); }
constexpr int kBottleneck = 3;

// Its first flow alone, with a window that overflows the bottleneck's queue of 5: the
// bottleneck's only feed is then the access line a0, and it refuses packets ahead of the
// clock.
json oneFlowDumbbell() {
  json j = dumbbell();
  j["flows"] = json::array({j["flows"][0]});
  j["flows"][0]["tcp"]["maxWindow"] = 64;
  return j;
}

// The visual events as comparable rows, sorted: lines fed ahead record a packet's time on
// a line when its feed sends it, earlier than a line that takes it on arrival would.
using Row = std::tuple<int, double, double, int, int, int, int, int, unsigned, unsigned>;
std::vector<Row> sortedRows(const VisualEventColumns& c) {
  std::vector<Row> rows;
  for (std::size_t i = 0; i < c.rows(); ++i)
    rows.emplace_back(c.kind[i], c.t0[i], c.t1[i], c.id[i], c.link[i], c.dir[i], c.cls[i], c.reason[i], c.bytes[i],
                      c.segments[i]);
  std::sort(rows.begin(), rows.end());
  return rows;
}

void expectSameColumns(const LinkSampleColumns& a, const LinkSampleColumns& b) {
  EXPECT_EQ(a.t, b.t);
  EXPECT_EQ(a.link, b.link);
  EXPECT_EQ(a.dir, b.dir);
  EXPECT_EQ(a.queued, b.queued);
  EXPECT_EQ(a.queueDrops, b.queueDrops);
  EXPECT_EQ(a.randomDrops, b.randomDrops);
}

// Runs `scenario` fed ahead and not, stopping at `stops` moments, and compares everything
// either reports at each.
void expectSameReports(const json& scenario, int stops) {
  auto fed = Simulation::fromJson(scenario.dump());
  auto unfed = takingEveryPacketOnArrival(scenario.dump());
  for (Simulation* sim : {fed.get(), unfed.get()}) {
    sim->setLinkSamples(true);
    sim->setVisualEvents(true);
  }
  std::vector<Row> fedRows, unfedRows;
  for (int k = 1; k <= stops; ++k) {
    const double t = fed->duration() * k / stops;
    fed->advanceTo(t);
    unfed->advanceTo(t);
    SCOPED_TRACE("at " + std::to_string(t) + " s");
    ASSERT_EQ(fed->clock(), unfed->clock());
    EXPECT_EQ(withoutRunCounts(fed->summary()), withoutRunCounts(unfed->summary()));
    const Simulation::PacketLedger a = fed->packetLedger(), b = unfed->packetLedger();
    EXPECT_EQ(std::tie(a.sent, a.delivered, a.linkDrops, a.burstDrops, a.held),
              std::tie(b.sent, b.delivered, b.linkDrops, b.burstDrops, b.held));
    for (int link = 0; link < static_cast<int>(scenario["links"].size()); ++link) {
      if (scenario["links"][link]["kind"] != "packet") continue;
      for (int dir = 0; dir < 2; ++dir) {
        const PacketChannel& x = fed->packetChannel(link, dir);
        const PacketChannel& y = unfed->packetChannel(link, dir);
        const PacketChannelCounters cx = x.counters(), cy = y.counters();
        EXPECT_EQ(std::tie(cx.sent, cx.queueDrops, cx.randomDrops, cx.listedDrops, cx.retries, cx.bytesSent, cx.busy),
                  std::tie(cy.sent, cy.queueDrops, cy.randomDrops, cy.listedDrops, cy.retries, cy.bytesSent, cy.busy))
            << "link " << link << " dir " << dir;
        EXPECT_EQ(x.busyUntil(fed->clock()), y.busyUntil(unfed->clock())) << "link " << link << " dir " << dir;
        EXPECT_EQ(x.queued(fed->clock()), y.queued(unfed->clock())) << "link " << link << " dir " << dir;
      }
    }
    const SampleColumns sa = fed->drainSamples(), sb = unfed->drainSamples();
    EXPECT_EQ(sa.t, sb.t);
    EXPECT_EQ(sa.cwnd, sb.cwnd);
    EXPECT_EQ(sa.delivered, sb.delivered);
    expectSameColumns(fed->drainLinkSamples(), unfed->drainLinkSamples());
    // Drops and TCP events are recorded when they happen either way, so in the same order.
    const VisualEventColumns va = fed->drainVisualEvents(), vb = unfed->drainVisualEvents();
    std::vector<Row> ra = sortedRows(va), rb = sortedRows(vb);
    fedRows.insert(fedRows.end(), ra.begin(), ra.end());
    unfedRows.insert(unfedRows.end(), rb.begin(), rb.end());
  }
  // A packet a line fed ahead takes after the last stop is already on it: its time there
  // lies after the stop, where the other run has no row for it yet.
  const double end = fed->now();
  for (std::vector<Row>* rows : {&fedRows, &unfedRows}) {
    rows->erase(std::remove_if(rows->begin(), rows->end(), [end](const Row& r) { return std::get<1>(r) > end; }),
                rows->end());
    std::sort(rows->begin(), rows->end());
  }
  EXPECT_EQ(fedRows, unfedRows);
  EXPECT_LT(fed->eventCount(), unfed->eventCount());
}

// Up to `seconds`, `scenario` reports as a run that takes every packet on arrival.
void expectSameSummaryUntil(const json& scenario, double seconds) {
  auto unfed = takingEveryPacketOnArrival(scenario.dump());
  auto fed = Simulation::fromJson(scenario.dump());
  fed->advanceTo(seconds);
  unfed->advanceTo(seconds);
  EXPECT_EQ(withoutRunCounts(fed->summary()), withoutRunCounts(unfed->summary()));
}

PacketChannel* line(Simulation& sim, int link, int dir) {
  return const_cast<PacketChannel*>(&sim.packetChannel(link, dir));
}

TEST(LineFeeds, ALineIsFedWhenEveryRouteTakingItArrivesOffALine) {
  auto sim = Simulation::fromJson(dumbbell().dump());
  // Data: the access lines start routes, the bottleneck merges three feeds, each line to a
  // receiver has the bottleneck alone.
  for (int a = 0; a < 3; ++a) {
    EXPECT_EQ(sim->packetChannel(a, 0).soleFeed(), nullptr);
    EXPECT_FALSE(sim->packetChannel(a, 0).mergesFeeds());
  }
  EXPECT_EQ(sim->packetChannel(kBottleneck, 0).soleFeed(), nullptr);
  EXPECT_TRUE(sim->packetChannel(kBottleneck, 0).mergesFeeds());
  for (int b = 4; b < 7; ++b) {
    EXPECT_EQ(sim->packetChannel(b, 0).soleFeed(), line(*sim, kBottleneck, 0));
    EXPECT_FALSE(sim->packetChannel(b, 0).mergesFeeds());
  }
  // ACKs the other way round.
  for (int b = 4; b < 7; ++b) EXPECT_EQ(sim->packetChannel(b, 1).soleFeed(), nullptr);
  EXPECT_EQ(sim->packetChannel(kBottleneck, 1).soleFeed(), nullptr);
  EXPECT_TRUE(sim->packetChannel(kBottleneck, 1).mergesFeeds());
  for (int a = 0; a < 3; ++a) EXPECT_EQ(sim->packetChannel(a, 1).soleFeed(), line(*sim, kBottleneck, 1));
}

TEST(LineFeeds, ALineFedByALineWithoutDelayTakesPacketsAsTheyArrive) {
  // Nothing would come together: a feed without delay hands packets on as they arrive.
  json j = dumbbell();
  j["links"][1]["delay"] = 0;
  auto sim = Simulation::fromJson(j.dump());
  EXPECT_FALSE(sim->packetChannel(kBottleneck, 0).mergesFeeds());
  EXPECT_EQ(sim->packetChannel(kBottleneck, 0).soleFeed(), nullptr);
  EXPECT_TRUE(sim->packetChannel(kBottleneck, 1).mergesFeeds());  // the lines to receivers have delay
}

TEST(LineFeeds, OneFlowsBottleneckIsFedByItsAccessLine) {
  auto sim = Simulation::fromJson(oneFlowDumbbell().dump());
  EXPECT_EQ(sim->packetChannel(kBottleneck, 0).soleFeed(), line(*sim, 0, 0));
  EXPECT_EQ(sim->packetChannel(4, 0).soleFeed(), line(*sim, kBottleneck, 0));
  // Links no route takes have no feed.
  EXPECT_EQ(sim->packetChannel(5, 0).soleFeed(), nullptr);
}

TEST(LineFeeds, ALossyLineIsNotFed) {
  json j = dumbbell();
  j["links"][4]["loss"] = 0.01;
  auto sim = Simulation::fromJson(j.dump());
  EXPECT_EQ(sim->packetChannel(4, 0).soleFeed(), nullptr);
  EXPECT_EQ(sim->packetChannel(5, 0).soleFeed(), line(*sim, kBottleneck, 0));
}

TEST(LineFeeds, NoLineIsFedByBurstsLeavingTheOpticalDomain) {
  // The default scenario's packets reach their hosts' lines out of bursts at the egress.
  const json j = defaultJson();
  auto sim = Simulation::fromJson(j.dump());
  for (int link = 0; link < static_cast<int>(j["links"].size()); ++link)
    if (j["links"][link]["kind"] == "packet")
      for (int dir = 0; dir < 2; ++dir) EXPECT_EQ(sim->packetChannel(link, dir).soleFeed(), nullptr) << link;
}

TEST(LinesFedAhead, ReportWhatLinesTakingPacketsOnArrivalReport) { expectSameReports(dumbbell(), 40); }

TEST(LinesFedAhead, RefuseAtAFullQueueWhenThePacketGetsThere) {
  // The bottleneck, fed by a0 alone, drops: counted and shown at the moment of arrival.
  json j = oneFlowDumbbell();
  auto probe = Simulation::fromJson(j.dump());
  probe->advanceTo(probe->duration());
  ASSERT_GT(probe->packetChannel(kBottleneck, 0).counters().queueDrops, 0u);
  expectSameReports(j, 97);
}

TEST(LinesFedAhead, AMergingLineRefusesAtAFullQueueWhenThePacketGetsThere) {
  // Three flows whose windows overflow the bottleneck's queue of 5, which merges them.
  json j = dumbbell();
  for (auto& f : j["flows"]) f["tcp"]["maxWindow"] = 64;
  auto probe = Simulation::fromJson(j.dump());
  ASSERT_TRUE(probe->packetChannel(kBottleneck, 0).mergesFeeds());
  probe->advanceTo(probe->duration());
  ASSERT_GT(probe->packetChannel(kBottleneck, 0).counters().queueDrops, 0u);
  expectSameReports(j, 97);
}

TEST(LinesFedAhead, AMergingLineMadeLossyLiveLetsWaitingPacketsMeetTheLoss) {
  // Made lossy while packets wait in its merge: they arrive as events and may be lost;
  // packets already passed on to the line before the change keep the loss they met, none.
  json j = dumbbell();
  j["liveChanges"] = json::array({{{"at", 1.0}, {"path", "links[3].loss"}, {"value", 0.3}}});
  auto sim = Simulation::fromJson(j.dump());
  ASSERT_TRUE(sim->packetChannel(kBottleneck, 0).mergesFeeds());
  sim->advanceTo(1.0);
  EXPECT_FALSE(sim->packetChannel(kBottleneck, 0).mergesFeeds());
  EXPECT_FALSE(sim->packetChannel(kBottleneck, 1).mergesFeeds());
  EXPECT_EQ(sim->packetChannel(kBottleneck, 0).counters().randomDrops, 0u);
  sim->advanceTo(sim->duration());
  EXPECT_GT(sim->packetChannel(kBottleneck, 0).counters().randomDrops, 0u);
  EXPECT_EQ(brokenSummaryRules(*sim, j), std::vector<std::string>{});
  expectSameSummaryUntil(j, 0.999);  // up to the change
}

TEST(LinesFedAhead, ReportTheSameOnPaper003sAccessLines) {
  json j = preset("paper003-fast.json");
  j["duration"] = 0.03;
  expectSameReports(j, 7);
}

TEST(LinesFedAhead, ALessonPausesAtADropOnAFedLineWhenItHappens) {
  const json j = oneFlowDumbbell();
  VisualStop stop;
  stop.kind = VisualEventKind::PacketDropped;
  double at[2] = {0, 0};
  VisualEventColumns last[2];
  for (int fedAhead = 0; fedAhead < 2; ++fedAhead) {
    auto sim = Simulation::fromJson(j.dump());
    sim->feedLinesAhead(fedAhead == 1);
    sim->setVisualEvents(true);
    sim->armVisualStop(stop);
    sim->advanceTo(sim->duration());
    ASSERT_TRUE(sim->visualStopMet());
    at[fedAhead] = sim->now();
    EXPECT_EQ(sim->visualStopTime(), sim->now());  // recorded when it happens, not ahead
    last[fedAhead] = sim->drainVisualEvents();
  }
  EXPECT_EQ(at[0], at[1]);
  const VisualEventColumns& a = last[0];
  const VisualEventColumns& b = last[1];
  ASSERT_GT(a.rows(), 0u);
  ASSERT_GT(b.rows(), 0u);
  EXPECT_EQ(a.kind.back(), b.kind.back());
  EXPECT_EQ(a.t0.back(), b.t0.back());
  EXPECT_EQ(a.link.back(), kBottleneck);
  EXPECT_EQ(b.link.back(), kBottleneck);
}

TEST(LinesFedAhead, ALineMadeLossyLiveIsFedNoMoreAndLosesPackets) {
  auto sim = Simulation::fromJson(dumbbell().dump());
  sim->advanceTo(1);
  ASSERT_NE(sim->packetChannel(4, 0).soleFeed(), nullptr);
  ASSERT_EQ(sim->setLive("links[4].loss", 0.2), "");
  EXPECT_EQ(sim->packetChannel(4, 0).soleFeed(), nullptr);
  EXPECT_EQ(sim->packetChannel(4, 1).soleFeed(), nullptr);  // ACKs start there: never fed
  EXPECT_EQ(sim->packetChannel(5, 0).soleFeed(), line(*sim, kBottleneck, 0));
  sim->advanceTo(sim->duration());
  EXPECT_GT(sim->packetChannel(4, 0).counters().randomDrops, 0u);
  EXPECT_EQ(sim->packetChannel(5, 0).counters().randomDrops, 0u);
}

// The receivers of the dumb-bell's flows, alone on hosts n5-n7 behind lines b0-b2.
TEST(ReceiversAhead, AReceiverAloneOnItsHostTakesItsSegmentsAhead) {
  auto sim = Simulation::fromJson(dumbbell().dump());
  for (int f = 0; f < 3; ++f) EXPECT_EQ(sim->packetChannel(4 + f, 0).sink(), &sim->receiver(f)) << f;
  for (int link = 0; link < 4; ++link) EXPECT_EQ(sim->packetChannel(link, 0).sink(), nullptr) << link;
  for (int link = 0; link < 7; ++link) EXPECT_EQ(sim->packetChannel(link, 1).sink(), nullptr) << link;
}

TEST(ReceiversAhead, AHostWithTwoFlowsTakesSegmentsAsTheyArrive) {
  // Both flows end at n5: its line in carries both, its line out both one's ACKs and the
  // other's, which a receiver taking its segments ahead would put out of order.
  json j = dumbbell();
  j["flows"][1]["dst"] = "n5";
  auto sim = Simulation::fromJson(j.dump());
  EXPECT_EQ(sim->packetChannel(4, 0).sink(), nullptr);
  EXPECT_EQ(sim->packetChannel(6, 0).sink(), &sim->receiver(2));
  // A host that sends and receives: n0 runs flow 0's sender and flow 3's receiver.
  json k = dumbbell();
  k["flows"].push_back(k["flows"][2]);
  k["flows"][3]["id"] = "back";
  k["flows"][3]["src"] = "n7";
  k["flows"][3]["dst"] = "n0";
  auto both = Simulation::fromJson(k.dump());
  EXPECT_EQ(both->packetChannel(0, 1).sink(), nullptr);
  EXPECT_EQ(both->packetChannel(6, 0).sink(), nullptr);
  EXPECT_EQ(both->packetChannel(5, 0).sink(), &both->receiver(1));
}

TEST(ReceiversAhead, NotWhereTheLineOutIsLossy) {
  json j = dumbbell();
  j["links"][5]["loss"] = 0.01;
  auto sim = Simulation::fromJson(j.dump());
  EXPECT_EQ(sim->packetChannel(5, 0).sink(), nullptr);
  EXPECT_EQ(sim->packetChannel(4, 0).sink(), &sim->receiver(0));
  expectSameReports(j, 23);
}

TEST(ReceiversAhead, ReportWhatReceiversTakingSegmentsOnArrivalReport) {
  // Windows that overflow the bottleneck: losses, duplicate ACKs, SACK blocks.
  json j = dumbbell();
  for (auto& f : j["flows"]) f["tcp"]["maxWindow"] = 64;
  j["flows"][2]["tcp"]["variant"] = "sack";
  expectSameReports(j, 61);
}

TEST(ReceiversAhead, DelayedAcksMeetTheirTimerInTimeOrder) {
  // Delayed ACKs, and applications slow enough that a segment often comes after its
  // predecessor's 200 ms timer has run out: handed on before the timer but arriving after
  // it, such a segment arrives as an event, and the ones behind it follow it.
  json j = dumbbell();
  for (auto& f : j["flows"]) f["tcp"]["delayedAck"] = true;
  j["flows"][0]["app"] = {{"kind", "cbr"}, {"rate", 4.7 * 1500 * 8}};
  j["flows"][1]["app"] = {{"kind", "cbr"}, {"rate", 9.9 * 1500 * 8}};
  j["duration"] = 20;
  expectSameReports(j, 83);
}

TEST(ReceiversAhead, RandomDumbbellsReportTheSame) {
  // Dumb-bells drawn at random: delays and rates that make packets arrive at the moments
  // samples are taken, queues that overflow, TCP variants, delayed ACKs, windows and
  // applications; some flows share a receiving host (those receivers take segments as
  // they arrive) or run a host both ways.
  std::mt19937 rng(40);
  auto pick = [&](std::initializer_list<double> xs) { return *(xs.begin() + rng() % xs.size()); };
  const char* variants[] = {"tahoe", "reno", "newreno", "sack"};
  for (int run = 0; run < 12; ++run) {
    json j = dumbbell();
    j["duration"] = 3;
    for (auto& l : j["links"]) {
      l["delay"] = pick({0.0001, 0.001, 0.001, 0.004, 0.02});
      l["rate"] = pick({1e7, 6e7, 1e8, 1e9});
      l["queue"] = static_cast<int>(pick({3, 8, 50, 1000}));
    }
    for (auto& f : j["flows"]) {
      f["tcp"]["variant"] = variants[rng() % 4];
      f["tcp"]["delayedAck"] = rng() % 2 == 0;
      f["tcp"]["maxWindow"] = static_cast<int>(pick({4, 16, 64}));
      if (rng() % 3 == 0) f["app"] = {{"kind", "cbr"}, {"rate", pick({2e4, 1e6, 3e7})}};
    }
    if (rng() % 3 == 0) j["flows"][1]["dst"] = "n5";
    if (rng() % 3 == 0) {
      j["flows"][2]["src"] = "n7";
      j["flows"][2]["dst"] = "n0";
    }
    SCOPED_TRACE("run " + std::to_string(run) + ": " + j.dump());
    expectSameReports(j, 29);
  }
}

TEST(ReceiversAhead, ReportTheSameBehindBurstsAndInTheFirstLesson) {
  // Receivers behind an egress edge (segments leave bursts onto their hosts' lines), with
  // burst losses and retransmissions; and the first lesson as the app opens it.
  json d = defaultJson();
  d["duration"] = 4;
  expectSameReports(d, 31);
  json lesson = preset("first-lesson.json");
  lesson["duration"] = std::min(6.0, lesson["duration"].get<double>());
  expectSameReports(lesson, 19);
}

TEST(ReceiversAhead, ALineOutMadeLossyLiveStopsIt) {
  // Flow 0's ACKs leave n5 by b0 the other way: made lossy at 1 s, the receiver sends them
  // as they are due, to meet the loss; those already on the line keep the loss they met.
  json j = dumbbell();
  j["liveChanges"] = json::array({{{"at", 1.0}, {"path", "links[4].loss"}, {"value", 0.2}}});
  auto sim = Simulation::fromJson(j.dump());
  ASSERT_EQ(sim->packetChannel(4, 0).sink(), &sim->receiver(0));
  sim->advanceTo(1.0);
  EXPECT_EQ(sim->packetChannel(4, 1).counters().randomDrops, 0u);
  sim->advanceTo(sim->duration());
  EXPECT_GT(sim->packetChannel(4, 1).counters().randomDrops, 0u);
  EXPECT_EQ(brokenSummaryRules(*sim, j), std::vector<std::string>{});
  expectSameSummaryUntil(j, 0.999);  // up to the change
}

TEST(LinesFedAhead, TurnOffOnlyBeforeTheFirstEvent) {
  auto sim = Simulation::fromJson(dumbbell().dump());
  sim->advanceTo(0.001);
  EXPECT_THROW(sim->feedLinesAhead(false), std::logic_error);
  EXPECT_NE(sim->packetChannel(4, 0).soleFeed(), nullptr);
}

}  // namespace
}  // namespace obs
