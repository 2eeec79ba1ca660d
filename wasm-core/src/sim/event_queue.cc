#include "sim/event_queue.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace obs {

EventQueue::EventQueue(MemoryMeter* meter) : meter_(meter), heap_(4, kNoEvent) { growTree(); }

void EventQueue::push(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg) {
  const std::uint32_t slot = payloadSlot(target, kind, arg);
  pushKey(nextKey(time, slot));
}

void EventQueue::pushLast(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg) {
  const std::uint32_t slot = payloadSlot(target, kind, arg);
  pushKey(Key{time, (kLastSeq << 32) | slot});
}

std::uint32_t EventQueue::payloadSlot(EventHandler* target, std::uint32_t kind, std::uint64_t arg) {
  std::uint32_t slot;
  if (!freeSlots_.empty()) {
    slot = freeSlots_.back();
    freeSlots_.pop_back();
    payloads_[slot] = Payload{target, arg, kind};
  } else {
    if (payloads_.size() >= std::numeric_limits<std::uint32_t>::max())
      throw std::length_error("more than 4294967295 pending events");
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
  return slot;
}

void EventQueue::pushKey(Key key) {
  heapPush(key);
  ++size_;
  if (heap_[1].order == key.order) replayEarlier(0, key);  // the new minimum
}

Event EventQueue::popHeap() {
  const Key top = heap_[1];
  const auto slot = static_cast<std::uint32_t>(top.order);
  const Payload p = payloads_[slot];
  freeSlots_.push_back(slot);  // within the room push() reserved
  heapPopTop();
  replay(0, heap_[1]);
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
  const std::size_t capacity = streams_.capacity();
  streams_.emplace_back();
  // A Stream holds a std::vector and a pointer: charged at its 64-bit size on every target.
  constexpr std::size_t kStreamBytes = 72;
  static_assert(sizeof(void*) != 8 || sizeof(Stream) == kStreamBytes, "the 64-bit size of a Stream changed");
  if (meter_ && streams_.capacity() != capacity)
    meter_->resized(capacity * kStreamBytes, streams_.capacity() * kStreamBytes);
  Stream& s = streams_.back();
  s.ring.resize(16);
  if (meter_) meter_->resized(0, 16 * kStreamEntryBytes);
  s.mask = 15;
  s.target = target;
  s.kind = kind;
  // No leaf yet: a stream takes one when it gets an event (pushToStream).
  return static_cast<StreamId>(streams_.size() - 1);
}

void EventQueue::grow(Stream& s) {
  // Double the ring, unrolling it so the oldest entry is first.
  std::vector<Key> bigger(s.ring.size() * 2);
  if (meter_) meter_->resized(s.ring.size() * kStreamEntryBytes, bigger.size() * kStreamEntryBytes);
  for (std::size_t i = 0; i < s.count; ++i) bigger[i] = s.ring[(s.first + i) & s.mask];
  s.ring.swap(bigger);
  s.mask = s.ring.size() - 1;
  s.first = 0;
}

void EventQueue::growTree() {
  // Twice the leaves: the new ones go to the free list, the lowest taken first.
  const std::size_t before = leaves_;
  leaves_ = before == 0 ? 16 : 2 * before;
  // Every leaf can be free at once: pop() then frees one without allocating.
  const std::size_t capacity = freeLeaves_.capacity();
  freeLeaves_.reserve(leaves_);
  for (std::size_t leaf = leaves_ - 1; leaf >= std::max<std::size_t>(before, 1); --leaf)
    freeLeaves_.push_back(static_cast<std::uint32_t>(leaf));
  leafStream_.resize(leaves_, 0);
  if (meter_) {
    meter_->grew<std::uint32_t>(capacity, freeLeaves_.capacity());
    meter_->grew<std::uint32_t>(before, leaves_);
  }
  rebuildTree();
}

void EventQueue::rebuildTree() {
  // Leaves for the heap and the streams that have events (a stream keeps its leaf number),
  // padded to a power of two (node n's children are 2n and 2n + 1; unused leaves hold
  // kNoEvent and never win while any source has an event).
  const std::size_t before = tree_.size();
  tree_.assign(2 * leaves_, kNoEvent);
  if (meter_) meter_->grew<Key>(before, tree_.size());
  replay(0, heap_[1]);
  for (const Stream& s : streams_)
    if (s.count > 0) replay(s.leaf, s.ring[s.first]);
}

void EventQueue::renumber() {
  // Rank every pending key, heap and streams together, and give each its rank as its new
  // sequence: relative order is kept, so the heap stays a heap and each stream stays
  // sorted.
  // pushLast's events keep their mark: they still follow everything at their instant.
  std::vector<Key*> all;
  all.reserve(size_);
  for (std::size_t i = 1; i <= heapSize_; ++i)
    if (heap_[i].order >> 32 != kLastSeq) all.push_back(&heap_[i]);
  for (Stream& s : streams_)
    for (std::size_t i = 0; i < s.count; ++i) all.push_back(&s.ring[(s.first + i) & s.mask]);
  std::sort(all.begin(), all.end(), [](const Key* a, const Key* b) { return earlier(*a, *b); });
  for (std::size_t rank = 0; rank < all.size(); ++rank)
    all[rank]->order = (std::uint64_t(rank) << 32) | (all[rank]->order & kLowBits);
  nextSeq_ = all.size();
  rebuildTree();
}

}  // namespace obs
