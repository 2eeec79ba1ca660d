// The future event list, ordered by (time, insertion sequence), so events at the same
// instant run in the order they were scheduled, on every platform (ns-3's rule).
//
// Speed: the queue is the kernel's hottest code, and most events are arrivals at the far
// end of FIFO lines, which their owner schedules in time order. Such an owner gets a
// *stream*: its events wait in a ring of their own, and only the oldest competes for the
// next pop. A stream has one target and kind, so its ring holds only keys and arguments.
// One binary heap holds the other events and the head of every stream that has any, so
// it is small: a stream waits in the heap only by its oldest event, whatever its length.
// Popping a stream's head puts the stream's next event in its place and sifts it down,
// which mostly stops after a level or two, as the next arrival of a line is rarely far in
// the queue. Every source is in (time, sequence) order, so the heap pops exactly what one
// global heap of every event would.
//
// Keys are 16 bytes and compare as one unsigned 128-bit integer (branch-free). A key's
// high 32 bits of `order` hold the insertion sequence; the low 32 bits name its source: a
// heap event's payload slot, or kStreamBit | the stream's index for a stream's head. When
// the sequence runs out, every pending key is renumbered in order (once per 4 billion
// events).
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
  // Precondition for both pushes: time >= 0.
  void push(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg);
  // A new stream, for an owner that schedules its events, all for `target` and of `kind`,
  // in nondecreasing time.
  StreamId addStream(EventHandler* target, std::uint32_t kind);
  // Schedules on a stream. An event earlier than the stream's last one goes to the heap
  // instead, so the order stays exact whatever the caller does.
  void pushToStream(StreamId id, SimTime time, std::uint64_t arg = 0) {
    Stream& s = streams_[id];
    if (s.count > 0 && time < s.last) {
      push(time, s.target, s.kind, arg);
      return;
    }
    s.last = time;
    if (s.count == s.mask + 1) grow(s);  // charges the meter
    const Key key = nextKey(time, 0);
    s.ring[(s.first + s.count) & s.mask] = StreamEntry{key, arg};
    ++s.count;
    ++size_;
    if (s.count == 1) heapPush(Key{time, key.order | kStreamBit | id});  // the stream's head
  }
  // Precondition: !empty().
  Event pop() {
    const Key top = heap_[1];
    const auto source = static_cast<std::uint32_t>(top.order);
    --size_;
    if (!(source & kStreamBit)) return popHeap();
    Stream& s = streams_[source & ~kStreamBit];
    const Event event{top.time, s.target, s.kind, s.ring[s.first].arg};
    s.first = (s.first + 1) & s.mask;
    --s.count;
    if (s.count > 0) {
      const Key& next = s.ring[s.first].key;
      replaceTop(Key{next.time, next.order | source});
    } else {
      heapPopTop();
    }
    return event;
  }
  // The event pop() would return, left in place. Precondition: !empty(). Not for the run
  // loop: the run guard uses it to say which part of the model a runaway run is busy in.
  Event peek() const {
    const auto source = static_cast<std::uint32_t>(heap_[1].order);
    if (!(source & kStreamBit)) {
      const Payload& p = payloads_[source];
      return Event{heap_[1].time, p.target, p.kind, p.arg};
    }
    const Stream& s = streams_[source & ~kStreamBit];
    return Event{heap_[1].time, s.target, s.kind, s.ring[s.first].arg};
  }
  bool empty() const { return size_ == 0; }
  SimTime nextTime() const { return size_ == 0 ? kNever : heap_[1].time; }
  // The next event's time, or INT64_MAX (past kNever) when empty: one load, for the run
  // loop.
  SimTime headTime() const { return heap_[1].time; }
  std::size_t size() const { return size_; }

  // Tests only: make the insertion sequence run out after `n` more pushes.
  void exhaustSequenceAfter(std::uint32_t n) { nextSeq_ = kSeqLimit - n; }

 private:
  struct Key {
    SimTime time;
    std::uint64_t order;  // sequence << 32 | source (payload slot, or kStreamBit | stream)
  };
  struct Payload {
    EventHandler* target;
    std::uint64_t arg;
    std::uint32_t kind;
  };
  struct StreamEntry {
    Key key;
    std::uint64_t arg;
  };
  struct Stream {
    std::vector<StreamEntry> ring;  // power-of-two capacity
    std::size_t mask = 0;           // ring.size() - 1, kept: size() divides by 24
    std::size_t first = 0, count = 0;
    SimTime last = 0;
    EventHandler* target = nullptr;
    std::uint32_t kind = 0;
  };
  static constexpr std::uint64_t kSeqLimit = std::uint64_t{1} << 32;
  static constexpr std::uint64_t kLowBits = 0xffffffffu;
  // In a key's source: a stream's head (the rest is the stream's index), not a payload slot.
  static constexpr std::uint32_t kStreamBit = 0x80000000u;
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
  // The heap's minimum leaves and `key` (later than it) takes its place: sifted down until
  // no child is earlier. Entries past the heap's end are kNoEvent sentinels, so a missing
  // right child is never chosen.
  void replaceTop(Key key) {
    const std::size_t n = heapSize_;
    std::size_t i = 1;
    for (std::size_t c = 2; c <= n; c = 2 * i) {
      c += earlier(heap_[c + 1], heap_[c]);
      if (!earlier(heap_[c], key)) break;
      heap_[i] = heap_[c];
      i = c;
    }
    heap_[i] = key;
  }
  Event popHeap();
  void heapPush(Key key);
  void heapPopTop();
  void grow(Stream& s);
  void renumber();

  // The heap: heap_[1 .. heapSize_], 1-based, heap events and the heads of non-empty
  // streams; entries after it are kNoEvent sentinels so a sift-down can always read both
  // children (and heap_[1] is kNoEvent, time INT64_MAX, when it is empty).
  MemoryMeter* meter_;
  std::vector<Key> heap_;
  std::size_t heapSize_ = 0;
  std::vector<Payload> payloads_;
  std::vector<std::uint32_t> freeSlots_;

  std::vector<Stream> streams_;

  std::size_t size_ = 0;
  std::uint64_t nextSeq_ = 0;
};

}  // namespace obs
