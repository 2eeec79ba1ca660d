// Rule tests of the loss-recovery kinds (tcp/loss_recovery.h), on scripted ACKs and on a
// loop with scripted losses: Tahoe, Reno, NewReno (RFC 6582), SACK (RFC 6675).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "tcp_bench.h"

namespace obs {
namespace {

using namespace testbench;

TEST(TahoeRecovery, ThreeDuplicatesCutTheWindowToOneAndGoBack) {
  ScriptedSender b(tcpSpec(TcpRecoveryKind::Tahoe, 10));
  b.ack(1);  // cwnd 11: 0..11 sent, 1..11 outstanding
  ASSERT_EQ(b.sender->sndNxt(), 12u);
  b.ack(1);
  b.ack(1);
  EXPECT_EQ(b.sender->counters().fastRetransmits, 0u);
  EXPECT_EQ(b.wire.sent.back(), 13u);  // Limited Transmit: 12 and 13 on the two duplicates
  std::size_t before = b.wire.sent.size();
  b.ack(1);
  EXPECT_EQ(b.sender->counters().fastRetransmits, 1u);
  // int(FlightSize 11 / 2), from the Reno ops: Limited Transmit's two are left out.
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 1);
  EXPECT_EQ(b.sender->state(), TcpCongState::Loss);  // slow start, no fast recovery
  ASSERT_EQ(b.wire.sent.size(), before + 1);
  EXPECT_EQ(b.wire.sent.back(), 1u);
  EXPECT_EQ(b.sender->sndNxt(), 2u);     // gone back to the first unacknowledged segment
  for (int i = 0; i < 5; ++i) b.ack(1);  // no inflation, nothing sent
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 1);
  EXPECT_EQ(b.wire.sent.size(), before + 1);
  b.ack(3);  // slow start: cwnd 2, resends 3 and 4 (go-back-N)
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 2);
  EXPECT_EQ(b.wire.sent.back(), 4u);
  EXPECT_EQ(b.sender->counters().retransmits, 3u);
  // Duplicates for data sent before the fast retransmit start no other one.
  for (int i = 0; i < 3; ++i) b.ack(3);
  EXPECT_EQ(b.sender->counters().fastRetransmits, 1u);
  b.ack(12);
  EXPECT_EQ(b.sender->state(), TcpCongState::Loss);
  b.ack(14);  // all that was outstanding at the loss
  EXPECT_EQ(b.sender->state(), TcpCongState::Open);
}

TEST(RenoRecovery, HalvesInflatesAndLeavesOnAnyNewAck) {
  ScriptedSender b(tcpSpec(TcpRecoveryKind::Reno, 10));
  b.ack(1);
  for (int i = 0; i < 3; ++i) b.ack(1);
  EXPECT_EQ(b.sender->state(), TcpCongState::Recovery);
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 8);  // ssthresh + 3
  b.ack(1);
  b.ack(1);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 10);  // +1 per further duplicate
  b.ack(5);                                // a partial ACK: Reno leaves recovery all the same
  EXPECT_EQ(b.sender->state(), TcpCongState::Open);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 5);
  EXPECT_EQ(b.sender->counters().retransmits, 1u);
}

TEST(NewRenoRecovery, PartialAcksResendTheNextHoleAndDeflate) {
  TcpSpec spec = tcpSpec(TcpRecoveryKind::NewReno, 10);
  ScriptedSender b(spec);
  b.ack(1);  // 0..11 sent
  for (int i = 0; i < 3; ++i) b.ack(1);
  EXPECT_EQ(b.sender->state(), TcpCongState::Recovery);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 8);
  b.ack(5);  // partial: 4 segments acknowledged, 5 is the next hole
  EXPECT_EQ(b.sender->state(), TcpCongState::Recovery);
  EXPECT_EQ(b.wire.sent.back(), 5u);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 8 - 4 + 1);
  b.ack(7);  // partial again
  EXPECT_EQ(b.wire.sent.back(), 7u);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 5 - 2 + 1);
  EXPECT_EQ(b.sender->counters().fastRetransmits, 1u);
  EXPECT_EQ(b.sender->counters().retransmits, 3u);
  // Segments 12 and 13 went by Limited Transmit before the fast retransmit. The full ACK
  // (everything up to `recover`, segment 13): cwnd = min(ssthresh, FlightSize + 1) with
  // nothing in flight, so 2, not ssthresh 5 at once.
  b.ack(12);
  EXPECT_EQ(b.sender->state(), TcpCongState::Recovery);
  b.ack(14);
  EXPECT_EQ(b.sender->state(), TcpCongState::Open);
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 2);
}

// Limited Transmit (RFC 3042, RFC 5681 3.2 step 1) keeps to the receiver's window: with
// the whole window outstanding, duplicates release nothing.
TEST(LimitedTransmit, KeepsToTheReceiversWindow) {
  for (TcpRecoveryKind kind :
       {TcpRecoveryKind::Tahoe, TcpRecoveryKind::Reno, TcpRecoveryKind::NewReno, TcpRecoveryKind::Sack}) {
    ScriptedSender b(tcpSpec(kind, 10, 65535, 11));
    b.ack(1);  // cwnd 11 = the receiver's window: 1..11 outstanding
    std::size_t before = b.wire.sent.size();
    b.ack(1, {{2, 3}});
    b.ack(1, {{2, 4}});
    EXPECT_EQ(b.wire.sent.size(), before) << static_cast<int>(kind);
  }
}

// Only the first dupAckThreshold - 1 duplicates, one segment each, cwnd unchanged; with
// threshold 5 that is four.
TEST(LimitedTransmit, OneNewSegmentForEachDuplicateBelowTheThreshold) {
  for (TcpRecoveryKind kind : {TcpRecoveryKind::Tahoe, TcpRecoveryKind::Reno, TcpRecoveryKind::NewReno}) {
    TcpSpec spec = tcpSpec(kind, 10);
    spec.dupAckThreshold = 5;
    ScriptedSender b(spec);
    b.ack(1);  // 0..11 sent
    for (std::uint32_t d = 1; d <= 4; ++d) {
      b.ack(1);
      EXPECT_EQ(b.wire.sent.back(), 11u + d) << static_cast<int>(kind);
      EXPECT_DOUBLE_EQ(b.sender->cwnd(), 11) << static_cast<int>(kind);
    }
    b.ack(1);  // the fifth: fast retransmit
    EXPECT_EQ(b.sender->counters().fastRetransmits, 1u) << static_cast<int>(kind);
    EXPECT_EQ(b.wire.sent.back(), 1u) << static_cast<int>(kind);
    EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5) << static_cast<int>(kind);  // int(11 / 2)
  }
}

TEST(NewRenoRecovery, TheTimerIsRestartedByTheFirstPartialAckOnly) {
  TcpSpec spec = tcpSpec(TcpRecoveryKind::NewReno, 10);
  spec.rto.fixed = 1;
  ScriptedSender b(spec);
  b.ack(1, {}, 0.01);
  for (int i = 0; i < 3; ++i) b.ack(1, {}, 0.01);
  b.ack(5, {}, 0.01);  // t = 0.05: the first partial ACK restarts the timer: due at 1.05
  b.ack(7, {}, 0.45);  // t = 0.5: the second does not (Slow-but-Steady would: 1.5)
  b.sim.runUntil(fromSeconds(1.049));
  EXPECT_EQ(b.sender->counters().rtos, 0u);
  b.sim.runUntil(fromSeconds(1.05));
  EXPECT_EQ(b.sender->counters().rtos, 1u);
}

// ns-2 (reset_rtx_timer in every dupack_action), Linux and FreeBSD give the fast
// retransmit a whole RTO; without it the timer set by the last new ACK can fire while the
// retransmission is on its way.
TEST(LossRecovery, TheFastRetransmitRestartsTheTimer) {
  for (TcpRecoveryKind kind :
       {TcpRecoveryKind::Tahoe, TcpRecoveryKind::Reno, TcpRecoveryKind::NewReno, TcpRecoveryKind::Sack}) {
    TcpSpec spec = tcpSpec(kind, 10);
    spec.rto.fixed = 1;
    ScriptedSender b(spec);
    b.ack(1, {}, 0.01);  // t = 0.01: new data acknowledged, the timer is due at 1.01
    // Three duplicates, the last at t = 0.5 (with SACK blocks, so SACK counts them).
    b.ack(1, {{2, 3}}, 0.3);
    b.ack(1, {{2, 4}}, 0.1);
    b.ack(1, {{2, 5}}, 0.09);
    ASSERT_EQ(b.sender->counters().fastRetransmits, 1u) << static_cast<int>(kind);
    b.sim.runUntil(fromSeconds(1.499));
    EXPECT_EQ(b.sender->counters().rtos, 0u) << static_cast<int>(kind);
    b.sim.runUntil(fromSeconds(1.5));
    EXPECT_EQ(b.sender->counters().rtos, 1u) << static_cast<int>(kind);
  }
}

TEST(NewRenoRecovery, NoFastRetransmitForDuplicatesOfDataSentBeforeATimeout) {
  // RFC 6582 section 4.2: after a timeout the go-back-N resends bring duplicates; the
  // `recover` guard ignores them. Reno has the guard too (ns-2's bugFix_, issue 20,
  // finding 2).
  for (TcpRecoveryKind kind : {TcpRecoveryKind::Reno, TcpRecoveryKind::NewReno}) {
    TcpSpec spec = tcpSpec(kind, 10);
    spec.rto.fixed = 0.5;
    ScriptedSender b(spec);
    b.sim.runUntil(fromSeconds(0.5));  // timeout: 0 resent
    ASSERT_EQ(b.sender->counters().rtos, 1u);
    b.ack(3);  // 0..2 were received before: cwnd 2, resends 3 and 4
    for (int i = 0; i < 3; ++i) b.ack(3);
    EXPECT_EQ(b.sender->counters().fastRetransmits, 0u) << (kind == TcpRecoveryKind::Reno ? "reno" : "newreno");
  }
}

// RFC 6582 section 3.2, step 2: a fast retransmit only when the ACK "covers more than
// recover" (ns-2: highest_ack_ > recover_). recover() is one past the RFC's recover, so
// duplicates of exactly recover() start nothing: after a timeout, the go-back-N walk
// resends data the receiver already holds, and each such resend brings one of them
// (issue 20, finding 1: Tahoe did 5 fast retransmits where ns-2 does 1).
TEST(RecoverGuard, DuplicatesOfExactlyRecoverStartNoFastRetransmit) {
  for (TcpRecoveryKind kind : {TcpRecoveryKind::Tahoe, TcpRecoveryKind::Reno, TcpRecoveryKind::NewReno}) {
    TcpSpec spec = tcpSpec(kind, 10);
    spec.rto.fixed = 0.5;
    ScriptedSender b(spec);            // 0..9 sent; 0 and 5 lost
    b.sim.runUntil(fromSeconds(0.5));  // timeout: recover() = 10, 0 resent
    ASSERT_EQ(b.sender->recover(), 10u);
    b.ack(5);   // 0 filled the first hole: cwnd 2, go-back-N resends 5 and 6
    b.ack(10);  // 5 filled the second: everything sent before the timeout is acknowledged
    ASSERT_EQ(b.sender->sndUna(), 10u);
    for (int i = 0; i < 3; ++i) b.ack(10);  // the receiver's answers to resends it already had
    EXPECT_EQ(b.sender->counters().fastRetransmits, 0u) << static_cast<int>(kind);
    // Past recover a loss is detected as always.
    b.ack(11);
    for (int i = 0; i < 3; ++i) b.ack(11);
    EXPECT_EQ(b.sender->counters().fastRetransmits, 1u) << static_cast<int>(kind);
  }
}

// ns-2's Reno with bugFix_ (its default, the papers'), RFC 6582's guard: two losses in one
// window give one fast retransmit; the second waits for the timer instead of halving the
// window again (issue 20, finding 2: 2 fast retransmits where ns-2 does 1).
TEST(RecoverGuard, RenoStartsNoSecondFastRetransmitInOneWindow) {
  ScriptedSender b(tcpSpec(TcpRecoveryKind::Reno, 10));  // 0..9 sent; 1 and 5 lost
  b.ack(1);                                              // cwnd 11: 10 sent
  for (int i = 0; i < 3; ++i) b.ack(1);                  // 2, 3, 4 arrived: fast retransmit of 1
  ASSERT_EQ(b.sender->counters().fastRetransmits, 1u);
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5);
  for (int i = 0; i < 5; ++i) b.ack(1);  // 6..10 arrived: cwnd 13, 11 and 12 sent
  b.ack(5);                              // the resent 1 arrived: Reno leaves recovery
  ASSERT_EQ(b.sender->state(), TcpCongState::Open);
  for (int i = 0; i < 3; ++i) b.ack(5);  // 11, 12 and one more: duplicates of 5
  EXPECT_EQ(b.sender->counters().fastRetransmits, 1u);
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5);
}

// RFC 5681 section 3.1, (4): on a timeout ssthresh = max(FlightSize / 2, 2). FlightSize
// counts the segments in the window: during NewReno's recovery the flight still holds the
// window before the loss, twice the window recovery works towards, and halving it would
// leave ssthresh where the fast retransmit had put it, or raise it (issue 20, finding 3:
// 50 after a fast retransmit had set 25; ns-2 12). As ns-2, Linux and the BSDs: half of
// the window, here cwnd without inflation.
TEST(LossSsthresh, TimeoutDuringRecoveryHalvesTheWindowNotTheOldFlight) {
  ScriptedSender b(tcpSpec(TcpRecoveryKind::NewReno, 50));  // 0..49 sent
  b.ack(1);                                                 // cwnd 51: 50 sent, 50 outstanding
  for (int i = 0; i < 3; ++i) b.ack(1);                     // fast retransmit: ssthresh from 50 in flight
  ASSERT_EQ(b.sender->state(), TcpCongState::Recovery);
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 25);
  while (b.sender->counters().rtos == 0)
    b.sim.runUntil(b.sim.now() + fromSeconds(0.001));  // nothing more: the timer fires
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 12);          // half of the window of 25, not of the 50 in flight
  EXPECT_DOUBLE_EQ(b.sender->cwnd(), 1);
}

// RFC 5681 section 3.1, the implementation note: when the segment has already been resent
// by the timer, a further timeout holds ssthresh (issue 20, finding 3: it went to 2, half
// of the one-segment window, as in ns-2).
TEST(LossSsthresh, RepeatedTimeoutOfOneSegmentKeepsSsthresh) {
  TcpSpec spec = tcpSpec(TcpRecoveryKind::NewReno, 10);
  spec.rto.fixed = 0.5;
  ScriptedSender b(spec);
  b.sim.runUntil(fromSeconds(0.5));
  ASSERT_EQ(b.sender->counters().rtos, 1u);
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5);
  b.sim.runUntil(fromSeconds(1.0));  // the resend was lost too
  ASSERT_EQ(b.sender->counters().rtos, 2u);
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 5);
  b.ack(1);  // progress: the next timeout is a first one again
  b.sim.runUntil(fromSeconds(1.6));
  ASSERT_EQ(b.sender->counters().rtos, 3u);
  EXPECT_DOUBLE_EQ(b.sender->ssthresh(), 2);  // half of cwnd 2 (1 + the ACK's slow start), at least 2
}

TEST(TcpPhase, SlowStartAvoidanceRecoveryLoss) {
  TcpSpec spec = tcpSpec(TcpRecoveryKind::NewReno, 2, 3);
  spec.rto.fixed = 1;
  ScriptedSender b(spec);
  EXPECT_EQ(b.sender->phase(), TcpPhase::SlowStart);  // cwnd 2 < ssthresh 3
  b.ack(1);
  EXPECT_EQ(b.sender->phase(), TcpPhase::CongestionAvoidance);  // cwnd 3
  for (int i = 0; i < 3; ++i) b.ack(1);
  EXPECT_EQ(b.sender->phase(), TcpPhase::Recovery);
  b.sim.runUntil(fromSeconds(2));
  EXPECT_EQ(b.sender->phase(), TcpPhase::Loss);
}

TEST(FixedRto, TimeoutsComeAtTheConstantWithoutBackOff) {
  TcpSpec spec = tcpSpec(TcpRecoveryKind::Reno, 4);
  spec.rto.fixed = 0.03;  // paper 003's slow path
  ScriptedSender b(spec);
  b.ack(1, {}, 0.02);             // a 20 ms sample: the estimator would say 60 ms; the timer stays 30
  for (int k = 1; k <= 4; ++k) {  // nothing more comes back: 30 ms apart, not doubling
    b.sim.runUntil(fromSeconds(0.02 + 0.03 * k) - 1);
    EXPECT_EQ(b.sender->counters().rtos, static_cast<std::uint64_t>(k - 1));
    b.sim.runUntil(fromSeconds(0.02 + 0.03 * k));
    EXPECT_EQ(b.sender->counters().rtos, static_cast<std::uint64_t>(k));
  }
  EXPECT_EQ(b.sender->rtt().rto(), fromSeconds(0.03));
}

// One window of 40 segments (congestion avoidance, RTT 100 ms) loses segments 10, 20 and
// 30 on their first transmission. rto.min 1 s (RFC 6298's): NewReno's repair takes three
// RTTs, and with Linux's 200 ms its timer, restarted by the first partial ACK only, would
// expire first. Run for 3 s.
TcpSpec threeLossesSpec(TcpRecoveryKind kind) {
  TcpSpec spec = tcpSpec(kind, 40, 40);
  spec.rto.min = 1;
  return spec;
}
struct ThreeLosses : Loop {
  explicit ThreeLosses(TcpRecoveryKind kind) : Loop(threeLossesSpec(kind), 0.05) {
    drop = dropFirstSendOf({10, 20, 30});
    runUntil(3);
  }
  // NewReno, SACK and Tahoe: one fast retransmit, and the repair needs no timeout.
  void expectOneFastRetransmitAndNoTimeout() const {
    EXPECT_EQ(sender->counters().fastRetransmits, 1u);
    EXPECT_EQ(sender->counters().rtos, 0u);
  }
};

TEST(NewRenoRecovery, StaysInRecoveryThroughPartialAcksAndLeavesOnTheFullAck) {
  ThreeLosses loop(TcpRecoveryKind::NewReno);
  loop.expectOneFastRetransmitAndNoTimeout();
  const TcpSenderCounters& c = loop.sender->counters();
  EXPECT_EQ(c.retransmits, 3u);  // each hole once, nothing else
  for (std::uint32_t s : {10u, 20u, 30u}) EXPECT_EQ(loop.sends(s), 2u) << s;
  // The partial ACKs (20, then 30) arrive in recovery; the full ACK ends it.
  bool sawPartial20 = false, sawPartial30 = false;
  for (std::size_t i = 0; i < loop.acks.size(); ++i) {
    if (loop.acks[i].second == 20) sawPartial20 |= loop.stateAfter[i] == TcpCongState::Recovery;
    if (loop.acks[i].second == 30) sawPartial30 |= loop.stateAfter[i] == TcpCongState::Recovery;
  }
  EXPECT_TRUE(sawPartial20);
  EXPECT_TRUE(sawPartial30);
  // One hole per RTT: the repair takes about three RTTs.
  auto [in, out] = loop.firstRecovery();
  ASSERT_GT(out, in);
  EXPECT_NEAR(out - in, 0.3, 0.02);
}

TEST(SackRecovery, RepairsThreeSeparateLossesInAboutOneRttResendingOnlyTheHoles) {
  ThreeLosses loop(TcpRecoveryKind::Sack);
  loop.expectOneFastRetransmitAndNoTimeout();
  const TcpSenderCounters& c = loop.sender->counters();
  EXPECT_EQ(c.retransmits, 3u);
  std::map<std::uint32_t, int> sends;
  for (std::uint32_t s : loop.sent) ++sends[s];
  for (const auto& [seq, n] : sends) EXPECT_EQ(n, (seq == 10 || seq == 20 || seq == 30) ? 2 : 1) << "segment " << seq;
  auto [in, out] = loop.firstRecovery();
  ASSERT_GT(out, in);
  EXPECT_LT(out - in, 0.15);  // one RTT (100 ms) and a little
  EXPECT_GE(out - in, 0.1);
  // cwnd = ssthresh on entry and through recovery (no inflation): int(40 / 2).
  for (std::size_t i = 0; i < loop.acks.size(); ++i) {
    if (loop.stateAfter[i] == TcpCongState::Recovery) {
      EXPECT_DOUBLE_EQ(loop.cwndAfter[i], 20);
    }
  }
}

TEST(RenoRecovery, ThreeLossesInOneWindowTakeMoreThanOneRecovery) {
  ThreeLosses loop(TcpRecoveryKind::Reno);
  const TcpSenderCounters& c = loop.sender->counters();
  EXPECT_GE(c.fastRetransmits + c.rtos, 2u);  // Reno's classic weakness (Fall & Floyd 1996)
}

TEST(TahoeRecovery, ThreeLossesInOneWindowResendDeliveredData) {
  ThreeLosses loop(TcpRecoveryKind::Tahoe);
  loop.expectOneFastRetransmitAndNoTimeout();
  const TcpSenderCounters& c = loop.sender->counters();
  EXPECT_GT(c.retransmits, 3u);  // go-back-N resends segments the receiver already holds
  EXPECT_GT(loop.receiver->duplicates(), 0u);
}

// Westwood+'s ssthresh (BWE x RTTmin) may lie above the window at a loss: after a timeout
// the estimate still holds the old pipe while cwnd restarts from one. Fast recovery then
// works with the window at the loss, so entering it never raises cwnd (Mascolo et al.).
TEST(WestwoodRecovery, EnteringRecoveryNeverRaisesTheWindow) {
  for (TcpRecoveryKind kind : {TcpRecoveryKind::Reno, TcpRecoveryKind::NewReno}) {
    TcpSpec spec = tcpSpec(kind, 1, 65535, 64);
    spec.variant = TcpVariantKind::Westwood;
    ScriptedSender b(spec);
    // 1.2 s of rounds of 20 ms, each acknowledging all that is outstanding: the estimate
    // learns a pipe of about 64 segments.
    for (int round = 0; round < 60; ++round) b.ack(b.sender->maxSent(), {}, 0.02);
    // Nothing acknowledged: a timeout, cwnd 1, everything outstanding resent by go-back-N.
    std::uint32_t una = b.sender->sndUna();
    std::uint32_t high = b.sender->maxSent();
    b.sim.runUntil(b.sim.now() + fromSeconds(3));
    ASSERT_GE(b.sender->counters().rtos, 1u);
    // Only the first was lost: one ACK covers the old window, the next one new data; then
    // a new segment is lost and three duplicates report it, with cwnd 3 and a high estimate.
    b.ack(high, {}, 0.02);
    ASSERT_EQ(b.sender->state(), TcpCongState::Open);
    ASSERT_GT(high, una);
    b.ack(high + 1, {}, 0.02);
    double before = b.sender->cwnd();
    for (int i = 0; i < 3; ++i) b.ack(high + 1, {}, 0.001);
    ASSERT_EQ(b.sender->state(), TcpCongState::Recovery) << static_cast<int>(kind);
    EXPECT_GT(b.sender->ssthresh(), before + 3) << static_cast<int>(kind);  // the estimate
    EXPECT_LE(b.sender->cwnd(), before + 3) << static_cast<int>(kind);      // not a burst
  }
}

TEST(LossRecovery, EveryKindDeliversEverythingInOrder) {
  for (TcpRecoveryKind kind :
       {TcpRecoveryKind::Tahoe, TcpRecoveryKind::Reno, TcpRecoveryKind::NewReno, TcpRecoveryKind::Sack}) {
    AppSpec file;
    file.kind = AppKind::File;
    file.bytes = 300 * 512;
    TcpSpec spec = tcpSpec(kind, 1, 65535, 64);
    Loop loop(spec, 0.01, file);
    // Every fifth transmission of anything lost: heavy, patterned loss. It locks the go-back-N
    // kinds into a slow cycle: a window of 2 whose first segment is lost, Limited Transmit's
    // two segments, two duplicates (too few), a timeout, and an ACK that covers the resent
    // segment, so Karn's rule takes no RTT sample and the timer stays backed off (up to the
    // 60 s cap). Slow, but everything must arrive.
    std::size_t n = 0;
    loop.drop = [&n](std::uint32_t, int) { return ++n % 5 == 0; };
    loop.runUntil(5000);
    EXPECT_EQ(loop.receiver->rcvNxt(), 300u) << static_cast<int>(kind);
    EXPECT_GE(loop.sender->completedAt(), 0) << static_cast<int>(kind);
  }
}

}  // namespace
}  // namespace obs
