#include <gtest/gtest.h>

#include <vector>

#include "net/packet_channel.h"
#include "net/route.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"
#include "tcp_bench.h"

namespace obs {
namespace {

using testbench::ScriptedSender;
using testbench::tcpSpec;

TEST(TcpReno, SlowStartAddsOneSegmentPerNewAck) {
  ScriptedSender b(tcpSpec());
  EXPECT_EQ(b.wire.sent, (std::vector<std::uint32_t>{0}));
  b.ack(1);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 2);
  EXPECT_EQ(b.wire.sent, (std::vector<std::uint32_t>{0, 1, 2}));
  double before = b.sender->cwnd();
  for (std::uint32_t a = 2; a <= 3; ++a) {
    b.ack(a);
    EXPECT_DOUBLE_EQ(b.sender->cwnd(), before + 1);  // never more than one per ACK
    before = b.sender->cwnd();
  }
}

TEST(TcpReno, CongestionAvoidanceAddsAboutOneSegmentPerWindow) {
  ScriptedSender b(tcpSpec(4, 4));
  b.ack(1);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 4.25);  // cwnd += 1/cwnd
  b.ack(2);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 4.25 + 1 / 4.25);
}

TEST(TcpReno, ThreeDuplicateAcksTriggerFastRetransmitAndRecovery) {
  ScriptedSender b(tcpSpec(10));
  b.ack(1);  // cwnd 11: segments 0..11 sent, 1..11 outstanding
  ASSERT_EQ(b.sender->sndNxt(), 12u);
  std::size_t before = b.wire.sent.size();
  b.ack(1);
  b.ack(1);
  // Two duplicates: no retransmission yet, but Limited Transmit sends a new segment on each
  // (RFC 5681 3.2 step 1), cwnd unchanged.
  ASSERT_EQ(b.wire.sent.size(), before + 2);
  EXPECT_EQ(b.wire.sent.back(), 13u);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 11);
  b.ack(1);
  EXPECT_EQ(b.sender->state(), TcpCongState::Recovery);
  ASSERT_EQ(b.wire.sent.size(), before + 3);
  EXPECT_EQ(b.wire.sent.back(), 1u);          // the first unacknowledged segment
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5);  // int(flight 11 / 2): 12, 13 left out
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 5 + 3);  // ssthresh + 3
  EXPECT_EQ(b.sender->counters().fastRetransmits, 1u);
  // Each further duplicate inflates by one; once cwnd exceeds the flight (13), new data goes.
  for (int i = 0; i < 6; ++i) b.ack(1);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 14);
  EXPECT_EQ(b.wire.sent.back(), 14u);
  // The next new ACK deflates to ssthresh and leaves recovery (Reno).
  b.ack(15);
  EXPECT_EQ(b.sender->state(), TcpCongState::Open);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 5);
}

TEST(TcpReno, TimeoutCutsToOneSegmentAndBacksOff) {
  TcpSpec spec = tcpSpec(4);
  spec.rto.initial = 1;
  ScriptedSender b(spec);
  EXPECT_EQ(b.wire.sent.size(), 4u);
  b.sim.runUntil(fromSeconds(0.999));
  EXPECT_EQ(b.sender->counters().rtos, 0u);
  b.sim.runUntil(fromSeconds(1.0));
  EXPECT_EQ(b.sender->counters().rtos, 1u);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 1);
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 2);  // max(int(4 / 2), 2)
  EXPECT_EQ(b.sender->state(), TcpCongState::Loss);
  EXPECT_EQ(b.wire.sent.back(), 0u);  // go back to the first unacknowledged
  EXPECT_EQ(b.sender->rtt().rto(), fromSeconds(2));
  b.sim.runUntil(fromSeconds(2.999));
  EXPECT_EQ(b.sender->counters().rtos, 1u);
  b.sim.runUntil(fromSeconds(3.0));  // the doubled timer
  EXPECT_EQ(b.sender->counters().rtos, 2u);
  EXPECT_EQ(b.sender->rtt().rto(), fromSeconds(4));
}

TEST(TcpReno, KarnNoSampleFromARetransmittedSegment) {
  TcpSpec spec = tcpSpec(1);
  spec.rto.initial = 1;
  ScriptedSender b(spec);
  b.sim.runUntil(fromSeconds(1.0));  // timeout: segment 0 resent
  b.ack(1, {}, 0.05);
  EXPECT_FALSE(b.sender->rtt().hasSample());
  EXPECT_EQ(b.sender->rtt().rto(), fromSeconds(2));  // still backed off
  b.ack(2, {}, 0.05);                                // segment 1 was sent once: a valid sample of 50 ms
  EXPECT_TRUE(b.sender->rtt().hasSample());
  EXPECT_EQ(b.sender->rtt().lastSample(), fromSeconds(0.05));
}

TEST(TcpReno, NewAckRestartsTheTimer) {
  TcpSpec spec = tcpSpec(2);
  spec.rto.initial = 1;
  spec.rto.max = 1;  // the 0.9 s sample would give 2.7 s; clamp keeps the RTO at 1 s
  ScriptedSender b(spec);
  b.ack(1, {}, 0.9);  // at 0.9 s: new data acknowledged, the timer restarts: due at 1.9 s
  b.sim.runUntil(fromSeconds(1.5));
  EXPECT_EQ(b.sender->counters().rtos, 0u);
  b.sim.runUntil(fromSeconds(1.9));
  EXPECT_EQ(b.sender->counters().rtos, 1u);
}

TEST(TcpReno, NeverMoreThanTheMaximumWindowOutstanding) {
  ScriptedSender b(tcpSpec(1, 65535, 8));
  for (std::uint32_t a = 1; a <= 40; ++a) {
    b.ack(a);
    EXPECT_LE(b.sender->sndNxt() - b.sender->sndUna(), 8u);
    EXPECT_LE(b.sender->cwnd(), 8.0);
  }
}

TEST(TcpApps, FileSendsItsBytesThenRecordsTheCompletionTime) {
  AppSpec file;
  file.kind = AppKind::File;
  file.bytes = 4 * 512 + 1;  // five segments, the last one short
  ScriptedSender b(tcpSpec(10), file);
  EXPECT_EQ(b.wire.sent, (std::vector<std::uint32_t>{0, 1, 2, 3, 4}));
  b.ack(3, {}, 0.02);
  EXPECT_LT(b.sender->completedAt(), 0);
  b.ack(5, {}, 0.03);
  EXPECT_EQ(b.sender->completedAt(), fromSeconds(0.05));
  EXPECT_EQ(b.wire.sent.size(), 5u);
}

TEST(TcpApps, CbrHandsOverSegmentsAtItsRate) {
  AppSpec cbr;
  cbr.kind = AppKind::Cbr;
  cbr.rate = 100 * 8 * 512;  // 100 segments per second
  ScriptedSender b(tcpSpec(50), cbr);
  EXPECT_TRUE(b.wire.sent.empty());  // nothing handed over at t = 0
  b.sim.runUntil(fromSeconds(0.1));
  // Segments n = 1..10 become available at n x 10 ms; the window never limits here.
  EXPECT_EQ(b.wire.sent.size(), 10u);
  b.sim.runUntil(fromSeconds(0.105));
  EXPECT_EQ(b.wire.sent.size(), 10u);
  b.sim.runUntil(fromSeconds(0.11));
  EXPECT_EQ(b.wire.sent.size(), 11u);
}

// The receiver: cumulative ACKs, out-of-order segments buffered.
struct AckWire : PacketReceiver {
  std::vector<std::uint32_t> acks;
  void receivePacket(int, Packet&& p) override { acks.push_back(p.seq); }
};

TEST(TcpReceiver, AcksCumulativelyAndFillsHoles) {
  AckWire wire;
  Route back;
  back.src = 1;
  TcpSpec spec = tcpSpec();
  spec.mss = 512;
  EventLoop sim;
  TcpReceiver r(sim, wire, 0, &back, spec);
  for (std::uint32_t s : {0u, 1u, 3u, 4u, 2u, 2u, 5u}) r.onSegment(s);
  EXPECT_EQ(wire.acks, (std::vector<std::uint32_t>{1, 2, 2, 2, 5, 5, 6}));
  EXPECT_EQ(r.deliveredBytes(), 6u * 512);
  EXPECT_EQ(r.duplicates(), 1u);
}

}  // namespace
}  // namespace obs
