// The scenario files the engine's tests start from (packages/scenario/scenarios/), read
// once per call: tests change their copy freely.
#pragma once
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "scenario/scenario_parser.h"

namespace obs {

// The text of packages/scenario/scenarios/<name>.
inline std::string readScenarioFile(const std::string& name) {
  std::ifstream in(std::string(OBS_SCENARIO_DIR) + "/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
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
