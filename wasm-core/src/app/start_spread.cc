#include "app/start_spread.h"

#include "sim/rng.h"

namespace obs {

std::vector<std::vector<double>> replicaStarts(const Scenario& s) {
  std::vector<std::vector<double>> starts(s.flows.size());
  for (std::size_t g = 0; g < s.flows.size(); ++g) {
    const FlowSpec& f = s.flows[g];
    starts[g].assign(f.count, f.start);
    if (f.startSpread <= 0) continue;  // draws nothing: no stream, no change
    RandomStream rng(s.seed, "flow:" + f.id + ":startSpread");
    for (double& t : starts[g]) t = f.start + rng.uniform01() * f.startSpread;
  }
  return starts;
}

}  // namespace obs
