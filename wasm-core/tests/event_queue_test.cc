#include <gtest/gtest.h>

#include <vector>

#include "sim/simulator.h"

namespace obs {
namespace {

struct Recorder : EventHandler {
  std::vector<std::pair<SimTime, std::uint64_t>> seen;
  Simulator* sim = nullptr;
  void handleEvent(std::uint32_t, std::uint64_t arg) override { seen.push_back({sim->now(), arg}); }
};

TEST(EventQueue, OrdersByTimeThenInsertion) {
  Simulator sim;
  Recorder r;
  r.sim = &sim;
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
  Simulator sim;
  Recorder r;
  r.sim = &sim;
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
  Simulator sim;
  Recorder r;
  r.sim = &sim;
  for (int i = 0; i < 10; ++i) sim.scheduleAt(i, &r, 0, i);
  EXPECT_EQ(sim.runEvents(4, kNever), 4u);
  EXPECT_EQ(r.seen.size(), 4u);
  EXPECT_EQ(sim.runEvents(100, 6), 3u);  // only times 4, 5, 6 are within the limit
  EXPECT_EQ(sim.eventsExecuted(), 7u);
}

TEST(EventQueue, ManyRandomTimesComeOutSorted) {
  Simulator sim;
  Recorder r;
  r.sim = &sim;
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

TEST(Time, ConvertsExactlyAtTheBoundary) {
  EXPECT_EQ(fromSeconds(1e-3), 1'000'000'000);
  EXPECT_EQ(transmissionTime(512, 40e9), 102'400);  // 102.4 ns
  EXPECT_EQ(transmissionTime(552, 1e8), 44'160'000);
  EXPECT_DOUBLE_EQ(toSeconds(fromSeconds(20.0)), 20.0);
}

}  // namespace
}  // namespace obs
