// TCP in whole simulations: delayed ACKs, the recovery kinds under loss (packets
// conserved), the live variant switch, and Reno against the Mathis et al. throughput law.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <utility>

#include "scenario/json_reader.h"
#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::json;

std::unique_ptr<Simulation> runToEnd(const json& j) {
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  return sim;
}

TEST(TcpFlow, DelayedAcksHalveTheAcksAndKeepTheGoodput) {
  json j = defaultJson();
  j["duration"] = 5;
  j["obs"]["burstLoss"] = {{"data", 0}, {"ack", 0}};
  auto immediate = runToEnd(j);
  j["flows"][0]["tcp"]["delayedAck"] = true;
  auto delayed = runToEnd(j);
  const TcpReceiver& r = delayed->receiver(0);
  EXPECT_NEAR(static_cast<double>(r.acksSent()) / r.segmentsReceived(), 0.5, 0.01);
  EXPECT_EQ(immediate->receiver(0).acksSent(), immediate->receiver(0).segmentsReceived());
  double g0 = immediate->summary()["flows"][0]["goodput"].get<double>();
  double g1 = delayed->summary()["flows"][0]["goodput"].get<double>();
  EXPECT_GT(g1, 0.95 * g0);  // the window, not the ACK clock, limits this path
}

// The default path with every kind of loss at once: data and ACK bursts dropped, a lossy
// packet link both ways, a short queue at the sender.
json lossyDefault(double duration) {
  json j = defaultJson();
  j["duration"] = duration;
  j["obs"]["burstLoss"] = {{"data", 0.01}, {"ack", 0.005}};
  j["links"][3]["loss"] = 0.01;
  j["links"][0]["queue"] = 20;
  return j;
}

void expectConserved(Simulation& sim, const std::string& what, int flow = 0) {
  Simulation::PacketLedger l = sim.packetLedger();
  EXPECT_EQ(l.sent, l.delivered + l.linkDrops + l.burstDrops + l.held) << what << " at " << sim.now();
  // A SACK option's slot is in use only while its ACK is held: delivered and lost ones
  // (on a link, in a burst) gave theirs back (net/packet.h, SackPool).
  EXPECT_LE(sim.sackPool().held(), l.held) << what << " at " << sim.now();
  const TcpSender& s = sim.sender(flow);
  const TcpSenderCounters& c = s.counters();
  // Every segment is sent once, then only resent: the counters add up.
  EXPECT_EQ(c.segmentsSent - c.retransmits, s.maxSent()) << what;
  EXPECT_LE(sim.receiver(flow).rcvNxt(), s.maxSent()) << what;
  EXPECT_LE(s.sndUna(), sim.receiver(flow).rcvNxt()) << what;  // ACKs only report
}

TEST(TcpFlow, EveryRecoveryKindConservesPacketsUnderLoss) {
  for (const char* recovery : {"tahoe", "reno", "newreno", "sack"}) {
    json j = lossyDefault(4);
    j["flows"][0]["tcp"]["variant"] = recovery;
    auto sim = Simulation::fromJson(j.dump());
    for (double t : {0.0123, 1.5, 2.7183, 4.0}) {  // mid-run too, with packets in flight
      sim->advanceTo(t);
      expectConserved(*sim, recovery);
    }
    const TcpSenderCounters& c = sim->sender(0).counters();
    EXPECT_GT(c.retransmits, 0u) << recovery;
    EXPECT_GT(c.fastRetransmits + c.rtos, 0u) << recovery;
    EXPECT_GT(sim->receiver(0).deliveredBytes(), 1e6) << recovery;
  }
}

TEST(TcpFlow, EveryWindowGrowthVariantRunsWithSackRecoveryUnderLoss) {
  for (const char* variant : {"hstcp", "stcp", "bic", "cubic", "htcp", "vegas", "westwood"}) {
    json j = lossyDefault(2);
    j["flows"][0]["tcp"]["variant"] = variant;
    j["flows"][0]["tcp"]["delayedAck"] = true;
    auto sim = runToEnd(j);
    EXPECT_STREQ(sim->sender(0).recovery().name(), "sack") << variant;
    EXPECT_STREQ(sim->sender(0).ops().name(), variant) << variant;
    expectConserved(*sim, variant);
    // Progress despite every kind of loss: at least 1.6 Mbit/s over the 2 s (BIC, the
    // lowest, 483 KB since the sender's queue of 20 counts the packet on the line).
    EXPECT_GT(sim->receiver(0).deliveredBytes(), 4e5) << variant;
  }
}

TEST(TcpFlow, SamplesCarryTheCongestionState) {
  auto sim = runToEnd(lossyDefault(4));
  SampleColumns c = sim->drainSamples();
  ASSERT_EQ(c.state.size(), c.rows());
  int seen[4] = {0, 0, 0, 0};
  for (std::size_t i = 0; i < c.rows(); ++i) {
    ASSERT_LE(c.state[i], 3);
    ++seen[c.state[i]];
    // Open splits by the window: slow start below ssthresh, avoidance at or above.
    if (c.state[i] == 0) {
      EXPECT_LT(c.cwnd[i], c.ssthresh[i]);
    } else if (c.state[i] == 1) {
      EXPECT_GE(c.cwnd[i], c.ssthresh[i]);
    }
  }
  EXPECT_GT(seen[0], 0);
  EXPECT_GT(seen[1], 0);
  EXPECT_GT(seen[3], 0);  // timeouts are frequent on this path; a short recovery may fall
                          // between samples, so state 2 is checked on the sender itself
}

TEST(TcpFlow, LiveVariantSwitchKeepsTheWindowAndChangesTheRules) {
  json j = lossyDefault(4);
  j["flows"][0]["count"] = 2;
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(2);
  double cwnd = sim->sender(1).cwnd(), ssthresh = sim->sender(1).ssthresh();
  EXPECT_EQ(sim->setLive("flows[0].tcp.variant", 7), "");  // cubic
  for (int f = 0; f < 2; ++f) EXPECT_STREQ(sim->sender(f).ops().name(), "cubic");
  EXPECT_DOUBLE_EQ(sim->sender(1).cwnd(), cwnd);  // from the current window on
  EXPECT_DOUBLE_EQ(sim->sender(1).ssthresh(), ssthresh);
  for (int f = 0; f < 2; ++f) EXPECT_EQ(sim->sender(f).spec().variant, TcpVariantKind::Cubic);
  sim->advanceTo(4);
  for (int f = 0; f < 2; ++f) {
    // CUBIC recovers with SACK (the scenario named no recovery); the switch waits for Open.
    EXPECT_STREQ(sim->sender(f).recovery().name(), "sack");
    expectConserved(*sim, "after the switch", f);
  }
  EXPECT_NE(sim->setLive("flows[0].tcp.variant", 11).find("must be an integer from 0 to 10"), std::string::npos);
  EXPECT_NE(sim->setLive("flows[0].tcp.variant", 2.5), "");
  EXPECT_NE(sim->setLive("flows[1].tcp.variant", 1).find("cannot be changed"), std::string::npos);
  EXPECT_NE(sim->setLive("flows[0].tcp.mss", 1).find("cannot be changed"), std::string::npos);
}

TEST(TcpFlow, AnExplicitRecoveryStaysThroughAVariantSwitch) {
  json j = lossyDefault(2);
  j["flows"][0]["tcp"]["recovery"] = "newreno";
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(1);
  EXPECT_EQ(sim->setLive("flows[0].tcp.variant", 10), "");  // westwood
  sim->advanceTo(2);
  EXPECT_STREQ(sim->sender(0).ops().name(), "westwood");
  EXPECT_STREQ(sim->sender(0).recovery().name(), "newreno");
}

// The theory check of the issue: one Reno flow with independent random loss p on its data
// segments gets about MSS/RTT x sqrt(3/(2p)) (Mathis, Semke, Mahdavi, Ott, "The
// Macroscopic Behavior of the TCP Congestion Avoidance Algorithm", CCR 27(3), 1997).
// Set-up matching the law's assumptions: one ACK per segment (delayed ACKs off: the
// constant sqrt(3/2) assumes it; with b = 2 it would be sqrt(3/4)); nothing else limits
// the flow (a 1 Gbit/s link, so the queue stays under a millisecond against a 100 ms RTT,
// and a maximum window far above the loss-limited one); ACKs never lost; RTT = the flow's
// mean measured RTT, queueing included. The law ignores timeouts, which Reno takes more
// often as p grows (Padhye et al. 1998), so the ratio falls with p (here 1.01, 0.94,
// 0.89, 0.79; seeds 2-8 within 0.04 of these).
TEST(TcpFlow, RenoFollowsTheMathisLawUnderRandomLoss) {
  for (auto [p, duration] : {std::pair{0.001, 2000.0}, {0.005, 1000.0}, {0.01, 600.0}, {0.02, 600.0}}) {
    json j = {{"version", 1},
              {"seed", 1},
              {"duration", duration},
              {"sampleInterval", 10},
              {"nodes", {{{"id", "S"}, {"kind", "host"}}, {{"id", "D"}, {"kind", "host"}}}},
              {"links",
               {{{"id", "l"},
                 {"a", "S"},
                 {"b", "D"},
                 {"kind", "packet"},
                 {"rate", 1e9},
                 {"delay", 0.05},
                 {"queue", 100000},
                 {"loss", {{"ab", p}, {"ba", 0}}}}}},
              {"flows",
               {{{"id", "f"},
                 {"src", "S"},
                 {"dst", "D"},
                 {"tcp", {{"variant", "reno"}, {"mss", 1000}, {"maxWindow", 100000}}}}}}};
    json f = runToEnd(j)->summary()["flows"][0];
    double rtt = f["meanRtt"].get<double>();
    double mathis = 1000 * 8 / rtt * std::sqrt(3 / (2 * p));
    double ratio = f["goodput"].get<double>() / mathis;
    std::printf(
        "  Mathis: p %.3f  RTT %.4f s  goodput %.0f bit/s  law %.0f bit/s  ratio %.3f  (%d RTOs, %d fast "
        "retransmits)\n",
        p, rtt, f["goodput"].get<double>(), mathis, ratio, f["rtos"].get<int>(), f["fastRetransmits"].get<int>());
    EXPECT_NEAR(ratio, 1.0, 0.25) << "p = " << p;
    EXPECT_LT(rtt, 0.1015);  // the queue adds little to the 100 ms of propagation
  }
}

}  // namespace
}  // namespace obs
