// Live changes: made while running (changeLive) or scheduled by the scenario's
// `liveChanges`. Both land at the same place between events, so a run with live changes
// is replayed exactly by a scenario that lists them (docs/live-changes.md):
//   a change at time c lands after every event with time <= c and before any later one,
//   with the clock reading c.
// changeLive therefore first runs what is left of the current instant (an advance by
// event count can stop between two events of the same time), and the run loop
// (runGuarded) stops at each scheduled time to apply what is due.
#include <algorithm>

#include "scenario/json_reader.h"
#include "scenario/safe_text.h"
#include "simulation.h"

namespace obs {

namespace {
// How far exactTimeFromNow() looks for a time whose seconds round-trip: below 2^51 ps
// (2251 s) every time does; above, the next one is at most 127 ps away (time_test.cc).
constexpr SimTime kExactTimeSearch = 1 << 20;
}  // namespace

void Simulation::scheduleLiveChanges() {
  for (const LiveChangeSpec& c : scenario_.liveChanges) {
    LivePath target;
    std::string rule;
    // The parser checked these; a Scenario built in code gets the same checks here.
    if (!resolveLivePath(scenario_, c.path, &target, &rule)) throw ScenarioError("liveChanges: " + c.path + " " + rule);
    rule = liveValueRule(target, c.value);
    if (!rule.empty()) throw ScenarioError("liveChanges: " + c.path + " " + rule);
    if (!(c.at >= 0 && c.at <= scenario_.duration))
      throw ScenarioError("liveChanges: at must be a time in seconds from 0 to the duration");
    // fromSeconds is monotone, so at <= duration keeps the change within the run.
    scheduled_.push_back({fromSeconds(c.at), target, c});
  }
  // In order of time, ties in list order.
  std::stable_sort(scheduled_.begin(), scheduled_.end(),
                   [](const ScheduledChange& a, const ScheduledChange& b) { return a.at < b.at; });
}

SimTime Simulation::nextScheduledChange() const {
  return nextScheduled_ < scheduled_.size() ? scheduled_[nextScheduled_].at : kNever;
}

void Simulation::applyScheduledChanges(SimTime at) {
  sim_.runUntil(at);  // no event is left up to `at`: this only moves the clock there
  while (nextScheduled_ < scheduled_.size() && scheduled_[nextScheduled_].at == at) {
    const ScheduledChange& c = scheduled_[nextScheduled_++];
    applyLive(c.target, c.spec.value);
    applied_.push_back(c.spec);
    recordChangeEvent(c.target, c.spec.value);
  }
}

double Simulation::secondsOf(SimTime t) const {
  // The end as the scenario's own duration: fromSeconds(duration) is the end by definition,
  // while toSeconds(end) need not convert back to it.
  return t == end_ ? scenario_.duration : toSeconds(t);
}

SimTime Simulation::exactTimeFromNow() const {
  // The app writes `at` as JSON text (a double of seconds); the replay converts it back to
  // picoseconds. Every time below 2^51 ps survives that; a later one may not (a double of
  // seconds near 1e6 s is 116 ps wide), so the change waits for the next one that does
  // (at most 127 ps later).
  SimTime t = sim_.now();
  for (SimTime step = 0; step < kExactTimeSearch && t < end_; ++step, ++t)
    if (secondsRoundTrip(t)) return t;
  return end_;
}

Simulation::ChangeResult Simulation::changeLive(const std::string& path, double value) {
  ChangeResult result;
  result.at = now();
  LivePath target;
  std::string rule;
  if (!resolveLivePath(scenario_, path, &target, &rule) || !(rule = liveValueRule(target, value)).empty()) {
    result.error = oneLine(escapeUnsafe(path) + " " + rule);
    return result;
  }
  const char* kStopped = "the run was stopped by its run guard: it takes no more changes";
  if (stopped()) {
    result.error = kStopped;
    return result;
  }
  // Where a scheduled change at this time would land: after the rest of this instant
  // (scheduled changes due by then included), with the clock at that time.
  const SimTime at = exactTimeFromNow();
  runGuarded(UINT64_MAX, at);
  if (stopped()) {
    result.error = kStopped;
    result.at = now();
    return result;
  }
  sim_.runUntil(at);  // no event is left up to `at`
  applyLive(target, value);
  result.at = secondsOf(at);
  applied_.push_back({result.at, path, value});
  recordChangeEvent(target, value);
  return result;
}

void Simulation::recordChangeEvent(const LivePath& t, double value) {
  // The event log lists changes among the events around them, at the time they took effect.
  VisualEvent e;
  e.kind = VisualEventKind::LiveChange;
  e.t0 = e.t1 = sim_.now();
  e.id = static_cast<std::int32_t>(applied_.size() - 1);
  e.reason = static_cast<std::uint8_t>(t.target);
  e.lane = t.index;
  if (t.target == LiveTarget::NodeAssembly || t.target == LiveTarget::NodeDropNext) e.node = t.index;
  if (t.target == LiveTarget::LinkLoss || t.target == LiveTarget::LinkBurstLoss ||
      t.target == LiveTarget::LinkWavelengths)
    e.link = t.index;
  e.cls = t.field == "ack" ? 1 : 0;
  e.dir = t.field == "maxTime" ? 0 : t.field == "maxBytes" ? 1 : t.field == "minBytes" ? 2 : -1;
  e.value = value;
  visual_.record(e);
}

// The change goes to the running objects that own the value, and only there: scenario_
// stays the scenario as loaded, and applied_ lists what changed.
void Simulation::applyLive(const LivePath& t, double value) {
  switch (t.target) {
    case LiveTarget::ObsBurstLoss: {
      const bool data = t.field == "data";
      obs_->setBurstLoss(data ? BurstClass::Data : BurstClass::Ack, value);
      return;
    }
    case LiveTarget::ObsAssembly:  // every edge
      for (auto& a : assemblers_)
        if (a) a->set(t.field, value);
      return;
    case LiveTarget::NodeAssembly: assemblers_[t.index]->set(t.field, value); return;
    case LiveTarget::LinkLoss:
      channels_[t.index * 2]->setLoss(value);
      channels_[t.index * 2 + 1]->setLoss(value);
      return;
    case LiveTarget::LinkBurstLoss: {
      const bool data = t.field == "data";
      obs_->setLinkBurstLoss(t.index, data ? BurstClass::Data : BurstClass::Ack, value);
      return;
    }
    case LiveTarget::LinkWavelengths: obs_->setWavelengths(t.index, static_cast<int>(value)); return;
    case LiveTarget::NodeDropNext: {
      const BurstClass cls = t.field == "ack" ? BurstClass::Ack : BurstClass::Data;
      obs_->setDropNext(t.index, cls, static_cast<std::uint32_t>(value));
      return;
    }
    case LiveTarget::FlowVariant: {
      const auto variant = static_cast<TcpVariantKind>(static_cast<int>(value));
      for (FlowInstance& f : flows_)  // every copy of a replicated flow
        if (f.spec == t.index) f.sender->setVariant(variant);
      return;
    }
  }
}

}  // namespace obs
