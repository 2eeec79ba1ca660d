#include "simulation.h"

#include "scenario/scenario_parser.h"

namespace obs {

namespace {
constexpr std::uint32_t kSampleEvent = 0;
}

std::unique_ptr<Simulation> Simulation::fromJson(const std::string& scenarioJson) {
  return std::make_unique<Simulation>(parseScenario(scenarioJson));
}

Simulation::Simulation(const Scenario& scenario)
    : scenario_(scenario),
      end_(fromSeconds(scenario.duration)),
      sampleInterval_(fromSeconds(scenario.sampleInterval)),
      routing_(scenario_.nodes, scenario_.links),
      channels_(scenario_.links.size() * 2) {
  for (std::size_t i = 0; i < scenario_.links.size(); ++i) {
    const LinkSpec& l = scenario_.links[i];
    if (l.kind != LinkKind::Packet) continue;
    channels_[i * 2] = std::make_unique<PacketChannel>(sim_, *this, l.b, l.rate,
                                                       fromSeconds(l.delay), l.queue);
    channels_[i * 2 + 1] = std::make_unique<PacketChannel>(sim_, *this, l.a, l.rate,
                                                           fromSeconds(l.delay), l.queue);
  }

  // Routes first: the OBS plane needs every optical path a flow can use.
  struct Pending { const FlowSpec* spec; int copy; const Route* data; const Route* acks; };
  std::vector<Pending> pending;
  for (std::size_t f = 0; f < scenario_.flows.size(); ++f) {
    const FlowSpec& spec = scenario_.flows[f];
    const Route* data = routing_.route(spec.src, spec.dst);
    const Route* acks = routing_.route(spec.dst, spec.src);
    if (!data || !acks) {
      int from = data ? spec.dst : spec.src, to = data ? spec.src : spec.dst;
      throw ScenarioError("flows[" + std::to_string(f) + "]: no path of links leads from \"" +
                          scenario_.nodes[from].id + "\" to \"" + scenario_.nodes[to].id + "\"");
    }
    for (int c = 0; c < spec.count; ++c) pending.push_back({&spec, c, data, acks});
  }
  obs_ = std::make_unique<ObsPlane>(sim_, *this, scenario_, routing_.opticalPaths());
  assemblers_.resize(scenario_.nodes.size());
  for (std::size_t n = 0; n < scenario_.nodes.size(); ++n)
    if (scenario_.nodes[n].kind == NodeKind::Edge)
      assemblers_[n] = std::make_unique<BurstAssembler>(sim_, *obs_, scenario_.obs.assembly);

  flows_.resize(pending.size());
  for (std::size_t i = 0; i < pending.size(); ++i) {
    const Pending& p = pending[i];
    FlowInstance& fi = flows_[i];
    fi.id = p.spec->count == 1 ? p.spec->id : p.spec->id + "#" + std::to_string(p.copy);
    fi.start = p.spec->start;
    int index = static_cast<int>(i);
    fi.sender = std::make_unique<TcpSender>(sim_, *this, index, p.data, p.spec->tcp, p.spec->start);
    fi.receiver = std::make_unique<TcpReceiver>(*this, index, p.acks, p.spec->tcp);
    flowIds_.push_back(fi.id);
  }
  sim_.scheduleAt(0, this, kSampleEvent);
}

Simulation::~Simulation() = default;

void Simulation::receivePacket(int node, Packet&& packet) {
  const Route& route = *packet.route;
  if (packet.hop == route.hops.size()) {  // at its destination host
    ++packetsDelivered_;
    FlowInstance& f = flows_[packet.flow];
    if (packet.isAck) {
      f.sender->onAck(packet.seq);
    } else {
      f.receiver->onSegment(packet.seq);
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
    f.deliveredAtLastSample = delivered;
    f.cwndSampleSum += s.cwnd();
    ++f.cwndSamples;
  }
  ++samplesTaken_;
  // Sample k falls at round(k * interval): no drift over long runs.
  SimTime next = fromSeconds(static_cast<double>(samplesTaken_) * interval);
  if (next <= end_) sim_.scheduleAt(next, this, kSampleEvent);
}

void Simulation::advanceTo(double seconds) {
  SimTime limit = seconds >= scenario_.duration ? end_ : fromSeconds(seconds);
  // >=: events due exactly at the current time (t = 0 after load) run too.
  if (limit >= sim_.now()) sim_.runUntil(limit);
}

void Simulation::advanceEvents(std::uint64_t count) { sim_.runEvents(count, end_); }

void Simulation::advanceToBounded(double seconds, std::uint64_t maxEvents) {
  SimTime limit = seconds >= scenario_.duration ? end_ : fromSeconds(seconds);
  sim_.runEvents(maxEvents, limit);
  if (sim_.nextEventTime() > limit && limit > sim_.now()) sim_.runUntil(limit);
}

std::string Simulation::setLive(const std::string& path, double value) {
  if (path == "obs.burstLoss.data" || path == "obs.burstLoss.ack") {
    if (!(value >= 0 && value <= 1)) return path + " must be a probability between 0 and 1";
    BurstClass cls = path == "obs.burstLoss.data" ? BurstClass::Data : BurstClass::Ack;
    obs_->setBurstLoss(cls, value);
    (cls == BurstClass::Data ? scenario_.obs.burstLoss.data : scenario_.obs.burstLoss.ack) = value;
    return "";
  }
  return path + " cannot be changed while running (live: obs.burstLoss.data, obs.burstLoss.ack)";
}

Simulation::PacketLedger Simulation::packetLedger() const {
  PacketLedger l;
  for (const FlowInstance& f : flows_)
    l.sent += f.sender->counters().segmentsSent + f.receiver->segmentsReceived();
  l.delivered = packetsDelivered_;
  for (const auto& ch : channels_)
    if (ch) {
      l.queueDrops += ch->counters().queueDrops;
      l.held += ch->held();
    }
  for (BurstClass cls : {BurstClass::Data, BurstClass::Ack}) {
    const BurstClassCounters& c = obs_->counters(cls);
    l.burstDrops += c.segmentsDropped + c.acksDropped;
  }
  for (const auto& a : assemblers_)
    if (a) l.held += a->held();
  l.held += obs_->packetsInFlight();
  return l;
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
    flows.push_back(fj);
  }
  out["flows"] = flows;
  out["aggregate"] = {{"goodput", aggregateGoodput}, {"delivered", aggregateDelivered}};

  const BurstClassCounters& d = obs_->counters(BurstClass::Data);
  const BurstClassCounters& a = obs_->counters(BurstClass::Ack);
  auto classJson = [](const BurstClassCounters& c) {
    json j;
    j["sent"] = c.sent;
    j["dropped"] = c.droppedTotal();
    j["droppedInjected"] = c.dropped[0];
    j["droppedContention"] = c.dropped[1];
    j["droppedLate"] = c.dropped[2];
    j["meanBytes"] = c.sent ? static_cast<double>(c.lengthBytes) / c.sent : 0.0;
    j["meanSegments"] = c.sent ? static_cast<double>(c.packets) / c.sent : 0.0;
    return j;
  };
  std::uint64_t sent = d.sent + a.sent;
  json bursts;
  bursts["sent"] = sent;
  bursts["dropped"] = d.droppedTotal() + a.droppedTotal();
  bursts["droppedInjected"] = d.dropped[0] + a.dropped[0];
  bursts["droppedContention"] = d.dropped[1] + a.dropped[1];
  bursts["droppedLate"] = d.dropped[2] + a.dropped[2];
  bursts["meanBytes"] = sent ? static_cast<double>(d.lengthBytes + a.lengthBytes) / sent : 0.0;
  bursts["meanSegments"] = sent ? static_cast<double>(d.packets + a.packets) / sent : 0.0;
  bursts["inFlight"] = obs_->burstsInFlight();
  bursts["data"] = classJson(d);
  bursts["ack"] = classJson(a);
  out["bursts"] = bursts;

  std::uint64_t queueDrops = 0;
  for (const auto& ch : channels_)
    if (ch) queueDrops += ch->counters().queueDrops;
  out["packets"] = {{"queueDrops", queueDrops}, {"randomDrops", 0}};

  char fingerprint[17];
  static const char* hex = "0123456789abcdef";
  std::uint64_t fp = sim_.fingerprint();
  for (int i = 15; i >= 0; --i, fp >>= 4) fingerprint[i] = hex[fp & 0xf];
  fingerprint[16] = 0;
  out["fingerprint"] = fingerprint;
  return out;
}

}  // namespace obs
