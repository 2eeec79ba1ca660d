// Packets on their way to one line from several lines (PacketChannel::setFeeds), passed on
// to it in the order they will reach it: by arrival time, then by the moment their feed
// took them, then by the order they were handed on. That is the order the events of their
// arrivals would run in (events at the same instant run in the order they were scheduled,
// and a line that takes packets as they come schedules an arrival when it takes the
// packet; a feed that takes packets ahead of the clock hands them on earlier, but says
// the moment it took them).
//
// A feed hands a packet on at least `lookahead` (its delay) before it arrives, so at any
// moment t every packet arriving before t + lookahead is already here, and the line can
// take them all at once. The merge keeps packets in buckets of arrival time, each
// `width` long (the largest power of two of picoseconds up to the lookahead): at the start
// of a bucket, that bucket and any others that end within the lookahead are complete. A
// bucket's packets were handed on nearly in arrival order (the feeds interleave), so an
// insertion sort puts them in order in about one pass. Packets arriving beyond the
// buckets' span (kSpan buckets) wait in a heap until the span reaches them.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "net/packet.h"
#include "sim/time.h"

namespace obs {

class ArrivalMerge {
 public:
  // `lookahead`: the shortest delay of the feeds, > 0.
  explicit ArrivalMerge(SimTime lookahead);

  std::size_t size() const { return inBuckets_ + beyond_.size(); }
  bool empty() const { return size() == 0; }
  // A packet handed on at `now` that arrives at `at` (>= now + lookahead), its feed having
  // taken it at `sent` (>= now: later for a feed taking packets ahead). Returns the start
  // of its bucket, the moment the line can take it.
  SimTime push(SimTime now, SimTime at, SimTime sent, Packet&& packet);
  SimTime push(SimTime now, SimTime at, Packet&& packet) { return push(now, at, now, std::move(packet)); }
  // The moment the line can take the first packet waiting (kNever if none).
  SimTime nextRelease() const;
  // At `now`, a moment nextRelease() gave: every packet of the buckets complete by now
  // goes to `take(at, packet)`, in arrival order.
  template <typename Take>
  void release(SimTime now, Take&& take);
  // Every packet waiting, in arrival order (the line stops merging).
  template <typename Take>
  void drain(Take&& take);

 private:
  struct Entry {
    SimTime at;
    SimTime sent;
    std::uint64_t order;
    Packet packet;
  };
  static bool before(const Entry& a, const Entry& b) {
    if (a.at != b.at) return a.at < b.at;
    return a.sent != b.sent ? a.sent < b.sent : a.order < b.order;
  }
  static bool after(const Entry& a, const Entry& b) { return before(b, a); }  // for the heap
  static constexpr std::int64_t kSpan = 64;                                   // buckets held apart; a power of two
  std::int64_t bucketOf(SimTime at) const { return at >> shift_; }
  std::vector<Entry>& bucket(std::int64_t b) { return buckets_[static_cast<std::size_t>(b & (kSpan - 1))]; }
  void put(Entry&& e);
  // Moves base_ to `b` (every bucket before it empty) and brings in what the span now reaches.
  void advanceTo(std::int64_t b);
  static void sortBucket(std::vector<Entry>& entries);

  SimTime lookahead_;
  int shift_;              // bucket width: 2^shift_ ps <= lookahead_
  std::int64_t base_ = 0;  // the first bucket that may hold packets; buckets [base_, base_ + kSpan)
  std::array<std::vector<Entry>, kSpan> buckets_;
  std::size_t inBuckets_ = 0;
  std::vector<Entry> beyond_;  // a heap (earliest on top) of packets past the span
  std::uint64_t next_ = 0;     // the order of the next packet handed on
};

template <typename Take>
void ArrivalMerge::release(SimTime now, Take&& take) {
  advanceTo(std::max(base_, bucketOf(now)));
  // A bucket ending by now + lookahead is complete: a packet handed on from now on
  // arrives at now + lookahead or later.
  while (inBuckets_ > 0 && ((base_ + 1) << shift_) <= now + lookahead_) {
    std::vector<Entry>& entries = bucket(base_);
    sortBucket(entries);
    inBuckets_ -= entries.size();
    for (Entry& e : entries) take(e.at, std::move(e.packet));
    entries.clear();
    advanceTo(base_ + 1);
  }
}

template <typename Take>
void ArrivalMerge::drain(Take&& take) {
  std::vector<Entry> all;
  all.reserve(size());
  for (std::vector<Entry>& entries : buckets_) {
    for (Entry& e : entries) all.push_back(std::move(e));
    entries.clear();
  }
  for (Entry& e : beyond_) all.push_back(std::move(e));
  beyond_.clear();
  inBuckets_ = 0;
  std::sort(all.begin(), all.end(), before);
  for (Entry& e : all) take(e.at, std::move(e.packet));
}

}  // namespace obs
