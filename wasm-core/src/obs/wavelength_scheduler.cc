#include "obs/wavelength_scheduler.h"

#include <algorithm>
#include <iterator>

namespace obs {

void LaneReservations::popFront() {
  if (++head_ == items_.size()) {
    clear();
  } else if (head_ >= 64 && 2 * head_ >= items_.size()) {
    // A lane that never empties: drop the ended front now and then, in one move.
    items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
  }
}

LaneReservations::const_iterator LaneReservations::lowerBound(SimTime start) const {
  return std::lower_bound(begin(), end(), start, [](const Entry& e, SimTime s) { return e.first < s; });
}

LaneReservations::const_iterator LaneReservations::upperBound(SimTime start) const {
  return std::upper_bound(begin(), end(), start, [](SimTime s, const Entry& e) { return s < e.first; });
}

std::size_t LaneReservations::insert(SimTime start, SimTime end, MemoryMeter* meter) {
  const std::size_t capacity = items_.capacity();
  std::size_t moved = 0;
  if (size() == 0 || start > items_.back().first) {
    items_.emplace_back(start, end);
  } else {
    const const_iterator at = lowerBound(start);
    if (at != this->end() && at->first == start) return 0;
    moved = static_cast<std::size_t>(this->end() - at);
    items_.insert(at, Entry{start, end});
  }
  if (meter && items_.capacity() != capacity) meter->grew<Entry>(capacity, items_.capacity());
  return moved;
}

WavelengthSchedule::WavelengthSchedule(int wavelengths, bool horizonsOnly, MemoryMeter* meter, std::uint64_t* work)
    : lanes_(wavelengths),
      horizons_(wavelengths, -kNever),
      active_(wavelengths),
      horizonsOnly_(horizonsOnly),
      meter_(meter),
      work_(work) {}

void WavelengthSchedule::setWavelengths(int n) {
  if (n > static_cast<int>(lanes_.size())) {
    lanes_.resize(n);
    horizons_.resize(n, -kNever);
  }
  active_ = n;
}

WavelengthSchedule::Lane& WavelengthSchedule::lane(int w) {
  Lane& l = lanes_[w];
  if (horizons_[w] <= now_) {  // everything on it has ended (or it holds nothing)
    l.clear();
    horizons_[w] = -kNever;
  } else {
    while (l.front().second <= now_) l.popFront();  // the last one is still live
  }
  return l;
}

bool WavelengthSchedule::fitsInVoid(int w, SimTime start, SimTime end, SimTime* voidStart) {
  // After the lane's last reservation: the void before it starts at the horizon. The
  // common case, answered without searching (or cleaning) the lane.
  const SimTime h = liveHorizon(w);
  if (start > h) {
    *voidStart = h;
    return true;
  }
  addWork(work::kLaneSearch);
  const Lane& lane = this->lane(w);
  auto next = lane.lowerBound(start);  // first reservation starting at or after start
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
  if (last >= lo) addWork(work::kLane * static_cast<std::uint64_t>(last - lo + 1));
  if (rule == SchedulingKind::Lauc) {
    // The latest horizon at or before the start, ties to the lowest lane, without a branch
    // per lane: which lanes qualify is close to random, and a drop fiber has 4K of them.
    // Every live horizon and -kNever lie above `none`, so the first lane that qualifies
    // is always taken.
    constexpr SimTime none = -2 * kNever;
    best = none;
    for (int w = lo; w <= last; ++w) {
      const SimTime h = liveHorizon(w);
      const bool better = (h <= start) & (h > best);
      best = better ? h : best;
      chosen = better ? w : chosen;
    }
    if (chosen >= 0) reserveOn(chosen, start, end);
    return chosen;
  }
  for (int w = lo; w <= last; ++w) {
    SimTime candidate;
    if (rule == SchedulingKind::LaucVf) {
      if (!fitsInVoid(w, start, end, &candidate)) continue;
    } else {
      candidate = liveHorizon(w);
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

bool WavelengthSchedule::canHold(int w, SimTime start, SimTime end, SchedulingKind rule) {
  SimTime unused;
  if (rule == SchedulingKind::LaucVf) return fitsInVoid(w, start, end, &unused);
  return liveHorizon(w) <= start;
}

int WavelengthSchedule::reserveFirstFit(SimTime start, SimTime end, SchedulingKind rule, int hi) {
  const int last = hi >= wavelengths() ? wavelengths() - 1 : hi;
  addWork(work::kLane * static_cast<std::uint64_t>(last + 1));
  for (int w = 0; w <= last; ++w) {
    if (!canHold(w, start, end, rule)) continue;
    reserveOn(w, start, end);
    return w;
  }
  return -1;
}

int WavelengthSchedule::reserveRandom(SimTime start, SimTime end, SchedulingKind rule, int hi, RandomStream& rng) {
  const int last = hi >= wavelengths() ? wavelengths() - 1 : hi;
  addWork(work::kLane * static_cast<std::uint64_t>(last + 1));
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

std::pair<int, SimTime> WavelengthSchedule::earliestStart(SimTime notBefore, SimTime duration) {
  int bestLane = 0;
  SimTime bestStart = kNever;
  // Work: the lanes looked at, and those searched, added once after the loop (this runs
  // for every burst an edge sends).
  std::uint64_t looked = 0, walked = 0;
  for (int w = 0; w < wavelengths(); ++w) {
    ++looked;
    if (horizons_[w] <= notBefore) {  // free from notBefore on: nothing can start earlier
      if (notBefore < bestStart) bestLane = w, bestStart = notBefore;
      break;
    }
    walked += work::kLaneSearch;
    const Lane& lane = this->lane(w);
    SimTime t = notBefore;
    // Walk the reservations that could overlap, moving t past each that does.
    auto it = lane.upperBound(t);
    if (it != lane.begin() && std::prev(it)->second > t) t = std::prev(it)->second;
    for (; it != lane.end() && it->first < t + duration; ++it) {
      walked += work::kReservation;
      if (it->second > t) t = it->second;
    }
    if (t < bestStart) {
      bestStart = t;
      bestLane = w;
      if (t == notBefore) break;  // nothing starts earlier, and later lanes lose the tie
    }
  }
  addWork(looked * work::kLane + walked);
  return {bestLane, bestStart};
}

WavelengthSchedule::FreePart WavelengthSchedule::longestFree(SimTime start, SimTime end, SchedulingKind rule, int lo,
                                                             int hi) {
  FreePart best;
  const int last = hi < 0 || hi >= wavelengths() ? wavelengths() - 1 : hi;
  if (last >= lo) addWork(work::kLane * static_cast<std::uint64_t>(last - lo + 1));
  auto consider = [&](int w, SimTime gapStart, SimTime from, SimTime to) {
    if (to > from && (best.lane < 0 || to - from > best.to - best.from)) best = FreePart{w, from, to, gapStart};
  };
  for (int w = lo; w <= last; ++w) {
    const SimTime h = liveHorizon(w);
    if (rule != SchedulingKind::LaucVf || h <= start) {
      consider(w, h, std::max(start, h), end);
      continue;
    }
    // Walk the reservations overlapping [start, end); the gaps between them are free.
    addWork(work::kLaneSearch);
    const Lane& lane = this->lane(w);
    SimTime t = start, gapStart = -kNever;
    auto it = lane.upperBound(start);
    if (it != lane.begin()) {
      gapStart = std::prev(it)->second;
      if (gapStart > t) t = gapStart;
    }
    for (; it != lane.end() && it->first < end; ++it) {
      addWork(work::kReservation);
      consider(w, gapStart, t, it->first);
      gapStart = it->second;
      if (it->second > t) t = it->second;
    }
    consider(w, gapStart, t, end);
  }
  return best;
}

void WavelengthSchedule::reserveOn(int wavelength, SimTime start, SimTime end) {
  if (!horizonsOnly_) {
    const std::size_t moved = lane(wavelength).insert(start, end, meter_);
    if (moved > 0) addWork(work::kReservation * moved);
  }
  if (end > horizons_[wavelength]) horizons_[wavelength] = end;
}

}  // namespace obs
