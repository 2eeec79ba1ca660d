#include "sim/event_queue.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace obs {

namespace {
constexpr SimTime kSentinelTime = std::numeric_limits<SimTime>::max();
}

EventQueue::EventQueue() : heap_(4, Key{kSentinelTime, ~std::uint64_t{0}}) {}

void EventQueue::push(SimTime time, EventHandler* target, std::uint32_t kind,
                      std::uint64_t arg) {
  std::uint32_t slot;
  if (!freeSlots_.empty()) {
    slot = freeSlots_.back();
    freeSlots_.pop_back();
    payloads_[slot] = Payload{target, arg, kind};
  } else {
    if (payloads_.size() >= std::numeric_limits<std::uint32_t>::max())
      throw std::length_error("more than 4294967295 pending events");
    slot = static_cast<std::uint32_t>(payloads_.size());
    payloads_.push_back(Payload{target, arg, kind});
  }
  if (nextSeq_ == kSeqLimit) renumber();
  Key key{time, (nextSeq_++ << 32) | slot};

  // Room for the new entry plus two sentinels past the end (see pop()).
  if (size_ + 3 >= heap_.size()) heap_.resize(heap_.size() * 2, Key{kSentinelTime, ~std::uint64_t{0}});
  std::size_t i = ++size_;
  while (i > 1 && earlier(key, heap_[i >> 1])) {  // sift up
    heap_[i] = heap_[i >> 1];
    i >>= 1;
  }
  heap_[i] = key;
}

Event EventQueue::pop() {
  const Key top = heap_[1];
  const Key last = heap_[size_];
  heap_[size_] = Key{kSentinelTime, ~std::uint64_t{0}};
  const std::size_t n = --size_;
  // Floyd's bottom-up deletion: walk the hole down to a leaf along the smaller children
  // (one branch-free comparison per level; the sentinels stand in for missing children),
  // then sift the former last entry up from there, which is rarely more than a step.
  std::size_t i = 1;
  for (std::size_t c = 2; c <= n; c = 2 * i) {
    c += earlier(heap_[c + 1], heap_[c]);
    heap_[i] = heap_[c];
    i = c;
  }
  while (i > 1 && earlier(last, heap_[i >> 1])) {
    heap_[i] = heap_[i >> 1];
    i >>= 1;
  }
  heap_[i] = last;
  if (n == 0) heap_[1] = Key{kSentinelTime, ~std::uint64_t{0}};

  const auto slot = static_cast<std::uint32_t>(top.order);
  const Payload& p = payloads_[slot];
  freeSlots_.push_back(slot);
  return Event{top.time, p.target, p.kind, p.arg};
}

void EventQueue::renumber() {
  // A sorted array is a valid heap; renumbering in sorted order keeps every pending
  // event's place relative to the others.
  std::sort(heap_.begin() + 1, heap_.begin() + 1 + static_cast<std::ptrdiff_t>(size_),
            earlier);
  for (std::size_t i = 1; i <= size_; ++i)
    heap_[i].order = (std::uint64_t(i - 1) << 32) | (heap_[i].order & 0xffffffffu);
  nextSeq_ = size_;
}

}  // namespace obs
