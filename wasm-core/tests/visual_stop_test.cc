// The moment a lesson pauses at (Simulation::armVisualStop): the run stops right after the
// first event that meets it, whatever the advance asked for, and stopping there changes
// nothing of the run.
#include <gtest/gtest.h>

#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::json;

json lossyDefault() {
  json j = defaultJson();
  j["obs"]["burstLoss"] = {{"data", 0.05}, {"ack", 0.05}};
  j["duration"] = 2;
  return j;
}

std::unique_ptr<Simulation> withVisualEvents(const std::string& text) {
  auto sim = Simulation::fromJson(text);
  sim->setVisualEvents(true);
  return sim;
}

VisualStop dataBurstDropped() {
  VisualStop stop;
  stop.kind = VisualEventKind::BurstDropped;
  stop.cls = 0;
  return stop;
}

// The rows of kind `kind` in drained columns, as their row indexes.
std::vector<std::size_t> rowsOf(const VisualEventColumns& c, VisualEventKind kind) {
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < c.rows(); ++i)
    if (c.kind[i] == static_cast<std::uint8_t>(kind)) rows.push_back(i);
  return rows;
}

TEST(VisualStop, AnAdvanceEndsRightAfterTheFirstEventThatMeetsIt) {
  auto sim = withVisualEvents(lossyDefault().dump());
  sim->armVisualStop(dataBurstDropped());
  sim->advanceTo(sim->duration());
  ASSERT_TRUE(sim->visualStopMet());
  ASSERT_FALSE(sim->finished());
  const VisualEventColumns c = sim->drainVisualEvents();
  // The met event is the last one recorded: nothing ran after it.
  ASSERT_GT(c.rows(), 0u);
  const std::size_t last = c.rows() - 1;
  EXPECT_EQ(c.kind[last], static_cast<std::uint8_t>(VisualEventKind::BurstDropped));
  EXPECT_EQ(c.cls[last], 0);
  EXPECT_EQ(c.t0[last], sim->now());
  EXPECT_EQ(sim->visualStopTime(), sim->now());
  // The only data-burst drop so far is that one: ACK-burst drops before it did not stop the run.
  std::size_t dataDrops = 0;
  for (std::size_t row : rowsOf(c, VisualEventKind::BurstDropped)) dataDrops += c.cls[row] == 0;
  EXPECT_EQ(dataDrops, 1u);
}

TEST(VisualStop, TheSameMomentWhateverTheAdvancesAsked) {
  auto byTime = withVisualEvents(lossyDefault().dump());
  auto byEvents = withVisualEvents(lossyDefault().dump());
  byTime->armVisualStop(dataBurstDropped());
  byEvents->armVisualStop(dataBurstDropped());
  byTime->advanceTo(byTime->duration());
  while (!byEvents->visualStopMet() && !byEvents->finished()) byEvents->advanceEvents(997);
  ASSERT_TRUE(byEvents->visualStopMet());
  EXPECT_EQ(byTime->now(), byEvents->now());
  EXPECT_EQ(byTime->eventCount(), byEvents->eventCount());
}

TEST(VisualStop, StoppingThereChangesNothingOfTheRun) {
  auto plain = withVisualEvents(lossyDefault().dump());
  plain->advanceTo(plain->duration());
  auto stopped = withVisualEvents(lossyDefault().dump());
  stopped->armVisualStop(dataBurstDropped());
  stopped->advanceTo(stopped->duration());
  ASSERT_TRUE(stopped->visualStopMet());
  stopped->advanceTo(stopped->duration());  // one-shot: the rest of the run goes through
  EXPECT_FALSE(stopped->visualStopMet());
  EXPECT_TRUE(stopped->finished());
  EXPECT_EQ(plain->summary()["fingerprint"], stopped->summary()["fingerprint"]);
  EXPECT_EQ(plain->eventCount(), stopped->eventCount());
}

TEST(VisualStop, EachGivenFieldMustMatchAndAfterHoldsItBack) {
  // The second data-burst drop: `after` just past the first one's time.
  auto first = withVisualEvents(lossyDefault().dump());
  first->armVisualStop(dataBurstDropped());
  first->advanceTo(first->duration());
  ASSERT_TRUE(first->visualStopMet());
  const double t1 = first->now();

  auto later = withVisualEvents(lossyDefault().dump());
  VisualStop after = dataBurstDropped();
  after.after = fromSeconds(t1) + 1;
  later->armVisualStop(after);
  later->advanceTo(later->duration());
  ASSERT_TRUE(later->visualStopMet());
  EXPECT_GT(later->now(), t1);

  // A node no drop happens at (index 0, the sending host) is never met: the run ends.
  auto nowhere = withVisualEvents(lossyDefault().dump());
  VisualStop atHost = dataBurstDropped();
  atHost.node = 0;
  nowhere->armVisualStop(atHost);
  nowhere->advanceTo(nowhere->duration());
  EXPECT_FALSE(nowhere->visualStopMet());
  EXPECT_TRUE(nowhere->finished());

  // Disarmed, it is not met either.
  auto disarmed = withVisualEvents(lossyDefault().dump());
  disarmed->armVisualStop(dataBurstDropped());
  disarmed->disarmVisualStop();
  disarmed->advanceTo(disarmed->duration());
  EXPECT_FALSE(disarmed->visualStopMet());
}

TEST(VisualStop, AnEventLoggedAheadOfItsTimeGivesItsOwnTime) {
  // Paper 002: a packet lost on the lossy wireless link after its link-layer retries is
  // logged when it is sent, stamped with the end of its last try. The stop gives that
  // time, later than the clock, and the caller runs on to it.
  auto sim = withVisualEvents(readPresetFile("paper002-wlan.json"));
  VisualStop lost;
  lost.kind = VisualEventKind::PacketDropped;
  lost.reason = 1;  // random loss
  sim->armVisualStop(lost);
  sim->advanceTo(sim->duration());
  ASSERT_TRUE(sim->visualStopMet());
  EXPECT_GT(sim->visualStopTime(), sim->now());
}

}  // namespace
}  // namespace obs
