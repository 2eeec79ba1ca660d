// SACK loss recovery, RFC 6675: the scoreboard's IsLost, entering recovery, pipe, NextSeg's
// rules, and what a timeout resends.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <vector>

#include "tcp/sack_scoreboard.h"
#include "tcp_bench.h"

namespace obs {
namespace {

using namespace testbench;

SackOption option(std::initializer_list<SackBlock> blocks) {
  SackOption o;
  for (const SackBlock& b : blocks) o.blocks[o.count++] = b;
  return o;
}

TEST(SackScoreboard, IsLostWhenDupThreshSegmentsAboveAreSacked) {
  SackScoreboard b(100, 3);
  EXPECT_TRUE(b.update(0, 20, option({{5, 7}, {9, 10}})));
  EXPECT_EQ(b.sackedCount(), 3u);
  EXPECT_EQ(b.highSacked(), 10u);
  EXPECT_TRUE(b.isLost(4));  // 5, 6 and 9 above it
  EXPECT_TRUE(b.isLost(0));
  EXPECT_FALSE(b.isLost(5));  // SACKed
  EXPECT_FALSE(b.isLost(7));  // only 9 above
  EXPECT_FALSE(b.isLost(8));
  EXPECT_FALSE(b.update(0, 20, option({{5, 7}})));  // nothing new
  // The cumulative ACK forgets what it covers: 6 and 9 remain, too few for a loss.
  b.update(6, 20, option({}));
  EXPECT_EQ(b.sackedCount(), 2u);
  EXPECT_FALSE(b.isLost(7));
  // Blocks beyond what was sent, or below the cumulative ACK, count only within.
  b.update(6, 20, option({{2, 4}, {18, 25}}));
  EXPECT_EQ(b.sackedCount(), 4u);
  EXPECT_EQ(b.highSacked(), 20u);
  EXPECT_EQ(b.firstUnsacked(6, 20), 7u);
  EXPECT_EQ(b.lastUnsacked(6, 20), 17u);
  EXPECT_EQ(b.sackedIn(6, 18), 2u);
  EXPECT_FALSE(b.isLost(17));  // 18 and 19 above
  EXPECT_TRUE(b.isLost(8));    // 9, 18 and 19 above
}

// The scoreboard keeps a bit per segment and works a word at a time: against a plain set
// of SACKed segments, over random ACKs whose blocks straddle the ring's words and its wrap,
// on windows below a word, of a word's size and of many words.
TEST(SackScoreboard, AgreesWithOneMarkPerSegmentOnRandomAcks) {
  for (int maxWindow : {1, 5, 63, 64, 65, 200, 512}) {
    std::mt19937 rng(static_cast<unsigned>(maxWindow));
    const std::uint32_t dupThresh = 3;
    SackScoreboard board(maxWindow, static_cast<int>(dupThresh));
    std::vector<std::uint32_t> marked;  // SACKed segments at or above una, sorted
    std::uint32_t una = 0, maxSent = 0, high = 0;
    for (int step = 0; step < 4000; ++step) {
      auto pick = [&](std::uint32_t lo, std::uint32_t hi) {
        return lo + static_cast<std::uint32_t>(rng() % (hi - lo + 1));
      };
      // The window moves forward and up to maxWindow segments are outstanding.
      if (rng() % 3 == 0) una = pick(una, maxSent);
      maxSent = pick(std::max(maxSent, una), una + static_cast<std::uint32_t>(maxWindow));
      SackOption sack;
      const int blocks = static_cast<int>(rng() % 4);
      for (int i = 0; i < blocks && maxSent > una; ++i) {
        // Blocks may begin below una and end past what was sent: only the part within counts.
        const std::uint32_t start = pick(una > 3 ? una - 3 : 0, maxSent);
        sack.blocks[sack.count++] = SackBlock{start, pick(start, maxSent + 3)};
      }
      marked.erase(marked.begin(), std::lower_bound(marked.begin(), marked.end(), una));
      const std::size_t before = marked.size();
      if (una > high) high = una;
      for (int i = 0; i < sack.count; ++i) {
        const std::uint32_t to = std::min(sack.blocks[i].end, maxSent);
        for (std::uint32_t seq = std::max(sack.blocks[i].start, una); seq < to; ++seq)
          if (!std::binary_search(marked.begin(), marked.end(), seq))
            marked.insert(std::lower_bound(marked.begin(), marked.end(), seq), seq);
        high = std::max(high, to);
      }
      ASSERT_EQ(board.update(una, maxSent, sack), marked.size() > before) << "window " << maxWindow << " step " << step;
      ASSERT_EQ(board.sackedCount(), marked.size());
      ASSERT_EQ(board.highSacked(), high);
      const std::uint32_t bound = marked.size() >= dupThresh ? marked[marked.size() - dupThresh] : una;
      ASSERT_EQ(board.lostBound(), bound);
      const auto isMarked = [&](std::uint32_t seq) { return std::binary_search(marked.begin(), marked.end(), seq); };
      const std::uint32_t from = pick(una, maxSent), to = pick(from, maxSent);
      for (std::uint32_t seq = una; seq < maxSent; ++seq) ASSERT_EQ(board.sacked(seq), isMarked(seq)) << seq;
      std::uint32_t in = 0, first = to, last = to;
      for (std::uint32_t seq = from; seq < std::min(to, high); ++seq) in += isMarked(seq);
      for (std::uint32_t seq = from; seq < to && first == to; ++seq)
        if (!isMarked(seq)) first = seq;
      for (std::uint32_t seq = to; seq > from && last == to; --seq)
        if (!isMarked(seq - 1)) last = seq - 1;
      ASSERT_EQ(board.sackedIn(from, to), in) << "window " << maxWindow << " [" << from << ", " << to << ")";
      ASSERT_EQ(board.firstUnsacked(from, to), first) << "window " << maxWindow << " [" << from << ", " << to << ")";
      ASSERT_EQ(board.lastUnsacked(from, to), last) << "window " << maxWindow << " [" << from << ", " << to << ")";
    }
  }
}

TEST(SackRecovery, DuplicatesReleaseNewDataByPipeThenTheThirdStartsRecovery) {
  ScriptedSender b(tcpSpec(TcpRecoveryKind::Sack, 10));
  b.ack(1);  // cwnd 11: 0..11 sent, 1..11 outstanding
  ASSERT_EQ(b.wire.sent.size(), 12u);
  EXPECT_EQ(b.sender->inFlight(), 11u);
  b.ack(1, {{2, 3}});  // a duplicate: one segment left the network (step 3)
  EXPECT_EQ(b.sender->state(), TcpCongState::Open);
  EXPECT_EQ(b.wire.sent.back(), 12u);
  b.ack(1, {{2, 3}});  // no new SACK information: no duplicate, nothing released
  EXPECT_EQ(b.wire.sent.size(), 13u);
  b.ack(1, {{2, 4}});
  EXPECT_EQ(b.wire.sent.back(), 13u);
  b.ack(1, {{2, 5}});  // the third duplicate: recovery
  EXPECT_EQ(b.sender->state(), TcpCongState::Recovery);
  EXPECT_EQ(b.sender->counters().fastRetransmits, 1u);
  EXPECT_EQ(b.wire.sent.back(), 1u);  // (4.3)
  // FlightSize 13, less the 2 segments Limited Transmit sent: int(11 / 2).
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 5);  // (4.2)
  // pipe: 9 unSACKed segments of 2..13 not lost, and the retransmission of 1.
  EXPECT_EQ(b.sender->inFlight(), 10u);
  // Five more segments leave: pipe 5, still not below cwnd; the sixth frees a slot, and
  // with nothing lost above HighRxt it goes to new data (rule 2).
  for (std::uint32_t end = 6; end <= 10; ++end) b.ack(1, {{2, end}});
  EXPECT_EQ(b.wire.sent.back(), 1u);
  b.ack(1, {{2, 11}});
  EXPECT_EQ(b.wire.sent.back(), 14u);
  // The cumulative ACK of RecoveryPoint (13) ends recovery with cwnd = ssthresh.
  b.ack(14);
  EXPECT_EQ(b.sender->state(), TcpCongState::Open);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 5);
}

// Limited Transmit's segments are those released by duplicates, never the first window:
// a loss of the very first segment (sndUna never moved) halves the whole first window.
TEST(SackRecovery, TheFirstWindowIsNoLimitedTransmit) {
  ScriptedSender b(tcpSpec(TcpRecoveryKind::Sack, 10));
  ASSERT_EQ(b.wire.sent.size(), 10u);  // 0..9, and 0 is lost
  b.ack(0, {{1, 2}});
  b.ack(0, {{1, 3}});
  EXPECT_EQ(b.wire.sent.back(), 11u);  // one new segment per duplicate
  b.ack(0, {{1, 4}});
  EXPECT_EQ(b.sender->state(), TcpCongState::Recovery);
  // FlightSize 12 less the 2 sent by Limited Transmit: int(10 / 2).
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5);
}

// RFC 6675 section 5: a cumulative ACK resets DupAcks, even when it brings new SACK blocks.
// (What the duplicates release then counts in the FlightSize, not as Limited Transmit.)
TEST(SackRecovery, ACumulativeAckWithNewBlocksIsNoDuplicate) {
  ScriptedSender b(tcpSpec(TcpRecoveryKind::Sack, 10));
  b.ack(1);  // 1..11 outstanding
  b.ack(1, {{3, 4}});
  EXPECT_EQ(b.sender->dupAcks(), 1u);
  b.ack(2, {{3, 5}});  // new data acknowledged, and 4 SACKed
  EXPECT_EQ(b.sender->dupAcks(), 0u);
  b.ack(2, {{3, 6}});
  EXPECT_EQ(b.sender->dupAcks(), 1u);
}

TEST(SackRecovery, OneAckShowingDupThreshSegmentsAboveAHoleStartsRecovery) {
  // Step 2: IsLost(HighACK + 1) with a single duplicate (as when ACKs are lost).
  ScriptedSender b(tcpSpec(TcpRecoveryKind::Sack, 10));
  b.ack(1);
  b.ack(1, {{2, 5}});
  EXPECT_EQ(b.sender->state(), TcpCongState::Recovery);
  EXPECT_EQ(b.wire.sent.back(), 1u);
}

TEST(SackRecovery, LostHolesGoFirstInOrderThenNewData) {
  ScriptedSender b(tcpSpec(TcpRecoveryKind::Sack, 20, 65535, 1000));
  b.ack(1);  // 0..21 sent, 1..21 outstanding, cwnd 21
  // Holes 1, 4 and 8; 2-3, 5-7 and 9-21 arrived.
  b.ack(1, {{9, 22}, {5, 8}, {2, 4}});
  ASSERT_EQ(b.sender->state(), TcpCongState::Recovery);
  // FlightSize 21: cwnd = ssthresh = 10. Lost: 1, 4 and 8 (three or more SACKed above
  // each). After (4.3) resends 1, pipe is 1 (all else is SACKed or lost), and (C) resends
  // 4 and 8 (rule 1, in order), then new data from 22 (rule 2) until pipe reaches cwnd.
  std::vector<std::uint32_t> after(b.wire.sent.begin() + 22, b.wire.sent.end());
  EXPECT_EQ(after, (std::vector<std::uint32_t>{1, 4, 8, 22, 23, 24, 25, 26, 27, 28}));
  EXPECT_EQ(b.sender->inFlight(), 10u);
}

TEST(SackRecovery, RescueRetransmissionRepairsALostLastSegmentWithoutATimeout) {
  // A file of 12 segments, all sent at once; 3 and the last one, 11, are lost. Nothing new
  // can be sent and 11 is never "lost" by IsLost (nothing above it): NextSeg's rule (4)
  // resends it once per recovery.
  AppSpec file;
  file.kind = AppKind::File;
  file.bytes = 12 * 512;
  Loop loop(tcpSpec(TcpRecoveryKind::Sack, 12), 0.05, file);
  loop.drop = dropFirstSendOf({3, 11});
  loop.runUntil(5);
  const TcpSenderCounters& c = loop.sender->counters();
  EXPECT_EQ(c.rtos, 0u);
  EXPECT_EQ(c.fastRetransmits, 1u);
  EXPECT_EQ(c.retransmits, 2u);
  EXPECT_EQ(loop.receiver->rcvNxt(), 12u);
  // 11 went again within the same round of duplicates as 3, not after a partial ACK.
  std::vector<std::uint32_t> after(loop.sent.begin() + 12, loop.sent.end());
  EXPECT_EQ(after, (std::vector<std::uint32_t>{3, 11}));
  EXPECT_NEAR(toSeconds(loop.sender->completedAt()), 0.2, 1e-9);  // two RTTs
}

TEST(SackRecovery, AfterATimeoutOnlyTheHolesAreResent) {
  TcpSpec spec = tcpSpec(TcpRecoveryKind::Sack, 10);
  spec.rto.fixed = 1;
  ScriptedSender b(spec);                   // 0..9 sent
  b.ack(0, {{2, 3}, {5, 6}}, 0.1);          // two segments known received; no loss detected yet
  std::size_t before = b.wire.sent.size();  // 0..11: two new by pipe
  b.sim.runUntil(fromSeconds(1.0));         // the timer (started at 0) fires
  ASSERT_EQ(b.sender->counters().rtos, 1u);
  EXPECT_EQ(b.sender->state(), TcpCongState::Loss);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 1);
  b.ack(1, {{2, 3}, {5, 6}});  // cwnd 2: 1 and 3 (2 is held by the receiver)
  b.ack(3, {{5, 6}});          // cwnd 3: 4 and 6 (5 is held)
  b.ack(4, {{5, 6}});          // cwnd 4: 7 and 8
  std::vector<std::uint32_t> resent(b.wire.sent.begin() + before, b.wire.sent.end());
  EXPECT_EQ(resent, (std::vector<std::uint32_t>{0, 1, 3, 4, 6, 7, 8}));
  EXPECT_EQ(b.wire.count(2), 1u);
  EXPECT_EQ(b.wire.count(5), 1u);
}

}  // namespace
}  // namespace obs
