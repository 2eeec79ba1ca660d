// A FIFO on a growable ring buffer: push at the back, pop at the front, no allocation once
// it has grown to its working size. std::deque does the same job with a chunk map and an
// allocation every few hundred bytes, which showed on the per-packet path.
#pragma once
#include <cstddef>
#include <utility>
#include <vector>

namespace obs {

template <typename T>
class RingQueue {
 public:
  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  // The next push_back grows the ring (true for a ring never pushed to).
  bool full() const { return count_ == capacity_; }
  T& front() { return items_[first_]; }
  const T& front() const { return items_[first_]; }
  // The i-th from the front (0: the front itself), for readers that walk the queue.
  const T& operator[](std::size_t i) const { return items_[(first_ + i) & (capacity_ - 1)]; }

  // By reference: a by-value parameter cost packets an extra copy.
  void push_back(T&& value) {
    if (count_ == capacity_) grow();
    items_[(first_ + count_) & (capacity_ - 1)] = std::move(value);
    ++count_;
  }
  void push_back(const T& value) {
    if (count_ == capacity_) grow();
    items_[(first_ + count_) & (capacity_ - 1)] = value;
    ++count_;
  }
  void clear() {
    first_ = 0;
    count_ = 0;
  }
  void pop_front() {
    first_ = (first_ + 1) & (capacity_ - 1);
    --count_;
  }

 private:
  void grow() {
    const std::size_t capacity = capacity_ == 0 ? 8 : capacity_ * 2;
    std::vector<T> bigger(capacity);
    for (std::size_t i = 0; i < count_; ++i) bigger[i] = std::move(items_[(first_ + i) & (capacity_ - 1)]);
    items_.swap(bigger);
    capacity_ = capacity;
    first_ = 0;
  }

  std::vector<T> items_;
  // items_.size(), a power of two (0 before the first push), kept apart: size() divides
  // by sizeof(T), a multiplication on every use for a 56-byte packet.
  std::size_t capacity_ = 0;
  std::size_t first_ = 0, count_ = 0;
};

}  // namespace obs
