// Native benchmark driver: runs a scenario to its end `repeats` times and prints one JSON
// line with the median wall time and the simulated events and TCP segments per wall-second.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "scenario/json_reader.h"
#include "simulation.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: obs-bench <scenario.json> [repeats]\n";
    return 2;
  }
  int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
  std::ifstream in(argv[1]);
  std::stringstream text;
  text << in.rdbuf();
  std::vector<double> walls;
  std::uint64_t events = 0;
  std::uint64_t segments = 0;
  std::uint64_t bursts = 0;
  try {
    for (int i = 0; i < repeats; ++i) {
      auto start = std::chrono::steady_clock::now();
      auto sim = obs::Simulation::fromJson(text.str());
      sim->advanceTo(sim->duration());
      walls.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      auto summary = sim->summary();
      events = summary["events"].get<std::uint64_t>();
      segments = 0;
      for (const auto& f : summary["flows"]) segments += f["segmentsSent"].get<std::uint64_t>();
      bursts = summary["bursts"]["sent"].get<std::uint64_t>();
    }
  } catch (const obs::ScenarioError& e) {
    std::cerr << "obs-bench: " << e.what() << "\n";
    return 2;
  }
  std::sort(walls.begin(), walls.end());
  double median = walls[walls.size() / 2];
  // Full precision: a wall time and its rates are read by bench_rounds.mjs.
  std::cout.precision(9);
  std::cout << "{\"target\":\"native\",\"repeats\":" << repeats << ",\"medianWall\":" << median
            << ",\"events\":" << events << ",\"segments\":" << segments << ",\"bursts\":" << bursts
            << ",\"eventsPerSecond\":" << static_cast<double>(events) / median
            << ",\"segmentsPerSecond\":" << static_cast<double>(segments) / median << "}\n";
  return 0;
}
