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
// run with a sentence. Elements are charged at their size in a 64-bit build (ChargedSize),
// so a wasm32 engine, whose pointers are half as long, charges the same bytes and a memory
// stop falls at the same event on both targets.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace obs {

// The bytes one element of T is charged: sizeof(T), which is the same in a 64-bit build
// and in wasm32 for types without pointers. A type holding pointers (or a std::vector)
// is charged its 64-bit size, written beside the type with a static_assert that holds it
// to sizeof there (OBS_CHARGED_SIZE).
template <typename T>
struct ChargedSize {
  static constexpr std::size_t value = sizeof(T);
};
#define OBS_CHARGED_SIZE(T, BYTES)              \
  template <>                                   \
  struct ChargedSize<T> {                       \
    static constexpr std::size_t value = BYTES; \
  };                                            \
  static_assert(sizeof(void*) != 8 || sizeof(T) == (BYTES), "the 64-bit size of " #T " changed")

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
    if (capacityAfter != capacityBefore)
      charge(capacityBefore * ChargedSize<T>::value, capacityAfter * ChargedSize<T>::value);
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
