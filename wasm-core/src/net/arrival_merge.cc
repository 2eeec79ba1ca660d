#include "net/arrival_merge.h"

namespace obs {

ArrivalMerge::ArrivalMerge(SimTime lookahead) : lookahead_(lookahead), shift_(0) {
  while ((SimTime{2} << shift_) <= lookahead_) ++shift_;
}

SimTime ArrivalMerge::push(SimTime now, SimTime at, SimTime sent, Packet&& packet) {
  // Every bucket before now's next one is empty: each was released at its start.
  if (inBuckets_ == 0) advanceTo(std::max(base_, bucketOf(now) + 1));
  put(Entry{at, sent, next_++, std::move(packet)});
  return bucketOf(at) << shift_;
}

void ArrivalMerge::put(Entry&& e) {
  // at >= now + lookahead puts it in a bucket after now's, so at or after base_.
  if (bucketOf(e.at) >= base_ + kSpan) {
    beyond_.push_back(std::move(e));
    std::push_heap(beyond_.begin(), beyond_.end(), after);
    return;
  }
  bucket(bucketOf(e.at)).push_back(std::move(e));
  ++inBuckets_;
}

void ArrivalMerge::advanceTo(std::int64_t b) {
  base_ = b;
  // Packets reach the span in order of arrival, before any handed on into their bucket
  // later (which the span reached only now): each bucket stays in the order handed on.
  while (!beyond_.empty() && bucketOf(beyond_.front().at) < base_ + kSpan) {
    std::pop_heap(beyond_.begin(), beyond_.end(), after);
    Entry e = std::move(beyond_.back());
    beyond_.pop_back();
    bucket(bucketOf(e.at)).push_back(std::move(e));
    ++inBuckets_;
  }
}

SimTime ArrivalMerge::nextRelease() const {
  if (inBuckets_ > 0)
    for (std::int64_t b = base_;; ++b)
      if (!buckets_[static_cast<std::size_t>(b & (kSpan - 1))].empty()) return b << shift_;
  return beyond_.empty() ? kNever : bucketOf(beyond_.front().at) << shift_;
}

void ArrivalMerge::sortBucket(std::vector<Entry>& entries) {
  // Nearly in order: insertion, giving up for a full sort if it moves too much.
  const std::size_t n = entries.size();
  std::size_t moved = 0;
  for (std::size_t i = 1; i < n; ++i) {
    if (!before(entries[i], entries[i - 1])) continue;
    Entry e = std::move(entries[i]);
    std::size_t j = i;
    do {
      entries[j] = std::move(entries[j - 1]);
      --j;
    } while (j > 0 && before(e, entries[j - 1]));
    entries[j] = std::move(e);
    moved += i - j;
    if (moved > 8 * n) {
      std::sort(entries.begin(), entries.end(), before);
      return;
    }
  }
}

}  // namespace obs
