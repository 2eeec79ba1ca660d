#include "run_guard.h"

namespace obs {

StopCause RunGuard::check(std::uint64_t executed, SimTime now, std::uint64_t memoryBytes) {
  nextCheck_ = (executed / kCheckEvery + 1) * kCheckEvery;
  if (now - markTime_ >= kStallSpan) {
    markTime_ = now;
    markEvents_ = executed;
  } else if (executed - markEvents_ >= kStallEvents) {
    return StopCause::Stall;
  }
  if (budget_.maxMemoryBytes > 0 && memoryBytes > budget_.maxMemoryBytes) return StopCause::Memory;
  if (budget_.maxEvents > 0) {
    if (executed >= budget_.maxEvents) return StopCause::EventBudget;
    if (executed >= kProjectAfter && projectedEvents(executed, now) > static_cast<double>(budget_.maxEvents))
      return StopCause::EventPace;
  }
  return StopCause::None;
}

double RunGuard::projectedEvents(std::uint64_t executed, SimTime now) const {
  if (now <= 0) return static_cast<double>(executed) * 1e300;  // no time has passed at all
  return static_cast<double>(executed) * static_cast<double>(end_) / static_cast<double>(now);
}

}  // namespace obs
