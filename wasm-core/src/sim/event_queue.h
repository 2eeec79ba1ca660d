// The future event list, ordered by (time, insertion sequence), so events at the same
// instant run in the order they were scheduled, on every platform (ns-3's rule).
//
// Speed: the queue is the kernel's hottest code, and most events are arrivals at the far
// end of FIFO lines, which their owner schedules in time order. Such an owner gets a
// *stream*: its events wait in a ring of their own, and only the oldest competes for the
// next pop. A stream has one target and one kind, so its ring holds only keys and
// arguments. The rest go to one binary heap. A small tournament tree over the heads (the
// heap's minimum, the oldest event of each stream that has any) picks the next event.
// Every source is already in (time, sequence) order, so the merge pops exactly what one
// global heap would.
//
// A stream holds a leaf of the tree only while it has events, so the tree's depth follows
// the number of streams busy at once, not the number of streams: the 50-flow dumb-bell's
// 202 packet-link directions fit in 64 leaves (6 levels), where a leaf each took 256. A
// replay (the popped source's next head, up to the root) reads nodes whose places do not
// depend on any comparison, so its loads overlap; a binary heap of the heads took fewer
// instructions natively, but each level's loads waited on the comparison above, and in
// WebAssembly it ran 6 to 10 % slower than this (docs/performance.md).
//
// Keys are 16 bytes and compare as one unsigned 128-bit integer (branch-free). A key's
// high 32 bits of `order` hold the insertion sequence; the low 32 bits name a heap
// event's payload slot, in a stream's ring the event's argument (a stream's arguments are
// 32-bit: its entries are bare keys, 16 bytes, where a key and a 64-bit argument took 24;
// a run with many busy links is bound by the memory its events cross), and in the
// tournament tree the leaf the key came from.
// When the sequence runs out, every pending key is renumbered in order (once per 4
// billion events).
//
// The per-event paths (stream push, pop) are inline here: the run loop and the packet
// links call them millions of times a second.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/memory_meter.h"
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
  using StreamId = std::uint32_t;

  // `meter`: charged as the queue grows (none in unit tests of the queue alone).
  explicit EventQueue(MemoryMeter* meter = nullptr);
  // Precondition for the pushes: time >= 0.
  void push(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg);
  // An event that runs after every other event at `time`, those scheduled later included
  // (the samples: they read the state an instant leaves, whichever order its events ran
  // in). At most one such event per instant.
  void pushLast(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg);
  // A new stream, for an owner that schedules its events, all for `target` and of `kind`,
  // in nondecreasing time.
  StreamId addStream(EventHandler* target, std::uint32_t kind);
  // Schedules on a stream. An event earlier than the stream's last one goes to the heap
  // instead, so the order stays exact whatever the caller does.
  void pushToStream(StreamId id, SimTime time, std::uint32_t arg = 0) {
    Stream& s = streams_[id];
    if (s.count > 0 && time < s.last) {
      push(time, s.target, s.kind, arg);
      return;
    }
    s.last = time;
    if (s.count == 0) {  // the stream takes a leaf of the tournament while it has events
      if (freeLeaves_.empty()) growTree();
      s.leaf = freeLeaves_.back();
      freeLeaves_.pop_back();
      leafStream_[s.leaf] = id;
    } else if (s.count == s.mask + 1) {
      grow(s);  // charges the meter
    }
    const Key key = nextKey(time, arg);
    s.ring[(s.first + s.count) & s.mask] = key;
    ++s.count;
    ++size_;
    if (s.count == 1) replayEarlier(s.leaf, key);
  }
  // Precondition: !empty().
  Event pop() {
    const std::uint32_t leaf = static_cast<std::uint32_t>(tree_[1].order);
    --size_;
    if (leaf == 0) return popHeap();
    Stream& s = streams_[leafStream_[leaf]];
    const Key& e = s.ring[s.first];
    const Event event{e.time, s.target, s.kind, e.order & kLowBits};
    s.first = (s.first + 1) & s.mask;
    --s.count;
    if (s.count > 0) {
      replay(leaf, s.ring[s.first]);
    } else {
      replay(leaf, kNoEvent);
      freeLeaves_.push_back(leaf);  // within the room growTree() reserved
    }
    return event;
  }
  // The event pop() would return, left in place. Precondition: !empty(). Not for the run
  // loop: the run guard uses it to say which part of the model a runaway run is busy in.
  Event peek() const {
    const std::uint32_t leaf = static_cast<std::uint32_t>(tree_[1].order);
    if (leaf == 0) {
      const Payload& p = payloads_[static_cast<std::uint32_t>(heap_[1].order)];
      return Event{heap_[1].time, p.target, p.kind, p.arg};
    }
    const Stream& s = streams_[leafStream_[leaf]];
    const Key& e = s.ring[s.first];
    return Event{e.time, s.target, s.kind, e.order & kLowBits};
  }
  bool empty() const { return size_ == 0; }
  SimTime nextTime() const { return size_ == 0 ? kNever : tree_[1].time; }
  // The next event's time, or INT64_MAX (past kNever) when empty: one load, for the run
  // loop.
  SimTime headTime() const { return tree_[1].time; }
  std::size_t size() const { return size_; }

  // Tests only: make the insertion sequence run out after `n` more pushes.
  void exhaustSequenceAfter(std::uint32_t n) { nextSeq_ = kSeqLimit - n; }

 private:
  struct Key {
    SimTime time;
    std::uint64_t order;  // sequence << 32 | heap payload slot (in the tree: source leaf)
  };
  struct Payload {
    EventHandler* target;
    std::uint64_t arg;
    std::uint32_t kind;
  };
  // A stream's ring entry is charged the 24 bytes it took with a 64-bit argument beside
  // its key, so the memory estimate (and where a memory stop falls) stays what it was.
  static constexpr std::size_t kStreamEntryBytes = 24;
  struct Stream {
    std::vector<Key> ring;  // power-of-two capacity; `order`'s low 32 bits: the argument
    std::size_t mask = 0;   // ring.size() - 1
    std::size_t first = 0, count = 0;
    SimTime last = 0;
    EventHandler* target = nullptr;
    std::uint32_t kind = 0;
    std::uint32_t leaf = 0;  // its tournament leaf while it has events
  };
  // Sequences run below kSeqLimit; kLastSeq, the one above them, marks pushLast's events.
  static constexpr std::uint64_t kSeqLimit = (std::uint64_t{1} << 32) - 1;
  static constexpr std::uint64_t kLastSeq = kSeqLimit;
  static constexpr std::uint64_t kLowBits = 0xffffffffu;
  static constexpr Key kNoEvent{INT64_MAX, ~std::uint64_t{0}};

  static bool earlier(const Key& a, const Key& b) {
    // time >= 0, so the pair (time, order) compares as one unsigned 128-bit number.
    using U128 = unsigned __int128;
    return ((U128(std::uint64_t(a.time)) << 64) | a.order) < ((U128(std::uint64_t(b.time)) << 64) | b.order);
  }
  Key nextKey(SimTime time, std::uint32_t slot) {  // takes the next sequence number
    if (nextSeq_ == kSeqLimit) renumber();
    return Key{time, (nextSeq_++ << 32) | slot};
  }
  std::uint32_t payloadSlot(EventHandler* target, std::uint32_t kind, std::uint64_t arg);
  void pushKey(Key key);  // into the heap
  // A source's head changed to `head`: store it at its leaf, tagged with the leaf, and
  // replay the matches on the path to the root (one comparison per level, against the
  // winner of the sibling subtree).
  void replay(std::size_t leaf, Key head) {
    std::size_t node = leaves_ + leaf;
    Key best{head.time, (head.order & ~kLowBits) | leaf};
    tree_[node] = best;
    for (; node > 1; node >>= 1) {
      const Key& other = tree_[node ^ 1];
      if (earlier(other, best)) best = other;
      tree_[node >> 1] = best;
    }
  }
  // The same when the leaf's head only got earlier (a stream's first event, a new heap
  // minimum): it climbs while it beats what a node holds; above that nothing changes.
  void replayEarlier(std::size_t leaf, Key head) {
    std::size_t node = leaves_ + leaf;
    const Key best{head.time, (head.order & ~kLowBits) | leaf};
    tree_[node] = best;
    for (; node > 1 && earlier(best, tree_[node >> 1]); node >>= 1) tree_[node >> 1] = best;
  }
  Event popHeap();
  void heapPush(Key key);
  void heapPopTop();
  void grow(Stream& s);
  void growTree();  // twice the leaves, the new ones free
  void rebuildTree();
  void renumber();

  // The heap: heap_[1 .. heapSize_], 1-based; entries after it are kNoEvent sentinels so
  // the sift-down can always read both children.
  MemoryMeter* meter_;
  std::vector<Key> heap_;
  std::size_t heapSize_ = 0;
  std::vector<Payload> payloads_;
  std::vector<std::uint32_t> freeSlots_;

  std::vector<Stream> streams_;

  // Tournament over leaves_ leaves, a power of two that doubles when every leaf is taken:
  // leaf 0 is the heap, the others are free or held by a stream with events (leafStream_).
  // tree_[leaves_ + j] is leaf j's head (kNoEvent when empty); tree_[node] for node in
  // [1, leaves_) is the earliest key below it, children of node n being 2n and 2n + 1;
  // tree_[1] is the root. Keys in the tree carry their leaf in the low 32 bits, so the root
  // names the source to pop from.
  std::vector<Key> tree_;
  std::size_t leaves_ = 0;
  std::vector<std::uint32_t> leafStream_;  // the stream at each leaf in use (leaf 0: the heap)
  std::vector<std::uint32_t> freeLeaves_;  // leaves no stream holds, the lowest last

  std::size_t size_ = 0;
  std::uint64_t nextSeq_ = 0;
};

}  // namespace obs
