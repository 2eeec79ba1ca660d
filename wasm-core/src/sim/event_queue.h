// The future event list, ordered by (time, insertion sequence), so events at the same
// instant run in the order they were scheduled, on every platform (ns-3's rule).
//
// Speed: the queue is the kernel's hottest code, and most events are arrivals at the far
// end of FIFO lines, which their owner schedules in time order. Such an owner gets a
// *stream*: its events wait in a ring of their own, and only the oldest competes for the
// next pop. The rest go to one binary heap. A small tournament tree over the heads (the
// heap's minimum, each stream's oldest) picks the next event. Every source is already in
// (time, sequence) order, so the merge pops exactly what one global heap would.
//
// Keys are 16 bytes and compare as one unsigned 128-bit integer (branch-free). A key's
// low 32 bits name a heap event's payload slot, its high 32 bits the insertion sequence;
// when the sequence runs out, every pending key is renumbered in order (once per 4
// billion events).
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
  using StreamId = std::uint32_t;

  EventQueue();
  // Precondition for both pushes: time >= 0.
  void push(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg);
  // A new stream, for an owner that schedules its events in nondecreasing time.
  StreamId addStream();
  // Schedules on a stream. An event earlier than the stream's last one goes to the heap
  // instead, so the order stays exact whatever the caller does.
  void pushToStream(StreamId stream, SimTime time, EventHandler* target, std::uint32_t kind,
                    std::uint64_t arg);
  // Precondition: !empty().
  Event pop();
  bool empty() const { return size_ == 0; }
  SimTime nextTime() const { return size_ == 0 ? kNever : heads_[winner_[1]].time; }
  std::size_t size() const { return size_; }

  // Tests only: make the insertion sequence run out after `n` more pushes.
  void exhaustSequenceAfter(std::uint32_t n) { nextSeq_ = kSeqLimit - n; }

 private:
  struct Key {
    SimTime time;
    std::uint64_t order;  // sequence << 32 | heap payload slot
  };
  struct Payload {
    EventHandler* target;
    std::uint64_t arg;
    std::uint32_t kind;
  };
  struct StreamEntry {
    Key key;
    Payload payload;
  };
  struct Stream {
    std::vector<StreamEntry> ring;  // power-of-two capacity
    std::size_t first = 0, count = 0;
    SimTime last = 0;
  };
  static constexpr std::uint64_t kSeqLimit = std::uint64_t{1} << 32;
  static constexpr Key kNoEvent{INT64_MAX, ~std::uint64_t{0}};

  static bool earlier(const Key& a, const Key& b) {
    // time >= 0, so the pair (time, order) compares as one unsigned 128-bit number.
    using U128 = unsigned __int128;
    return ((U128(std::uint64_t(a.time)) << 64) | a.order) <
           ((U128(std::uint64_t(b.time)) << 64) | b.order);
  }
  Key nextKey(SimTime time, std::uint32_t slot);  // takes the next sequence number
  void heapPush(Key key);
  void heapPopTop();
  void playMatch(std::size_t node);  // winner_[node] from its two children
  void replay(std::size_t leaf);  // a leaf's head changed: recompute its path to the root
  void rebuildTree();
  void renumber();

  // The heap: heap_[1 .. heapSize_], 1-based; entries after it are kNoEvent sentinels so
  // the sift-down can always read both children.
  std::vector<Key> heap_;
  std::size_t heapSize_ = 0;
  std::vector<Payload> payloads_;
  std::vector<std::uint32_t> freeSlots_;

  std::vector<Stream> streams_;

  // Tournament over leaves: leaf 0 is the heap, leaf 1 + i is stream i. heads_[leaf] is
  // that source's next key (kNoEvent when empty); winner_[node] for node in [1, leaves_)
  // is the leaf with the smallest head below it; children of node n are 2n and 2n + 1,
  // and node leaves_ + j stands for leaf j.
  std::vector<Key> heads_;
  std::vector<std::uint32_t> winner_;
  std::size_t leaves_ = 0;

  std::size_t size_ = 0;
  std::uint64_t nextSeq_ = 0;
};

}  // namespace obs
