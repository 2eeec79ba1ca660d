// What the summary's fiber utilisation is made of (docs/model.md section 5): the
// wavelength-time bursts occupied on a fiber direction within [0, t], and the
// wavelength-time the direction offered within [0, t], t the clock. Header only: all of
// it is small, and the per-burst part must inline.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "obs/wavelength_scheduler.h"
#include "sim/memory_meter.h"
#include "sim/time.h"

namespace obs {

// Wavelength-time: lanes x picoseconds. 1024 lanes over the longest run (1e18 ps) pass
// 2^63, so it is counted wider than SimTime.
using LaneTicks = __int128;

// The occupations that may still end after the clock, of every fiber direction of a plane.
// A burst's occupation of a wavelength is counted (FiberDirectionCounters::busy) when the
// wavelength is reserved, which can be far ahead of the clock: an ingress edge holds a
// burst electronically until a wavelength frees, and a core reserves an offset before the
// burst comes. They wait here, in one array for all directions (its end stays in cache, as
// the plane's pending deliveries do), so that a summary can leave out what lies after its
// time. When the array is full, those that have ended are dropped, and it grows only if
// that freed less than half of it: each costs O(1) on average, and one compare on the
// per-burst path.
class BusyAhead {
 public:
  // Direction `direction` carries a burst over [from, to); `now` is the clock.
  void add(int direction, SimTime from, SimTime to, SimTime now) {
    if (count_ == capacity_) makeRoom(now);
    entries_[count_++] = Entry{from, to, direction};
  }
  // Adds to after[d] the part after `t` of direction d's occupations; t is the clock.
  void addAfter(SimTime t, std::vector<SimTime>& after) const {
    for (std::size_t i = 0; i < count_; ++i) {
      const Entry& e = entries_[i];
      if (e.to > t) after[e.direction] += e.to - std::max(e.from, t);
    }
  }
  // Charged as it grows: in a run whose edges hold bursts without end it grows with them.
  void setMeter(MemoryMeter* meter) { meter_ = meter; }

 private:
  struct Entry {
    SimTime from, to;
    int direction;
  };
  // Out of line: it runs once per thousand bursts or more, and inlined it slowed the rest.
  [[gnu::noinline]] void makeRoom(SimTime now) {
    Entry* kept = entries_.data();
    for (const Entry* e = kept; e != entries_.data() + count_; ++e)
      if (e->to > now) *kept++ = *e;
    count_ = static_cast<std::size_t>(kept - entries_.data());
    if (2 * count_ >= capacity_) {
      const std::size_t before = capacity_;
      capacity_ = std::max<std::size_t>(1024, 2 * capacity_);
      entries_.resize(capacity_);
      if (meter_) meter_->grew<Entry>(before, capacity_);
    }
  }

  std::vector<Entry> entries_;  // the first count_ are occupations not known to have ended
  // entries_.size(), kept apart: size() divides by the entry's 24 bytes on every call.
  std::size_t capacity_ = 0;
  std::size_t count_ = 0;
  MemoryMeter* meter_ = nullptr;
};

// The wavelength-time one fiber direction offers, counted lane by lane, so that a live
// change of its wavelengths divides by what was really there. A lane counts from the time
// it is added; a removed lane keeps the reservations it holds until they end, and counts
// until then (or until it comes back, if sooner). Bursts only ever occupy a lane within
// that time, one at a time, so the busy time within [0, t] never exceeds what this gives.
class LaneTime {
 public:
  explicit LaneTime(int lanes = 0) : lanes_(lanes) {}
  // From `now` on the direction has `lanes` wavelengths; `schedule` still has the old count
  // and says until when each lane is reserved.
  void change(int lanes, SimTime now, const WavelengthSchedule& schedule) {
    closed_ += static_cast<LaneTicks>(lanes_) * (now - since_);
    since_ = now;
    // A removed lane that comes back counts as active from now, no longer as lingering.
    for (Linger& g : lingering_)
      if (g.lane < lanes && g.to > now) g.to = now;
    for (int w = lanes; w < lanes_; ++w) {
      const SimTime end = schedule.lastEnd(w);
      if (end > now) lingering_.push_back(Linger{w, now, end});
    }
    lanes_ = lanes;
  }
  // Wavelength-time offered within [0, t], t at or after the last change.
  LaneTicks within(SimTime t) const {
    LaneTicks total = closed_ + static_cast<LaneTicks>(lanes_) * (t - since_);
    for (const Linger& g : lingering_) total += std::max<SimTime>(0, std::min(g.to, t) - g.from);
    return total;
  }

 private:
  struct Linger {  // a removed lane, counted over [from, to)
    int lane;
    SimTime from, to;
  };
  int lanes_;
  SimTime since_ = 0;     // the last change
  LaneTicks closed_ = 0;  // counted up to since_ over the lanes then active
  std::vector<Linger> lingering_;
};

}  // namespace obs
