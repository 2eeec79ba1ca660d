#include "obs/wavelength_scheduler.h"

#include <gtest/gtest.h>

namespace obs {
namespace {

// Hand-worked cases on two or three wavelengths; times in arbitrary picosecond units.

TEST(WavelengthSchedule, FfucTakesTheLowestFreeWavelength) {
  WavelengthSchedule s(3);
  s.reserveOn(0, 0, 100);
  EXPECT_EQ(s.reserve(50, 80, SchedulingKind::Ffuc), 1);    // 0 is busy until 100
  EXPECT_EQ(s.reserve(120, 150, SchedulingKind::Ffuc), 0);  // 0 free again, lowest index
}

TEST(WavelengthSchedule, LaucTakesTheLatestHorizonBeforeTheBurst) {
  WavelengthSchedule s(3);
  s.reserveOn(0, 0, 100);
  s.reserveOn(1, 0, 180);
  s.reserveOn(2, 0, 300);
  // Burst at 200: wavelengths 0 (horizon 100) and 1 (180) can take it; LAUC picks 1,
  // leaving the smallest unused gap; 2 is still busy.
  EXPECT_EQ(s.reserve(200, 250, SchedulingKind::Lauc), 1);
  // FFUC would have picked 0.
  WavelengthSchedule f(3);
  f.reserveOn(0, 0, 100);
  f.reserveOn(1, 0, 180);
  f.reserveOn(2, 0, 300);
  EXPECT_EQ(f.reserve(200, 250, SchedulingKind::Ffuc), 0);
}

TEST(WavelengthSchedule, OnlyLaucVfFitsABurstIntoAVoid) {
  // Both wavelengths are reserved far ahead (JET reserves from the burst's arrival), so
  // their horizons lie beyond the new burst; only a void before a reservation can hold it.
  auto make = [] {
    WavelengthSchedule s(2);
    s.reserveOn(0, 500, 600);  // void [.., 500) on 0
    s.reserveOn(1, 0, 100);
    s.reserveOn(1, 400, 700);  // void [100, 400) on 1
    return s;
  };
  WavelengthSchedule lauc = make(), ffuc = make(), vf = make();
  EXPECT_EQ(lauc.reserve(150, 300, SchedulingKind::Lauc), -1);
  EXPECT_EQ(ffuc.reserve(150, 300, SchedulingKind::Ffuc), -1);
  // LAUC-VF: both voids hold [150, 300); the void on 1 starts at 100, the one on 0 at the
  // beginning of time, so 1 leaves the smaller gap.
  EXPECT_EQ(vf.reserve(150, 300, SchedulingKind::LaucVf), 1);
  // The filled void is now taken: the same interval fits only on 0.
  EXPECT_EQ(vf.reserve(150, 300, SchedulingKind::LaucVf), 0);
  EXPECT_EQ(vf.reserve(150, 300, SchedulingKind::LaucVf), -1);
}

TEST(WavelengthSchedule, VoidMustHoldTheWholeBurst) {
  WavelengthSchedule s(1);
  s.reserveOn(0, 0, 100);
  s.reserveOn(0, 200, 300);
  EXPECT_EQ(s.reserve(120, 220, SchedulingKind::LaucVf), -1);  // overlaps the next
  EXPECT_EQ(s.reserve(90, 150, SchedulingKind::LaucVf), -1);   // overlaps the previous
  EXPECT_EQ(s.reserve(100, 200, SchedulingKind::LaucVf), 0);   // exactly the void
}

TEST(WavelengthSchedule, EarliestStartWaitsForTheFirstWavelengthToFree) {
  WavelengthSchedule s(2);
  s.reserveOn(0, 0, 100);
  s.reserveOn(1, 0, 60);
  s.reserveOn(1, 80, 200);
  // 50 long from 10: lane 0 frees at 100; lane 1 has [60, 80) too short, then 200.
  auto [lane, start] = s.earliestStart(10, 50);
  EXPECT_EQ(lane, 0);
  EXPECT_EQ(start, 100);
  // 20 long fits in lane 1's void at 60.
  auto [lane2, start2] = s.earliestStart(10, 20);
  EXPECT_EQ(lane2, 1);
  EXPECT_EQ(start2, 60);
}

TEST(WavelengthSchedule, ForgetsOnlyFinishedReservations) {
  WavelengthSchedule s(1);
  s.reserveOn(0, 0, 100);
  s.reserveOn(0, 150, 250);
  s.forgetBefore(120);
  EXPECT_EQ(s.reservations(0), 1u);
  EXPECT_EQ(s.reserve(200, 260, SchedulingKind::LaucVf), -1);  // the live one still counts
}

// Burst segmentation's search (docs/mesh.md section 7): the longest free stretch of the
// burst's time on any allowed lane, found as the rule fills voids.
TEST(WavelengthSchedule, LongestFreeCutsTheHeadWhereTheLaneFreesDuringTheBurst) {
  WavelengthSchedule s(2);
  s.reserveOn(0, 0, 150);
  s.reserveOn(1, 0, 130);
  // The burst wants [100, 200): lane 1 frees first, so 70 of it fit there.
  const auto part = s.longestFree(100, 200, SchedulingKind::Lauc);
  EXPECT_EQ(part.lane, 1);
  EXPECT_EQ(part.from, 130);
  EXPECT_EQ(part.to, 200);
  EXPECT_EQ(part.gapStart, 130);
  EXPECT_EQ(s.reservations(1), 1u);  // nothing reserved
}

TEST(WavelengthSchedule, LongestFreeFindsTailAndMiddleCutsInVoidsOnlyWithLaucVf) {
  WavelengthSchedule s(2);
  s.reserveOn(0, 160, 300);  // a later reservation: [.., 160) free, the tail is cut
  s.reserveOn(1, 0, 120);
  s.reserveOn(1, 150, 300);  // [120, 150) free: head and tail cut
  auto vf = s.longestFree(100, 200, SchedulingKind::LaucVf);
  EXPECT_EQ(vf.lane, 0);
  EXPECT_EQ(vf.from, 100);
  EXPECT_EQ(vf.to, 160);
  EXPECT_EQ(vf.gapStart, -kNever);
  // Without void filling only what follows a lane's horizon counts: nothing here.
  EXPECT_EQ(s.longestFree(100, 200, SchedulingKind::Lauc).lane, -1);
  // The lane range is kept: on lane 1 alone the middle stretch is the longest.
  auto one = s.longestFree(100, 200, SchedulingKind::LaucVf, 1, 1);
  EXPECT_EQ(one.lane, 1);
  EXPECT_EQ(one.from, 120);
  EXPECT_EQ(one.to, 150);
  EXPECT_EQ(one.gapStart, 120);
}

TEST(WavelengthSchedule, LongestFreeTiesGoToTheLowestLane) {
  WavelengthSchedule s(3);
  for (int w = 0; w < 3; ++w) s.reserveOn(w, 0, 140);
  EXPECT_EQ(s.longestFree(100, 200, SchedulingKind::Ffuc).lane, 0);
  s.reserveOn(0, 140, 400);
  EXPECT_EQ(s.longestFree(100, 200, SchedulingKind::Ffuc).lane, 1);
  s.reserveOn(1, 140, 400);
  s.reserveOn(2, 140, 400);
  EXPECT_EQ(s.longestFree(100, 200, SchedulingKind::LaucVf).lane, -1);  // all busy throughout
}

}  // namespace
}  // namespace obs
