#include "sim/event_queue.h"

#include <utility>

namespace obs {

void EventQueue::push(SimTime time, EventHandler* target, std::uint32_t kind,
                      std::uint64_t arg) {
  heap_.push_back(Event{time, nextSeq_++, target, kind, arg});
  std::size_t i = heap_.size() - 1;
  while (i > 0) {  // sift up
    std::size_t parent = (i - 1) / 2;
    if (!earlier(heap_[i], heap_[parent])) break;
    std::swap(heap_[i], heap_[parent]);
    i = parent;
  }
}

Event EventQueue::pop() {
  Event top = heap_.front();
  heap_.front() = heap_.back();
  heap_.pop_back();
  std::size_t n = heap_.size(), i = 0;
  while (true) {  // sift down
    std::size_t left = 2 * i + 1, right = left + 1, best = i;
    if (left < n && earlier(heap_[left], heap_[best])) best = left;
    if (right < n && earlier(heap_[right], heap_[best])) best = right;
    if (best == i) break;
    std::swap(heap_[i], heap_[best]);
    i = best;
  }
  return top;
}

}  // namespace obs
