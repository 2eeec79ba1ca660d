// A packet link's drop-tail queue counts as ns-2's DropTail queue-limit (issue 20,
// finding 4; docs/model.md section 2): at most `queue` packets in a direction, the one on
// the line included; at a tie the departing packet still holds its place.
#include "net/packet_channel.h"

#include <gtest/gtest.h>

#include <vector>

#include "net/route.h"

namespace obs {
namespace {

struct Sink : PacketReceiver {
  std::vector<std::uint32_t> got;
  void receivePacket(int, Packet&& p) override { got.push_back(p.seq); }
};

struct Line {
  EventLoop sim;
  Sink sink;
  PacketChannel channel;
  explicit Line(int queue) : Line(config(queue)) {}
  explicit Line(const PacketChannelConfig& c) : channel(sim, sink, 1, c, 1, "test") {}
  static PacketChannelConfig config(int queue) {
    PacketChannelConfig c;
    c.rateBps = 8e6;  // 1000 B in 1 ms
    c.delay = fromSeconds(0.001);
    c.queueLimit = queue;
    return c;
  }
  bool send(std::uint32_t seq) {
    Packet p;  // no route: the line hands it to the sink as it arrives
    p.seq = seq;
    p.bytes = 1000;
    return channel.send(std::move(p));
  }
};

TEST(DropTailQueue, HoldsQueuePacketsTheOneOnTheLineIncluded) {
  // ns-2 DropTail, queue-limit 3: one on the line, two waiting; the fourth is dropped.
  Line l(3);
  for (std::uint32_t s = 0; s < 5; ++s) l.send(s);
  EXPECT_EQ(l.channel.counters().queueDrops, 2u);
  l.sim.runUntil(fromSeconds(1));
  EXPECT_EQ(l.sink.got, (std::vector<std::uint32_t>{0, 1, 2}));
}

TEST(DropTailQueue, AnIdleLineAlwaysTakesOne) {
  for (int q : {0, 1}) {
    Line l(q);
    EXPECT_TRUE(l.send(0)) << q;
    l.send(1);  // no waiting room
    EXPECT_EQ(l.channel.counters().queueDrops, 1u) << q;
    l.sim.runUntil(fromSeconds(0.0015));  // the line is idle again: the next one goes
    EXPECT_TRUE(l.send(2)) << q;
    l.sim.runUntil(fromSeconds(1));
    EXPECT_EQ(l.sink.got, (std::vector<std::uint32_t>{0, 2})) << q;
  }
}

TEST(DropTailQueue, AtATieTheDepartingPacketStillHoldsItsPlace) {
  // Queue 2: 0 on the line until 1 ms, 1 waiting. At exactly 1 ms a new packet finds both
  // (ns-2 takes the arrival before freeing the line) and is dropped; a picosecond later
  // 0 has left and there is room.
  Line l(2);
  l.send(0);
  l.send(1);
  l.sim.runUntil(fromSeconds(0.001));
  l.send(2);
  EXPECT_EQ(l.channel.counters().queueDrops, 1u);
  l.sim.runUntil(fromSeconds(0.001) + 1);
  EXPECT_TRUE(l.send(3));
  EXPECT_EQ(l.channel.counters().queueDrops, 1u);
}

// The queue a trace samples (docs/summary.md, links.csv): the packets on the line or
// waiting, counted as the drop-tail queue counts them, the departing one at a tie included.
TEST(DropTailQueue, QueuedCountsWhatTheQueueHolds) {
  Line l(3);
  EXPECT_EQ(l.channel.queued(l.sim.now()), 0u);
  for (std::uint32_t s = 0; s < 3; ++s) l.send(s);  // 0 on the line until 1 ms, 1 and 2 waiting
  EXPECT_EQ(l.channel.queued(l.sim.now()), 3u);
  EXPECT_EQ(l.channel.queued(fromSeconds(0.001)), 3u);      // 0's last bit leaves exactly now
  EXPECT_EQ(l.channel.queued(fromSeconds(0.001) + 1), 2u);  // and then it has left
  EXPECT_EQ(l.channel.queued(fromSeconds(0.0025)), 1u);
  EXPECT_EQ(l.channel.queued(fromSeconds(0.0031)), 0u);  // on the fiber, not in the queue
}

// Utilisation (docs/model.md section 5): the time the line transmitted up to the clock.
// A packet's transmission is counted when it is queued; busyUntil leaves out what is
// still ahead.
TEST(LineBusyTime, QueuedPacketsCountOnlyAsTheyAreSent) {
  Line l(10);
  for (std::uint32_t s = 0; s < 3; ++s) l.send(s);  // 1 ms each, back to back
  EXPECT_EQ(l.channel.counters().busy, fromSeconds(0.003));
  EXPECT_EQ(l.channel.busyUntil(0), 0);
  l.sim.runUntil(fromSeconds(0.0015));
  EXPECT_EQ(l.channel.busyUntil(l.sim.now()), fromSeconds(0.0015));
  l.sim.runUntil(fromSeconds(1));
  EXPECT_EQ(l.channel.busyUntil(l.sim.now()), fromSeconds(0.003));
}

TEST(LineBusyTime, TheWaitsBetweenTriesAreNotBusy) {
  // Every try lost, two retries 0.5 ms apart: each packet takes the line for tries at
  // [0, 1), [1.5, 2.5) and [3, 4) ms from its start, 3 ms busy of 4.
  PacketChannelConfig c = Line::config(10);
  c.loss = 1;
  c.retries = 2;
  c.retryDelay = fromSeconds(0.0005);
  Line l(c);
  l.send(0);
  l.send(1);  // from 4 ms
  const auto busyAt = [&](double ms) {
    l.sim.runUntil(fromSeconds(ms * 1e-3));
    return l.channel.busyUntil(l.sim.now());
  };
  EXPECT_EQ(busyAt(1.2), fromSeconds(0.001));
  EXPECT_EQ(busyAt(2), fromSeconds(0.0015));
  EXPECT_EQ(busyAt(2.7), fromSeconds(0.002));
  EXPECT_EQ(busyAt(5.8), fromSeconds(0.0043));
  l.send(2);  // from 8 ms; forgets the waits that have passed
  EXPECT_EQ(busyAt(5.8), fromSeconds(0.0043));
  EXPECT_EQ(busyAt(9.7), fromSeconds(0.0072));
  EXPECT_EQ(busyAt(20), fromSeconds(0.009));
  EXPECT_EQ(l.channel.counters().randomDrops, 3u);
}

// Two lines feeding a third through its merge: packets arriving there at the same moment
// go on in the order their feeds took them, the order their arrival events would have been
// scheduled in a run taking every packet as it arrives, even when one feed took its packet
// ahead of the clock and so handed it on first (a receiver's line out, PacketChannel::
// acceptAhead).
TEST(MergingLine, PacketsArrivingTogetherGoOnInTheOrderTheirFeedsTookThem) {
  EventLoop sim;
  Sink sink;
  const PacketChannelConfig c = Line::config(10);
  PacketChannel x(sim, sink, 1, c, 1, "x"), y(sim, sink, 1, c, 1, "y"), m(sim, sink, 2, c, 1, "m");
  m.setFeeds({&x, &y});
  ASSERT_TRUE(m.mergesFeeds());
  Route route;
  route.steps.resize(3);
  route.steps[1].channel = &m;
  auto packet = [&](std::uint32_t seq, std::uint32_t bytes) {
    Packet p;
    p.step = &route.steps[1];
    p.seq = seq;
    p.bytes = bytes;
    return p;
  };
  // Taken by x at 0.5 ms (handed on now), 1 ms on the line, 1 ms on the way: at m at 2.5 ms.
  x.acceptAhead(fromSeconds(0.0005), packet(1, 1000));
  // Taken by y at 0.3 ms, 1.2 ms on the line: at m at 2.5 ms too, and first.
  sim.runUntil(fromSeconds(0.0003));
  y.send(packet(2, 1200));
  sim.runUntil(fromSeconds(1));
  EXPECT_EQ(sink.got, (std::vector<std::uint32_t>{2, 1}));
}

}  // namespace
}  // namespace obs
