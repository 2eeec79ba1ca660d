// Parses and validates scenario JSON (format v1). Refusals throw ScenarioError with one
// line naming the field and the rule. Fields whose feature has not been built yet are
// accepted only at their neutral value and otherwise refused as "not supported yet",
// never silently ignored.
#pragma once
#include <string>

#include "scenario/json_reader.h"
#include "scenario/scenario.h"

namespace obs {

Scenario parseScenario(const std::string& jsonText);

}  // namespace obs
