// The rules every summary obeys, whatever the scenario (docs/model.md, "What the summary
// counts"): shared by the run fuzzer (fuzz/scenario_run_fuzz.cc) and the engine's tests.
// brokenSummaryRule() names the first rule a summary breaks, or returns "".
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace obs {

namespace summary_checks {

using json = nlohmann::ordered_json;

inline std::uint64_t count(const json& j, const char* key) { return j.value(key, std::uint64_t{0}); }

inline std::uint64_t droppedByReason(const json& dropped) {
  return count(dropped, "injected") + count(dropped, "contention") + count(dropped, "late");
}

inline std::string linkRule(const json& link) {
  for (const char* dir : {"ab", "ba"}) {
    const double u = link[dir].value("utilisation", 0.0);
    if (!(u >= 0 && u <= 1))
      return "links[" + link.value("id", std::string("?")) + "]." + dir + ".utilisation is " + std::to_string(u) +
             ", outside [0, 1]";
  }
  return "";
}

inline std::string burstRule(const json& bursts) {
  std::uint64_t sent = 0, dropped = 0;
  for (const char* cls : {"data", "ack", "background"}) {
    const json& c = bursts[cls];
    const std::uint64_t byReason =
        count(c, "droppedInjected") + count(c, "droppedContention") + count(c, "droppedLate");
    if (count(c, "dropped") != byReason)
      return std::string("bursts.") + cls + ".dropped differs from the sum of its reasons";
    if (count(c, "dropped") > count(c, "sent")) return std::string("bursts.") + cls + ": more dropped than sent";
    sent += count(c, "sent");
    dropped += count(c, "dropped");
  }
  if (count(bursts, "sent") != sent) return "bursts.sent differs from the sum over its classes";
  if (count(bursts, "dropped") != dropped) return "bursts.dropped differs from the sum over its classes";
  if (count(bursts, "inFlight") + dropped > sent) return "bursts: dropped and in flight exceed sent";
  return "";
}

// Each burst is counted on the pair (optical path) and in the QoS class it left with.
inline std::string pairAndClassRule(const json& s) {
  const std::uint64_t sent = count(s["bursts"], "sent"), dropped = count(s["bursts"], "dropped");
  for (const char* list : {"pairs", "qos"}) {
    if (!s.contains(list)) continue;
    std::uint64_t listSent = 0, listDropped = 0;
    for (const json& p : s[list]) {
      const std::uint64_t d = droppedByReason(p["dropped"]);
      if (count(p, "delivered") + d > count(p, "sent"))
        return std::string(list) + ": an entry delivered and dropped more bursts than it sent";
      listSent += count(p, "sent");
      listDropped += d;
    }
    if (listSent != sent) return std::string(list) + ": the bursts sent do not add up to bursts.sent";
    if (listDropped != dropped) return std::string(list) + ": the bursts dropped do not add up to bursts.dropped";
  }
  return "";
}

// A flow's goodput cannot exceed the fastest line of the network (a loose bound that needs
// no route: the tests that know the route hold it to the bottleneck).
inline std::string flowRule(const json& s, const json& scenario) {
  double fastest = 0;
  if (scenario.contains("links"))
    for (const auto& l : scenario.at("links"))
      if (l.contains("rate") && l.at("rate").is_number()) fastest = std::max(fastest, l.at("rate").get<double>());
  for (const json& f : s["flows"]) {
    const double g = f.value("goodput", 0.0);
    if (!(g >= 0) || (fastest > 0 && g > fastest * (1 + 1e-9)))
      return "flows[" + f.value("id", std::string("?")) + "].goodput " + std::to_string(g) +
             " bit/s is negative or above the fastest link";
  }
  return "";
}

}  // namespace summary_checks

// `scenario`: the JSON the run was built from, for bounds the summary does not carry.
inline std::string brokenSummaryRule(const nlohmann::ordered_json& summary, const nlohmann::json& scenario) {
  using namespace summary_checks;
  for (const json& link : summary["links"])
    if (std::string broken = linkRule(link); !broken.empty()) return broken;
  if (std::string broken = burstRule(summary["bursts"]); !broken.empty()) return broken;
  if (std::string broken = pairAndClassRule(summary); !broken.empty()) return broken;
  return flowRule(summary, scenario);
}

}  // namespace obs
