#include "obs/obs_plane.h"

#include <algorithm>
#include <utility>

namespace obs {

int BurstHistograms::bin(std::uint64_t value) {
  int b = 0;
  while (value > 1 && b < kBins - 1) {
    value >>= 1;
    ++b;
  }
  return b;
}

ObsPlane::ObsPlane(EventLoop& sim, PacketReceiver& receiver, const Scenario& scenario,
                   const std::vector<OpticalPath>& paths)
    : sim_(sim),
      receiver_(receiver),
      scenario_(scenario),
      paths_(paths),
      directions_(scenario.links.size() * 2),
      cores_(scenario.nodes.size()),
      controlProcessing_(fromSeconds(scenario.obs.controlProcessing)),
      lossRng_(scenario.seed, "obs.burstLoss"),
      drops_(scenario) {
  burstLoss_[static_cast<int>(BurstClass::Data)] = scenario.obs.burstLoss.data;
  burstLoss_[static_cast<int>(BurstClass::Ack)] = scenario.obs.burstLoss.ack;
  for (std::size_t n = 0; n < scenario.nodes.size(); ++n) {
    const NodeSpec& node = scenario.nodes[n];
    if (node.kind != NodeKind::Core) continue;
    cores_[n] = CoreNode{fromSeconds(node.setupTime), node.fdlCount, fromSeconds(node.fdlUnit), node.conversion,
                         node.conversionRange};
  }
  choiceStreams_.resize(scenario.nodes.size());
  if (scenario.obs.wavelengthChoice == WavelengthChoice::Random)
    for (std::size_t n = 0; n < scenario.nodes.size(); ++n)
      if (scenario.nodes[n].kind == NodeKind::Edge)
        choiceStreams_[n] =
            std::make_unique<RandomStream>(scenario.seed, "obs.wavelengthChoice:" + scenario.nodes[n].id);
  for (std::size_t i = 0; i < scenario.links.size(); ++i) {
    const LinkSpec& l = scenario.links[i];
    if (l.kind != LinkKind::Fiber) continue;
    for (int dir = 0; dir < 2; ++dir) {
      Direction& d = directions_[i * 2 + dir];
      d.schedule = std::make_unique<WavelengthSchedule>(l.wavelengths);
      d.delay = fromSeconds(l.delay);
      d.control.rate = l.rate;  // the control channel runs at the data channels' rate
      d.control.delay = d.delay;
      d.burstLoss = {l.burstLoss.data, l.burstLoss.ack};
      d.lossRng =
          std::make_unique<RandomStream>(scenario.seed, "link:" + l.id + (dir == 0 ? ":ab" : ":ba") + ":burstLoss");
    }
  }
  // Offsets. auto = (core hops) x controlProcessing + the BHP's own transmission time on
  // each hop up to the last core (the BHP is stored and forwarded, the burst cuts
  // through) + the largest switch set-up time on the path.
  for (const OpticalPath& p : paths_) {
    int cores = 0, first = -1, last = -1;
    bool continuity = false;
    SimTime bhpTransmission = 0, maxSetup = 0;
    for (std::size_t h = 0; h < p.hops.size(); ++h) {
      int to = p.hops[h].to;
      if (scenario.nodes[to].kind != NodeKind::Core) continue;
      ++cores;
      continuity = continuity || cores_[to].conversion != ConversionKind::Full;
      if (first < 0) first = static_cast<int>(h);
      last = static_cast<int>(h);
      maxSetup = std::max(maxSetup, cores_[to].setupTime);
    }
    for (int h = 0; h <= last; ++h)
      bhpTransmission += transmissionTime(kControlPacketBytes, scenario.links[p.hops[h].link].rate);
    SimTime autoOffset = cores * controlProcessing_ + bhpTransmission + maxSetup;
    offsets_.push_back(scenario.obs.offset ? fromSeconds(*scenario.obs.offset) : autoOffset);
    // Propagation from the ingress edge to the far end of each hop: delays never change
    // during a run, and summing them per event would visit every hop's link.
    pathDelayAt_.push_back(delayThrough_.size());
    SimTime through = 0;
    for (const Hop& hop : p.hops) delayThrough_.push_back(through += direction(hop).delay);
    firstCoreHop_.push_back(first);
    lastCoreHop_.push_back(last);
    continuity_.push_back(continuity);
  }
  pathCounters_.resize(paths_.size());
}

std::uint32_t ObsPlane::allocate() {
  ++live_;
  if (!freeSlots_.empty()) {
    std::uint32_t slot = freeSlots_.back();
    freeSlots_.pop_back();
    return slot;
  }
  pool_.emplace_back();
  return static_cast<std::uint32_t>(pool_.size() - 1);
}

void ObsPlane::release(std::uint32_t slot) {
  --live_;
  pool_[slot].packets.clear();
  freeSlots_.push_back(slot);
}

std::size_t ObsPlane::packetsInFlight() const {
  std::size_t n = 0;
  for (const Burst& b : pool_) n += b.packets.size();  // released slots hold none
  return n;
}

std::size_t ObsPlane::poolMemoryBytes() const {
  std::size_t bytes = pool_.capacity() * sizeof(Burst) + freeSlots_.capacity() * sizeof(std::uint32_t);
  for (const Burst& b : pool_) bytes += b.packets.capacity() * sizeof(Packet);
  return bytes;
}

int ObsPlane::wavelengths(int link) const {
  const Direction& d = directions_[link * 2];
  return d.schedule ? d.schedule->wavelengths() : 0;
}

void ObsPlane::setLinkBurstLoss(int link, BurstClass cls, double probability) {
  for (int dir = 0; dir < 2; ++dir) directions_[link * 2 + dir].burstLoss[static_cast<int>(cls)] = probability;
}

void ObsPlane::setWavelengths(int link, int wavelengths) {
  for (int dir = 0; dir < 2; ++dir) directions_[link * 2 + dir].schedule->setWavelengths(wavelengths);
}

SimTime ObsPlane::arrivalAt(const Burst& b, int hopIndex) const {
  return b.start + b.fdlDelay + delayThrough_[pathDelayAt_[b.path] + hopIndex];
}

void ObsPlane::burstAssembled(int pathId, std::vector<Packet>&& packets, std::uint32_t payloadBytes,
                              std::uint32_t lengthBytes) {
  std::uint32_t slot = allocate();
  Burst& b = pool_[slot];
  b.packets = std::move(packets);
  b.payloadBytes = payloadBytes;
  b.dataSegments = 0;
  b.acks = 0;
  for (const Packet& p : b.packets) (p.isAck ? b.acks : b.dataSegments) += 1;
  // Background batches assembled at the edge (BackgroundSpec::enterAssembly) ride in data
  // and ACK bursts alike; a burst of them alone is a background burst.
  b.cls = b.dataSegments > 0 ? BurstClass::Data : b.acks > 0 ? BurstClass::Ack : BurstClass::Background;
  b.path = pathId;
  b.lengthBytes = lengthBytes;
  ++histograms_.segments[BurstHistograms::bin(b.packets.size())];
  launch(slot);
}

void ObsPlane::backgroundBurst(int pathId, std::uint32_t lengthBytes) {
  std::uint32_t slot = allocate();
  Burst& b = pool_[slot];
  b.packets.clear();
  b.payloadBytes = lengthBytes;
  b.lengthBytes = lengthBytes;
  b.dataSegments = 0;
  b.acks = 0;
  b.cls = BurstClass::Background;
  b.path = pathId;
  launch(slot);
}

void ObsPlane::launch(std::uint32_t slot) {
  Burst& b = pool_[slot];
  const OpticalPath& path = paths_[b.path];
  b.id = nextBurstId_++;
  b.formedAt = sim_.now();
  b.fdlDelay = 0;
  // Deterministic losses count the edge's data and ACK bursts as they leave it; the loss
  // itself happens where obs.burstLoss acts (the first core), and is counted as injected.
  b.listedDrop = b.cls != BurstClass::Background && drops_.dropNext(path.ingress, static_cast<int>(b.cls), sim_.now());
  const Hop& first = path.hops.front();
  b.duration = transmissionTime(b.lengthBytes, scenario_.links[first.link].rate);

  BurstClassCounters& c = counters_[static_cast<int>(b.cls)];
  ++c.sent;
  ++pathCounters_[b.path].sent;
  c.lengthBytes += b.lengthBytes;
  c.packets += b.packets.size();
  c.dataSegments += b.dataSegments;
  ++histograms_.bytes[BurstHistograms::bin(b.lengthBytes)];
  if (log_ && log_->enabled()) {
    VisualEvent e = burstEvent(VisualEventKind::BurstFormed, b, sim_.now(), sim_.now());
    e.node = path.ingress;
    e.link = b.path;
    e.value = toSeconds(offsets_[b.path]);
    describeFlows(b, e);
    log_->record(e);
  }

  // The ingress edge buffers electronically: its BHP leaves as soon as the control channel
  // is free, and the burst on the first wavelength free at least one offset after that
  // (if the wavelengths are busier, the BHP waits too, so it always leads by exactly the
  // offset and a burst never overtakes its own BHP at the first core).
  Direction& out = direction(first);
  out.schedule->forgetBefore(sim_.now());
  SimTime bhpReady = std::max(sim_.now(), out.control.freeAt);
  auto [lane, start] = out.schedule->earliestStart(bhpReady + offsets_[b.path], b.duration);
  out.schedule->reserveOn(lane, start, start + b.duration);
  b.lane = lane;
  ++out.counters.bursts;
  out.counters.busy += b.duration;
  b.start = start;
  logOnLink(b, first, lane, start);

  if (linkLossDrops(b, first)) {
    drop(slot, DropReason::Injected, path.ingress, first);
    return;
  }
  if (firstCoreHop_[b.path] < 0) {
    // No core node on the path: the end-to-end injected loss has no core to act at, so it
    // acts on the first link, decided now.
    // The draw comes first and always: a listed loss leaves the random ones unchanged.
    if (b.cls != BurstClass::Background && (lossRng_.bernoulli(burstLoss_[static_cast<int>(b.cls)]) || b.listedDrop)) {
      drop(slot, DropReason::Injected, path.ingress, first);
      return;
    }
    scheduleEgressArrival(slot);
    return;
  }
  sendBhp(slot, 0, start - offsets_[b.path]);
}

VisualEvent ObsPlane::burstEvent(VisualEventKind kind, const Burst& b, SimTime t0, SimTime t1) {
  VisualEvent e{kind};
  e.t0 = t0;
  e.t1 = t1;
  e.id = static_cast<std::int32_t>(b.id);
  e.cls = static_cast<std::uint8_t>(b.cls);
  e.bytes = b.lengthBytes;
  e.segments = static_cast<std::uint32_t>(b.packets.size());
  return e;
}

void ObsPlane::describeFlows(const Burst& b, VisualEvent& e) {
  // Which flows ride in the burst, for the event log ("61 segments of tcp1", or "48
  // segments of 40 flows"): the number of distinct flows, and the one with the most
  // packets (the lowest index on a tie). Only when the log is on, so sorting is fine.
  std::vector<std::int32_t> flows;
  flows.reserve(b.packets.size());
  for (const Packet& p : b.packets) flows.push_back(p.flow);
  std::sort(flows.begin(), flows.end());
  std::int32_t distinct = 0, best = -1;
  std::size_t bestCount = 0;
  for (std::size_t i = 0; i < flows.size();) {
    std::size_t j = i;
    while (j < flows.size() && flows[j] == flows[i]) ++j;
    ++distinct;
    if (j - i > bestCount) {
      bestCount = j - i;
      best = flows[i];
    }
    i = j;
  }
  e.lane = best;
  e.dir = distinct;
}

void ObsPlane::logOnLink(const Burst& b, const Hop& hop, int lane, SimTime firstBit, SimTime fdlDelay) {
  if (!log_ || !log_->enabled()) return;
  VisualEvent e = burstEvent(VisualEventKind::BurstOnLink, b, firstBit, firstBit + b.duration);
  e.link = hop.link;
  e.dir = hop.dir;
  e.lane = lane;
  e.value = toSeconds(fdlDelay);  // the FDL delay taken at this hop's core, for the channel view
  log_->record(e);
}

bool ObsPlane::linkLossDrops(Burst& b, const Hop& hop) {
  Direction& d = direction(hop);
  if (b.cls == BurstClass::Background) return false;  // per-link loss is per TCP class
  // Always draw (common random numbers when the probability changes).
  return d.lossRng->bernoulli(d.burstLoss[static_cast<int>(b.cls)]);
}

void ObsPlane::sendBhp(std::uint32_t slot, int hopIndex, SimTime when) {
  Burst& b = pool_[slot];
  const Hop& hop = paths_[b.path].hops[hopIndex];
  ControlChannel& ch = direction(hop).control;
  SimTime depart = std::max(when, ch.freeAt);
  SimTime transmitted = depart + transmissionTime(kControlPacketBytes, ch.rate);
  ch.freeAt = transmitted;
  b.bhpHop = hopIndex;
  if (log_ && log_->enabled()) {
    VisualEvent e = burstEvent(VisualEventKind::ControlPacket, b, depart, transmitted + ch.delay);
    e.link = hop.link;
    e.dir = hop.dir;
    log_->record(e);
  }
  // One event per hop: the BHP's arrival at the next core and the end of its processing
  // there are a fixed controlProcessing apart, and nothing happens to it in between.
  if (ch.arrivals == ControlChannel::kNoStream) ch.arrivals = sim_.addStream(this, kBhpProcessed);
  sim_.scheduleInStream(ch.arrivals, transmitted + ch.delay + controlProcessing_, slot);
}

void ObsPlane::handleEvent(std::uint32_t kind, std::uint64_t arg) {
  std::uint32_t slot = static_cast<std::uint32_t>(arg);
  switch (kind) {
    case kBhpProcessed: onBhpProcessed(slot); break;
    case kBurstAtEgress: {
      Burst& b = pool_[slot];
      ++counters_[static_cast<int>(b.cls)].delivered;
      ++pathCounters_[b.path].delivered;
      int egress = paths_[b.path].egress;
      if (log_ && log_->enabled()) {
        VisualEvent e = burstEvent(VisualEventKind::BurstDelivered, b, sim_.now(), sim_.now());
        e.node = egress;
        log_->record(e);
      }
      std::vector<Packet> packets;
      packets.swap(b.packets);
      release(slot);
      for (Packet& p : packets) receiver_.receivePacket(egress, std::move(p));
      break;
    }
  }
}

ObsPlane::LaneRule ObsPlane::laneRule(const Burst& b, int here, const Hop& out) const {
  LaneRule rule;
  // The drop port to the egress edge takes any wavelength (its receivers terminate it),
  // and a path whose cores all convert never restricts.
  if (!continuity_[b.path] || scenario_.nodes[out.to].kind == NodeKind::Edge) return rule;
  if (here == firstCoreHop_[b.path]) {
    rule.choice =
        scenario_.obs.wavelengthChoice == WavelengthChoice::Random ? LaneChoice::Random : LaneChoice::FirstFit;
    return rule;
  }
  const CoreNode& core = cores_[out.from];
  if (core.conversion == ConversionKind::None) {
    rule.lo = rule.hi = b.lane;
  } else if (core.conversion == ConversionKind::Range) {
    rule.lo = std::max(0, b.lane - core.conversionRange);
    rule.hi = b.lane + core.conversionRange;
  }
  return rule;
}

bool ObsPlane::reserveOutgoing(Burst& b, int here, const Hop& out, SimTime arrival) {
  Direction& d = direction(out);
  d.schedule->forgetBefore(sim_.now());
  const CoreNode& core = cores_[out.from];
  const LaneRule rule = laneRule(b, here, out);
  const int hi = d.schedule->wavelengths() - 1;
  // A kept wavelength the outgoing fiber does not have: nothing is allowed.
  if (rule.lo > hi) return false;
  bool jet = scenario_.obs.reservation == Reservation::Jet;
  // Delay 0 first, then the FDLs in order: FDL i delays by i x unit. An FDL bank is taken
  // to hold any number of bursts at once (WDM delay lines).
  // JET holds the wavelength from the burst's (delayed) arrival; JIT from the moment the
  // BHP is processed, which for a burst sent through an FDL is `delay` later: the switch
  // needs the output only once the burst leaves the line (issue 20, finding 7).
  for (int i = 0; i <= core.fdlCount; ++i) {
    SimTime delay = i * core.fdlUnit;
    SimTime from = (jet ? arrival : sim_.now()) + delay;
    const SimTime end = arrival + delay + b.duration;
    int lane;
    switch (rule.choice) {
      case LaneChoice::FirstFit: lane = d.schedule->reserveFirstFit(from, end, scenario_.obs.scheduling, hi); break;
      case LaneChoice::Random:
        lane =
            d.schedule->reserveRandom(from, end, scenario_.obs.scheduling, hi, *choiceStreams_[paths_[b.path].ingress]);
        break;
      default: lane = d.schedule->reserve(from, end, scenario_.obs.scheduling, rule.lo, rule.hi); break;
    }
    if (lane < 0) continue;
    b.lane = lane;
    logOnLink(b, out, lane, arrival + delay, delay);
    if (delay > 0) {
      b.fdlDelay += delay;
      ++d.counters.fdlDelayed;
      ++counters_[static_cast<int>(b.cls)].fdlDelayed;
    }
    ++d.counters.bursts;
    d.counters.busy += b.duration;
    return true;
  }
  return false;
}

void ObsPlane::onBhpProcessed(std::uint32_t slot) {
  Burst& b = pool_[slot];
  const OpticalPath& path = paths_[b.path];
  int here = b.bhpHop;  // the BHP crossed hop `here` and is at its far end, a core node
  int node = path.hops[here].to;
  const Hop& next = path.hops[here + 1];
  if (here == firstCoreHop_[b.path] && b.cls != BurstClass::Background &&
      (lossRng_.bernoulli(burstLoss_[static_cast<int>(b.cls)]) || b.listedDrop)) {
    drop(slot, DropReason::Injected, node, next);
    return;
  }
  SimTime arrival = arrivalAt(b, here);
  if (sim_.now() + cores_[node].setupTime > arrival) {
    drop(slot, DropReason::Late, node, next);
    return;
  }
  if (!reserveOutgoing(b, here, next, arrival)) {
    drop(slot, DropReason::Contention, node, next);
    return;
  }
  if (linkLossDrops(b, next)) {
    drop(slot, DropReason::Injected, node, next);
    return;
  }
  if (here == lastCoreHop_[b.path]) {
    scheduleEgressArrival(slot);
  } else {
    sendBhp(slot, here + 1, sim_.now());
  }
}

void ObsPlane::scheduleEgressArrival(std::uint32_t slot) {
  Burst& b = pool_[slot];
  int lastHop = static_cast<int>(paths_[b.path].hops.size()) - 1;
  sim_.scheduleAt(arrivalAt(b, lastHop) + b.duration, this, kBurstAtEgress, slot);
}

void ObsPlane::drop(std::uint32_t slot, DropReason reason, int node, const Hop& chargedTo) {
  Burst& b = pool_[slot];
  if (log_ && log_->enabled()) {
    VisualEvent e = burstEvent(VisualEventKind::BurstDropped, b, sim_.now(), sim_.now());
    e.node = node;
    e.link = chargedTo.link;
    e.dir = chargedTo.dir;
    e.reason = static_cast<std::uint8_t>(reason);
    log_->record(e);
  }
  int cls = static_cast<int>(b.cls);
  BurstClassCounters& c = counters_[cls];
  ++c.dropped[static_cast<int>(reason)];
  ++pathCounters_[b.path].dropped[static_cast<int>(reason)];
  c.segmentsDropped += b.dataSegments;
  c.acksDropped += b.acks;
  ++direction(chargedTo).counters.dropped[cls][static_cast<int>(reason)];
  release(slot);
}

}  // namespace obs
