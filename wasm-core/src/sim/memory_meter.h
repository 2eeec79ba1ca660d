// The memory the model's growing containers hold, charged when they grow, so a run stops
// before it crosses its memory budget rather than after (docs/model.md, "Resource limits").
//
// Containers that grow without a bound set at build time report each change of their
// capacity: the event queue (heap, payloads, streams), the burst pool and the deliveries
// waiting to be counted, the wavelengths' reservation lists, the routes deflection adds,
// and samples not yet drained. (What the build fixes — window rings, lines, lanes — is in
// the build's own estimate, resource_estimate.h; packets are bounded by the windows.)
//
// The meter trips as soon as the next growth could cross the budget: a container doubling
// holds its old buffer and a new one of twice the size at once, so the peak of the next
// growth is held() + 2 x largest(). Once tripped it asks the event loop to return after
// the current event (through `stopAt`, the loop's work limit), and the run guard stops the
// run with a sentence. Sizes are this build's (sizeof), so a wasm32 engine, with its
// 4-byte pointers, charges a little less for the same model than a native one.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace obs {

class MemoryMeter {
 public:
  explicit MemoryMeter(std::uint64_t* stopAt) : stopAt_(stopAt) {}

  // 0: no limit. `baseBytes`: what the build holds (its estimate), charged once.
  void setLimit(std::uint64_t limitBytes) { limit_ = limitBytes; }
  void chargeBase(std::uint64_t bytes) { charge(0, bytes); }

  // A container's capacity went from `before` to `after` bytes.
  void resized(std::size_t before, std::size_t after) { charge(before, after); }
  // For std::vector and the like: charges the change since `capacityBefore` elements.
  template <typename T>
  void grew(std::size_t capacityBefore, std::size_t capacityAfter) {
    if (capacityAfter != capacityBefore) charge(capacityBefore * sizeof(T), capacityAfter * sizeof(T));
  }

  std::uint64_t held() const { return held_; }
  std::uint64_t largest() const { return largest_; }
  std::uint64_t limit() const { return limit_; }
  // The next growth could cross the limit: the run must stop.
  bool tripped() const { return tripped_; }

 private:
  void charge(std::size_t before, std::size_t after) {
    held_ = held_ + after - before;
    largest_ = std::max<std::uint64_t>(largest_, after);
    if (limit_ > 0 && held_ + 2 * largest_ > limit_ && !tripped_) {
      tripped_ = true;
      *stopAt_ = 0;  // the event loop returns after the event that is running
    }
  }

  std::uint64_t* stopAt_;
  std::uint64_t limit_ = 0;
  std::uint64_t held_ = 0;
  std::uint64_t largest_ = 0;
  bool tripped_ = false;
};

}  // namespace obs
