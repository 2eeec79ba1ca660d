// TCP in whole simulations: delayed ACKs, the recovery kinds under loss (packets
// conserved), the live variant switch, and Reno against the Mathis et al. throughput law.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "scenario/json_reader.h"
#include "simulation.h"

namespace obs {
namespace {

using json = nlohmann::json;

json defaultJson() {
  std::ifstream in(std::string(OBS_SCENARIO_DIR) + "/default.json");
  std::stringstream s;
  s << in.rdbuf();
  return json::parse(s.str());
}

std::unique_ptr<Simulation> runToEnd(const json& j) {
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  return sim;
}

TEST(TcpFlow, DelayedAcksHalveTheAcksAndKeepTheGoodput) {
  json j = defaultJson();
  j["duration"] = 5;
  j["obs"]["burstLoss"] = {{"data", 0}, {"ack", 0}};
  auto immediate = runToEnd(j);
  j["flows"][0]["tcp"]["delayedAck"] = true;
  auto delayed = runToEnd(j);
  const TcpReceiver& r = delayed->receiver(0);
  EXPECT_NEAR(static_cast<double>(r.acksSent()) / r.segmentsReceived(), 0.5, 0.01);
  EXPECT_EQ(immediate->receiver(0).acksSent(), immediate->receiver(0).segmentsReceived());
  double g0 = immediate->summary()["flows"][0]["goodput"].get<double>();
  double g1 = delayed->summary()["flows"][0]["goodput"].get<double>();
  EXPECT_GT(g1, 0.95 * g0);  // the window, not the ACK clock, limits this path
}

}  // namespace
}  // namespace obs
