#include "metrics/visual_event_log.h"

#include <gtest/gtest.h>

namespace obs {
namespace {

VisualEvent event(VisualEventKind kind, std::int32_t id) {
  VisualEvent e;
  e.kind = kind;
  e.id = id;
  e.t0 = id;
  return e;
}

TEST(VisualEventLog, DrainsInTheOrderOfRecordingAcrossBothKindsOfEvent) {
  VisualEventLog log(8);
  log.setEnabled(true);
  const VisualEventKind kinds[] = {VisualEventKind::PacketOnLink, VisualEventKind::BurstFormed,
                                   VisualEventKind::BurstOnLink, VisualEventKind::TcpEvent,
                                   VisualEventKind::PacketOnLink};
  for (int i = 0; i < 5; ++i) log.record(event(kinds[i], i));
  VisualEventColumns c = log.drain();
  ASSERT_EQ(c.rows(), 5u);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(c.id[i], i);
    EXPECT_EQ(c.kind[i], static_cast<std::uint8_t>(kinds[i]));
  }
  EXPECT_EQ(log.drain().rows(), 0u);
  EXPECT_EQ(log.lost(), 0u);
}

// The case of paper 003's slow path at 0.1x: far more packets on links between two drains
// than the ring holds, and the one burst formed among them is what a Show me waits for.
TEST(VisualEventLog, PacketsOverflowingTheRingNeverPushOutANotableEvent) {
  VisualEventLog log(4);
  log.setEnabled(true);
  log.record(event(VisualEventKind::PacketOnLink, 0));
  log.record(event(VisualEventKind::BurstFormed, 1));
  for (int i = 2; i < 12; ++i) log.record(event(VisualEventKind::PacketOnLink, i));
  VisualEventColumns c = log.drain();
  // The burst and the four latest packets, in order; seven packets overwritten.
  ASSERT_EQ(c.rows(), 5u);
  EXPECT_EQ(c.kind[0], static_cast<std::uint8_t>(VisualEventKind::BurstFormed));
  for (int i = 1; i < 5; ++i) EXPECT_EQ(c.id[i], 7 + i);
  EXPECT_EQ(log.lost(), 7u);
  EXPECT_EQ(log.lostNotable(), 0u);
}

// Set aside up to as many as the ring holds: the earliest are kept (a lesson waits for the
// first of its kind), the later ones overwritten are lost and counted apart.
TEST(VisualEventLog, NotableEventsBeyondWhatCanBeSetAsideAreCountedApart) {
  VisualEventLog log(2);
  log.setEnabled(true);
  for (int i = 0; i < 5; ++i) log.record(event(VisualEventKind::BurstDropped, i));
  log.record(event(VisualEventKind::BurstOnLink, 5));
  VisualEventColumns c = log.drain();
  ASSERT_EQ(c.rows(), 4u);
  const std::int32_t kept[] = {0, 1, 4, 5};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(c.id[i], kept[i]);
  EXPECT_EQ(log.lostNotable(), 2u);
  EXPECT_EQ(log.lost(), 2u);
  // A drain empties the ring and what was set aside; what was lost stays counted.
  log.record(event(VisualEventKind::TcpEvent, 6));
  c = log.drain();
  ASSERT_EQ(c.rows(), 1u);
  EXPECT_EQ(c.id[0], 6);
  EXPECT_EQ(log.lostNotable(), 2u);
}

TEST(VisualEventLog, RecordsNothingUntilEnabledAndOnlyTheKindsAskedFor) {
  VisualEventLog log(4);
  log.record(event(VisualEventKind::BurstFormed, 0));
  EXPECT_EQ(log.drain().rows(), 0u);
  log.setEnabled(true);
  log.setKinds(1u << static_cast<unsigned>(VisualEventKind::TcpEvent));
  log.record(event(VisualEventKind::BurstFormed, 1));
  log.record(event(VisualEventKind::TcpEvent, 2));
  VisualEventColumns c = log.drain();
  ASSERT_EQ(c.rows(), 1u);
  EXPECT_EQ(c.id[0], 2);
}

}  // namespace
}  // namespace obs
