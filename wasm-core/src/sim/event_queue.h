// The future event list: a binary heap ordered by (time, insertion sequence), so events at
// the same instant run in the order they were scheduled, on every platform (ns-3's rule).
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
  std::uint64_t seq;
  EventHandler* target;
  std::uint32_t kind;
  std::uint64_t arg;
};

class EventQueue {
 public:
  void push(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg);
  // Precondition: !empty().
  Event pop();
  bool empty() const { return heap_.empty(); }
  SimTime nextTime() const { return heap_.empty() ? kNever : heap_.front().time; }
  std::size_t size() const { return heap_.size(); }

 private:
  static bool earlier(const Event& a, const Event& b) {
    return a.time < b.time || (a.time == b.time && a.seq < b.seq);
  }
  std::vector<Event> heap_;
  std::uint64_t nextSeq_ = 0;
};

}  // namespace obs
