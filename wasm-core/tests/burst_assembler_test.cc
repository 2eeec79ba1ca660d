#include "obs/burst_assembler.h"

#include <gtest/gtest.h>

#include <vector>

#include "net/route.h"

namespace obs {
namespace {

struct SentBurst {
  SimTime at;
  int path;
  std::size_t packets;
  std::uint32_t bytes;
  int acks;
};

// The steps of the packets' route: they enter at the ingress edge (step 0), whose optical
// path is 2 fiber hops long, and leave the burst at the egress edge (step 2).
struct TwoHopPath {
  RouteStep steps[3];
};

struct Capture : BurstSink {
  EventLoop* sim = nullptr;
  const RouteStep* pastPath = nullptr;  // where every packet of a burst must stand
  std::vector<SentBurst> sent;
  std::vector<std::uint32_t> lengths;
  void burstAssembled(int path, std::vector<Packet>&& packets, std::uint32_t bytes, std::uint32_t length) override {
    lengths.push_back(length);
    int acks = 0;
    for (const Packet& p : packets) {
      acks += p.isAck;
      EXPECT_EQ(p.step, pastPath);  // advanced past the optical path when it joined the queue
    }
    sent.push_back({sim->now(), path, packets.size(), bytes, acks});
  }
};

// Feeds packets into an assembler at chosen times, through the event loop.
struct Feeder : EventHandler {
  BurstAssembler* assembler = nullptr;
  const TwoHopPath* path = nullptr;
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override {
    if (kind == 2) {
      assembler->addBackground(/*path=*/0, static_cast<std::uint32_t>(arg));
      return;
    }
    Packet p;
    p.step = path->steps;
    p.isAck = kind == 1;
    p.bytes = static_cast<std::uint32_t>(arg);
    assembler->add(/*path=*/0, /*length=*/2, std::move(p));
  }
};

struct Bench {
  EventLoop sim;
  TwoHopPath path;
  Capture capture;
  Feeder feeder;
  std::unique_ptr<BurstAssembler> assembler;
  explicit Bench(AssemblySpec spec) {
    capture.sim = &sim;
    capture.pastPath = path.steps + 2;
    feeder.path = &path;
    assembler = std::make_unique<BurstAssembler>(sim, capture, spec);
    feeder.assembler = assembler.get();
  }
  void data(double atSeconds, std::uint32_t bytes) { sim.scheduleAt(fromSeconds(atSeconds), &feeder, 0, bytes); }
  void ack(double atSeconds) { sim.scheduleAt(fromSeconds(atSeconds), &feeder, 1, 40); }
  void background(double atSeconds, std::uint32_t bytes) { sim.scheduleAt(fromSeconds(atSeconds), &feeder, 2, bytes); }
};

AssemblySpec spec(AssemblyPolicyKind policy, double maxTime, double maxBytes,
                  AssemblyQueues queues = AssemblyQueues::PerClass) {
  return AssemblySpec{policy, maxTime, maxBytes, /*minBytes=*/0, queues};
}

TEST(BurstAssembler, TimePolicySendsMaxTimeAfterTheFirstPacket) {
  Bench b(spec(AssemblyPolicyKind::Time, 1e-3, 1000));
  b.data(0.0100, 552);
  b.data(0.0105, 552);
  b.data(0.0109, 552);  // all within 1 ms of the first: one burst despite maxBytes
  b.data(0.0112, 552);  // after the timer: starts the next burst
  b.sim.runUntil(fromSeconds(1));
  ASSERT_EQ(b.capture.sent.size(), 2u);
  EXPECT_EQ(b.capture.sent[0].at, fromSeconds(0.011));
  EXPECT_EQ(b.capture.sent[0].packets, 3u);
  EXPECT_EQ(b.capture.sent[0].bytes, 3u * 552);
  EXPECT_EQ(b.capture.sent[1].at, fromSeconds(0.0122));
}

TEST(BurstAssembler, SizePolicySendsWhenTheQueueReachesMaxBytes) {
  Bench b(spec(AssemblyPolicyKind::Size, 1e-3, 1500));
  for (int i = 0; i < 7; ++i) b.data(0.01 * i, 552);
  b.sim.runUntil(fromSeconds(10));
  // 552 x 3 = 1656 >= 1500: bursts after packets 3 and 6; the 7th waits (no timer).
  ASSERT_EQ(b.capture.sent.size(), 2u);
  EXPECT_EQ(b.capture.sent[0].at, fromSeconds(0.02));
  EXPECT_EQ(b.capture.sent[1].at, fromSeconds(0.05));
  EXPECT_EQ(b.assembler->held(), 1u);
}

TEST(BurstAssembler, HybridSendsOnWhicheverComesFirst) {
  Bench b(spec(AssemblyPolicyKind::Hybrid, 1e-3, 1500));
  b.data(0.0, 552);
  b.data(0.0001, 552);
  b.data(0.0002, 552);  // size reached at 0.2 ms
  b.data(0.0030, 552);  // alone: the timer sends it at 4 ms
  b.sim.runUntil(fromSeconds(1));
  ASSERT_EQ(b.capture.sent.size(), 2u);
  EXPECT_EQ(b.capture.sent[0].at, fromSeconds(0.0002));
  EXPECT_EQ(b.capture.sent[1].at, fromSeconds(0.004));
  EXPECT_EQ(b.capture.sent[1].packets, 1u);
}

TEST(BurstAssembler, StaleTimerOfASizeTriggeredBurstIsIgnored) {
  Bench b(spec(AssemblyPolicyKind::Hybrid, 1e-3, 1000));
  b.data(0.0, 552);
  b.data(0.0001, 552);  // size: sent at 0.1 ms; its timer (due 1 ms) must not fire a burst
  b.data(0.0008, 552);  // new queue, own timer due 1.8 ms
  b.sim.runUntil(fromSeconds(1));
  ASSERT_EQ(b.capture.sent.size(), 2u);
  EXPECT_EQ(b.capture.sent[1].at, fromSeconds(0.0018));
}

TEST(BurstAssembler, PerClassQueuesKeepDataAndAcksApart) {
  Bench b(spec(AssemblyPolicyKind::Time, 1e-3, 1e9));
  b.data(0.0, 552);
  b.ack(0.0001);
  b.ack(0.0002);
  b.sim.runUntil(fromSeconds(1));
  ASSERT_EQ(b.capture.sent.size(), 2u);
  EXPECT_EQ(b.capture.sent[0].acks, 0);
  EXPECT_EQ(b.capture.sent[1].acks, 2);
  EXPECT_EQ(b.capture.sent[1].packets, 2u);
}

TEST(BurstAssembler, PadsShortBurstsToMinBytes) {
  AssemblySpec s = spec(AssemblyPolicyKind::Time, 1e-3, 1e9);
  s.minBytes = 1000;
  Bench b(s);
  b.data(0.0, 552);
  b.data(0.002, 552);
  b.data(0.0021, 552);
  b.sim.runUntil(fromSeconds(1));
  ASSERT_EQ(b.capture.lengths.size(), 2u);
  EXPECT_EQ(b.capture.lengths[0], 1000u);  // 552 padded
  EXPECT_EQ(b.capture.lengths[1], 1104u);  // already longer
  EXPECT_EQ(b.capture.sent[0].bytes, 552u);
}

TEST(BurstAssembler, LiveMaxTimeAppliesToTheNextQueue) {
  Bench b(spec(AssemblyPolicyKind::Time, 1e-3, 1e9));
  b.data(0.0, 552);
  b.sim.runUntil(fromSeconds(0.0005));
  EXPECT_EQ(b.assembler->set("maxTime", 5e-3), "");
  b.data(0.002, 552);
  b.sim.runUntil(fromSeconds(1));
  ASSERT_EQ(b.capture.sent.size(), 2u);
  EXPECT_EQ(b.capture.sent[0].at, fromSeconds(0.001));  // its timer was already running
  EXPECT_EQ(b.capture.sent[1].at, fromSeconds(0.007));
  EXPECT_NE(b.assembler->set("maxTime", 0), "");
  EXPECT_NE(b.assembler->set("policy", 1), "");
}

TEST(BurstAssembler, MixedQueueCarriesBothClasses) {
  Bench b(spec(AssemblyPolicyKind::Time, 1e-3, 1e9, AssemblyQueues::Mixed));
  b.data(0.0, 552);
  b.ack(0.0001);
  b.sim.runUntil(fromSeconds(1));
  ASSERT_EQ(b.capture.sent.size(), 1u);
  EXPECT_EQ(b.capture.sent[0].packets, 2u);
  EXPECT_EQ(b.capture.sent[0].acks, 1);
}

// Background batches (BackgroundSpec::enterAssembly) fill the data queue like packets:
// they start its timer, count toward maxBytes and ride in the burst, but carry no packet.
TEST(BurstAssembler, BackgroundBytesFillTheDataQueueWithoutPackets) {
  Bench b(spec(AssemblyPolicyKind::Hybrid, 1e-3, 10000));
  b.background(0.0100, 3000);  // starts the timer: alone, it leaves at 0.011
  b.data(0.0102, 552);
  b.background(0.0200, 6000);
  b.data(0.0201, 552);
  b.background(0.0202, 4000);  // 10,552 bytes: full, leaves at once by size
  b.ack(0.0300);               // per-class queues: background never joins the ACK queue
  b.background(0.0400, 2500);  // a burst of background only
  b.sim.runUntil(fromSeconds(1));
  ASSERT_EQ(b.capture.sent.size(), 4u);
  EXPECT_EQ(b.capture.sent[0].at, fromSeconds(0.011));
  EXPECT_EQ(b.capture.sent[0].packets, 1u);
  EXPECT_EQ(b.capture.sent[0].bytes, 3552u);
  EXPECT_EQ(b.capture.sent[1].at, fromSeconds(0.0202));
  EXPECT_EQ(b.capture.sent[1].packets, 1u);
  EXPECT_EQ(b.capture.sent[1].bytes, 10552u);
  EXPECT_EQ(b.capture.sent[2].acks, 1);
  EXPECT_EQ(b.capture.sent[2].bytes, 40u);
  EXPECT_EQ(b.capture.sent[3].at, fromSeconds(0.041));
  EXPECT_EQ(b.capture.sent[3].packets, 0u);
  EXPECT_EQ(b.capture.sent[3].bytes, 2500u);
}

TEST(BurstAssembler, BackgroundBytesShareTheMixedQueueWithAcks) {
  Bench b(spec(AssemblyPolicyKind::Time, 1e-3, 1e9, AssemblyQueues::Mixed));
  b.ack(0.0100);
  b.background(0.0105, 1000);
  b.sim.runUntil(fromSeconds(1));
  ASSERT_EQ(b.capture.sent.size(), 1u);
  EXPECT_EQ(b.capture.sent[0].acks, 1);
  EXPECT_EQ(b.capture.sent[0].bytes, 1040u);
}

}  // namespace
}  // namespace obs
