// The future event list: a binary heap ordered by (time, insertion sequence), so events at
// the same instant run in the order they were scheduled, on every platform (ns-3's rule).
//
// Speed (the queue is the hottest code of a run): the heap holds only 16-byte keys, so a
// few thousand pending events sit in L1 cache, and each key compares as one 128-bit
// integer, which compiles to branch-free code. A key's low 32 bits name the event's
// payload slot; its high 32 bits are the insertion sequence. When the sequence runs out
// the pending keys are renumbered in order (rare: once per 4 billion events).
#pragma once
#include <cstdint>
#include <vector>

#include "sim/time.h"

namespace obs {

// Anything that receives events. `kind` and `arg` are the handler's own vocabulary
// (a timer id, a slot in a pool); events carry no heap objects, so the queue stays flat.
class EventHandler {
 public:
  virtual void handleEvent(std::uint32_t kind, std::uint64_t arg) = 0;

 protected:
  ~EventHandler() = default;
};

struct Event {
  SimTime time;
  EventHandler* target;
  std::uint32_t kind;
  std::uint64_t arg;
};

class EventQueue {
 public:
  EventQueue();
  void push(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg);
  // Precondition: !empty().
  Event pop();
  bool empty() const { return size_ == 0; }
  SimTime nextTime() const { return size_ == 0 ? kNever : heap_[1].time; }
  std::size_t size() const { return size_; }

  // Tests only: make the insertion sequence run out after `n` more pushes.
  void exhaustSequenceAfter(std::uint32_t n) { nextSeq_ = kSeqLimit - n; }

 private:
  struct Key {
    SimTime time;
    std::uint64_t order;  // sequence << 32 | payload slot
  };
  struct Payload {
    EventHandler* target;
    std::uint64_t arg;
    std::uint32_t kind;
  };
  static constexpr std::uint64_t kSeqLimit = std::uint64_t{1} << 32;

  static bool earlier(const Key& a, const Key& b) {
    // time >= 0, so the pair (time, order) compares as one unsigned 128-bit number.
    using U128 = unsigned __int128;
    return ((U128(std::uint64_t(a.time)) << 64) | a.order) <
           ((U128(std::uint64_t(b.time)) << 64) | b.order);
  }
  void renumber();

  // heap_[1 .. size_] is the heap (1-based: children of i are 2i and 2i+1); the entries
  // after it are "never" sentinels, so sift-down can always read both children.
  std::vector<Key> heap_;
  std::size_t size_ = 0;
  std::vector<Payload> payloads_;
  std::vector<std::uint32_t> freeSlots_;
  std::uint64_t nextSeq_ = 0;
};

}  // namespace obs
