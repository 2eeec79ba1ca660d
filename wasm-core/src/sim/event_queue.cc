#include "sim/event_queue.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace obs {

EventQueue::EventQueue() : heap_(4, kNoEvent) { rebuildTree(); }

EventQueue::Key EventQueue::nextKey(SimTime time, std::uint32_t slot) {
  if (nextSeq_ == kSeqLimit) renumber();
  return Key{time, (nextSeq_++ << 32) | slot};
}

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
  const Key key = nextKey(time, slot);
  heapPush(key);
  ++size_;
  if (earlier(key, heads_[0])) {
    heads_[0] = key;
    replay(0);
  }
}

void EventQueue::heapPush(Key key) {
  // Room for the new entry plus two sentinels past the end (see heapPopTop()).
  if (heapSize_ + 3 >= heap_.size()) heap_.resize(heap_.size() * 2, kNoEvent);
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

EventQueue::StreamId EventQueue::addStream() {
  streams_.emplace_back();
  streams_.back().ring.resize(16);
  rebuildTree();
  return static_cast<StreamId>(streams_.size() - 1);
}

void EventQueue::pushToStream(StreamId id, SimTime time, EventHandler* target,
                              std::uint32_t kind, std::uint64_t arg) {
  Stream& s = streams_[id];
  if (s.count > 0 && time < s.last) {
    push(time, target, kind, arg);
    return;
  }
  s.last = time;
  if (s.count == s.ring.size()) {  // grow, unrolling the ring
    std::vector<StreamEntry> bigger(s.ring.size() * 2);
    for (std::size_t i = 0; i < s.count; ++i)
      bigger[i] = s.ring[(s.first + i) & (s.ring.size() - 1)];
    s.ring.swap(bigger);
    s.first = 0;
  }
  const Key key = nextKey(time, 0);
  s.ring[(s.first + s.count) & (s.ring.size() - 1)] = StreamEntry{key, Payload{target, arg, kind}};
  ++s.count;
  ++size_;
  if (s.count == 1) {
    heads_[1 + id] = key;
    replay(1 + id);
  }
}

Event EventQueue::pop() {
  const std::uint32_t leaf = winner_[1];
  const Key top = heads_[leaf];
  Payload p;
  if (leaf == 0) {
    const auto slot = static_cast<std::uint32_t>(top.order);
    p = payloads_[slot];
    freeSlots_.push_back(slot);
    heapPopTop();
    heads_[0] = heap_[1];
  } else {
    Stream& s = streams_[leaf - 1];
    p = s.ring[s.first].payload;
    s.first = (s.first + 1) & (s.ring.size() - 1);
    --s.count;
    heads_[leaf] = s.count > 0 ? s.ring[s.first].key : kNoEvent;
  }
  replay(leaf);
  --size_;
  return Event{top.time, p.target, p.kind, p.arg};
}

void EventQueue::playMatch(std::size_t node) {
  std::size_t l = 2 * node, r = l + 1;
  std::uint32_t a = l >= leaves_ ? static_cast<std::uint32_t>(l - leaves_) : winner_[l];
  std::uint32_t b = r >= leaves_ ? static_cast<std::uint32_t>(r - leaves_) : winner_[r];
  winner_[node] = earlier(heads_[b], heads_[a]) ? b : a;
}

void EventQueue::replay(std::size_t leaf) {
  for (std::size_t node = (leaves_ + leaf) >> 1; node >= 1; node >>= 1) playMatch(node);
}

void EventQueue::rebuildTree() {
  std::size_t sources = 1 + streams_.size();
  leaves_ = 2;
  while (leaves_ < sources) leaves_ *= 2;
  heads_.assign(leaves_, kNoEvent);
  heads_[0] = heap_[1];
  for (std::size_t i = 0; i < streams_.size(); ++i) {
    const Stream& s = streams_[i];
    if (s.count > 0) heads_[1 + i] = s.ring[s.first].key;
  }
  winner_.assign(leaves_, 0);
  for (std::size_t node = leaves_ - 1; node >= 1; --node) playMatch(node);
}

void EventQueue::renumber() {
  // Rank every pending key, heap and streams together, and give each its rank as its new
  // sequence: relative order is kept, so the heap stays a heap and each stream stays
  // sorted.
  std::vector<Key*> all;
  all.reserve(size_);
  for (std::size_t i = 1; i <= heapSize_; ++i) all.push_back(&heap_[i]);
  for (Stream& s : streams_)
    for (std::size_t i = 0; i < s.count; ++i)
      all.push_back(&s.ring[(s.first + i) & (s.ring.size() - 1)].key);
  std::sort(all.begin(), all.end(), [](const Key* a, const Key* b) { return earlier(*a, *b); });
  for (std::size_t rank = 0; rank < all.size(); ++rank)
    all[rank]->order = (std::uint64_t(rank) << 32) | (all[rank]->order & 0xffffffffu);
  nextSeq_ = all.size();
  rebuildTree();
}

}  // namespace obs
