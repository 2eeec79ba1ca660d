// The summary JSON a run reports (docs/model.md, "What the summary counts"): per flow, per
// burst class, per link, the burst histograms and the fingerprint; and the packet ledger
// the tests balance.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "simulation.h"

namespace obs {

Simulation::PacketLedger Simulation::packetLedger() const {
  PacketLedger l;
  for (const FlowInstance& f : flows_) l.sent += f.sender->counters().segmentsSent + f.receiver->acksSent();
  l.delivered = packetsDelivered_;  // plus the segments receivers took ahead, by the clock
  for (const FlowInstance& f : flows_) l.delivered += f.receiver->segmentsTakenAhead();
  for (const auto& ch : channels_)
    if (ch) l.linkDrops += ch->counters().queueDrops + ch->counters().randomDrops + ch->counters().listedDrops;
  for (BurstClass cls : {BurstClass::Data, BurstClass::Ack, BurstClass::Background}) {
    const BurstClassCounters& c = obs_->counters(cls);
    l.burstDrops += c.segmentsDropped + c.acksDropped + c.segmentsCut + c.acksCut;
  }
  l.held = heldPackets();
  return l;
}

namespace {
// The counters of deflection and segmentation appear only where a core uses them: a run
// without keeps the summary it always had (docs/mesh.md sections 6 and 7).
bool anyCore(const Scenario& s, bool NodeSpec::*mechanism) {
  for (const NodeSpec& n : s.nodes)
    if (n.kind == NodeKind::Core && n.*mechanism) return true;
  return false;
}

// Every burst class together: the summary's `bursts` (and the warnings' whole-run counts).
BurstClassCounters totalOf(const std::array<BurstClassCounters, kBurstClasses>& classes) {
  BurstClassCounters all;
  for (const BurstClassCounters& c : classes) {
    all.sent += c.sent;
    all.delivered += c.delivered;
    for (int r = 0; r < kDropReasons; ++r) all.dropped[r] += c.dropped[r];
    all.fdlDelayed += c.fdlDelayed;
    all.deflections += c.deflections;
    all.segmented += c.segmented;
    all.bytesDropped += c.bytesDropped;
    all.bytesCut += c.bytesCut;
    all.segmentsCut += c.segmentsCut;
    all.lengthBytes += c.lengthBytes;
    all.packets += c.packets;
  }
  return all;
}

// Busy at least this share of a whole run, an access link is what sets the flows' pace
// (link-at-capacity): a TCP flow held by a line keeps it busy 99 % of the time and more
// after slow start; 95 % leaves room for the start and for a few losses.
constexpr double kAccessAtCapacity = 0.95;

// part / whole, 0 for an empty whole. Integers in, so part <= whole gives at most 1.
double share(SimTime part, SimTime whole) {
  return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}
}  // namespace

SummaryCounts Simulation::countsNow() const {
  SummaryCounts c;
  c.at = sim_.now();
  c.events = sim_.eventsExecuted();
  c.flows.reserve(flows_.size());
  for (const FlowInstance& f : flows_)
    c.flows.push_back(
        {f.sender->counters(), f.receiver->deliveredBytes(), f.cwndSampleSum, f.cwndSamples, f.sender->cwnd()});
  for (int k = 0; k < kBurstClasses; ++k)
    c.classes[static_cast<std::size_t>(k)] = obs_->counters(static_cast<BurstClass>(k));
  c.burstsInFlight = obs_->burstsInFlight();
  c.histograms = obs_->histograms();
  c.channels.resize(channels_.size());
  c.channelBusy.resize(channels_.size(), 0);
  for (std::size_t k = 0; k < channels_.size(); ++k)
    if (const auto& ch = channels_[k]) {
      c.channels[k] = ch->counters();
      c.channelBusy[k] = ch->busyUntil(c.at);
    }
  c.fibers.resize(scenario_.links.size() * 2);
  for (std::size_t i = 0; i < scenario_.links.size(); ++i)
    if (scenario_.links[i].kind == LinkKind::Fiber)
      for (int dir = 0; dir < 2; ++dir) c.fibers[i * 2 + dir] = obs_->fiberCounters(static_cast<int>(i), dir);
  c.fiberUse = obs_->fiberUse();
  c.paths.resize(routing_.opticalPaths().size());
  for (std::size_t p = 0; p < c.paths.size(); ++p) c.paths[p] = obs_->pathCounters(static_cast<int>(p));
  c.qos.resize(obs_->qosOffsets().size());
  for (std::size_t k = 0; k < c.qos.size(); ++k) c.qos[k] = obs_->qosCounters(static_cast<int>(k));
  return c;
}

SimTime Simulation::nextMeasureMark() const {
  return measureBase_ ? (measureEnd_ ? kNever : measureToAt_) : measureFromAt_;
}

void Simulation::takeMeasureMarks(SimTime at) {
  if (!measureBase_ && measureFromAt_ == at) measureBase_ = std::make_unique<SummaryCounts>(countsNow());
  if (measureBase_ && !measureEnd_ && measureToAt_ == at) measureEnd_ = std::make_unique<SummaryCounts>(countsNow());
}

SummaryCounts Simulation::countsReported(double* from, double* to) const {
  const MeasureSpec& m = scenario_.measure;
  *from = 0;
  *to = now();
  if (!m.present) return countsNow();
  *from = m.from;
  if (measureEnd_) *to = m.to;
  // Before `from` the window is empty: it reads from, from.
  if (measureFromAt_ != kNever && !measureBase_) {
    *to = m.from;
    SummaryCounts c = countsNow();
    return countsBetween(c, c);
  }
  const SummaryCounts end = measureEnd_ ? *measureEnd_ : countsNow();
  return measureBase_ ? countsBetween(*measureBase_, end) : end;
}

nlohmann::ordered_json Simulation::qosSummary(const SummaryCounts& counts) const {
  using json = nlohmann::ordered_json;
  json classes = json::array();
  const std::vector<SimTime>& offsets = obs_->qosOffsets();
  const bool segmentation = anyCore(scenario_, &NodeSpec::segmentation);
  for (std::size_t k = 0; k < offsets.size(); ++k) {
    const QosCounters& c = counts.qos[k];
    json j;
    j["extraOffset"] = toSeconds(offsets[k]);
    j["sent"] = c.sent;
    j["delivered"] = c.delivered;
    j["dropped"] = {{"injected", c.dropped[0]}, {"contention", c.dropped[1]}, {"late", c.dropped[2]}};
    const std::uint64_t dropped = c.dropped[0] + c.dropped[1] + c.dropped[2];
    j["loss"] = c.sent ? static_cast<double>(dropped) / static_cast<double>(c.sent) : 0.0;
    if (segmentation) j["segmented"] = c.segmented;
    classes.push_back(j);
  }
  return classes;
}

// What a run did that its author most likely did not mean, in words (docs/model.md,
// "Warnings"): a scenario that runs is not refused, but these would otherwise pass without
// a word (exit 0, numbers that look like results).
nlohmann::ordered_json Simulation::warningsOf() const {
  using json = nlohmann::ordered_json;
  json warnings = json::array();
  auto warn = [&](const char* code, const std::string& text) { warnings.push_back({{"code", code}, {"text", text}}); };
  auto percent = [](double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g %%", share * 100);
    return std::string(text);
  };
  // Of the whole run, window or not: a trap in the warm-up is still a trap.
  std::array<BurstClassCounters, kBurstClasses> classes;
  for (int k = 0; k < kBurstClasses; ++k)
    classes[static_cast<std::size_t>(k)] = obs_->counters(static_cast<BurstClass>(k));
  const BurstClassCounters all = totalOf(classes);
  auto seconds = [](double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g s", v);
    return std::string(text);
  };

  // Late drops core by core: a core past 1 % is named even when the run as a whole is not
  // (most bursts may never cross it). A burst reaching a core is counted once, on the
  // direction it got or was about to take there: a wavelength, or a drop charged to it.
  struct CoreBursts {
    std::uint64_t reached = 0, late = 0;
  };
  std::vector<CoreBursts> cores(scenario_.nodes.size());
  for (std::size_t i = 0; i < scenario_.links.size(); ++i) {
    if (scenario_.links[i].kind != LinkKind::Fiber) continue;
    for (int dir = 0; dir < 2; ++dir) {
      const FiberDirectionCounters& c = obs_->fiberCounters(static_cast<int>(i), dir);
      CoreBursts& at = cores[static_cast<std::size_t>(dir == 0 ? scenario_.links[i].a : scenario_.links[i].b)];
      at.reached += c.bursts;
      for (int k = 0; k < kBurstClasses; ++k) {
        at.reached += c.dropped[k][1] + c.dropped[k][2];  // injected ones after a wavelength are in `bursts`
        at.late += c.dropped[k][2];
      }
    }
  }
  std::string lateCores;
  int over = 0;
  for (std::size_t n = 0; n < cores.size(); ++n) {
    if (cores[n].late * 100 <= cores[n].reached) continue;
    if (++over > 3) {
      if (over == 4) lateCores += "; ...";
      continue;
    }
    lateCores += std::string(over > 1 ? "; " : "") + scenario_.nodes[n].id + ": " + std::to_string(cores[n].late) +
                 " of " + std::to_string(cores[n].reached) + " reaching it, " +
                 percent(static_cast<double>(cores[n].late) / static_cast<double>(cores[n].reached));
  }
  // As short as it was before it named the cores: the app shows it in a banner over the
  // lesson's text, which must keep its room at 1280x720 (e2e/lesson-figures.spec.ts).
  const std::uint64_t sent = all.sent, late = all.dropped[2];
  if (over > 0) {
    std::string offset = scenario_.obs.offset ? seconds(*scenario_.obs.offset) : std::string("\"auto\"");
    warn("late-bursts", std::to_string(late) + " of " + std::to_string(sent) + " bursts (" +
                            percent(static_cast<double>(late) / static_cast<double>(sent)) +
                            ") were dropped late, at a core before their control packet was processed (" + lateCores +
                            "): the offset (obs.offset " + offset +
                            ") is shorter than the processing and set-up on their path; \"auto\" gives each path what "
                            "it needs (pairs[].offset)");
  }

  const std::uint64_t contention = all.dropped[1];
  if (anyCore(scenario_, &NodeSpec::deflection) && !scenario_.obs.offset && all.deflections == 0 && contention > 0)
    warn("deflection-without-slack",
         "deflection is on, yet no burst was deflected while " + std::to_string(contention) +
             " were lost to contention: with obs.offset \"auto\" a burst has exactly the time its own path needs, "
             "none for a detour's extra processing; give obs.offset a number above pairs[].offset");

  // An access link at capacity: a packet link between a host and an OBS edge busy nearly
  // all the run holds the flows through it, so the optical network's losses, offsets and
  // contention barely show in their goodput (paper 000's testbed on Fast Ethernet: ACK-burst
  // loss then costs nothing). Host-edge links only: a bottleneck placed on purpose inside
  // the packet network (a router's line, a wireless hop to an access point) is a study of
  // its own. Only when the optical network dropped bursts, which the link then hides: a
  // lossless run held by its access (the first lesson without loss, whose 10 Mbit/s access
  // is there to keep it at real time) hides nothing. Of a whole run, at its end, as slow
  // start keeps any link idle early on.
  const std::uint64_t burstsDropped = all.dropped[0] + all.dropped[1] + all.dropped[2];
  if (finished() && sim_.now() > 0 && burstsDropped > 0) {
    std::string busy;
    int saturated = 0;
    auto kindOf = [&](int node) { return scenario_.nodes[static_cast<std::size_t>(node)].kind; };
    for (std::size_t i = 0; i < scenario_.links.size(); ++i) {
      const LinkSpec& l = scenario_.links[i];
      if (l.kind != LinkKind::Packet) continue;
      const bool access = (kindOf(l.a) == NodeKind::Host && kindOf(l.b) == NodeKind::Edge) ||
                          (kindOf(l.a) == NodeKind::Edge && kindOf(l.b) == NodeKind::Host);
      if (!access) continue;
      for (int dir = 0; dir < 2; ++dir) {
        const auto& channel = channels_[i * 2 + static_cast<std::size_t>(dir)];
        if (!channel) continue;
        const double used = share(channel->busyUntil(sim_.now()), sim_.now());
        if (used < kAccessAtCapacity) continue;
        if (++saturated > 2) {
          if (saturated == 3) busy += "; ...";
          continue;
        }
        const std::string& from = scenario_.nodes[static_cast<std::size_t>(dir == 0 ? l.a : l.b)].id;
        const std::string& to = scenario_.nodes[static_cast<std::size_t>(dir == 0 ? l.b : l.a)].id;
        busy += std::string(saturated > 1 ? "; " : "") + l.id + " (" + from + " to " + to + ") " + percent(used);
      }
    }
    if (saturated > 0)
      warn("link-at-capacity",
           std::string(saturated == 1 ? "an access link was" : "access links were") + " busy nearly all the run (" +
               busy +
               "): " + (saturated == 1 ? "it, not the optical network, sets" : "they, not the optical network, set") +
               " the flows' pace, so the " + std::to_string(burstsDropped) +
               " bursts the optical network dropped barely show in their goodput; a faster access link lets "
               "the OBS part show");
  }

  // Only of a whole run: mid-run, a flow that has not delivered yet is most likely just young.
  // Read from the flows themselves: a copy of the summary's flows cost 1.2 M instructions
  // at the end of paper 003's 320 flows.
  std::vector<std::string> silent;
  const std::size_t flows = flows_.size();
  if (finished())
    for (const FlowInstance& f : flows_)
      if (f.receiver->deliveredBytes() == 0) silent.push_back(f.id);
  if (!silent.empty()) {
    std::string named;
    for (std::size_t i = 0; i < silent.size() && i < 3; ++i) named += (i ? ", " : "") + silent[i];
    if (silent.size() > 3) named += ", ...";
    warn("flow-delivered-nothing",
         std::to_string(silent.size()) + " of " + std::to_string(flows) + " flows delivered nothing in the run (" +
             named + "): a start after the end, a path that loses everything, or an offset too short");
  }
  return warnings;
}

nlohmann::ordered_json Simulation::pairsSummary(const SummaryCounts& counts) const {
  using json = nlohmann::ordered_json;
  // One entry per optical path, all burst classes together (docs/mesh.md section 4).
  json pairs = json::array();
  const bool deflection = anyCore(scenario_, &NodeSpec::deflection);
  const bool segmentation = anyCore(scenario_, &NodeSpec::segmentation);
  const std::vector<OpticalPath>& paths = routing_.opticalPaths();
  for (std::size_t p = 0; p < paths.size(); ++p) {
    const PathCounters& c = counts.paths[p];
    json j;
    j["src"] = scenario_.nodes[paths[p].ingress].id;
    j["dst"] = scenario_.nodes[paths[p].egress].id;
    json route = json::array({scenario_.nodes[paths[p].ingress].id});
    for (const Hop& h : paths[p].hops) route.push_back(topology_.nodes[h.to].id);
    j["route"] = route;
    // What obs.offset gave the path: its number, or what "auto" chose (the slack the path's
    // cores need); a source's extraOffset comes on top for its own bursts.
    j["offset"] = toSeconds(obs_->offset(static_cast<int>(p)));
    j["offeredErlangs"] = pathOfferedErlangs_[p];
    j["sent"] = c.sent;
    j["delivered"] = c.delivered;
    j["dropped"] = {{"injected", c.dropped[0]}, {"contention", c.dropped[1]}, {"late", c.dropped[2]}};
    const std::uint64_t dropped = c.dropped[0] + c.dropped[1] + c.dropped[2];
    j["loss"] = c.sent ? static_cast<double>(dropped) / static_cast<double>(c.sent) : 0.0;
    if (deflection) j["deflections"] = c.deflections;
    if (segmentation) {
      j["segmented"] = c.segmented;
      j["bytesSent"] = c.bytesSent;
      j["bytesLost"] = c.bytesLost;
    }
    pairs.push_back(j);
  }
  return pairs;
}

nlohmann::ordered_json Simulation::linksSummary(const SummaryCounts& counts) const {
  using json = nlohmann::ordered_json;
  static const char* kClassNames[] = {"data", "ack", "background"};
  // The window's length exactly, in picoseconds as the channels count busy time.
  const SimTime span = counts.at - counts.since;
  // Once per summary, not per link: a scenario may have 10,000 nodes and 100,000 links.
  const bool deflection = anyCore(scenario_, &NodeSpec::deflection);
  const bool segmentation = anyCore(scenario_, &NodeSpec::segmentation);
  json links = json::array();
  for (std::size_t i = 0; i < scenario_.links.size(); ++i) {
    const LinkSpec& l = scenario_.links[i];
    json lj;
    lj["id"] = l.id;
    lj["kind"] = kLinkKindsWords[static_cast<std::size_t>(l.kind)];
    for (int dir = 0; dir < 2; ++dir) {
      json d;
      if (l.kind == LinkKind::Fiber) {
        const FiberDirectionCounters& c = counts.fibers[i * 2 + dir];
        d["utilisation"] = utilisationOf(counts.fiberUse[i * 2 + dir]);
        d["bursts"] = c.bursts;
        d["fdlDelayed"] = c.fdlDelayed;
        json dropped;
        for (int k = 0; k < kBurstClasses; ++k)
          dropped[kClassNames[k]] = {
              {"injected", c.dropped[k][0]}, {"contention", c.dropped[k][1]}, {"late", c.dropped[k][2]}};
        d["dropped"] = dropped;
        if (deflection) d["deflected"] = c.deflected;
        if (segmentation) d["segmented"] = c.segmented;
      } else {
        const PacketChannelCounters& c = counts.channels[i * 2 + dir];
        d["utilisation"] = share(counts.channelBusy[i * 2 + dir], span);
        d["packets"] = c.sent;
        d["queueDrops"] = c.queueDrops;
        d["randomDrops"] = c.randomDrops;
        d["retries"] = c.retries;
      }
      lj[dir == 0 ? "ab" : "ba"] = d;
    }
    links.push_back(lj);
  }
  return links;
}

nlohmann::ordered_json Simulation::summary() const {
  using json = nlohmann::ordered_json;
  double simTime = toSeconds(sim_.now());
  double from = 0, to = simTime;
  const SummaryCounts counts = countsReported(&from, &to);
  json out;
  out["scenario"] = scenario_.name;
  out["seed"] = scenario_.seed;
  out["simTime"] = simTime;
  // Only with a window: a run without one keeps the summary it always had.
  if (scenario_.measure.present) out["measure"] = {{"from", from}, {"to", to}};
  out["events"] = counts.events;
  if (stopped()) out["stopped"] = stopReason_;  // the run guard ended the run early

  json flows = json::array();
  double aggregateGoodput = 0, aggregateDelivered = 0;
  for (std::size_t i = 0; i < flows_.size(); ++i) {
    const FlowInstance& f = flows_[i];
    const SummaryCounts::Flow& counted = counts.flows[i];
    const TcpSenderCounters& c = counted.sender;
    double delivered = static_cast<double>(counted.deliveredBytes);
    // The flow's time within the window (from its start, if it starts later).
    double active = to - std::max(from, f.start);
    double goodput = active > 0 ? delivered * 8 / active : 0;
    aggregateGoodput += goodput;
    aggregateDelivered += delivered;
    json fj;
    fj["id"] = f.id;
    fj["goodput"] = goodput;
    fj["delivered"] = delivered;
    fj["segmentsSent"] = c.segmentsSent;
    fj["retransmits"] = c.retransmits;
    fj["rtos"] = c.rtos;
    fj["fastRetransmits"] = c.fastRetransmits;
    fj["meanRtt"] = c.rttSamples ? c.rttSum / static_cast<double>(c.rttSamples) : 0.0;
    fj["meanCwnd"] = counted.cwndSamples ? counted.cwndSum / static_cast<double>(counted.cwndSamples) : 0.0;
    fj["finalCwnd"] = counted.cwnd;
    if (f.sender->completedAt() >= 0) {
      fj["completionTime"] = toSeconds(f.sender->completedAt()) - f.start;
    } else if (f.appKind == AppKind::File) {
      fj["completionTime"] = nullptr;  // not finished within the run
    }
    flows.push_back(fj);
  }
  out["flows"] = flows;
  out["aggregate"] = {{"goodput", aggregateGoodput}, {"delivered", aggregateDelivered}};

  const std::array<const char*, kBurstClasses> classNames{"data", "ack", "background"};
  const bool deflection = anyCore(scenario_, &NodeSpec::deflection);
  const bool segmentation = anyCore(scenario_, &NodeSpec::segmentation);
  auto classJson = [&](const BurstClassCounters& c) {
    json j;
    j["sent"] = c.sent;
    j["delivered"] = c.delivered;
    j["dropped"] = c.droppedTotal();
    j["droppedInjected"] = c.dropped[0];
    j["droppedContention"] = c.dropped[1];
    j["droppedLate"] = c.dropped[2];
    j["fdlDelayed"] = c.fdlDelayed;
    j["meanBytes"] = c.sent ? static_cast<double>(c.lengthBytes) / c.sent : 0.0;
    j["meanSegments"] = c.sent ? static_cast<double>(c.packets) / c.sent : 0.0;
    if (deflection) j["deflections"] = c.deflections;
    if (segmentation) {
      j["segmented"] = c.segmented;
      j["bytesSent"] = c.lengthBytes;
      j["bytesLost"] = c.bytesDropped + c.bytesCut;
      j["segmentsCut"] = c.segmentsCut;
    }
    return j;
  };
  // `bursts` counts every burst; data, ack and background split it.
  json bursts = classJson(totalOf(counts.classes));
  bursts["inFlight"] = counts.burstsInFlight;
  for (int k = 0; k < kBurstClasses; ++k)
    bursts[classNames[k]] = classJson(counts.classes[static_cast<std::size_t>(k)]);
  out["bursts"] = bursts;

  const BurstHistograms& h = counts.histograms;
  auto histogramJson = [](const std::array<std::uint64_t, BurstHistograms::kBins>& counts) {
    // Bin i: [2^i, 2^(i+1)) (bin 0 also holds 0); trailing empty bins are left out.
    int last = BurstHistograms::kBins - 1;
    while (last > 0 && counts[last] == 0) --last;
    json lower = json::array(), n = json::array();
    for (int i = 0; i <= last; ++i) {
      lower.push_back(i == 0 ? 0 : (1ull << i));
      n.push_back(counts[i]);
    }
    return json{{"lower", lower}, {"counts", n}};
  };
  out["histograms"] = {{"burstBytes", histogramJson(h.bytes)}, {"segmentsPerBurst", histogramJson(h.segments)}};

  std::uint64_t queueDrops = 0, randomDrops = 0, retries = 0, listedDrops = 0;
  // The access links `access` draws for each copy of a flow group are not in `links`
  // (there may be thousands): their share is given apart, so that `links` plus
  // `accessLinks` add up to the totals.
  std::uint64_t accessQueueDrops = 0, accessRandomDrops = 0, accessRetries = 0;
  for (std::size_t k = 0; k < channels_.size(); ++k)
    if (channels_[k]) {
      const PacketChannelCounters& c = counts.channels[k];
      queueDrops += c.queueDrops;
      randomDrops += c.randomDrops;
      retries += c.retries;
      listedDrops += c.listedDrops;
      if (k / 2 >= scenario_.links.size()) {
        accessQueueDrops += c.queueDrops;
        accessRandomDrops += c.randomDrops;
        accessRetries += c.retries;
      }
    }
  out["packets"] = {{"queueDrops", queueDrops}, {"randomDrops", randomDrops}, {"retries", retries}};
  // Only with `drops` rules: a run without them keeps the summary it always had.
  if (!scenario_.drops.empty()) out["packets"]["listedDrops"] = listedDrops;
  // Only where `access` draws links, likewise.
  if (topology_.links.size() > scenario_.links.size())
    out["packets"]["accessLinks"] = {
        {"queueDrops", accessQueueDrops}, {"randomDrops", accessRandomDrops}, {"retries", accessRetries}};
  out["links"] = linksSummary(counts);
  out["pairs"] = pairsSummary(counts);
  // Only with extra offsets: class 0 is every burst without one.
  if (obs_->qosOffsets().size() > 1) out["qos"] = qosSummary(counts);
  // Only when there is one: a run without any keeps the summary it always had.
  if (json warnings = warningsOf(); !warnings.empty()) out["warnings"] = warnings;

  char fingerprint[17];
  static const char* hex = "0123456789abcdef";
  std::uint64_t fp = sim_.fingerprint();
  for (int i = 15; i >= 0; --i, fp >>= 4) fingerprint[i] = hex[fp & 0xf];
  fingerprint[16] = 0;
  out["fingerprint"] = fingerprint;
  out["fingerprintVersion"] = kFingerprintVersion;
  // Only when the run had any: a run without changes keeps the summary it always had.
  if (!applied_.empty()) {
    json changes = json::array();
    for (const LiveChangeSpec& c : applied_) changes.push_back({{"at", c.at}, {"path", c.path}, {"value", c.value}});
    out["liveChanges"] = changes;
  }
  return out;
}

}  // namespace obs
