// What a live change may touch: the paths setLive accepts (docs/engine-api.md) and the rule
// each value must meet, read from the table generated from the scenario schema
// (generated/live_fields.h). One resolver for the two places that check them, so they
// cannot drift apart: Simulation::setLive (a change while running) and the parser (a
// scenario's `liveChanges`, replayed at their times, docs/live-changes.md).
#pragma once
#include <string>

#include "generated/live_fields.h"
#include "scenario/scenario.h"

namespace obs {

struct LivePath {
  LiveTarget target = LiveTarget::ObsBurstLoss;
  int index = -1;                   // node, link or flow; -1 for obs.*
  std::string field;                // the last part: "data", "ack", "maxTime", "loss", "variant" ...
  const LiveField* rule = nullptr;  // its row of kLiveFields
};

// Resolves `path` against `scenario` (indices in range, the right kind of node or link).
// On failure returns false and puts in *rule the reason without the path, so each caller
// names it its own way: "cannot be changed while running (live: ...)".
bool resolveLivePath(const Scenario& scenario, const std::string& path, LivePath* out, std::string* rule);

// "" if `value` may be set there, else the rule it breaks, without the path:
// "must be a probability between 0 and 1".
std::string liveValueRule(const LivePath& target, double value);

// The rule for an assembly field ("maxTime", "maxBytes", "minBytes"); shared with
// BurstAssembler::set. "" if allowed.
std::string assemblyValueRule(const std::string& field, double value);

}  // namespace obs
