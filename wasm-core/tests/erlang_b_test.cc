// Theory check: an OBS link without FDLs is a loss system. Poisson bursts (any length
// distribution; exponential here) offered to K wavelengths with full conversion are lost
// with the Erlang-B probability B(K, A), A = offered load in Erlangs = load x K.
#include "erlang_b.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "simulation.h"

namespace obs {
namespace {

TEST(ErlangB, RecursionMatchesKnownValues) {
  EXPECT_NEAR(erlangB(1, 1.0), 0.5, 1e-12);
  EXPECT_NEAR(erlangB(2, 1.0), 0.2, 1e-12);
  EXPECT_NEAR(erlangB(10, 5.0), 0.018385, 1e-6);  // standard table value
}

struct Case {
  int wavelengths;
  double load;  // per wavelength
};

class ErlangBLoss : public ::testing::TestWithParam<Case> {};

TEST_P(ErlangBLoss, PoissonBurstLossMatchesTheFormula) {
  const Case c = GetParam();
  const double meanBytes = 40000, rate = 1e9;
  const double expected = erlangB(c.wavelengths, c.load * c.wavelengths);
  // Long enough for about 4000 expected drops: relative standard error ~1.6 %.
  const double meanDuration = meanBytes * 8 / rate;
  const double arrivalRate = c.load * c.wavelengths / meanDuration;
  const double duration = 4000 / expected / arrivalRate;
  // E1 reaches C1 over plenty of wavelengths, so bursts arrive at C1 as they were
  // generated; C1 -> E2 is the loss system under test.
  std::string json = R"({"version":1,"seed":7,"duration":)" + std::to_string(duration) + R"(,"sampleInterval":)" +
                     std::to_string(duration / 10) + R"(,
    "nodes":[{"id":"E1","kind":"edge"},{"id":"C1","kind":"core"},{"id":"E2","kind":"edge"}],
    "links":[{"id":"in","a":"E1","b":"C1","kind":"fiber","wavelengths":64,"rate":1e9,"delay":1e-4},
             {"id":"out","a":"C1","b":"E2","kind":"fiber","wavelengths":)" +
                     std::to_string(c.wavelengths) + R"(,"rate":1e9,"delay":1e-4}],
    "obs":{"scheduling":"lauc"},
    "background":[{"src":"E1","dst":"E2","model":"poisson","load":)" +
                     std::to_string(c.load) + R"(,"meanBytes":40000}]})";
  auto sim = Simulation::fromJson(json);
  sim->advanceTo(sim->duration());
  const BurstClassCounters& bg = sim->obsPlane().counters(BurstClass::Background);
  ASSERT_GT(bg.sent, 1000u);
  EXPECT_EQ(bg.dropped[static_cast<int>(DropReason::Late)], 0u);
  double measured =
      static_cast<double>(bg.dropped[static_cast<int>(DropReason::Contention)]) / static_cast<double>(bg.sent);
  EXPECT_NEAR(measured / expected, 1.0, 0.05)
      << "K=" << c.wavelengths << " load=" << c.load << ": measured " << measured << ", Erlang-B " << expected
      << " over " << bg.sent << " bursts";
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (int k : {1, 2, 4, 8})
    for (double load : {0.3, 0.5, 0.7, 0.9}) out.push_back({k, load});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Wavelengths, ErlangBLoss, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return "K" + std::to_string(info.param.wavelengths) + "_load" +
                                  std::to_string(static_cast<int>(info.param.load * 10));
                         });

}  // namespace
}  // namespace obs
