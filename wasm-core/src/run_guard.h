// What one run may cost, and the watch that stops it when it would cost more: every
// accepted scenario either ends or stops with a sentence naming the cause (docs/model.md,
// "Resource limits"). Four rules, checked each time the run's work passes a multiple of
// kCheckEvery units, so where a run stops depends only on its events and the work they did
// and is the same natively and in WebAssembly:
//   - stall: kStallEvents events within kStallSpan of simulated time (more than 4e12
//     events per simulated second: the clock has practically stopped);
//   - work: more than maxEvents work units in all, or, once kProjectAfter units have been
//     done, a pace (work so far / simulated time so far) that needs more than maxEvents to
//     reach the end: refused early rather than after hours. A work unit is an event, or a
//     wavelength scanned, a route tried, a packet moved, a reservation shifted inside one
//     (EventLoop::work()): the cost of one event grows with the wavelengths and routes of
//     the model, and counting events alone let a run of 1e7 events take minutes;
//   - memory: the model's growing containers charge a meter as they grow (memory_meter.h),
//     which trips before the next growth could cross maxMemoryBytes; the run stops after
//     the event that tripped it.
#pragma once
#include <cstdint>

#include "sim/time.h"

namespace obs {

struct RunBudget {
  // About an hour of engine time at the wasm engine's 3-5 M events per second.
  static constexpr std::uint64_t kDefaultMaxEvents = 10'000'000'000ull;
  // Half the 2 GiB a WebAssembly engine may grow to.
  static constexpr std::uint64_t kDefaultMaxMemoryBytes = std::uint64_t{1} << 30;
  std::uint64_t maxEvents = kDefaultMaxEvents;            // work units (events and more); 0: no limit
  std::uint64_t maxMemoryBytes = kDefaultMaxMemoryBytes;  // 0: no limit
};

enum class StopCause { None, Stall, EventBudget, EventPace, Memory };

class RunGuard {
 public:
  static constexpr std::uint64_t kCheckEvery = std::uint64_t{1} << 16;  // work units
  static constexpr std::uint64_t kStallEvents = std::uint64_t{1} << 22;
  static constexpr SimTime kStallSpan = 1'000'000;                        // 1 µs
  static constexpr std::uint64_t kProjectAfter = std::uint64_t{1} << 22;  // work units

  RunGuard(const RunBudget& budget, SimTime end) : budget_(budget), end_(end) {}

  const RunBudget& budget() const { return budget_; }
  // The work count at which the guard must look again.
  std::uint64_t nextCheck() const { return nextCheck_; }
  bool due(std::uint64_t work) const { return work >= nextCheck_; }
  // Looks at the run after `events` events and `work` units at time `now`; `memoryTripped`:
  // the memory meter says the next growth could cross the budget.
  StopCause check(std::uint64_t events, std::uint64_t work, SimTime now, bool memoryTripped);

  // For the message of a stop: the pace's projection to the end, and the stall window.
  double projectedWork(std::uint64_t work, SimTime now) const;
  SimTime stallStart() const { return markTime_; }
  std::uint64_t stallEvents(std::uint64_t events) const { return events - markEvents_; }

 private:
  RunBudget budget_;
  SimTime end_;
  std::uint64_t nextCheck_ = kCheckEvery;
  // The stall window: the first check at which the clock had moved kStallSpan past the
  // previous mark.
  std::uint64_t markEvents_ = 0;
  SimTime markTime_ = 0;
};

}  // namespace obs
