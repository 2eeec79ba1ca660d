// The rules every summary obeys, whatever the scenario (docs/model.md, "What the summary
// counts"), written once: the engine's property test (summary_invariants_test.cc) holds
// every preset and its mutations to them, and the run fuzzer (fuzz/scenario_run_fuzz.cc)
// every run it makes. brokenSummaryRules() lists each rule a summary breaks, in words;
// an empty list is a summary that adds up.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "simulation.h"

namespace obs {

namespace summary_checks {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// What a check found; `where` names the part of the summary it looked at.
class Findings {
 public:
  void add(const std::string& what) { list_.push_back(what); }
  // A count the summary must have: a missing one is a finding (and reads 0).
  std::uint64_t count(const ojson& j, const std::string& key, const std::string& where) {
    if (!j.contains(key) || !j.at(key).is_number_unsigned()) {
      add(where + " has no count " + key);
      return 0;
    }
    return j.at(key).get<std::uint64_t>();
  }
  void equal(std::uint64_t a, std::uint64_t b, const std::string& what) {
    if (a != b) add(what + ": " + std::to_string(a) + " against " + std::to_string(b));
  }
  void atMost(std::uint64_t a, std::uint64_t b, const std::string& what) {
    if (a > b) add(what + ": " + std::to_string(a) + " > " + std::to_string(b));
  }
  const std::vector<std::string>& list() const { return list_; }

 private:
  std::vector<std::string> list_;
};

inline void utilisationsWithinOne(const ojson& s, Findings& f) {
  for (const ojson& l : s["links"])
    for (const char* dir : {"ab", "ba"}) {
      const double x = l[dir]["utilisation"].get<double>();
      if (!(x >= 0 && x <= 1))
        f.add("links[" + l["id"].get<std::string>() + "]." + dir + ".utilisation " + std::to_string(x) +
              " outside [0, 1]");
    }
}

inline void burstClassesAddUp(const ojson& s, Findings& f) {
  const ojson& b = s["bursts"];
  std::uint64_t sent = 0, dropped = 0, delivered = 0, fdl = 0;
  std::uint64_t reasons[3] = {0, 0, 0};
  const char* reasonKeys[3] = {"droppedInjected", "droppedContention", "droppedLate"};
  for (const char* cls : {"data", "ack", "background"}) {
    const ojson& c = b[cls];
    const std::string at = std::string("bursts.") + cls;
    f.equal(f.count(c, "dropped", at),
            f.count(c, "droppedInjected", at) + f.count(c, "droppedContention", at) + f.count(c, "droppedLate", at),
            at + ".dropped and its reasons");
    f.atMost(f.count(c, "delivered", at) + f.count(c, "dropped", at), f.count(c, "sent", at),
             at + ": delivered and dropped against sent");
    if (c.contains("bytesLost"))
      f.atMost(f.count(c, "bytesLost", at), f.count(c, "bytesSent", at), at + ": bytes lost against sent");
    sent += f.count(c, "sent", at);
    dropped += f.count(c, "dropped", at);
    delivered += f.count(c, "delivered", at);
    fdl += f.count(c, "fdlDelayed", at);
    for (int k = 0; k < 3; ++k) reasons[k] += f.count(c, reasonKeys[k], at);
  }
  f.equal(f.count(b, "sent", "bursts"), sent, "bursts.sent and its classes");
  f.equal(f.count(b, "dropped", "bursts"), dropped, "bursts.dropped and its classes");
  f.equal(f.count(b, "delivered", "bursts"), delivered, "bursts.delivered and its classes");
  f.equal(f.count(b, "fdlDelayed", "bursts"), fdl, "bursts.fdlDelayed and its classes");
  for (int k = 0; k < 3; ++k)
    f.equal(f.count(b, reasonKeys[k], "bursts"), reasons[k],
            std::string("bursts.") + reasonKeys[k] + " and its classes");
  // Every burst sent is delivered, dropped, or still on its way.
  f.equal(sent, delivered + dropped + f.count(b, "inFlight", "bursts"),
          "bursts sent against delivered, dropped, in flight");
}

// Each drop is charged to one link direction, by class and reason; deflections and cuts
// to the direction that had no room.
inline void linkDropsAddUp(const ojson& s, Findings& f) {
  const ojson& b = s["bursts"];
  std::map<std::string, std::uint64_t> charged;
  std::uint64_t deflected = 0, segmented = 0, fdlDelayed = 0;
  for (const ojson& l : s["links"]) {
    if (l["kind"] != "fiber") continue;
    for (const char* dir : {"ab", "ba"}) {
      const ojson& d = l[dir];
      const std::string at = "links[" + l["id"].get<std::string>() + "]." + dir;
      for (const char* cls : {"data", "ack", "background"})
        for (const char* reason : {"injected", "contention", "late"})
          charged[std::string(cls) + "." + reason] += f.count(d["dropped"][cls], reason, at + ".dropped." + cls);
      if (d.contains("deflected")) deflected += f.count(d, "deflected", at);
      if (d.contains("segmented")) segmented += f.count(d, "segmented", at);
      fdlDelayed += f.count(d, "fdlDelayed", at);
    }
  }
  for (const char* cls : {"data", "ack", "background"}) {
    const std::string at = std::string("bursts.") + cls;
    f.equal(charged[std::string(cls) + ".injected"], f.count(b[cls], "droppedInjected", at),
            at + " injected drops on links");
    f.equal(charged[std::string(cls) + ".contention"], f.count(b[cls], "droppedContention", at),
            at + " contention drops on links");
    f.equal(charged[std::string(cls) + ".late"], f.count(b[cls], "droppedLate", at), at + " late drops on links");
  }
  if (b.contains("deflections")) f.equal(deflected, f.count(b, "deflections", "bursts"), "deflections on links");
  if (b.contains("segmented")) f.equal(segmented, f.count(b, "segmented", "bursts"), "cuts on links");
  // Both count each time a burst goes through a delay line.
  f.equal(f.count(b, "fdlDelayed", "bursts"), fdlDelayed, "FDL delays on links");
}

// `pairs` and `qos` split the same bursts another way: each total is the bursts' total.
inline void splitAddsUp(const ojson& s, const char* key, Findings& f) {
  if (!s.contains(key)) return;
  const ojson& b = s["bursts"];
  std::uint64_t sent = 0, delivered = 0, injected = 0, contention = 0, late = 0, segmented = 0;
  for (const ojson& p : s[key]) {
    const std::string at = key;
    const std::uint64_t d = f.count(p["dropped"], "injected", at) + f.count(p["dropped"], "contention", at) +
                            f.count(p["dropped"], "late", at);
    f.atMost(f.count(p, "delivered", at) + d, f.count(p, "sent", at), at + ": delivered and dropped against sent");
    const double loss = p["loss"].get<double>();
    if (!(loss >= 0 && loss <= 1)) f.add(at + ": loss " + std::to_string(loss) + " outside [0, 1]");
    if (p.contains("bytesLost"))
      f.atMost(f.count(p, "bytesLost", at), f.count(p, "bytesSent", at), at + ": bytes lost against sent");
    sent += f.count(p, "sent", at);
    delivered += f.count(p, "delivered", at);
    injected += f.count(p["dropped"], "injected", at);
    contention += f.count(p["dropped"], "contention", at);
    late += f.count(p["dropped"], "late", at);
    if (p.contains("segmented")) segmented += f.count(p, "segmented", at);
  }
  const std::string at = key;
  f.equal(sent, f.count(b, "sent", "bursts"), at + " sent against bursts.sent");
  f.equal(delivered, f.count(b, "delivered", "bursts"), at + " delivered against bursts.delivered");
  f.equal(injected, f.count(b, "droppedInjected", "bursts"), at + " injected drops");
  f.equal(contention, f.count(b, "droppedContention", "bursts"), at + " contention drops");
  f.equal(late, f.count(b, "droppedLate", "bursts"), at + " late drops");
  if (b.contains("segmented")) f.equal(segmented, f.count(b, "segmented", "bursts"), at + " cuts");
}

inline void packetCountsAddUp(const ojson& s, Findings& f) {
  std::uint64_t queue = 0, random = 0, retries = 0;
  for (const ojson& l : s["links"]) {
    if (l["kind"] != "packet") continue;
    for (const char* dir : {"ab", "ba"}) {
      const std::string at = "links[" + l["id"].get<std::string>() + "]." + dir;
      queue += f.count(l[dir], "queueDrops", at);
      random += f.count(l[dir], "randomDrops", at);
      retries += f.count(l[dir], "retries", at);
    }
  }
  // The access links drawn for each copy of a flow group are counted apart.
  if (s["packets"].contains("accessLinks")) {
    const ojson& access = s["packets"]["accessLinks"];
    queue += f.count(access, "queueDrops", "packets.accessLinks");
    random += f.count(access, "randomDrops", "packets.accessLinks");
    retries += f.count(access, "retries", "packets.accessLinks");
  }
  f.equal(queue, f.count(s["packets"], "queueDrops", "packets"), "packets.queueDrops and the links'");
  f.equal(random, f.count(s["packets"], "randomDrops", "packets"), "packets.randomDrops and the links'");
  f.equal(retries, f.count(s["packets"], "retries", "packets"), "packets.retries and the links'");
}

inline void histogramsAddUp(const ojson& s, Findings& f) {
  std::uint64_t bytes = 0, segments = 0;
  for (const ojson& c : s["histograms"]["burstBytes"]["counts"]) bytes += c.get<std::uint64_t>();
  for (const ojson& c : s["histograms"]["segmentsPerBurst"]["counts"]) segments += c.get<std::uint64_t>();
  const ojson& b = s["bursts"];
  f.equal(bytes, f.count(b, "sent", "bursts"), "the burst-size histogram against bursts.sent");
  // Every burst an edge assembled, background batches alone included.
  const std::uint64_t tcpBursts = f.count(b["data"], "sent", "bursts.data") + f.count(b["ack"], "sent", "bursts.ack");
  if (segments < tcpBursts) f.add("the segments-per-burst histogram holds fewer bursts than the TCP classes sent");
  f.atMost(segments, f.count(b, "sent", "bursts"), "the segments-per-burst histogram against bursts.sent");
}

// What a flow's data can get through on its group's route, in bit/s: the slowest link.
// A burst keeps the duration it had at its ingress fiber's rate on every hop, so a fiber
// carries at most its wavelengths at the fastest fiber rate before it; with deflection, a
// burst may go round every fiber but its first.
inline double bottleneck(const json& scenario, const ojson& route) {
  std::map<std::string, const json*> links;
  for (const json& l : scenario["links"]) links[l["id"].get<std::string>()] = &l;
  std::map<std::string, int> mostWavelengths;
  for (const json& l : scenario["links"]) mostWavelengths[l["id"].get<std::string>()] = l.value("wavelengths", 1);
  if (scenario.contains("liveChanges"))
    for (const json& c : scenario["liveChanges"]) {
      const std::string path = c["path"];
      if (path.rfind("links[", 0) != 0 || path.find("].wavelengths") == std::string::npos) continue;
      const json& l = scenario["links"][std::stoi(path.substr(6))];
      int& w = mostWavelengths[l["id"].get<std::string>()];
      w = std::max(w, static_cast<int>(c["value"].get<double>()));
    }
  bool deflecting = false;
  for (const json& n : scenario["nodes"]) deflecting = deflecting || n.value("deflection", false);
  double capacity = INFINITY, fastestFiber = 0;
  bool pastFirstFiber = false;
  for (const ojson& id : route["links"]) {
    const json& l = *links.at(id.get<std::string>());
    const double rate = l["rate"].get<double>();
    if (l.value("kind", "") != "fiber") {
      capacity = std::min(capacity, rate);
      pastFirstFiber = false;
      continue;
    }
    fastestFiber = std::max(fastestFiber, rate);
    if (!(deflecting && pastFirstFiber)) capacity = std::min(capacity, mostWavelengths[l["id"]] * fastestFiber);
    pastFirstFiber = true;
  }
  return capacity;
}

inline void goodputWithinBottleneck(const ojson& s, const json& scenario, const ojson& routes, Findings& f) {
  std::map<std::string, double> byGroup;
  for (const ojson& g : routes["flows"]) byGroup[g["id"].get<std::string>()] = bottleneck(scenario, g["data"]);
  for (const ojson& flow : s["flows"]) {
    const std::string id = flow["id"];
    const auto group = byGroup.find(id.substr(0, id.find('#')));
    if (group == byGroup.end()) {
      f.add("flows[" + id + "] has no route");
      continue;
    }
    const double goodput = flow["goodput"].get<double>();
    if (!(goodput >= 0 && goodput <= group->second))
      f.add("flows[" + id + "].goodput " + std::to_string(goodput) + " bit/s above its bottleneck of " +
            std::to_string(group->second));
    f.atMost(f.count(flow, "retransmits", "flows[" + id + "]"), f.count(flow, "segmentsSent", "flows[" + id + "]"),
             "flows[" + id + "]: retransmits against segments sent");
  }
}

inline void ledgerBalances(const Simulation& sim, Findings& f) {
  const Simulation::PacketLedger l = sim.packetLedger();
  f.equal(l.sent, l.delivered + l.linkDrops + l.burstDrops + l.held,
          "packets sent against delivered, dropped on links, in dropped bursts and held");
}

}  // namespace summary_checks

// Every rule the summary of `sim` breaks now (empty: none). `scenario`: the JSON it was
// built from, for the bounds the summary does not carry (link rates).
inline std::vector<std::string> brokenSummaryRules(const Simulation& sim, const nlohmann::json& scenario) {
  using namespace summary_checks;
  Findings f;
  const ojson s = sim.summary();
  utilisationsWithinOne(s, f);
  burstClassesAddUp(s, f);
  linkDropsAddUp(s, f);
  splitAddsUp(s, "pairs", f);
  splitAddsUp(s, "qos", f);
  packetCountsAddUp(s, f);
  histogramsAddUp(s, f);
  goodputWithinBottleneck(s, scenario, sim.routes(), f);
  ledgerBalances(sim, f);
  return f.list();
}

}  // namespace obs
