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
  T& front() { return items_[first_]; }
  const T& front() const { return items_[first_]; }

  void push_back(T value) {
    if (count_ == items_.size()) grow();
    items_[(first_ + count_) & (items_.size() - 1)] = std::move(value);
    ++count_;
  }
  void pop_front() {
    first_ = (first_ + 1) & (items_.size() - 1);
    --count_;
  }

 private:
  void grow() {
    std::vector<T> bigger(items_.empty() ? 8 : items_.size() * 2);
    for (std::size_t i = 0; i < count_; ++i)
      bigger[i] = std::move(items_[(first_ + i) & (items_.size() - 1)]);
    items_.swap(bigger);
    first_ = 0;
  }

  std::vector<T> items_;  // capacity: a power of two
  std::size_t first_ = 0, count_ = 0;
};

}  // namespace obs
