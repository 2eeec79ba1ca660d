#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "sim/event_loop.h"

namespace obs {
namespace {

// Records each event's time on `sim` and argument.
struct Recorder : EventHandler {
  explicit Recorder(EventLoop* loop = nullptr) : sim(loop) {}
  std::vector<std::pair<SimTime, std::uint64_t>> seen;
  EventLoop* sim;
  void handleEvent(std::uint32_t, std::uint64_t arg) override { seen.push_back({sim->now(), arg}); }
};

TEST(EventQueue, OrdersByTimeThenInsertion) {
  EventLoop sim;
  Recorder r(&sim);
  sim.scheduleAt(30, &r, 0, 1);
  sim.scheduleAt(10, &r, 0, 2);
  sim.scheduleAt(30, &r, 0, 3);  // same instant as 1: runs after it
  sim.scheduleAt(20, &r, 0, 4);
  sim.scheduleAt(10, &r, 0, 5);
  sim.runUntil(100);
  std::vector<std::pair<SimTime, std::uint64_t>> expected{{10, 2}, {10, 5}, {20, 4}, {30, 1}, {30, 3}};
  EXPECT_EQ(r.seen, expected);
  EXPECT_EQ(sim.now(), 100);
}

TEST(EventQueue, RunUntilStopsAtTheLimitAndKeepsLaterEvents) {
  EventLoop sim;
  Recorder r(&sim);
  sim.scheduleAt(5, &r, 0, 1);
  sim.scheduleAt(15, &r, 0, 2);
  sim.runUntil(10);
  ASSERT_EQ(r.seen.size(), 1u);
  EXPECT_EQ(sim.now(), 10);
  EXPECT_EQ(sim.pending(), 1u);
  sim.runUntil(15);  // an event exactly at the limit runs
  EXPECT_EQ(r.seen.size(), 2u);
}

TEST(EventQueue, RunEventsRunsAtMostN) {
  EventLoop sim;
  Recorder r(&sim);
  for (int i = 0; i < 10; ++i) sim.scheduleAt(i, &r, 0, i);
  EXPECT_EQ(sim.runEvents(4, kNever), 4u);
  EXPECT_EQ(r.seen.size(), 4u);
  EXPECT_EQ(sim.runEvents(100, 6), 3u);  // only times 4, 5, 6 are within the limit
  EXPECT_EQ(sim.eventsExecuted(), 7u);
}

TEST(EventQueue, ManyRandomTimesComeOutSorted) {
  EventLoop sim;
  Recorder r(&sim);
  std::uint64_t x = 12345;
  for (int i = 0; i < 5000; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    sim.scheduleAt(static_cast<SimTime>(x >> 50), &r, 0, i);
  }
  sim.runUntil(kNever);
  ASSERT_EQ(r.seen.size(), 5000u);
  for (std::size_t i = 1; i < r.seen.size(); ++i) {
    ASSERT_LE(r.seen[i - 1].first, r.seen[i].first);
    if (r.seen[i - 1].first == r.seen[i].first) {
      ASSERT_LT(r.seen[i - 1].second, r.seen[i].second);
    }
  }
}

// Pushes and pops interleaved at random, against a reference that sorts by (time, order
// of scheduling): the heap's sentinels, growth and hole-walk must never reorder anything,
// whatever the number of streams. With many, more streams have events at once than the
// tree's first 16 leaves: it grows while streams hold leaves, and freed leaves are reused.
void checkInterleavedAgainstReference(int streamCount) {
  EventQueue q;
  Recorder dummy;
  // (time, id), ordered; ids are unique. A sorted vector cost O(size) a step at the
  // tens of thousands of events this reaches: 22 s of the sanitizer run for this test alone.
  std::set<std::pair<SimTime, std::uint64_t>> reference;
  // Streams, each fed in nondecreasing time (as a FIFO line would) and sometimes out of
  // order (which must fall back to the heap), mixed with heap events.
  std::vector<EventQueue::StreamId> streams;
  for (int i = 0; i < streamCount; ++i) streams.push_back(q.addStream(&dummy, 0));
  std::vector<SimTime> streamLast(streamCount, 0);
  std::uint64_t x = 99, id = 0;
  SimTime now = 0;
  for (int step = 0; step < 200000; ++step) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    bool pushing = reference.empty() || (x >> 60) < 9;  // grows to tens of thousands
    if (pushing) {
      SimTime t = now + static_cast<SimTime>((x >> 33) % 50);  // many ties
      // Streams take 3 chances in 5 when there are any; the heap the rest.
      int where = static_cast<int>((x >> 20) % 5);
      if (streamCount > 0 && where < 3) {
        int i = static_cast<int>((x >> 40) % static_cast<std::uint64_t>(streamCount));
        if ((x >> 10) % 16 != 0) t = std::max(t, streamLast[i]);  // mostly in order
        streamLast[i] = std::max(streamLast[i], t);
        q.pushToStream(streams[i], t, static_cast<std::uint32_t>(id));
      } else {
        q.push(t, &dummy, 0, id);
      }
      reference.insert({t, id});
      ++id;
    } else {
      Event e = q.pop();
      ASSERT_EQ(e.time, reference.begin()->first);
      ASSERT_EQ(e.arg, reference.begin()->second);
      ASSERT_EQ(e.target, &dummy);
      now = e.time;
      reference.erase(reference.begin());
    }
    ASSERT_EQ(q.size(), reference.size());
  }
}

TEST(EventQueue, InterleavedPushAndPopMatchAReference) {
  for (int streams : {0, 1, 2, 3, 4, 6, 40, 300}) {
    SCOPED_TRACE(streams);
    checkInterleavedAgainstReference(streams);
  }
}

TEST(EventQueue, RenumberingWhenTheSequenceRunsOutKeepsTheOrder) {
  EventQueue q;
  Recorder dummy;
  EventQueue::StreamId stream = q.addStream(&dummy, 0);
  q.exhaustSequenceAfter(3);
  for (std::uint64_t i = 0; i < 10; ++i) {
    if (i % 3 == 0 && i % 2 == 0) {
      q.pushToStream(stream, static_cast<SimTime>(i % 2), static_cast<std::uint32_t>(i));
    } else {
      q.push(static_cast<SimTime>(i % 2), &dummy, 0, i);
    }
  }
  // Time 0: 0, 2, 4, 6, 8 in scheduling order; then time 1: 1, 3, 5, 7, 9.
  std::vector<std::uint64_t> order;
  while (!q.empty()) order.push_back(q.pop().arg);
  EXPECT_EQ(order, (std::vector<std::uint64_t>{0, 2, 4, 6, 8, 1, 3, 5, 7, 9}));
}

TEST(EventQueue, ALastEventRunsAfterEveryOtherAtItsInstant) {
  // Scheduled first, it still follows the events at its instant scheduled after it, by
  // the heap, a stream or an event at that instant itself; an earlier instant goes first.
  EventLoop sim;
  Recorder r(&sim);
  struct Chain : EventHandler {
    EventLoop* sim;
    Recorder* r;
    void handleEvent(std::uint32_t, std::uint64_t) override { sim->scheduleAt(sim->now(), r, 0, 4); }
  } chain;
  chain.sim = &sim;
  chain.r = &r;
  const EventQueue::StreamId stream = sim.addStream(&r, 0);
  sim.scheduleLast(30, &r, 0);  // argument 0
  sim.scheduleAt(30, &r, 0, 1);
  sim.scheduleInStream(stream, 30, 2);
  sim.scheduleAt(30, &chain, 0);
  sim.scheduleAt(20, &r, 0, 3);
  sim.runUntil(100);
  std::vector<std::pair<SimTime, std::uint64_t>> expected{{20, 3}, {30, 1}, {30, 2}, {30, 4}, {30, 0}};
  EXPECT_EQ(r.seen, expected);
}

TEST(EventQueue, RenumberingKeepsALastEventLast) {
  EventQueue q;
  Recorder dummy;
  q.exhaustSequenceAfter(2);
  q.pushLast(5, &dummy, 0, 100);
  for (std::uint64_t i = 0; i < 6; ++i) q.push(static_cast<SimTime>(5 - i % 2), &dummy, 0, i);
  std::vector<std::uint64_t> order;
  while (!q.empty()) order.push_back(q.pop().arg);
  EXPECT_EQ(order, (std::vector<std::uint64_t>{1, 3, 5, 0, 2, 4, 100}));
}

}  // namespace
}  // namespace obs
