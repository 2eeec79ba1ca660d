// The scenario files the engine's tests start from (packages/scenario/scenarios/), read
// once per call: tests change their copy freely.
#pragma once
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "scenario/scenario_parser.h"

namespace obs {

// packages/scenario/scenarios/ in this checkout (scenario_dir.cc).
extern const char* const kScenarioDir;

// The text of packages/scenario/scenarios/<name>.
inline std::string readScenarioFile(const std::string& name) {
  std::ifstream in(std::string(kScenarioDir) + "/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The text of packages/scenario/presets/<name>.
inline std::string readPresetFile(const std::string& name) { return readScenarioFile("../presets/" + name); }

// Every scenario file the app or the tests start from: the presets, the scenarios and the
// engine's own test files, as canonical paths in sorted order.
inline std::vector<std::string> scenarioFiles() {
  namespace fs = std::filesystem;
  const std::string root = kScenarioDir;
  std::vector<std::string> files;
  for (const std::string& dir : {root + "/../presets", root, root + "/../../../wasm-core/tests/scenarios"})
    for (const fs::directory_entry& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(fs::canonical(e.path()).string());
  std::sort(files.begin(), files.end());
  return files;
}

// The reduced paper-000 scenario (docs/model.md section 6) as JSON.
inline nlohmann::json defaultJson() { return nlohmann::json::parse(readScenarioFile("default.json")); }

// The parser's message for a scenario it refuses, or "(accepted)".
inline std::string parserRefusal(const nlohmann::json& scenario) {
  try {
    parseScenario(scenario.dump());
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace obs
