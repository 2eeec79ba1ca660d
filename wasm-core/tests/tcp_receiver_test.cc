// The receiver's rules: delayed ACKs (RFC 5681 section 4.2) and SACK blocks (RFC 2018).
#include "tcp/tcp_receiver.h"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "net/packet_channel.h"
#include "net/route.h"

namespace obs {
namespace {

struct AckCapture : PacketReceiver {
  EventLoop* sim = nullptr;
  std::vector<Packet> acks;
  std::vector<double> at;  // seconds
  void receivePacket(int, Packet&& p) override {
    at.push_back(toSeconds(sim->now()));
    acks.push_back(p);
  }
  std::vector<std::uint32_t> numbers() const {
    std::vector<std::uint32_t> out;
    for (const Packet& p : acks) out.push_back(p.seq);
    return out;
  }
};

// Delivers segments to a receiver at scripted times.
struct ReceiverBench : EventHandler {
  EventLoop sim;
  AckCapture wire;
  Route back;
  std::unique_ptr<TcpReceiver> receiver;
  explicit ReceiverBench(const TcpSpec& spec) {
    wire.sim = &sim;
    back.src = 1;
    receiver = std::make_unique<TcpReceiver>(sim, wire, 0, &back, spec);
  }
  void handleEvent(std::uint32_t, std::uint64_t seq) override { receiver->onSegment(static_cast<std::uint32_t>(seq)); }
  void segmentAt(double seconds, std::uint32_t seq) { sim.scheduleAt(fromSeconds(seconds), this, 0, seq); }
  void run(double seconds) { sim.runUntil(fromSeconds(seconds)); }
};

TcpSpec delayedSpec() {
  TcpSpec s;
  s.delayedAck = true;
  return s;
}

TEST(DelayedAck, AcksEverySecondSegment) {
  ReceiverBench b(delayedSpec());
  for (std::uint32_t i = 0; i < 6; ++i) b.segmentAt(0.01 * i, i);
  b.run(0.055);
  EXPECT_EQ(b.wire.numbers(), (std::vector<std::uint32_t>{2, 4, 6}));
  EXPECT_EQ(b.wire.at, (std::vector<double>{0.01, 0.03, 0.05}));
  b.run(1);
  EXPECT_EQ(b.wire.acks.size(), 3u);  // nothing owed: the timer sends nothing more
}

TEST(DelayedAck, ALoneSegmentIsAcknowledgedAfter200Ms) {
  ReceiverBench b(delayedSpec());
  b.segmentAt(0.5, 0);
  b.run(0.699);
  EXPECT_TRUE(b.wire.acks.empty());
  b.run(0.7);
  ASSERT_EQ(b.wire.acks.size(), 1u);
  EXPECT_EQ(b.wire.acks[0].seq, 1u);
  EXPECT_DOUBLE_EQ(b.wire.at[0], 0.7);
}

TEST(DelayedAck, TheTimerCountsFromTheFirstUnacknowledgedSegment) {
  ReceiverBench b(delayedSpec());
  b.segmentAt(0, 0);
  b.segmentAt(0.1, 1);   // the second: ACK at once, nothing owed
  b.segmentAt(0.15, 2);  // owed again: due at 0.35, not at the first timer's 0.2
  b.run(0.3);
  EXPECT_EQ(b.wire.numbers(), (std::vector<std::uint32_t>{2}));
  b.run(0.35);
  EXPECT_EQ(b.wire.numbers(), (std::vector<std::uint32_t>{2, 3}));
  EXPECT_DOUBLE_EQ(b.wire.at.back(), 0.35);
}

TEST(DelayedAck, OutOfOrderAndHoleFillingSegmentsAreAcknowledgedAtOnce) {
  ReceiverBench b(delayedSpec());
  b.segmentAt(0, 0);     // owed
  b.segmentAt(0.01, 2);  // out of order: a duplicate ACK at once (it covers 0 too)
  b.segmentAt(0.02, 3);  // out of order again
  b.segmentAt(0.03, 1);  // fills the hole: at once
  b.segmentAt(0.04, 4);  // in order, nothing above: owed
  b.segmentAt(0.05, 2);  // an old duplicate: at once
  b.run(0.06);
  EXPECT_EQ(b.wire.numbers(), (std::vector<std::uint32_t>{1, 1, 4, 5}));
  EXPECT_EQ(b.wire.at, (std::vector<double>{0.01, 0.02, 0.03, 0.05}));
}

TEST(DelayedAck, OffMeansEverySegmentIsAcknowledged) {
  TcpSpec spec;
  ReceiverBench b(spec);
  for (std::uint32_t i = 0; i < 4; ++i) b.segmentAt(0.01 * i, i);
  b.run(1);
  EXPECT_EQ(b.wire.numbers(), (std::vector<std::uint32_t>{1, 2, 3, 4}));
}

TcpSpec sackSpec() {
  TcpSpec s;
  s.recovery = TcpRecoveryKind::Sack;
  return s;
}

// The blocks of an ACK `wire` caught (its option stays in the wire's SACK pool).
std::vector<std::pair<std::uint32_t, std::uint32_t>> blocks(AckCapture& wire, const Packet& ack) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  const SackOption& sack = wire.sackPool().get(ack.sack);
  for (int i = 0; i < sack.count; ++i) out.push_back({sack.blocks[i].start, sack.blocks[i].end});
  return out;
}
using Blocks = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

TEST(SackBlocks, FirstTheTriggeringSegmentsBlockThenTheMostRecentOthers) {
  ReceiverBench b(sackSpec());
  std::vector<std::uint32_t> order = {0, 2, 3, 5, 7, 9, 4, 3, 1};
  for (std::size_t i = 0; i < order.size(); ++i) b.segmentAt(0.01 * i, order[i]);
  b.run(1);
  const auto& a = b.wire.acks;
  ASSERT_EQ(a.size(), order.size());
  EXPECT_EQ(blocks(b.wire, a[0]), Blocks{});  // in order: no option
  EXPECT_EQ(blocks(b.wire, a[1]), (Blocks{{2, 3}}));
  EXPECT_EQ(blocks(b.wire, a[2]), (Blocks{{2, 4}}));  // the block grew
  EXPECT_EQ(blocks(b.wire, a[3]), (Blocks{{5, 6}, {2, 4}}));
  EXPECT_EQ(blocks(b.wire, a[4]), (Blocks{{7, 8}, {5, 6}, {2, 4}}));
  EXPECT_EQ(blocks(b.wire, a[5]), (Blocks{{9, 10}, {7, 8}, {5, 6}}));  // at most 3: [2,4) drops
  EXPECT_EQ(blocks(b.wire, a[6]), (Blocks{{2, 6}, {9, 10}, {7, 8}}));  // 4 joins [2,4) and [5,6)
  EXPECT_EQ(blocks(b.wire, a[7]), (Blocks{{2, 6}, {9, 10}, {7, 8}}));  // a duplicate of 3
  // 1 advances the cumulative ACK to 6: no block for it; the rest are repeated.
  EXPECT_EQ(a[8].seq, 6u);
  EXPECT_EQ(blocks(b.wire, a[8]), (Blocks{{9, 10}, {7, 8}}));
  // The option's bytes: 2 + 8 n, padded to 4 (12, 20, 28).
  EXPECT_EQ(a[0].bytes, 40u);
  EXPECT_EQ(a[1].bytes, 52u);
  EXPECT_EQ(a[3].bytes, 60u);
  EXPECT_EQ(a[4].bytes, 68u);
  EXPECT_EQ(a[8].bytes, 60u);
}

TEST(SackBlocks, AForgottenBlockIsFoundAgainInTheBuffer) {
  ReceiverBench b(sackSpec());
  // Four separate blocks; [2,3) is no longer reported once three newer ones exist.
  std::vector<std::uint32_t> order = {2, 4, 6, 8, 3};
  for (std::size_t i = 0; i < order.size(); ++i) b.segmentAt(0.01 * i, order[i]);
  b.run(1);
  const auto& a = b.wire.acks;
  EXPECT_EQ(blocks(b.wire, a[3]), (Blocks{{8, 9}, {6, 7}, {4, 5}}));
  // 3 joins the unreported [2,3) and the reported [4,5).
  EXPECT_EQ(blocks(b.wire, a[4]), (Blocks{{2, 5}, {8, 9}, {6, 7}}));
}

TEST(SackBlocks, NoneWithoutSackRecovery) {
  TcpSpec spec;
  spec.recovery = TcpRecoveryKind::NewReno;
  ReceiverBench b(spec);
  for (std::uint32_t s : {0u, 2u, 3u}) b.segmentAt(0.01 * s, s);
  b.run(1);
  for (const Packet& p : b.wire.acks) {
    EXPECT_EQ(p.sack, 0u);  // the SACK pool's empty slot
    EXPECT_EQ(p.bytes, 40u);
  }
}

TEST(SackBlocks, WindowGrowthVariantsUseSackByDefault) {
  TcpSpec spec;
  spec.variant = TcpVariantKind::Cubic;
  EXPECT_EQ(recoveryOf(spec), TcpRecoveryKind::Sack);
  spec.recovery = TcpRecoveryKind::Reno;
  EXPECT_EQ(recoveryOf(spec), TcpRecoveryKind::Reno);
  spec.variant = TcpVariantKind::Tahoe;
  spec.recovery.reset();
  EXPECT_EQ(recoveryOf(spec), TcpRecoveryKind::Tahoe);
}

}  // namespace
}  // namespace obs
