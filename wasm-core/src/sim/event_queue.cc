#include "sim/event_queue.h"

#include <algorithm>
#include <stdexcept>

namespace obs {

EventQueue::EventQueue(MemoryMeter* meter) : meter_(meter), heap_(4, kNoEvent) {}

void EventQueue::push(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg) {
  std::uint32_t slot;
  if (!freeSlots_.empty()) {
    slot = freeSlots_.back();
    freeSlots_.pop_back();
    payloads_[slot] = Payload{target, arg, kind};
  } else {
    if (payloads_.size() >= kStreamBit) throw std::length_error("more than 2147483648 pending events");
    slot = static_cast<std::uint32_t>(payloads_.size());
    const std::size_t capacity = payloads_.capacity();
    payloads_.push_back(Payload{target, arg, kind});
    if (payloads_.capacity() != capacity) {
      // A popped event's slot goes to freeSlots_, which thus never holds more than
      // payloads_: its room grows here, and popHeap() never allocates.
      freeSlots_.reserve(payloads_.capacity());
      if (meter_) {
        meter_->grew<Payload>(capacity, payloads_.capacity());
        meter_->grew<std::uint32_t>(capacity, payloads_.capacity());
      }
    }
  }
  const Key key = nextKey(time, slot);
  heapPush(key);
  ++size_;
}

Event EventQueue::popHeap() {
  const Key top = heap_[1];
  const auto slot = static_cast<std::uint32_t>(top.order);
  const Payload p = payloads_[slot];
  freeSlots_.push_back(slot);  // within the room push() reserved
  heapPopTop();
  return Event{top.time, p.target, p.kind, p.arg};
}

void EventQueue::heapPush(Key key) {
  // Room for the new entry plus two sentinels past the end (see heapPopTop()).
  if (heapSize_ + 3 >= heap_.size()) {
    const std::size_t before = heap_.size();
    heap_.resize(before * 2, kNoEvent);
    if (meter_) meter_->grew<Key>(before, heap_.size());
  }
  std::size_t i = ++heapSize_;
  while (i > 1 && earlier(key, heap_[i >> 1])) {  // sift up
    heap_[i] = heap_[i >> 1];
    i >>= 1;
  }
  heap_[i] = key;
}

void EventQueue::heapPopTop() {
  const Key last = heap_[heapSize_];
  heap_[heapSize_] = kNoEvent;
  const std::size_t n = --heapSize_;
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
  if (n == 0) heap_[1] = kNoEvent;
}

EventQueue::StreamId EventQueue::addStream(EventHandler* target, std::uint32_t kind) {
  if (streams_.size() >= kStreamBit) throw std::length_error("more than 2147483648 event streams");
  const std::size_t capacity = streams_.capacity();
  streams_.emplace_back();
  // A Stream holds a std::vector and a pointer: charged at its 64-bit size on every target.
  constexpr std::size_t kStreamBytes = 72;
  static_assert(sizeof(void*) != 8 || sizeof(Stream) == kStreamBytes, "the 64-bit size of a Stream changed");
  if (meter_ && streams_.capacity() != capacity)
    meter_->resized(capacity * kStreamBytes, streams_.capacity() * kStreamBytes);
  Stream& s = streams_.back();
  s.ring.resize(16);
  if (meter_) meter_->grew<StreamEntry>(0, 16);
  s.mask = 15;
  s.target = target;
  s.kind = kind;
  return static_cast<StreamId>(streams_.size() - 1);
}

void EventQueue::grow(Stream& s) {
  // Double the ring, unrolling it so the oldest entry is first.
  std::vector<StreamEntry> bigger(s.ring.size() * 2);
  if (meter_) meter_->grew<StreamEntry>(s.ring.size(), bigger.size());
  for (std::size_t i = 0; i < s.count; ++i) bigger[i] = s.ring[(s.first + i) & s.mask];
  s.ring.swap(bigger);
  s.mask = s.ring.size() - 1;
  s.first = 0;
}

void EventQueue::renumber() {
  // Rank every pending key, heap events and stream entries together, and give each its rank
  // as its new sequence: relative order is kept, so the heap stays a heap and each stream
  // stays sorted. A stream's head in the heap is a copy of its oldest entry's key, renumbered
  // with it.
  std::vector<Key*> all;
  all.reserve(size_);
  for (std::size_t i = 1; i <= heapSize_; ++i)
    if (!(static_cast<std::uint32_t>(heap_[i].order) & kStreamBit)) all.push_back(&heap_[i]);
  for (Stream& s : streams_)
    for (std::size_t i = 0; i < s.count; ++i) all.push_back(&s.ring[(s.first + i) & s.mask].key);
  std::sort(all.begin(), all.end(), [](const Key* a, const Key* b) { return earlier(*a, *b); });
  for (std::size_t rank = 0; rank < all.size(); ++rank)
    all[rank]->order = (std::uint64_t(rank) << 32) | (all[rank]->order & kLowBits);
  nextSeq_ = all.size();
  for (std::size_t i = 1; i <= heapSize_; ++i) {
    const auto source = static_cast<std::uint32_t>(heap_[i].order);
    if (!(source & kStreamBit)) continue;
    const Stream& s = streams_[source & ~kStreamBit];
    heap_[i].order = s.ring[s.first].key.order | source;
  }
}

}  // namespace obs
