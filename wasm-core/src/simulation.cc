// The run itself: packets handed between channels and hosts, the periodic sample, the run
// guard's stops and their diagnosis, and stepping to a time, an event count or a burst.
// Building the model is in simulation_build.cc, live changes in simulation_live.cc, the
// summary JSON in simulation_summary.cc.
#include "simulation.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <stdexcept>

#include "app/start_spread.h"
#include "resource_estimate.h"
#include "scenario/json_reader.h"
#include "scenario/scenario_parser.h"

namespace obs {

// A packet holds a pointer (its route's step): counted at a 64-bit size, so the estimate (and the
// message of a memory stop) is the same on every target. 56 bytes, its size when it held
// its SACK option: the estimate stays what it was, and the ACKs that hold a slot of the
// SackPool (net/packet.h) still hold that memory.
template <>
struct ChargedSize<Packet> {
  static constexpr std::size_t value = 56;
};
static_assert(sizeof(void*) != 8 || sizeof(Packet) == 32, "the 64-bit size of Packet changed");
static_assert(sizeof(void*) != 4 || sizeof(Packet) == 24, "the 32-bit (wasm) size of Packet changed");

namespace {
// Events counted after a stop to say where the run was busy.
constexpr std::uint64_t kDiagnosisEvents = 4096;
// Bytes per undrained sample row (nine columns).
constexpr std::uint64_t kSampleRowBytes = 53;
// Per undrained link sample row: t, queued and two drop counts (8 bytes each), link and dir (4 each).
constexpr std::uint64_t kLinkSampleRowBytes = 40;

// Undrained rows grow without bound where nothing drains them: their capacity is charged to
// the memory meter (`charged` rows so far), and released (capacity 0) when they are drained.
void chargeRows(MemoryMeter& meter, std::size_t& charged, std::size_t capacity, std::uint64_t rowBytes) {
  if (capacity == charged) return;
  meter.resized(charged * rowBytes, capacity * rowBytes);
  charged = capacity;
}
}  // namespace

void Simulation::receivePacket(int node, Packet&& packet) {
  const RouteStep& step = *packet.step;
  if (step.channel) {
    ++packet.step;
    step.channel->send(std::move(packet));  // a full queue drops it; the channel counts it
    return;
  }
  if (step.opticalPath >= 0) {  // an ingress edge: into the burst queue of that optical path
    assemblers_[node]->add(step.opticalPath, step.opticalLength, std::move(packet));
    return;
  }
  // Neither: at its destination host.
  ++packetsDelivered_;
  FlowInstance& f = flows_[packet.flow];
  if (packet.isAck) {
    if (packet.sack == 0) {
      f.sender->onAck(packet.seq, sackPool().get(0));
    } else {  // a copy: the slot is free again before the sender sends anything
      const SackOption sack = sackPool().get(packet.sack);
      sackPool().release(packet.sack);
      f.sender->onAck(packet.seq, sack);
    }
  } else {
    f.receiver->onSegment(packet.seq, packet.sackPermitted);
  }
}

void Simulation::handleEvent(std::uint32_t, std::uint64_t) { takeSample(); }

void Simulation::feedLinesAhead(bool on) {
  if (on) return;  // as built
  if (sim_.eventsExecuted() > 0) throw std::logic_error("feedLinesAhead: only before the first event");
  for (auto& line : channels_) {
    if (!line) continue;
    line->setFeeds({});
    line->setSink(nullptr, nullptr);
  }
}

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
  if (linkSamplesOn_) takeLinkSample(t);
  ++samplesTaken_;
  chargeRows(sim_.meter(), sampleRowsCharged_, samples_.t.capacity(), kSampleRowBytes);
  // Sample k falls at round(k * interval): no drift over long runs.
  SimTime next = fromSeconds(static_cast<double>(samplesTaken_) * interval);
  if (next <= end_) sim_.scheduleLast(next, this, kSampleEvent);
}

std::uint64_t Simulation::runGuarded(std::uint64_t maxEvents, SimTime limit) {
  std::uint64_t ran = 0;
  while (!stopped()) {
    // A scheduled live change at c lands after every event with time <= c and before any
    // later one (docs/live-changes.md): events run up to c first, then the change.
    // The measurement window's moments are taken the same way (none is an event).
    const SimTime changeAt = std::min(nextScheduledChange(), nextMeasureMark());  // kNever when none is left
    const SimTime upTo = std::min(limit, changeAt);
    if (ran < maxEvents) {
      // The loop returns at the guard's next look (work units), or at once after the event
      // that tripped the memory meter.
      sim_.setWorkLimit(sim_.meter().tripped() ? 0 : guard_.nextCheck());
      ran += sim_.runEvents(maxEvents - ran, upTo);
      const bool tripped = sim_.meter().tripped();
      const bool look = guard_.due(sim_.work()) || tripped;
      if (look) {
        const StopCause cause = guard_.check(sim_.eventsExecuted(), sim_.work(), sim_.now(), tripped);
        if (cause != StopCause::None) stop(cause);
      }
      if (visual_.stopMet()) break;  // a lesson's moment: right after its event
      if (look) continue;            // look at stopped(), then run on
    }
    // No event is left up to upTo, or the event budget is spent: a change due by the limit
    // whose events have all run lands now; otherwise this advance is over.
    if (stopped() || changeAt > limit || sim_.nextEventTime() <= changeAt) break;
    applyScheduledChanges(changeAt);
    takeMeasureMarks(changeAt);
  }
  return ran;
}

void Simulation::advanceTo(double seconds) {
  SimTime limit = seconds >= scenario_.duration ? end_ : fromSeconds(seconds);
  visual_.clearStopMet();
  // >=: events due exactly at the current time (t = 0 after load) run too.
  if (limit < sim_.now()) return;
  runGuarded(UINT64_MAX, limit);
  // No event is left up to limit: moves the clock (not past a lesson's moment just met).
  if (!stopped() && !visual_.stopMet()) sim_.runUntil(limit);
}

void Simulation::advanceEvents(std::uint64_t count) {
  visual_.clearStopMet();
  runGuarded(count, end_);
}

void Simulation::advanceToBounded(double seconds, std::uint64_t maxEvents) {
  SimTime limit = seconds >= scenario_.duration ? end_ : fromSeconds(seconds);
  visual_.clearStopMet();
  runGuarded(maxEvents, limit);
  if (!stopped() && !visual_.stopMet() && sim_.nextEventTime() > limit && limit > sim_.now()) sim_.runUntil(limit);
}

std::size_t Simulation::queuedPackets() const {
  std::size_t queued = 0;
  for (const auto& ch : channels_)
    if (ch) queued += ch->held();
  for (const auto& a : assemblers_)
    if (a) queued += a->held();
  // Segments receivers took ahead of the clock are still on their way to them, and the
  // ACKs they caused are not sent yet (the lines hold those ACKs already).
  for (const FlowInstance& f : flows_) queued += f.receiver->segmentsAheadOfClock() - f.receiver->acksAheadOfClock();
  return queued;
}

std::size_t Simulation::heldPackets() const { return queuedPackets() + obs_->packetsInFlight(); }

std::uint64_t Simulation::memoryEstimate() const {
  // What the memory meter holds (the build's estimate and every growing container), with
  // the packets queued on packet lines and in assembly, which the windows bound.
  return sim_.meter().held() + queuedPackets() * ChargedSize<Packet>::value;
}

void Simulation::stop(StopCause cause) {
  const std::uint64_t executed = sim_.eventsExecuted(), work = sim_.work();
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
      why = ": the run reached its work budget of " + formatNumber(static_cast<double>(budget.maxEvents)) +
            " events' worth" + workParts(executed, work) + " (raise it with obs-sim --max-events)";
      break;
    case StopCause::EventPace: {
      const double projected = guard_.projectedWork(work, now);
      why = " after " + formatNumber(static_cast<double>(work)) + " events' worth of work" + workParts(executed, work) +
            ": at this pace the run needs about " + formatNumber(projected) + ", more than the work budget of " +
            formatNumber(static_cast<double>(budget.maxEvents)) +
            " (shorten the run, or raise it with obs-sim --max-events)";
      break;
    }
    case StopCause::Memory:
      why = ": the model holds about " + formatBytes(static_cast<double>(memory)) +
            " (pending events: " + std::to_string(pending) +
            ", packets held in queues and bursts: " + std::to_string(held) +
            ", bursts in flight: " + std::to_string(obs_->burstsInFlight()) +
            "), and its next growth could pass the memory budget of " +
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
  sim_.setWorkLimit(UINT64_MAX);  // the diagnosis runs whatever the guard's limits
  for (; total < kDiagnosisEvents; ++total) {
    const Event next = sim_.peekNext();
    if (next.target == nullptr || next.time > end_) break;
    if (sim_.runEvents(1, end_) == 0) break;
    ++counts[{partOf(next), next.kind}];
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

std::string Simulation::workParts(std::uint64_t events, std::uint64_t work) {
  // Said only where it matters (a tenth of the work or more), and briefly: the sentence
  // must keep room for the busiest parts within its 400 characters.
  const std::uint64_t inside = work - events;
  if (inside * 10 < work) return "";
  return " (" + formatNumber(static_cast<double>(inside)) +
         " of it scanning wavelengths, trying routes, moving packets)";
}

const EventHandler* Simulation::partOf(const Event& e) const {
  for (const auto& shared : sharedArrivals_)
    if (e.target == static_cast<const EventHandler*>(shared.get())) return shared->line(e.arg);
  return e.target;
}

std::string Simulation::describeTarget(const EventHandler* target, std::uint32_t kind) const {
  if (target == static_cast<const EventHandler*>(this)) return "the chart sampler";
  if (target == static_cast<const EventHandler*>(obs_.get())) return "the OBS core (control packets and bursts)";
  // background_ holds the `background` list's sources, then one per pair of `traffic`.
  // Only the first ones have an index in the list; the matrix's pairs are named together,
  // so their shares add up (a backbone has hundreds of pairs, each a sliver of the work).
  const std::size_t listed = scenario_.background.size();
  for (std::size_t i = 0; i < background_.size(); ++i)
    if (target == static_cast<const EventHandler*>(background_[i].get())) {
      if (i >= listed)
        return "the traffic matrix's sources (" + std::to_string(background_.size() - listed) + " pairs)";
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

void Simulation::takeLinkSample(double t) {
  for (std::size_t i = 0; i < channels_.size(); ++i) {
    const PacketChannel* channel = channels_[i].get();
    if (!channel) continue;  // a fiber's slot
    const PacketChannelCounters& c = channel->counters();
    linkSamples_.t.push_back(t);
    linkSamples_.link.push_back(static_cast<std::int32_t>(i / 2));
    linkSamples_.dir.push_back(static_cast<std::int32_t>(i % 2));
    linkSamples_.queued.push_back(static_cast<double>(channel->queued(sim_.now())));
    linkSamples_.queueDrops.push_back(static_cast<double>(c.queueDrops));
    linkSamples_.randomDrops.push_back(static_cast<double>(c.randomDrops));
  }
  chargeRows(sim_.meter(), linkRowsCharged_, linkSamples_.t.capacity(), kLinkSampleRowBytes);
}

LinkSampleColumns Simulation::drainLinkSamples() {
  LinkSampleColumns out;
  std::swap(out, linkSamples_);
  chargeRows(sim_.meter(), linkRowsCharged_, 0, kLinkSampleRowBytes);
  return out;
}

SampleColumns Simulation::drainSamples() {
  SampleColumns out;
  std::swap(out, samples_);
  chargeRows(sim_.meter(), sampleRowsCharged_, 0, kSampleRowBytes);
  return out;
}

}  // namespace obs
