#include "obs/wavelength_scheduler.h"

#include <iterator>

namespace obs {

WavelengthSchedule::WavelengthSchedule(int wavelengths) : lanes_(wavelengths), active_(wavelengths) {}

void WavelengthSchedule::setWavelengths(int n) {
  if (n > static_cast<int>(lanes_.size())) lanes_.resize(n);
  active_ = n;
}

SimTime WavelengthSchedule::horizon(const Lane& lane) { return lane.empty() ? -kNever : std::prev(lane.end())->second; }

bool WavelengthSchedule::fitsInVoid(const Lane& lane, SimTime start, SimTime end, SimTime* voidStart) {
  auto next = lane.lower_bound(start);  // first reservation starting at or after start
  if (next != lane.end() && next->first < end) return false;
  if (next == lane.begin()) {
    *voidStart = -kNever;
    return true;
  }
  auto prev = std::prev(next);
  if (prev->second > start) return false;
  *voidStart = prev->second;
  return true;
}

int WavelengthSchedule::reserve(SimTime start, SimTime end, SchedulingKind rule, int lo, int hi) {
  int chosen = -1;
  SimTime best = 0;
  const int last = hi < 0 || hi >= wavelengths() ? wavelengths() - 1 : hi;
  for (int w = lo; w <= last; ++w) {
    const Lane& lane = lanes_[w];
    SimTime candidate;
    if (rule == SchedulingKind::LaucVf) {
      if (!fitsInVoid(lane, start, end, &candidate)) continue;
    } else {
      candidate = horizon(lane);
      if (candidate > start) continue;
      if (rule == SchedulingKind::Ffuc) {
        chosen = w;
        break;
      }
    }
    if (chosen < 0 || candidate > best) {
      chosen = w;
      best = candidate;
    }
  }
  if (chosen >= 0) reserveOn(chosen, start, end);
  return chosen;
}

bool WavelengthSchedule::canHold(int w, SimTime start, SimTime end, SchedulingKind rule) const {
  SimTime unused;
  if (rule == SchedulingKind::LaucVf) return fitsInVoid(lanes_[w], start, end, &unused);
  return horizon(lanes_[w]) <= start;
}

int WavelengthSchedule::reserveFirstFit(SimTime start, SimTime end, SchedulingKind rule, int hi) {
  const int last = hi >= wavelengths() ? wavelengths() - 1 : hi;
  for (int w = 0; w <= last; ++w) {
    if (!canHold(w, start, end, rule)) continue;
    reserveOn(w, start, end);
    return w;
  }
  return -1;
}

int WavelengthSchedule::reserveRandom(SimTime start, SimTime end, SchedulingKind rule, int hi, RandomStream& rng) {
  const int last = hi >= wavelengths() ? wavelengths() - 1 : hi;
  // Reservoir sampling over the lanes that can hold it: one draw per candidate, so the
  // stream's use depends only on the schedule, and no list is built.
  int chosen = -1, seen = 0;
  for (int w = 0; w <= last; ++w) {
    if (!canHold(w, start, end, rule)) continue;
    ++seen;
    if (rng.uniform01() * seen < 1.0) chosen = w;
  }
  if (chosen >= 0) reserveOn(chosen, start, end);
  return chosen;
}

std::pair<int, SimTime> WavelengthSchedule::earliestStart(SimTime notBefore, SimTime duration) const {
  int bestLane = 0;
  SimTime bestStart = kNever;
  for (int w = 0; w < wavelengths(); ++w) {
    const Lane& lane = lanes_[w];
    SimTime t = notBefore;
    // Walk the reservations that could overlap, moving t past each that does.
    auto it = lane.upper_bound(t);
    if (it != lane.begin() && std::prev(it)->second > t) t = std::prev(it)->second;
    for (; it != lane.end() && it->first < t + duration; ++it)
      if (it->second > t) t = it->second;
    if (t < bestStart) {
      bestStart = t;
      bestLane = w;
    }
  }
  return {bestLane, bestStart};
}

void WavelengthSchedule::reserveOn(int wavelength, SimTime start, SimTime end) {
  lanes_[wavelength].emplace(start, end);
}

void WavelengthSchedule::forgetBefore(SimTime now) {
  for (Lane& lane : lanes_)
    while (!lane.empty() && lane.begin()->second <= now) lane.erase(lane.begin());
}

}  // namespace obs
