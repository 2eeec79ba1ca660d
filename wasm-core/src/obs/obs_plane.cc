#include "obs/obs_plane.h"

#include <algorithm>
#include <utility>

namespace obs {

ObsPlane::ObsPlane(Simulator& sim, PacketReceiver& receiver, const Scenario& scenario,
                   const std::vector<OpticalPath>& paths)
    : sim_(sim),
      receiver_(receiver),
      scenario_(scenario),
      paths_(paths),
      directions_(scenario.links.size() * 2),
      controlProcessing_(fromSeconds(scenario.obs.controlProcessing)),
      lossRng_(scenario.seed, "obs.burstLoss") {
  burstLoss_[0] = scenario.obs.burstLoss.data;
  burstLoss_[1] = scenario.obs.burstLoss.ack;
  for (std::size_t i = 0; i < scenario.links.size(); ++i) {
    const LinkSpec& l = scenario.links[i];
    if (l.kind != LinkKind::Fiber) continue;
    for (int dir = 0; dir < 2; ++dir) {
      Direction& d = directions_[i * 2 + dir];
      d.schedule = std::make_unique<WavelengthSchedule>(l.wavelengths);
      d.delay = fromSeconds(l.delay);
      d.control.rate = l.rate;  // the control channel runs at the data channels' rate
      d.control.delay = d.delay;
    }
  }
  // Offsets. auto = (core hops) x controlProcessing + the BHP's own transmission time on
  // each hop before the last core (the BHP is stored and forwarded, the burst cuts
  // through) + the largest switch set-up time on the path.
  for (const OpticalPath& p : paths_) {
    int cores = 0, first = -1, last = -1;
    SimTime bhpTransmission = 0, maxSetup = 0;
    for (std::size_t h = 0; h < p.hops.size(); ++h) {
      const NodeSpec& to = scenario.nodes[p.hops[h].to];
      if (to.kind != NodeKind::Core) continue;
      ++cores;
      if (first < 0) first = static_cast<int>(h);
      last = static_cast<int>(h);
      maxSetup = std::max(maxSetup, fromSeconds(to.setupTime));
    }
    for (int h = 0; h <= last; ++h)
      bhpTransmission += transmissionTime(kControlPacketBytes, scenario.links[p.hops[h].link].rate);
    SimTime autoOffset = cores * controlProcessing_ + bhpTransmission + maxSetup;
    offsets_.push_back(scenario.obs.offset ? fromSeconds(*scenario.obs.offset) : autoOffset);
    firstCoreHop_.push_back(first);
    lastCoreHop_.push_back(last);
  }
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

SimTime ObsPlane::arrivalAt(const Burst& b, int hopIndex) const {
  SimTime t = b.start;
  const OpticalPath& p = paths_[b.path];
  for (int h = 0; h <= hopIndex; ++h) t += directions_[p.hops[h].link * 2 + p.hops[h].dir].delay;
  return t;
}

void ObsPlane::burstAssembled(int pathId, std::vector<Packet>&& packets,
                              std::uint32_t payloadBytes) {
  const OpticalPath& path = paths_[pathId];
  std::uint32_t slot = allocate();
  Burst& b = pool_[slot];
  b.id = nextBurstId_++;
  b.path = pathId;
  b.packets = std::move(packets);
  b.payloadBytes = payloadBytes;
  b.lengthBytes = std::max<std::uint32_t>(
      payloadBytes, static_cast<std::uint32_t>(scenario_.obs.assembly.minBytes));
  b.dataSegments = 0;
  b.acks = 0;
  for (const Packet& p : b.packets) (p.isAck ? b.acks : b.dataSegments) += 1;
  b.cls = b.dataSegments > 0 ? BurstClass::Data : BurstClass::Ack;
  b.formedAt = sim_.now();
  const Hop& first = path.hops.front();
  b.duration = transmissionTime(b.lengthBytes, scenario_.links[first.link].rate);

  // The ingress edge buffers electronically: the burst leaves on the first wavelength
  // free at or after now + offset, and its BHP leaves one offset earlier.
  Direction& out = direction(first);
  out.schedule->forgetBefore(sim_.now());
  auto [lane, start] = out.schedule->earliestStart(sim_.now() + offsets_[pathId], b.duration);
  out.schedule->reserveOn(lane, start, start + b.duration);
  b.start = start;

  BurstClassCounters& c = counters_[static_cast<int>(b.cls)];
  ++c.sent;
  c.lengthBytes += b.lengthBytes;
  c.packets += b.packets.size();
  c.dataSegments += b.dataSegments;

  if (firstCoreHop_[pathId] < 0) {
    // No core node on the path: the injected loss has no core to act at, so it acts at
    // the egress edge, decided now.
    if (lossRng_.bernoulli(burstLoss_[static_cast<int>(b.cls)])) {
      drop(slot, DropReason::Injected);
      return;
    }
    scheduleEgressArrival(slot);
    return;
  }
  sendBhp(slot, 0, start - offsets_[pathId]);
}

void ObsPlane::sendBhp(std::uint32_t slot, int hopIndex, SimTime when) {
  Burst& b = pool_[slot];
  const Hop& hop = paths_[b.path].hops[hopIndex];
  ControlChannel& ch = direction(hop).control;
  SimTime depart = std::max(when, ch.freeAt);
  SimTime transmitted = depart + transmissionTime(kControlPacketBytes, ch.rate);
  ch.freeAt = transmitted;
  b.bhpHop = hopIndex;
  sim_.scheduleAt(transmitted + ch.delay, this, kBhpArrived, slot);
}

void ObsPlane::handleEvent(std::uint32_t kind, std::uint64_t arg) {
  std::uint32_t slot = static_cast<std::uint32_t>(arg);
  switch (kind) {
    case kBhpArrived:
      // Only core nodes process BHPs; the path's BHPs stop at its last core, since the
      // egress edge needs no reservation.
      sim_.schedule(controlProcessing_, this, kBhpProcessed, slot);
      break;
    case kBhpProcessed:
      onBhpProcessed(slot);
      break;
    case kBurstAtEgress: {
      Burst& b = pool_[slot];
      ++counters_[static_cast<int>(b.cls)].delivered;
      int egress = paths_[b.path].egress;
      std::vector<Packet> packets;
      packets.swap(b.packets);
      release(slot);
      for (Packet& p : packets) receiver_.receivePacket(egress, std::move(p));
      break;
    }
  }
}

void ObsPlane::onBhpProcessed(std::uint32_t slot) {
  Burst& b = pool_[slot];
  const OpticalPath& path = paths_[b.path];
  int here = b.bhpHop;  // the BHP crossed hop `here` and is at its far end, a core node
  if (here == firstCoreHop_[b.path] &&
      lossRng_.bernoulli(burstLoss_[static_cast<int>(b.cls)])) {
    drop(slot, DropReason::Injected);
    return;
  }
  const NodeSpec& core = scenario_.nodes[path.hops[here].to];
  SimTime arrival = arrivalAt(b, here);
  if (sim_.now() + fromSeconds(core.setupTime) > arrival) {
    drop(slot, DropReason::Late);
    return;
  }
  const Hop& next = path.hops[here + 1];
  Direction& out = direction(next);
  out.schedule->forgetBefore(sim_.now());
  SimTime reserveFrom = scenario_.obs.reservation == Reservation::Jet ? arrival : sim_.now();
  if (out.schedule->reserve(reserveFrom, arrival + b.duration, scenario_.obs.scheduling) < 0) {
    drop(slot, DropReason::Contention);
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

void ObsPlane::drop(std::uint32_t slot, DropReason reason) {
  Burst& b = pool_[slot];
  BurstClassCounters& c = counters_[static_cast<int>(b.cls)];
  ++c.dropped[static_cast<int>(reason)];
  c.segmentsDropped += b.dataSegments;
  c.acksDropped += b.acks;
  release(slot);
}

}  // namespace obs
