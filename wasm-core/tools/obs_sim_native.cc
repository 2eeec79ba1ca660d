// Native driver: runs a scenario file to its end and prints the summary JSON (without
// wallTime, so it can be compared byte for byte with the wasm build's summary).
// Exit 2 with one line on stderr when the scenario is refused or the run guard stopped the
// run (then after the summary of what ran).
#include <fstream>
#include <iostream>
#include <sstream>

#include "scenario/json_reader.h"
#include "simulation.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: obs-sim-native <scenario.json>\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "obs-sim-native: cannot read " << argv[1] << "\n";
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    auto sim = obs::Simulation::fromJson(text.str());
    sim->advanceTo(sim->duration());
    std::cout << sim->summary().dump(2) << "\n";
    if (sim->stopped()) {  // the summary of the part that ran, then the reason, as a refusal
      std::cerr << "obs-sim-native: " << argv[1] << ": " << sim->stopReason() << "\n";
      return 2;
    }
  } catch (const obs::ScenarioError& e) {
    std::cerr << "obs-sim-native: " << argv[1] << ": " << e.what() << "\n";
    return 2;
  }
  return 0;
}
