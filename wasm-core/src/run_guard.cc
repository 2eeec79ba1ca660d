#include "run_guard.h"

namespace obs {

StopCause RunGuard::check(std::uint64_t events, std::uint64_t work, SimTime now, bool memoryTripped) {
  nextCheck_ = (work / kCheckEvery + 1) * kCheckEvery;
  if (now - markTime_ >= kStallSpan) {
    markTime_ = now;
    markEvents_ = events;
  } else if (events - markEvents_ >= kStallEvents) {
    return StopCause::Stall;
  }
  if (budget_.maxMemoryBytes > 0 && memoryTripped) return StopCause::Memory;
  if (budget_.maxEvents > 0) {
    if (work >= budget_.maxEvents) return StopCause::EventBudget;
    if (work >= kProjectAfter && projectedWork(work, now) > static_cast<double>(budget_.maxEvents))
      return StopCause::EventPace;
  }
  return StopCause::None;
}

double RunGuard::projectedWork(std::uint64_t work, SimTime now) const {
  if (now <= 0) return static_cast<double>(work) * 1e300;  // no time has passed at all
  return static_cast<double>(work) * static_cast<double>(end_) / static_cast<double>(now);
}

}  // namespace obs
