#include "obs/obs_plane.h"

#include <algorithm>
#include <functional>
#include <utility>

namespace obs {

// Bursts hold their packets in a std::vector, smaller in wasm32: charged at the 64-bit size.
OBS_CHARGED_SIZE(Burst, 104);
// A route deflection adds: its OpticalPath (64-bit size), and per hop the Hop and the
// propagation delay kept for it (addRoute); a deflection cache entry: a map node.
constexpr std::size_t kOpticalPathBytes = 40;
constexpr std::size_t kDeflectionCacheEntryBytes = 64;

int BurstHistograms::bin(std::uint64_t value) {
  // floor(log2(value)), 0 for 0 and 1, at most the last bin.
  if (value <= 1) return 0;
  return std::min(63 - __builtin_clzll(value), kBins - 1);
}

ObsPlane::ObsPlane(EventLoop& sim, PacketReceiver& receiver, const Scenario& scenario,
                   const std::vector<OpticalPath>& paths)
    : sim_(sim),
      receiver_(receiver),
      scenario_(scenario),
      paths_(paths),
      directions_(scenario.links.size() * 2),
      cores_(scenario.nodes.size()),
      deflection_(scenario.nodes, scenario.links),
      controlProcessing_(fromSeconds(scenario.obs.controlProcessing)),
      lossRng_(scenario.seed, "obs.burstLoss"),
      drops_(scenario) {
  burstLoss_[static_cast<int>(BurstClass::Data)] = scenario.obs.burstLoss.data;
  burstLoss_[static_cast<int>(BurstClass::Ack)] = scenario.obs.burstLoss.ack;
  for (std::size_t n = 0; n < scenario.nodes.size(); ++n) {
    const NodeSpec& node = scenario.nodes[n];
    if (node.kind != NodeKind::Core) continue;
    cores_[n] = CoreNode{fromSeconds(node.setupTime), node.fdlCount,   fromSeconds(node.fdlUnit), node.conversion,
                         node.conversionRange,        node.deflection, node.segmentation};
  }
  busyAhead_.setMeter(&sim.meter());
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
      // A core's outputs are scheduled by reserve() alone (the edge's, by earliestStart);
      // without void filling that reads horizons only.
      const int from = dir == 0 ? l.a : l.b;
      const bool horizonsOnly =
          scenario.nodes[from].kind == NodeKind::Core && scenario.obs.scheduling != SchedulingKind::LaucVf;
      d.schedule = std::make_unique<WavelengthSchedule>(l.wavelengths, horizonsOnly, &sim.meter(), sim.workCounter());
      d.laneTime = LaneTime(l.wavelengths);
      d.delay = fromSeconds(l.delay);
      d.control.rate = l.rate;  // the control channel runs at the data channels' rate
      d.control.bhpTime = transmissionTime(kControlPacketBytes, l.rate);
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
    const int route = addRoute(p);
    // The BHP at the ingress edge: the auto offset is what it needs ahead of the burst to
    // be processed in time at every core, less the processing at the edge itself (none).
    offsets_.push_back(scenario.obs.offset ? fromSeconds(*scenario.obs.offset) : slackNeeded(route, -1));
  }
  pathCounters_.resize(paths_.size());
  // QoS classes: the distinct extra offsets of the sources, 0 (everything else) first.
  qosOffsets_.push_back(0);
  for (const BackgroundSpec& b : scenario.background) qosOffsets_.push_back(fromSeconds(b.extraOffset));
  if (scenario.traffic.present) qosOffsets_.push_back(fromSeconds(scenario.traffic.extraOffset));
  std::sort(qosOffsets_.begin(), qosOffsets_.end());
  qosOffsets_.erase(std::unique(qosOffsets_.begin(), qosOffsets_.end()), qosOffsets_.end());
  qosCounters_.resize(qosOffsets_.size());
}

int ObsPlane::addRoute(const OpticalPath& p) {
  int first = -1, last = -1;
  bool continuity = false;
  for (std::size_t h = 0; h < p.hops.size(); ++h) {
    const int to = p.hops[h].to;
    if (scenario_.nodes[to].kind != NodeKind::Core) continue;
    continuity = continuity || cores_[to].conversion != ConversionKind::Full;
    if (first < 0) first = static_cast<int>(h);
    last = static_cast<int>(h);
  }
  routes_.push_back(p);
  // Deflection adds routes as it goes (paths_ are in the build's estimate): charged, with
  // the per-hop delays below, as they come.
  if (routes_.size() > paths_.size())
    sim_.meter().resized(0, kOpticalPathBytes + p.hops.size() * (sizeof(Hop) + sizeof(SimTime)) + 4 * sizeof(int));
  // Propagation from the ingress edge to the far end of each hop: delays never change
  // during a run, and summing them per event would visit every hop's link.
  pathDelayAt_.push_back(delayThrough_.size());
  SimTime through = 0;
  for (const Hop& hop : p.hops) delayThrough_.push_back(through += direction(hop).delay);
  firstCoreHop_.push_back(first);
  lastCoreHop_.push_back(last);
  continuity_.push_back(continuity);
  return static_cast<int>(routes_.size()) - 1;
}

SimTime ObsPlane::slackNeeded(int route, int here) const {
  // The BHP is stored and forwarded (its transmission time on each hop), processed at
  // every core, and must be done before the burst reaches the core less its set-up time;
  // the burst cuts through. Propagation is the same for both and cancels. From the
  // ingress edge (here = -1) this is the auto offset: cores x controlProcessing + the
  // BHP's transmission on each hop up to the last core + the largest set-up time.
  const OpticalPath& p = routes_[route];
  SimTime ahead = 0, need = 0, maxSetup = 0;
  for (int h = here + 1; h <= lastCoreHop_[route]; ++h) {
    ahead += transmissionTime(kControlPacketBytes, scenario_.links[p.hops[h].link].rate);
    const int to = p.hops[h].to;
    if (scenario_.nodes[to].kind != NodeKind::Core) continue;
    ahead += controlProcessing_;
    maxSetup = std::max(maxSetup, cores_[to].setupTime);
    need = ahead + maxSetup;
  }
  return need;
}

std::uint32_t ObsPlane::allocate() {
  ++live_;
  if (!freeSlots_.empty()) {
    std::uint32_t slot = freeSlots_.back();
    freeSlots_.pop_back();
    return slot;
  }
  const std::size_t capacity = pool_.capacity();
  pool_.emplace_back();
  if (pool_.capacity() != capacity) {
    sim_.meter().grew<Burst>(capacity, pool_.capacity());
    // A released slot goes to freeSlots_, which thus never holds more than the pool: its
    // room grows here, with the pool's, and release() never allocates.
    freeSlots_.reserve(pool_.capacity());
    sim_.meter().grew<std::uint32_t>(capacity, pool_.capacity());
  }
  return static_cast<std::uint32_t>(pool_.size() - 1);
}

void ObsPlane::release(std::uint32_t slot) {
  --live_;
  // The packets of a burst lost on its way end here (a delivered one's have left it).
  for (const Packet& p : pool_[slot].packets) receiver_.sackPool().release(p.sack);
  pool_[slot].packets.clear();
  freeSlots_.push_back(slot);  // within the room allocate() reserved
}

std::size_t ObsPlane::packetsInFlight() const {
  std::size_t n = 0;
  for (const Burst& b : pool_) n += b.packets.size();  // released slots hold none
  return n;
}

int ObsPlane::wavelengths(int link) const {
  const Direction& d = directions_[link * 2];
  return d.schedule ? d.schedule->wavelengths() : 0;
}

void ObsPlane::setLinkBurstLoss(int link, BurstClass cls, double probability) {
  for (int dir = 0; dir < 2; ++dir) directions_[link * 2 + dir].burstLoss[static_cast<int>(cls)] = probability;
}

void ObsPlane::setWavelengths(int link, int wavelengths) {
  for (int dir = 0; dir < 2; ++dir) {
    Direction& d = directions_[link * 2 + dir];
    d.laneTime.change(wavelengths, sim_.now(), *d.schedule);
    d.schedule->setWavelengths(wavelengths);
  }
}

std::vector<FiberUse> ObsPlane::fiberUse() const {
  // Busy time within [0, now]: what was counted, less what lies after now.
  const SimTime now = sim_.now();
  std::vector<SimTime> ahead(directions_.size(), 0);
  busyAhead_.addAfter(now, ahead);
  std::vector<FiberUse> use(directions_.size());
  for (std::size_t i = 0; i < directions_.size(); ++i) {
    use[i].busy = directions_[i].counters.busy - ahead[i];
    use[i].offered = directions_[i].schedule ? directions_[i].laneTime.within(now) : 0;
  }
  return use;
}

std::vector<double> ObsPlane::fiberUtilisation() const {
  const std::vector<FiberUse> use = fiberUse();
  std::vector<double> share(use.size(), 0.0);
  for (std::size_t i = 0; i < use.size(); ++i) share[i] = utilisationOf(use[i]);
  return share;
}

SimTime ObsPlane::arrivalAt(const Burst& b, int hopIndex) const {
  return b.start + b.fdlDelay + delayThrough_[pathDelayAt_[b.route] + hopIndex];
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
  b.qos = 0;
  ++histograms_.segments[BurstHistograms::bin(b.packets.size())];
  launch(slot, 0);
}

void ObsPlane::backgroundBurst(int pathId, std::uint32_t lengthBytes, SimTime extraOffset) {
  std::uint32_t slot = allocate();
  Burst& b = pool_[slot];
  b.packets.clear();
  b.payloadBytes = lengthBytes;
  b.lengthBytes = lengthBytes;
  b.dataSegments = 0;
  b.acks = 0;
  b.cls = BurstClass::Background;
  b.path = pathId;
  b.qos = static_cast<std::uint8_t>(std::lower_bound(qosOffsets_.begin(), qosOffsets_.end(), extraOffset) -
                                    qosOffsets_.begin());
  launch(slot, extraOffset);
}

void ObsPlane::launch(std::uint32_t slot, SimTime extraOffset) {
  Burst& b = pool_[slot];
  const OpticalPath& path = paths_[b.path];
  b.route = b.path;
  b.deflections = 0;
  b.id = nextBurstId_++;
  b.formedAt = sim_.now();
  b.fdlDelay = 0;
  const SimTime offset = offsets_[b.path] + extraOffset;
  // Deterministic losses count the edge's data and ACK bursts as they leave it; the loss
  // itself happens where obs.burstLoss acts (the first core), and is counted as injected.
  b.listedDrop = b.cls != BurstClass::Background && drops_.dropNext(path.ingress, static_cast<int>(b.cls), sim_.now());
  const Hop& first = path.hops.front();
  b.duration = transmissionTime(b.lengthBytes, scenario_.links[first.link].rate);

  BurstClassCounters& c = counters_[static_cast<int>(b.cls)];
  ++c.sent;
  PathCounters& pc = pathCounters_[b.path];
  ++pc.sent;
  pc.bytesSent += b.lengthBytes;
  ++qosCounters_[b.qos].sent;
  c.lengthBytes += b.lengthBytes;
  c.packets += b.packets.size();
  c.dataSegments += b.dataSegments;
  ++histograms_.bytes[BurstHistograms::bin(b.lengthBytes)];
  if (log_ && log_->enabled()) {
    VisualEvent e = burstEvent(VisualEventKind::BurstFormed, b, sim_.now(), sim_.now());
    e.node = path.ingress;
    e.link = b.path;
    e.value = toSeconds(offset);
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
  auto [lane, start] = out.schedule->earliestStart(bhpReady + offset, b.duration);
  out.schedule->reserveOn(lane, start, start + b.duration);
  b.lane = lane;
  countCarried(out, first, start, b.duration);
  b.start = start;
  logOnLink(b, first, lane, start);

  if (linkLossDrops(b, first)) {
    drop(slot, DropReason::Injected, path.ingress, first);
    return;
  }
  if (firstCoreHop_[b.route] < 0) {
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
  sendBhp(slot, 0, start - offset);
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
  const Hop& hop = routes_[b.route].hops[hopIndex];
  ControlChannel& ch = direction(hop).control;
  SimTime depart = std::max(when, ch.freeAt);
  SimTime transmitted = depart + ch.bhpTime;
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
      ++qosCounters_[b.qos].delivered;
      int egress = paths_[b.path].egress;
      if (log_ && log_->enabled()) {
        VisualEvent e = burstEvent(VisualEventKind::BurstDelivered, b, sim_.now(), sim_.now());
        e.node = egress;
        log_->record(e);
      }
      std::vector<Packet> packets;
      packets.swap(b.packets);
      release(slot);
      sim_.addWork(work::kPacket * packets.size());
      for (Packet& p : packets) receiver_.receivePacket(egress, std::move(p));
      break;
    }
  }
}

ObsPlane::LaneRule ObsPlane::laneRule(const Burst& b, int here, const Hop& out) const {
  LaneRule rule;
  // The drop port to the egress edge takes any wavelength (its receivers terminate it),
  // and a path whose cores all convert never restricts.
  if (!continuity_[b.route] || scenario_.nodes[out.to].kind == NodeKind::Edge) return rule;
  if (here == firstCoreHop_[b.route]) {
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
  // Most paths have converters everywhere: no rule to work out.
  const LaneRule rule = continuity_[b.route] ? laneRule(b, here, out) : LaneRule{};
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
    countCarried(d, out, arrival + delay, b.duration);
    return true;
  }
  return false;
}

void ObsPlane::onBhpProcessed(std::uint32_t slot) {
  Burst& b = pool_[slot];
  const int here = b.bhpHop;  // the BHP crossed hop `here` and is at its far end, a core node
  // Copies: a deflection below may add a route, and routes_ may then move.
  const Hop next = routes_[b.route].hops[here + 1];
  const int node = next.from;
  if (here == firstCoreHop_[b.route] && b.cls != BurstClass::Background &&
      (lossRng_.bernoulli(burstLoss_[static_cast<int>(b.cls)]) || b.listedDrop)) {
    drop(slot, DropReason::Injected, node, next);
    return;
  }
  SimTime arrival = arrivalAt(b, here);
  if (sim_.now() + cores_[node].setupTime > arrival) {
    drop(slot, DropReason::Late, node, next);
    return;
  }
  // Contention is resolved by the core's FDLs (inside reserveOutgoing), then by
  // deflection, then by segmentation: a deflected burst arrives whole, a segmented one
  // loses a part (docs/mesh.md sections 6 and 7).
  if (!reserveOutgoing(b, here, next, arrival) && !deflect(b, here, arrival) && !segment(b, here, next, arrival)) {
    drop(slot, DropReason::Contention, node, next);
    return;
  }
  const Hop taken = routes_[b.route].hops[here + 1];
  if (linkLossDrops(b, taken)) {
    drop(slot, DropReason::Injected, node, taken);
    return;
  }
  if (here == lastCoreHop_[b.route]) {
    scheduleEgressArrival(slot);
  } else {
    sendBhp(slot, here + 1, sim_.now());
  }
}

const std::vector<int>& ObsPlane::deflectionRoutes(int route, int here) {
  auto [it, fresh] = deflectionCache_.try_emplace({route, here});
  if (!fresh) return it->second;
  sim_.meter().resized(0, kDeflectionCacheEntryBytes);
  const OpticalPath base = routes_[route];  // a copy: addRoute below grows routes_
  // A shortest-path search per alternative over the whole topology (deflection_routes.h).
  sim_.addWork(work::kGraphStep * (scenario_.nodes.size() + scenario_.links.size()));
  const std::vector<Hop> walked(base.hops.begin(), base.hops.begin() + here + 1);
  for (const std::vector<Hop>& rest : deflection_.alternatives(walked, base.hops[here + 1], base.egress)) {
    OpticalPath p = base;
    p.hops = walked;
    p.hops.insert(p.hops.end(), rest.begin(), rest.end());
    it->second.push_back(addRoute(p));
  }
  return it->second;
}

bool ObsPlane::deflect(Burst& b, int here, SimTime arrival) {
  const Hop blocked = routes_[b.route].hops[here + 1];
  if (!cores_[blocked.from].deflection || b.deflections >= scenario_.obs.maxDeflections) return false;
  const int original = b.route;
  const SimTime slack = arrival - sim_.now();
  for (int alternative : deflectionRoutes(original, here)) {
    sim_.addWork(work::kRouteTried);
    // Its BHP must still lead the burst by enough at every core of the longer way.
    if (slackNeeded(alternative, here) > slack) continue;
    b.route = alternative;
    const Hop out = routes_[alternative].hops[here + 1];
    if (!reserveOutgoing(b, here, out, arrival)) continue;
    ++b.deflections;
    ++counters_[static_cast<int>(b.cls)].deflections;
    ++pathCounters_[b.path].deflections;
    ++direction(blocked).counters.deflected;
    if (log_ && log_->enabled()) {
      VisualEvent e = burstEvent(VisualEventKind::BurstDeflected, b, sim_.now(), sim_.now());
      e.node = blocked.from;
      e.link = blocked.link;
      e.dir = blocked.dir;
      e.lane = out.link;
      e.reason = b.deflections;
      log_->record(e);
    }
    return true;
  }
  b.route = original;
  return false;
}

bool ObsPlane::segment(Burst& b, int here, const Hop& out, SimTime arrival) {
  if (!cores_[out.from].segmentation) return false;
  Direction& d = direction(out);
  const LaneRule rule = laneRule(b, here, out);
  // Where the edge picks the wavelength (first-fit, random), any lane may take the part.
  const int lo = rule.choice == LaneChoice::Schedule ? rule.lo : 0;
  const int hi = rule.choice == LaneChoice::Schedule ? rule.hi : -1;
  if (lo > d.schedule->wavelengths() - 1) return false;
  const SimTime end = arrival + b.duration;
  const WavelengthSchedule::FreePart part = d.schedule->longestFree(arrival, end, scenario_.obs.scheduling, lo, hi);
  if (part.lane < 0) return false;
  // Cut at packet boundaries: a packet is kept only if the free part holds all of it.
  // Positions are times on the wavelength from the burst's first bit, at the rate its
  // duration was computed at (the first fiber's); padding (minBytes) follows the packets.
  const double rate = scenario_.links[routes_[b.route].hops.front().link].rate;
  SimTime keepFrom = part.from - arrival, keepTo = part.to - arrival;
  std::size_t firstKept = 0, endKept = 0;
  std::uint32_t keptBytes = 0;
  if (b.packets.empty()) {
    // Background bursts carry no packets: the part is cut at any byte.
    keptBytes = static_cast<std::uint32_t>(static_cast<double>(b.lengthBytes) * static_cast<double>(keepTo - keepFrom) /
                                           static_cast<double>(b.duration));
    if (keptBytes == 0) return false;
  } else {
    std::uint64_t offset = 0;
    SimTime firstStart = -1, lastEnd = 0;
    firstKept = b.packets.size();
    sim_.addWork(work::kPacket * b.packets.size());
    for (std::size_t k = 0; k < b.packets.size(); ++k) {
      const SimTime s = transmissionTime(offset, rate);
      offset += b.packets[k].bytes;
      const SimTime e = transmissionTime(offset, rate);
      if (s < keepFrom || e > keepTo) {
        if (firstStart >= 0) break;  // past the part: the rest is cut
        continue;
      }
      if (firstStart < 0) firstStart = s, firstKept = k;
      lastEnd = e;
      endKept = k + 1;
    }
    if (firstStart < 0) return false;  // not one whole packet fits
    const bool tailKept = endKept == b.packets.size() && keepTo == b.duration;
    keepFrom = firstStart;
    if (!tailKept) keepTo = lastEnd;  // the padding goes with the tail
    std::uint64_t packetBytes = 0;
    for (std::size_t k = firstKept; k < endKept; ++k) packetBytes += b.packets[k].bytes;
    const std::uint32_t padding = tailKept ? b.lengthBytes - static_cast<std::uint32_t>(offset) : 0;
    keptBytes = static_cast<std::uint32_t>(packetBytes) + padding;
  }
  const bool jet = scenario_.obs.reservation == Reservation::Jet;
  const SimTime from = jet ? arrival + keepFrom : std::max(sim_.now(), part.gapStart);
  d.schedule->reserveOn(part.lane, from, arrival + keepTo);
  countCut(b, out, b.lengthBytes - keptBytes, firstKept, endKept);
  b.start += keepFrom;  // the part's first bit left the ingress edge this much later
  b.duration = keepTo - keepFrom;
  b.lengthBytes = keptBytes;
  b.lane = part.lane;
  logOnLink(b, out, part.lane, arrival + keepFrom);
  countCarried(d, out, arrival + keepFrom, b.duration);
  return true;
}

void ObsPlane::countCut(Burst& b, const Hop& out, std::uint32_t bytesCut, std::size_t firstKept, std::size_t endKept) {
  BurstClassCounters& c = counters_[static_cast<int>(b.cls)];
  std::uint32_t segmentsCut = 0, acksCut = 0;
  for (std::size_t k = 0; k < b.packets.size(); ++k)
    if (k < firstKept || k >= endKept) {
      (b.packets[k].isAck ? acksCut : segmentsCut) += 1;
      receiver_.sackPool().release(b.packets[k].sack);
    }
  if (!b.packets.empty()) {
    b.packets.erase(b.packets.begin() + static_cast<std::ptrdiff_t>(endKept), b.packets.end());
    b.packets.erase(b.packets.begin(), b.packets.begin() + static_cast<std::ptrdiff_t>(firstKept));
  }
  b.dataSegments -= segmentsCut;
  b.acks -= acksCut;
  ++c.segmented;
  c.bytesCut += bytesCut;
  c.segmentsCut += segmentsCut;
  c.acksCut += acksCut;
  ++pathCounters_[b.path].segmented;
  pathCounters_[b.path].bytesLost += bytesCut;
  ++qosCounters_[b.qos].segmented;
  ++direction(out).counters.segmented;
  if (log_ && log_->enabled()) {
    VisualEvent e = burstEvent(VisualEventKind::BurstSegmented, b, sim_.now(), sim_.now());
    e.node = out.from;
    e.link = out.link;
    e.dir = out.dir;
    e.bytes = bytesCut;
    e.segments = segmentsCut + acksCut;
    log_->record(e);
  }
}

void ObsPlane::scheduleEgressArrival(std::uint32_t slot) {
  Burst& b = pool_[slot];
  int lastHop = static_cast<int>(routes_[b.route].hops.size()) - 1;
  const SimTime at = arrivalAt(b, lastHop) + b.duration;
  if (!b.packets.empty()) {
    sim_.scheduleAt(at, this, kBurstAtEgress, slot);
    return;
  }
  const std::size_t capacity = pendingDeliveries_.capacity();
  pendingDeliveries_.push_back(PendingDelivery{at, b.id, b.lengthBytes, b.path, b.cls, b.qos});
  sim_.meter().grew<PendingDelivery>(capacity, pendingDeliveries_.capacity());
  if (pendingDeliveries_.size() >= settleAt_) {
    settleDeliveries();
    settleAt_ = std::max<std::size_t>(1024, 2 * pendingDeliveries_.size());
  }
  release(slot);
}

void ObsPlane::settleDeliveries() const {
  const SimTime now = sim_.now();
  // Those that have arrived go to the back (in time order, for the visual log), the rest
  // keep the front.
  auto arrived = std::partition(pendingDeliveries_.begin(), pendingDeliveries_.end(),
                                [now](const PendingDelivery& d) { return d.at > now; });
  if (arrived == pendingDeliveries_.end()) return;
  const bool logging = log_ && log_->enabled();
  if (logging)
    std::sort(arrived, pendingDeliveries_.end(), [](const PendingDelivery& x, const PendingDelivery& y) {
      return x.at != y.at ? x.at < y.at : x.id < y.id;
    });
  for (auto it = arrived; it != pendingDeliveries_.end(); ++it) {
    const PendingDelivery& d = *it;
    if (logging) {
      // Recorded when counted, a little after it happened, dated exactly.
      VisualEvent e{VisualEventKind::BurstDelivered};
      e.t0 = e.t1 = d.at;
      e.id = static_cast<std::int32_t>(d.id);
      e.cls = static_cast<std::uint8_t>(d.cls);
      e.bytes = d.bytes;
      e.segments = 0;
      e.node = paths_[d.path].egress;
      log_->record(e);
    }
    ++counters_[static_cast<int>(d.cls)].delivered;
    ++pathCounters_[d.path].delivered;
    ++qosCounters_[d.qos].delivered;
  }
  pendingDeliveries_.erase(arrived, pendingDeliveries_.end());
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
  PathCounters& pc = pathCounters_[b.path];
  ++pc.dropped[static_cast<int>(reason)];
  pc.bytesLost += b.lengthBytes;
  ++qosCounters_[b.qos].dropped[static_cast<int>(reason)];
  c.bytesDropped += b.lengthBytes;
  c.segmentsDropped += b.dataSegments;
  c.acksDropped += b.acks;
  ++direction(chargedTo).counters.dropped[cls][static_cast<int>(reason)];
  release(slot);
}

}  // namespace obs
