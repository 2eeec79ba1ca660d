// The wavelengths of one fiber direction and their reservations, with the three classic
// channel-selection rules:
//   FFUC    first wavelength (lowest index) free from the burst's start on (no void filling)
//   LAUC    the wavelength whose last reservation ends latest before the start (no void filling)
//   LAUC-VF the wavelength with a void [end of previous, start of next] that holds the whole
//           burst and leaves the smallest gap before it (void filling)
// Ties go to the lowest index. Where a core cannot convert every wavelength to every other
// (docs/mesh.md), the choice is limited to a range of lanes [lo, hi]; where the ingress
// edge picks the wavelength a burst keeps, first-fit and random choice are offered too.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "scenario/scenario.h"
#include "sim/event_loop.h"
#include "sim/memory_meter.h"
#include "sim/rng.h"
#include "sim/time.h"

namespace obs {

// One lane's reservations [start, end), sorted by start and never overlapping (so sorted
// by end too), in a flat vector with a moving front. A new reservation nearly always goes
// after the others and ended ones leave from the front, so this does what a map did
// without a heap allocation per reservation (a mesh makes several per burst).
class LaneReservations {
 public:
  using Entry = std::pair<SimTime, SimTime>;  // start, end
  using const_iterator = std::vector<Entry>::const_iterator;

  const_iterator begin() const { return items_.begin() + static_cast<std::ptrdiff_t>(head_); }
  const_iterator end() const { return items_.end(); }
  std::size_t size() const { return items_.size() - head_; }
  const Entry& front() const { return items_[head_]; }
  void clear() {
    items_.clear();
    head_ = 0;
  }
  void popFront();
  const_iterator lowerBound(SimTime start) const;  // the first starting at or after `start`
  const_iterator upperBound(SimTime start) const;  // the first starting after `start`
  // Adds [start, end); like a map's emplace, nothing if one starts at the same time.
  // Charges `meter` (if any) when the list grows; returns how many reservations it moved
  // to make room (work for the run guard).
  std::size_t insert(SimTime start, SimTime end, MemoryMeter* meter = nullptr);

 private:
  std::vector<Entry> items_;
  std::size_t head_ = 0;  // items before it have ended and are gone
};

class WavelengthSchedule {
 public:
  // `horizonsOnly`: keep each lane's horizon and not its reservations. FFUC and LAUC
  // (reserve, first-fit, random, and segmentation without void filling) look at horizons
  // alone; a fiber only they schedule then needs no list per lane, which on a mesh is a
  // cache miss or two per reservation. earliestStart and LAUC-VF must not be used on it.
  // `meter`, `work`: charged as the reservation lists grow, and with the lanes scanned and
  // reservations walked or moved, in EventLoop work units (none in unit tests of the
  // schedule alone).
  explicit WavelengthSchedule(int wavelengths, bool horizonsOnly = false, MemoryMeter* meter = nullptr,
                              std::uint64_t* work = nullptr);

  // Reserves [start, end) by `rule` on a lane in [lo, hi] (hi < 0: the last one); returns
  // the wavelength or -1 if none can hold it.
  int reserve(SimTime start, SimTime end, SchedulingKind rule, int lo = 0, int hi = -1);
  // The edge's choices of a wavelength the burst will keep (obs.wavelengthChoice): the
  // lowest-index lane that can hold [start, end), or one drawn uniformly among those that
  // can; void filling as `rule` does it (LAUC-VF fills voids, FFUC and LAUC do not).
  int reserveFirstFit(SimTime start, SimTime end, SchedulingKind rule, int hi);
  int reserveRandom(SimTime start, SimTime end, SchedulingKind rule, int hi, RandomStream& rng);
  // For an ingress edge, which can hold a burst electronically until a wavelength frees:
  // the earliest start >= notBefore at which some wavelength is free for `duration`
  // (lowest index on ties). Does not reserve.
  std::pair<int, SimTime> earliestStart(SimTime notBefore, SimTime duration);
  void reserveOn(int wavelength, SimTime start, SimTime end);
  // Burst segmentation (docs/mesh.md section 7): the longest part [from, to) of
  // [start, end) free on one lane in [lo, hi] (hi < 0: the last), looked for as `rule`
  // fills voids (LAUC-VF in voids too, FFUC and LAUC only after the lane's horizon); ties
  // go to the lowest lane, then the earliest part. `gapStart` is where the free gap holding
  // it begins (-kNever: at the beginning of time). lane -1: no part is free. Does not reserve.
  struct FreePart {
    int lane = -1;
    SimTime from = 0, to = 0, gapStart = 0;
  };
  FreePart longestFree(SimTime start, SimTime end, SchedulingKind rule, int lo = 0, int hi = -1);
  // Forgets reservations that ended at or before `now`; they can never matter again.
  // Lazily: each lane drops them when it is next looked at, which gives every choice the
  // same lanes an eager sweep would, without visiting every lane on every burst.
  void forgetBefore(SimTime now) { now_ = now; }

  // Live change: from now on only the first `n` wavelengths take new bursts; lanes beyond
  // keep the reservations they already hold until those end.
  void setWavelengths(int n);
  int wavelengths() const { return active_; }
  // The end of lane w's last reservation (-kNever or a time passed if it holds none).
  SimTime lastEnd(int w) const { return horizons_[w]; }
  std::size_t reservations(int wavelength) { return lane(wavelength).size(); }

 private:
  using Lane = LaneReservations;
  // True if [start, end) fits in a void of `lane`; *voidStart is then the end of the
  // reservation before it (-kNever if none).
  bool fitsInVoid(int w, SimTime start, SimTime end, SimTime* voidStart);
  // Whether lane w can take [start, end) under `rule`'s void filling.
  bool canHold(int w, SimTime start, SimTime end, SchedulingKind rule);
  // Lane w without the reservations that ended at or before now_; its horizon kept.
  Lane& lane(int w);
  // The end of lane w's last reservation still live (-kNever if none), without touching
  // the lane: what its horizon will be once cleaned.
  SimTime liveHorizon(int w) const { return horizons_[w] > now_ ? horizons_[w] : -kNever; }

  void addWork(std::uint64_t units) {
    if (work_) *work_ += units;
  }

  std::vector<Lane> lanes_;
  // Per lane: the end of its last reservation, -kNever when it has none (kept, so LAUC
  // and the common case of a void after everything need no search of the lane).
  std::vector<SimTime> horizons_;
  int active_;
  bool horizonsOnly_;
  SimTime now_ = -kNever;  // forgetBefore's time: reservations ending by it are gone
  MemoryMeter* meter_;
  std::uint64_t* work_;
};

}  // namespace obs
