#include "scenario/live_path.h"

#include "scenario/json_reader.h"
#include "scenario/limits.h"

namespace obs {

namespace {

const char* kLivePaths =
    " (live: obs.burstLoss.data|ack, obs.assembly.maxTime|maxBytes|minBytes, "
    "links[i].loss, links[i].burstLoss.data|ack, links[i].wavelengths, "
    "nodes[i].assembly.maxTime|maxBytes|minBytes, nodes[i].dropNext.data|ack, flows[i].tcp.variant)";

enum class Indexed { No, Yes, OutOfRange };

// Splits "links[3].loss" into 3 and "loss". No: `path` has another shape; OutOfRange:
// the shape is right but no element has that index.
Indexed indexedPath(const std::string& path, const std::string& array, std::size_t size, int* index,
                    std::string* rest) {
  const std::string head = array + "[";
  if (path.compare(0, head.size(), head) != 0) return Indexed::No;
  const std::size_t close = path.find("].", head.size());
  if (close == std::string::npos || close == head.size()) return Indexed::No;
  const std::string digits = path.substr(head.size(), close - head.size());
  if (digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos) return Indexed::No;
  *index = std::stoi(digits);
  *rest = path.substr(close + 2);
  return static_cast<std::size_t>(*index) < size ? Indexed::Yes : Indexed::OutOfRange;
}

bool isAssemblyField(const std::string& f) { return f == "maxTime" || f == "maxBytes" || f == "minBytes"; }

const char* kAssemblyFields = "cannot be changed while running (live: maxTime, maxBytes, minBytes)";

std::string noSuch(const char* array, int index, std::size_t size) {
  return std::string("cannot be changed while running: there is no ") + array + "[" + std::to_string(index) +
         "] (the scenario has " + std::to_string(size) + ")";
}

}  // namespace

bool resolveLivePath(const Scenario& s, const std::string& path, LivePath* out, std::string* rule) {
  *out = LivePath{};
  if (path == "obs.burstLoss.data" || path == "obs.burstLoss.ack") {
    out->target = LiveTarget::ObsBurstLoss;
    out->field = path.substr(14);
    return true;
  }
  if (path.rfind("obs.assembly.", 0) == 0) {
    out->target = LiveTarget::ObsAssembly;
    out->field = path.substr(13);
    if (isAssemblyField(out->field)) return true;
    *rule = kAssemblyFields;
    return false;
  }
  int index = 0;
  std::string rest;
  switch (indexedPath(path, "nodes", s.nodes.size(), &index, &rest)) {
    case Indexed::OutOfRange: *rule = noSuch("nodes", index, s.nodes.size()); return false;
    case Indexed::Yes:
      if (rest == "dropNext.data" || rest == "dropNext.ack") {
        if (s.nodes[index].kind != NodeKind::Edge) {
          *rule = "cannot be changed: nodes[" + std::to_string(index) + "] is not an edge node";
          return false;
        }
        out->target = LiveTarget::NodeDropNext;
        out->index = index;
        out->field = rest.substr(9);
        return true;
      }
      if (rest.rfind("assembly.", 0) != 0) break;
      if (s.nodes[index].kind != NodeKind::Edge) {
        *rule = "cannot be changed: nodes[" + std::to_string(index) + "] is not an edge node";
        return false;
      }
      out->target = LiveTarget::NodeAssembly;
      out->index = index;
      out->field = rest.substr(9);
      if (isAssemblyField(out->field)) return true;
      *rule = kAssemblyFields;
      return false;
    case Indexed::No: break;
  }
  switch (indexedPath(path, "links", s.links.size(), &index, &rest)) {
    case Indexed::OutOfRange: *rule = noSuch("links", index, s.links.size()); return false;
    case Indexed::Yes: {
      const bool fiber = s.links[index].kind == LinkKind::Fiber;
      out->index = index;
      out->field = rest;
      if (!fiber && rest == "loss") {
        out->target = LiveTarget::LinkLoss;
        return true;
      }
      if (fiber && (rest == "burstLoss.data" || rest == "burstLoss.ack")) {
        out->target = LiveTarget::LinkBurstLoss;
        out->field = rest.substr(10);
        return true;
      }
      if (fiber && rest == "wavelengths") {
        out->target = LiveTarget::LinkWavelengths;
        return true;
      }
      *rule = std::string("cannot be changed while running on a ") + (fiber ? "fiber" : "packet") +
              " link (live: " + (fiber ? "burstLoss.data, burstLoss.ack, wavelengths" : "loss") + ")";
      return false;
    }
    case Indexed::No: break;
  }
  switch (indexedPath(path, "flows", s.flows.size(), &index, &rest)) {
    case Indexed::OutOfRange: *rule = noSuch("flows", index, s.flows.size()); return false;
    case Indexed::Yes:
      if (rest != "tcp.variant") break;
      out->target = LiveTarget::FlowVariant;
      out->index = index;
      out->field = "variant";
      return true;
    case Indexed::No: break;
  }
  *rule = std::string("cannot be changed while running") + kLivePaths;
  return false;
}

std::string assemblyValueRule(const std::string& field, double value) {
  if (field == "maxTime")
    return value >= kMinInterval && value <= 10
               ? ""
               : "must be a number of seconds from 1e-9 (the engine's shortest interval) to 10";
  if (field == "maxBytes") return value > 0 && value <= 1e9 ? "" : "must be a number of bytes in (0, 1e9]";
  if (field == "minBytes") return value >= 0 && value <= 1e9 ? "" : "must be a number of bytes in [0, 1e9]";
  return kAssemblyFields;
}

std::string liveValueRule(const LivePath& t, double value) {
  // Written so that NaN fails every rule.
  switch (t.target) {
    case LiveTarget::ObsBurstLoss:
    case LiveTarget::LinkLoss:
    case LiveTarget::LinkBurstLoss: return value >= 0 && value <= 1 ? "" : "must be a probability between 0 and 1";
    case LiveTarget::ObsAssembly:
    case LiveTarget::NodeAssembly: return assemblyValueRule(t.field, value);
    case LiveTarget::LinkWavelengths:
      return value >= 1 && value <= 1024 && value == static_cast<int>(value) ? ""
                                                                             : "must be an integer between 1 and 1024";
    case LiveTarget::NodeDropNext:
      return value >= 0 && value <= kMaxDropNext && value == static_cast<int>(value)
                 ? ""
                 : "must be a whole number of bursts from 0 to " + std::to_string(kMaxDropNext);
    case LiveTarget::FlowVariant: {
      // The variant by its index in TCP_VARIANTS' list (packages/scenario/src/schema/fields.ts) (live changes carry
      // numbers).
      const double last = static_cast<double>(kTcpVariantNames.size() - 1);
      return value >= 0 && value <= last && value == static_cast<int>(value)
                 ? ""
                 : "must be an integer from 0 to " + std::to_string(kTcpVariantNames.size() - 1) + ", the index of " +
                       listChoices(choicesOf(kTcpVariantNames));
    }
  }
  return "cannot be changed";
}

}  // namespace obs
