#include "simulation.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "app/start_spread.h"
#include "resource_estimate.h"
#include "scenario/json_reader.h"
#include "scenario/scenario_parser.h"

namespace obs {

// A background source's bursts, handed to its edge's assembler as batches of bytes.
struct Simulation::AssemblyFeed final : BackgroundBurstSink {
  explicit AssemblyFeed(BurstAssembler& edge) : assembler(edge) {}
  void backgroundBurst(int pathId, std::uint32_t lengthBytes) override { assembler.addBackground(pathId, lengthBytes); }
  BurstAssembler& assembler;
};

namespace {
constexpr std::uint32_t kSampleEvent = 0;
// Events counted after a stop to say where the run was busy.
constexpr std::uint64_t kDiagnosisEvents = 4096;
// Bytes per undrained sample row (nine columns).
constexpr std::uint64_t kSampleRowBytes = 53;
}  // namespace

std::unique_ptr<Simulation> Simulation::fromJson(const std::string& scenarioJson, const RunBudget& budget) {
  return std::make_unique<Simulation>(parseScenario(scenarioJson), budget);
}

Simulation::Simulation(const Scenario& scenario, const RunBudget& budget)
    : scenario_(scenario),
      guard_(budget, fromSeconds(scenario.duration)),
      buildBytes_(estimateBuildBytes(scenario)),
      end_(fromSeconds(scenario.duration)),
      sampleInterval_(fromSeconds(scenario.sampleInterval)),
      // The budget is checked before anything large is allocated: the drawn access links first.
      topology_((refuseUnaffordableBuild(scenario_, budget), buildTopology(scenario_))),
      routing_(topology_.nodes, topology_.links),
      channels_(topology_.links.size() * 2) {
  for (std::size_t i = 0; i < topology_.links.size(); ++i) {
    const LinkSpec& l = topology_.links[i];
    if (l.kind != LinkKind::Packet) continue;
    PacketChannelConfig c;
    c.rateBps = l.rate;
    c.delay = fromSeconds(l.delay);
    c.queueLimit = l.queue;
    c.retries = l.arqRetries;
    c.retryDelay = fromSeconds(l.arqRetryDelay);
    c.link = static_cast<int>(i);
    c.dir = 0;
    c.loss = l.lossAb;
    channels_[i * 2] = std::make_unique<PacketChannel>(sim_, *this, l.b, c, scenario_.seed, "link:" + l.id + ":ab");
    c.dir = 1;
    c.loss = l.lossBa;
    channels_[i * 2 + 1] = std::make_unique<PacketChannel>(sim_, *this, l.a, c, scenario_.seed, "link:" + l.id + ":ba");
    channels_[i * 2]->setVisualLog(&visual_);
    channels_[i * 2 + 1]->setVisualLog(&visual_);
  }

  // Routes first: the OBS plane needs every optical path a flow can use. All pairs at
  // once, so each source's shortest-path tree is built once; a direction with a forced
  // route (`route`, `ackRoute`) asks for none. A group with `access` asks for the route
  // between its `src` and `dst` nodes, which its copies extend by their own links.
  std::vector<std::pair<int, int>> pairs;
  for (const FlowSpec& spec : scenario_.flows) {
    if (spec.route.empty()) pairs.emplace_back(spec.src, spec.dst);
    if (spec.ackRoute.empty()) pairs.emplace_back(spec.dst, spec.src);
  }
  for (const BackgroundSpec& b : scenario_.background) pairs.emplace_back(b.src, b.dst);
  routing_.prepare(pairs);
  struct Pending {
    const FlowSpec* spec;
    int copy;
    const Route* data;
    const Route* acks;
  };
  std::vector<Pending> pending;
  for (std::size_t f = 0; f < scenario_.flows.size(); ++f) {
    const FlowSpec& spec = scenario_.flows[f];
    const Route* data = spec.route.empty() ? routing_.route(spec.src, spec.dst) : routing_.throughNodes(spec.route);
    const Route* acks =
        spec.ackRoute.empty() ? routing_.route(spec.dst, spec.src) : routing_.throughNodes(spec.ackRoute);
    if (!data || !acks) {
      int from = data ? spec.dst : spec.src, to = data ? spec.src : spec.dst;
      throw ScenarioError("flows[" + std::to_string(f) + "]: no path of links leads from " +
                          quoteInput(scenario_.nodes[from].id) + " to " + quoteInput(scenario_.nodes[to].id));
    }
    groupRoutes_.emplace_back(data, acks);
    for (int c = 0; c < spec.count; ++c) {
      if (topology_.access[f].empty()) {
        pending.push_back({&spec, c, data, acks});
        continue;
      }
      // A copy's own links: data enters by its source-side link and leaves by its
      // sink-side one; ACKs cross the same links the other way.
      const Topology::CopyAccess& a = topology_.access[f][c];
      const bool in = a.src.link >= 0, out = a.dst.link >= 0;
      const Hop srcBack = in ? reversed(a.src) : Hop{}, dstBack = out ? reversed(a.dst) : Hop{};
      pending.push_back({&spec, c, routing_.extended(*data, in ? &a.src : nullptr, out ? &a.dst : nullptr),
                         routing_.extended(*acks, out ? &dstBack : nullptr, in ? &srcBack : nullptr)});
    }
  }
  // Background sources need an all-optical route between their edges.
  std::vector<std::pair<int, double>> backgroundPaths;  // optical path, capacity (bit/s)
  for (std::size_t i = 0; i < scenario_.background.size(); ++i) {
    const BackgroundSpec& b = scenario_.background[i];
    const Route* r = routing_.route(b.src, b.dst);
    std::string where = "background[" + std::to_string(i) + "]: ";
    if (!r)
      throw ScenarioError(where + "no path of links leads from " + quoteInput(scenario_.nodes[b.src].id) + " to " +
                          quoteInput(scenario_.nodes[b.dst].id));
    int path = r->opticalPathAt.empty() ? -1 : r->opticalPathAt[0];
    if (path < 0 || routing_.opticalPaths()[path].egress != b.dst)
      throw ScenarioError(where + "the route from \"" + scenario_.nodes[b.src].id + "\" to \"" +
                          scenario_.nodes[b.dst].id + "\" must run over fiber links and core nodes only");
    double capacity = 0;
    for (const Hop& h : routing_.opticalPaths()[path].hops) {
      const LinkSpec& l = scenario_.links[h.link];
      double c = l.rate * l.wavelengths;
      if (capacity == 0 || c < capacity) capacity = c;
    }
    refuseUnaffordableBackground(scenario_, static_cast<int>(i), capacity, budget);
    backgroundPaths.push_back({path, capacity});
  }

  obs_ = std::make_unique<ObsPlane>(sim_, *this, scenario_, routing_.opticalPaths());
  obs_->setVisualLog(&visual_);
  assemblers_.resize(topology_.nodes.size());
  for (std::size_t n = 0; n < scenario_.nodes.size(); ++n)
    if (scenario_.nodes[n].kind == NodeKind::Edge)
      assemblers_[n] = std::make_unique<BurstAssembler>(sim_, *obs_, scenario_.nodes[n].assembly);
  for (std::size_t i = 0; i < scenario_.background.size(); ++i) {
    const BackgroundSpec& b = scenario_.background[i];
    BackgroundBurstSink* sink = obs_.get();
    if (b.enterAssembly) {
      assemblyFeeds_.push_back(std::make_unique<AssemblyFeed>(*assemblers_[b.src]));
      sink = assemblyFeeds_.back().get();
    }
    background_.push_back(std::make_unique<BackgroundSource>(sim_, *sink, b, backgroundPaths[i].first,
                                                             backgroundPaths[i].second, scenario_.seed,
                                                             "background:" + std::to_string(i)));
  }

  flows_.resize(pending.size());
  const std::vector<std::vector<double>> starts = replicaStarts(scenario_);
  for (std::size_t i = 0; i < pending.size(); ++i) {
    const Pending& p = pending[i];
    FlowInstance& fi = flows_[i];
    fi.id = replicaId(*p.spec, p.copy);
    fi.spec = static_cast<int>(p.spec - scenario_.flows.data());
    fi.start = starts[fi.spec][p.copy];
    fi.appKind = p.spec->app.kind;
    int index = static_cast<int>(i);
    fi.sender = std::make_unique<TcpSender>(sim_, *this, index, p.data, p.spec->tcp, p.spec->app, fi.start,
                                            SegmentDrops(scenario_.drops, fi.spec));
    fi.sender->setVisualLog(&visual_);
    fi.receiver = std::make_unique<TcpReceiver>(sim_, *this, index, p.acks, p.spec->tcp);
    flowIds_.push_back(fi.id);
  }
  sim_.scheduleAt(0, this, kSampleEvent);
  scheduleLiveChanges();
}

Simulation::~Simulation() = default;

void Simulation::receivePacket(int node, Packet&& packet) {
  const Route& route = *packet.route;
  if (packet.hop == route.hops.size()) {  // at its destination host
    ++packetsDelivered_;
    FlowInstance& f = flows_[packet.flow];
    if (packet.isAck) {
      f.sender->onAck(packet.seq, packet.sack);
    } else {
      f.receiver->onSegment(packet.seq, packet.sackPermitted);
    }
    return;
  }
  int path = route.opticalPathAt[packet.hop];
  if (path >= 0) {  // an ingress edge: into the burst queue of that optical path
    int length = static_cast<int>(routing_.opticalPaths()[path].hops.size());
    assemblers_[node]->add(path, length, std::move(packet));
    return;
  }
  const Hop& hop = route.hops[packet.hop];
  ++packet.hop;
  channel(hop).send(std::move(packet));  // a full queue drops it; the channel counts it
}

void Simulation::handleEvent(std::uint32_t, std::uint64_t) { takeSample(); }

void Simulation::takeSample() {
  double t = toSeconds(sim_.now());
  double interval = scenario_.sampleInterval;
  for (std::size_t i = 0; i < flows_.size(); ++i) {
    FlowInstance& f = flows_[i];
    const TcpSender& s = *f.sender;
    std::uint64_t delivered = f.receiver->deliveredBytes();
    samples_.t.push_back(t);
    samples_.flow.push_back(static_cast<std::int32_t>(i));
    samples_.cwnd.push_back(s.cwnd());
    samples_.ssthresh.push_back(s.ssthresh());
    samples_.srtt.push_back(toSeconds(s.rtt().srtt()));
    samples_.rtt.push_back(toSeconds(s.rtt().lastSample()));
    samples_.goodput.push_back(
        samplesTaken_ == 0 ? 0.0 : static_cast<double>(delivered - f.deliveredAtLastSample) * 8 / interval);
    samples_.delivered.push_back(static_cast<double>(delivered));
    samples_.state.push_back(static_cast<std::uint8_t>(s.phase()));
    f.deliveredAtLastSample = delivered;
    f.cwndSampleSum += s.cwnd();
    ++f.cwndSamples;
  }
  ++samplesTaken_;
  // Sample k falls at round(k * interval): no drift over long runs.
  SimTime next = fromSeconds(static_cast<double>(samplesTaken_) * interval);
  if (next <= end_) sim_.scheduleAt(next, this, kSampleEvent);
}

std::uint64_t Simulation::runGuarded(std::uint64_t maxEvents, SimTime limit) {
  std::uint64_t ran = 0;
  while (!stopped()) {
    // A scheduled live change at c lands after every event with time <= c and before any
    // later one (docs/live-changes.md): events run up to c first, then the change.
    const SimTime changeAt = nextScheduledChange();  // kNever when none is left
    const SimTime upTo = std::min(limit, changeAt);
    if (ran < maxEvents) {
      const std::uint64_t chunk = std::min(maxEvents - ran, guard_.eventsUntilCheck(sim_.eventsExecuted()));
      const std::uint64_t r = sim_.runEvents(chunk, upTo);
      ran += r;
      const std::uint64_t executed = sim_.eventsExecuted();
      if (guard_.due(executed)) {
        // The memory estimate walks the queues: every fourth look is enough (a run cannot
        // grow by more than a few tens of MB in 2^18 events).
        const bool lookAtMemory = executed % (4 * RunGuard::kCheckEvery) == 0;
        const StopCause cause = guard_.check(executed, sim_.now(), lookAtMemory ? memoryEstimate() : 0);
        if (cause != StopCause::None) stop(cause);
      }
      if (r == chunk) continue;  // there may be more events up to upTo
    }
    // No event is left up to upTo, or the event budget is spent: a change due by the limit
    // whose events have all run lands now; otherwise this advance is over.
    if (stopped() || changeAt > limit || sim_.nextEventTime() <= changeAt) break;
    applyScheduledChanges(changeAt);
  }
  return ran;
}

void Simulation::advanceTo(double seconds) {
  SimTime limit = seconds >= scenario_.duration ? end_ : fromSeconds(seconds);
  // >=: events due exactly at the current time (t = 0 after load) run too.
  if (limit < sim_.now()) return;
  runGuarded(UINT64_MAX, limit);
  if (!stopped()) sim_.runUntil(limit);  // no event is left up to limit: moves the clock
}

void Simulation::advanceEvents(std::uint64_t count) { runGuarded(count, end_); }

void Simulation::advanceToBounded(double seconds, std::uint64_t maxEvents) {
  SimTime limit = seconds >= scenario_.duration ? end_ : fromSeconds(seconds);
  runGuarded(maxEvents, limit);
  if (!stopped() && sim_.nextEventTime() > limit && limit > sim_.now()) sim_.runUntil(limit);
}

std::size_t Simulation::queuedPackets() const {
  std::size_t queued = 0;
  for (const auto& ch : channels_)
    if (ch) queued += ch->held();
  for (const auto& a : assemblers_)
    if (a) queued += a->held();
  return queued;
}

std::size_t Simulation::heldPackets() const { return queuedPackets() + obs_->packetsInFlight(); }

std::uint64_t Simulation::memoryEstimate() const {
  // The build's estimate, then what grows while running, by what is allocated: the event
  // queue, the burst pool with the packets bursts carry, packets queued on packet lines
  // and in assembly, and samples not yet drained.
  // (Packets inside bursts are in the pool's bytes.)
  return buildBytes_ + sim_.queueMemoryBytes() + obs_->poolMemoryBytes() + queuedPackets() * sizeof(Packet) +
         samples_.t.size() * kSampleRowBytes;
}

void Simulation::stop(StopCause cause) {
  const std::uint64_t executed = sim_.eventsExecuted();
  const SimTime now = sim_.now();
  const double nowSeconds = toSeconds(now);
  const std::uint64_t memory = memoryEstimate();
  const std::uint64_t held = heldPackets(), pending = sim_.pending();
  const RunBudget& budget = guard_.budget();
  std::string at = "stopped at t = " + formatNumber(nowSeconds) + " s of " + formatNumber(scenario_.duration) + " s";
  std::string why;
  switch (cause) {
    case StopCause::Stall:
      why = ": " + std::to_string(guard_.stallEvents(executed)) + " events ran within 1 µs of simulated time " +
            "from t = " + formatNumber(toSeconds(guard_.stallStart())) +
            " s (over 4e+12 events per simulated second: the clock has all but stopped)";
      break;
    case StopCause::EventBudget:
      why = ": the run reached its event budget of " + formatNumber(static_cast<double>(budget.maxEvents)) +
            " events (raise it with obs-sim --max-events)";
      break;
    case StopCause::EventPace: {
      const double projected = guard_.projectedEvents(executed, now);
      why = " after " + formatNumber(static_cast<double>(executed)) + " events: at this pace the run needs about " +
            formatNumber(projected) + " events to reach its end, more than the event budget of " +
            formatNumber(static_cast<double>(budget.maxEvents)) +
            " (shorten the run, or raise the budget with obs-sim --max-events)";
      break;
    }
    case StopCause::Memory:
      why = ": the model holds about " + formatBytes(static_cast<double>(memory)) +
            " (pending events: " + std::to_string(pending) +
            ", packets held in queues and bursts: " + std::to_string(held) + "), more than the memory budget of " +
            formatBytes(static_cast<double>(budget.maxMemoryBytes)) + " (obs-sim --max-memory)";
      break;
    case StopCause::None: return;
  }
  const std::string busiest = busiestParts();
  stopReason_ = oneLine(at + why + (busiest.empty() ? "" : "; busiest: " + busiest));
}

std::string Simulation::busiestParts() {
  // The next events show what the run is busy with. Counting them means running them,
  // but deterministically, and only once, after the decision to stop.
  std::map<std::pair<const EventHandler*, std::uint32_t>, std::uint64_t> counts;
  std::uint64_t total = 0;
  for (; total < kDiagnosisEvents; ++total) {
    const Event next = sim_.peekNext();
    if (next.target == nullptr || next.time > end_) break;
    ++counts[{next.target, next.kind}];
    sim_.runEvents(1, end_);
  }
  if (total == 0) return "";
  // Merge kinds that read the same ("flow x's sender"), then the top three by count; ties
  // by description, so the text does not depend on pointer values.
  std::map<std::string, std::uint64_t> byName;
  for (const auto& [key, n] : counts) byName[describeTarget(key.first, key.second)] += n;
  std::vector<std::pair<std::uint64_t, std::string>> ranked;
  for (const auto& [name, n] : byName) ranked.emplace_back(n, name);
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string text;
  for (std::size_t i = 0; i < ranked.size() && i < 3; ++i) {
    if (i > 0 && ranked[i].first * 100 < total) break;  // under 1 %: not worth naming
    char share[16];
    std::snprintf(share, sizeof share, "%.0f %%",
                  100.0 * static_cast<double>(ranked[i].first) / static_cast<double>(total));
    text += (i ? ", " : "") + std::string(share) + " " + ranked[i].second;
  }
  return text;
}

std::string Simulation::describeTarget(const EventHandler* target, std::uint32_t kind) const {
  if (target == static_cast<const EventHandler*>(this)) return "the chart sampler";
  if (target == static_cast<const EventHandler*>(obs_.get())) return "the OBS core (control packets and bursts)";
  for (std::size_t i = 0; i < background_.size(); ++i)
    if (target == static_cast<const EventHandler*>(background_[i].get())) {
      const BackgroundSpec& b = scenario_.background[i];
      return "background[" + std::to_string(i) + "] (" + scenario_.nodes[b.src].id + " -> " +
             scenario_.nodes[b.dst].id + ")";
    }
  for (const FlowInstance& f : flows_) {
    if (target == static_cast<const EventHandler*>(f.sender.get()))
      return "flow " + f.id + "'s sender (" + TcpSender::eventName(kind) + ")";
    if (target == static_cast<const EventHandler*>(f.receiver.get())) return "flow " + f.id + "'s receiver";
  }
  for (std::size_t k = 0; k < channels_.size(); ++k)
    if (channels_[k] && target == static_cast<const EventHandler*>(channels_[k].get())) {
      const LinkSpec& l = topology_.links[k / 2];
      const bool ab = k % 2 == 0;
      const std::string what = k / 2 < scenario_.links.size() ? "links[" + std::to_string(k / 2) + "]" : "access link";
      return what + " (" + l.id + ", " + topology_.nodes[ab ? l.a : l.b].id + " -> " +
             topology_.nodes[ab ? l.b : l.a].id + ")";
    }
  for (std::size_t n = 0; n < assemblers_.size(); ++n)
    if (assemblers_[n] && target == static_cast<const EventHandler*>(assemblers_[n].get()))
      return "edge " + scenario_.nodes[n].id + "'s burst assembly";
  return "another part of the model";
}

std::uint64_t Simulation::burstsSent() const {
  std::uint64_t sent = 0;
  for (int c = 0; c < kBurstClasses; ++c) sent += obs_->counters(static_cast<BurstClass>(c)).sent;
  return sent;
}

bool Simulation::advanceToNextBurst(std::uint64_t maxEvents) {
  const std::uint64_t before = burstsSent();
  for (std::uint64_t i = 0; i < maxEvents && !finished() && !stopped(); ++i) {
    if (runGuarded(1, end_) == 0) {  // nothing left before the end
      if (!stopped()) sim_.runUntil(end_);
      break;
    }
    if (burstsSent() != before) return true;
  }
  return false;
}

Simulation::PacketLedger Simulation::packetLedger() const {
  PacketLedger l;
  for (const FlowInstance& f : flows_) l.sent += f.sender->counters().segmentsSent + f.receiver->acksSent();
  l.delivered = packetsDelivered_;
  for (const auto& ch : channels_)
    if (ch) l.linkDrops += ch->counters().queueDrops + ch->counters().randomDrops + ch->counters().listedDrops;
  for (BurstClass cls : {BurstClass::Data, BurstClass::Ack, BurstClass::Background}) {
    const BurstClassCounters& c = obs_->counters(cls);
    l.burstDrops += c.segmentsDropped + c.acksDropped;
  }
  l.held = heldPackets();
  return l;
}

nlohmann::ordered_json Simulation::linksSummary() const {
  using json = nlohmann::ordered_json;
  static const char* kClassNames[] = {"data", "ack", "background"};
  double elapsed = toSeconds(sim_.now());
  json links = json::array();
  for (std::size_t i = 0; i < scenario_.links.size(); ++i) {
    const LinkSpec& l = scenario_.links[i];
    json lj;
    lj["id"] = l.id;
    lj["kind"] = l.kind == LinkKind::Fiber ? "fiber" : "packet";
    for (int dir = 0; dir < 2; ++dir) {
      json d;
      if (l.kind == LinkKind::Fiber) {
        const FiberDirectionCounters& c = obs_->fiberCounters(static_cast<int>(i), dir);
        // Share of wavelength-time reserved, over the wavelengths the link has now.
        d["utilisation"] = elapsed > 0 ? toSeconds(c.busy) / (elapsed * obs_->wavelengths(static_cast<int>(i))) : 0.0;
        d["bursts"] = c.bursts;
        d["fdlDelayed"] = c.fdlDelayed;
        json dropped;
        for (int k = 0; k < kBurstClasses; ++k)
          dropped[kClassNames[k]] = {
              {"injected", c.dropped[k][0]}, {"contention", c.dropped[k][1]}, {"late", c.dropped[k][2]}};
        d["dropped"] = dropped;
      } else {
        const PacketChannelCounters& c = channels_[i * 2 + dir]->counters();
        d["utilisation"] = elapsed > 0 ? toSeconds(c.busy) / elapsed : 0.0;
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

SampleColumns Simulation::drainSamples() {
  SampleColumns out;
  std::swap(out, samples_);
  return out;
}

nlohmann::ordered_json Simulation::summary() const {
  using json = nlohmann::ordered_json;
  double simTime = toSeconds(sim_.now());
  json out;
  out["scenario"] = scenario_.name;
  out["seed"] = scenario_.seed;
  out["simTime"] = simTime;
  out["events"] = sim_.eventsExecuted();
  if (stopped()) out["stopped"] = stopReason_;  // the run guard ended the run early

  json flows = json::array();
  double aggregateGoodput = 0, aggregateDelivered = 0;
  for (const FlowInstance& f : flows_) {
    const TcpSenderCounters& c = f.sender->counters();
    double delivered = static_cast<double>(f.receiver->deliveredBytes());
    double active = simTime - f.start;
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
    fj["meanCwnd"] = f.cwndSamples ? f.cwndSampleSum / static_cast<double>(f.cwndSamples) : 0.0;
    fj["finalCwnd"] = f.sender->cwnd();
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
  auto classJson = [](const BurstClassCounters& c) {
    json j;
    j["sent"] = c.sent;
    j["dropped"] = c.droppedTotal();
    j["droppedInjected"] = c.dropped[0];
    j["droppedContention"] = c.dropped[1];
    j["droppedLate"] = c.dropped[2];
    j["fdlDelayed"] = c.fdlDelayed;
    j["meanBytes"] = c.sent ? static_cast<double>(c.lengthBytes) / c.sent : 0.0;
    j["meanSegments"] = c.sent ? static_cast<double>(c.packets) / c.sent : 0.0;
    return j;
  };
  // `bursts` counts every burst; data, ack and background split it.
  BurstClassCounters all;
  for (int k = 0; k < kBurstClasses; ++k) {
    const BurstClassCounters& c = obs_->counters(static_cast<BurstClass>(k));
    all.sent += c.sent;
    for (int r = 0; r < kDropReasons; ++r) all.dropped[r] += c.dropped[r];
    all.fdlDelayed += c.fdlDelayed;
    all.lengthBytes += c.lengthBytes;
    all.packets += c.packets;
  }
  json bursts = classJson(all);
  bursts["inFlight"] = obs_->burstsInFlight();
  for (int k = 0; k < kBurstClasses; ++k) bursts[classNames[k]] = classJson(obs_->counters(static_cast<BurstClass>(k)));
  out["bursts"] = bursts;

  const BurstHistograms& h = obs_->histograms();
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
  for (const auto& ch : channels_)
    if (ch) {
      queueDrops += ch->counters().queueDrops;
      randomDrops += ch->counters().randomDrops;
      retries += ch->counters().retries;
      listedDrops += ch->counters().listedDrops;
    }
  out["packets"] = {{"queueDrops", queueDrops}, {"randomDrops", randomDrops}, {"retries", retries}};
  // Only with `drops` rules: a run without them keeps the summary it always had.
  if (!scenario_.drops.empty()) out["packets"]["listedDrops"] = listedDrops;
  out["links"] = linksSummary();

  char fingerprint[17];
  static const char* hex = "0123456789abcdef";
  std::uint64_t fp = sim_.fingerprint();
  for (int i = 15; i >= 0; --i, fp >>= 4) fingerprint[i] = hex[fp & 0xf];
  fingerprint[16] = 0;
  out["fingerprint"] = fingerprint;
  // Only when the run had any: a run without changes keeps the summary it always had.
  if (!applied_.empty()) {
    json changes = json::array();
    for (const LiveChangeSpec& c : applied_) changes.push_back({{"at", c.at}, {"path", c.path}, {"value", c.value}});
    out["liveChanges"] = changes;
  }
  return out;
}

}  // namespace obs
