// What one run may cost, and the watch that stops it when it would cost more: every
// accepted scenario either ends or stops with a sentence naming the cause (docs/model.md,
// "Resource limits"). Three rules, checked every kCheckEvery events, so where a run stops
// depends only on its events and is the same natively and in WebAssembly:
//   - stall: kStallEvents events within kStallSpan of simulated time (more than 4e12
//     events per simulated second: the clock has practically stopped);
//   - events: more than maxEvents in all, or, once kProjectAfter events have run, a pace
//     (events so far / simulated time so far) that needs more than maxEvents to reach the
//     end: refused early rather than after hours;
//   - memory: the model's own estimate of the memory it holds above maxMemoryBytes.
#pragma once
#include <cstdint>

#include "sim/time.h"

namespace obs {

struct RunBudget {
  // About an hour of engine time at the wasm engine's 3-5 M events per second.
  static constexpr std::uint64_t kDefaultMaxEvents = 10'000'000'000ull;
  // Half the 2 GiB a WebAssembly engine may grow to.
  static constexpr std::uint64_t kDefaultMaxMemoryBytes = std::uint64_t{1} << 30;
  std::uint64_t maxEvents = kDefaultMaxEvents;            // 0: no limit
  std::uint64_t maxMemoryBytes = kDefaultMaxMemoryBytes;  // 0: no limit
};

enum class StopCause { None, Stall, EventBudget, EventPace, Memory };

class RunGuard {
 public:
  static constexpr std::uint64_t kCheckEvery = std::uint64_t{1} << 16;
  static constexpr std::uint64_t kStallEvents = std::uint64_t{1} << 22;
  static constexpr SimTime kStallSpan = 1'000'000;  // 1 µs
  static constexpr std::uint64_t kProjectAfter = std::uint64_t{1} << 22;

  RunGuard(const RunBudget& budget, SimTime end) : budget_(budget), end_(end) {}

  const RunBudget& budget() const { return budget_; }
  // How many events may run before the guard must look again (at least 1).
  std::uint64_t eventsUntilCheck(std::uint64_t executed) const {
    return nextCheck_ > executed ? nextCheck_ - executed : 1;
  }
  bool due(std::uint64_t executed) const { return executed >= nextCheck_; }
  // Looks at the run after `executed` events at time `now` holding `memoryBytes`.
  StopCause check(std::uint64_t executed, SimTime now, std::uint64_t memoryBytes);

  // For the message of a stop: the pace's projection to the end, and the stall window.
  double projectedEvents(std::uint64_t executed, SimTime now) const;
  SimTime stallStart() const { return markTime_; }
  std::uint64_t stallEvents(std::uint64_t executed) const { return executed - markEvents_; }

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
