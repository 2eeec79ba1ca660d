// The merge of packets on their way to a line from several lines (net/arrival_merge.h):
// it passes each on in the order of arrival, then of the moment its feed took it, then of
// handing on, and only once no packet handed on later can come before it.
#include "net/arrival_merge.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace obs {
namespace {

// A packet named by the order it was handed on (its `seq`).
Packet named(std::uint32_t name) {
  Packet p;
  p.seq = name;
  return p;
}

struct Passed {
  SimTime at;
  std::uint32_t name;
  SimTime when;  // the release it went on at
  bool operator==(const Passed& o) const { return at == o.at && name == o.name; }
};

// Drives a merge as a line does: a release at the earliest moment push() or the last
// release named, pushes in between at nondecreasing moments.
class Driver {
 public:
  explicit Driver(SimTime lookahead) : lookahead_(lookahead), merge_(lookahead) {}
  void push(SimTime now, SimTime at) { push(now, at, now); }
  void push(SimTime now, SimTime at, SimTime sent) {
    runReleasesBefore(now);
    releaseAt_ = std::min(releaseAt_, merge_.push(now, at, sent, named(next_++)));
  }
  // Releases due by `now`. One at the same instant as a push may run either side of it:
  // what it passes on arrives before now + lookahead, the pushed packet at or after.
  void runReleasesBefore(SimTime now) {
    while (releaseAt_ <= now) {
      const SimTime t = releaseAt_;
      merge_.release(t, [&](SimTime at, Packet&& p) { passed_.push_back({at, p.seq, t}); });
      releaseAt_ = merge_.nextRelease();
    }
  }
  void finish() { runReleasesBefore(kNever - 1); }
  const std::vector<Passed>& passed() const { return passed_; }
  ArrivalMerge& merge() { return merge_; }
  SimTime lookahead() const { return lookahead_; }

 private:
  SimTime lookahead_;
  ArrivalMerge merge_;
  SimTime releaseAt_ = kNever;
  std::uint32_t next_ = 0;
  std::vector<Passed> passed_;
};

TEST(ArrivalMerge, PassesPacketsOnByArrivalThenByHandingOn) {
  Driver d(1000);
  d.push(0, 5000);   // 0
  d.push(0, 3000);   // 1
  d.push(0, 3000);   // 2: arrives with 1, handed on after it
  d.push(10, 4000);  // 3
  d.finish();
  const std::vector<Passed> want{{3000, 1, 0}, {3000, 2, 0}, {4000, 3, 0}, {5000, 0, 0}};
  EXPECT_EQ(d.passed(), want);
  EXPECT_TRUE(d.merge().empty());
}

TEST(ArrivalMerge, PassesPacketsArrivingTogetherByTheMomentTheirFeedTookThem) {
  // A feed taking packets ahead of the clock (a receiver's line out) hands one on early;
  // a packet arriving with it that its feed took earlier goes first, as its arrival event
  // would have been scheduled first.
  Driver d(1000);
  d.push(0, 5000, 2000);   // 0: taken at 2000, handed on at 0
  d.push(10, 5000);        // 1: taken at 10
  d.push(20, 5000, 20);    // 2
  d.push(30, 5000, 2000);  // 3: taken with 0, handed on after it
  d.finish();
  const std::vector<Passed> want{{5000, 1, 0}, {5000, 2, 0}, {5000, 0, 0}, {5000, 3, 0}};
  EXPECT_EQ(d.passed(), want);
}

TEST(ArrivalMerge, PassesOnNoPacketBeforeItsBucketStartsNorOneThatALaterPacketCouldPrecede) {
  Driver d(1000);   // buckets of 512 ps
  d.push(0, 1500);  // bucket 2, from 1024
  EXPECT_EQ(d.merge().nextRelease(), 1024);
  d.push(0, 2100);  // bucket 4, from 2048: not complete at 1024 (1024 + 1000 < 2560)
  d.runReleasesBefore(1024);
  ASSERT_EQ(d.passed().size(), 1u);
  EXPECT_EQ(d.passed()[0].when, 1024);
  EXPECT_EQ(d.merge().size(), 1u);
  // Handed on at 1100, arriving at 2100 too: before nothing, after the one waiting.
  d.push(1100, 2100);
  d.finish();
  ASSERT_EQ(d.passed().size(), 3u);
  EXPECT_EQ(d.passed()[1].name, 1u);
  EXPECT_EQ(d.passed()[2].name, 2u);
  EXPECT_EQ(d.passed()[2].when, 2048);
}

TEST(ArrivalMerge, KeepsPacketsFarBeyondItsBucketsInOrder) {
  Driver d(1000);
  d.push(0, 10'000'000);  // far past 64 buckets of 512 ps
  d.push(0, 2000);
  d.push(0, 10'000'000);
  d.push(5000, 9'999'999);
  EXPECT_EQ(d.merge().size(), 3u);  // the one arriving at 2000 went on at 1536
  d.finish();
  const std::vector<std::uint32_t> order{1, 3, 0, 2};
  ASSERT_EQ(d.passed().size(), 4u);
  for (std::size_t i = 0; i < order.size(); ++i) EXPECT_EQ(d.passed()[i].name, order[i]) << i;
}

TEST(ArrivalMerge, DrainsEveryPacketInOrder) {
  ArrivalMerge m(1000);
  m.push(0, 8'000'000, named(0));
  m.push(0, 4000, named(1));
  m.push(0, 4000, named(2));
  m.push(0, 1200, named(3));
  std::vector<std::uint32_t> names;
  m.drain([&](SimTime, Packet&& p) { names.push_back(p.seq); });
  EXPECT_EQ(names, (std::vector<std::uint32_t>{3, 1, 2, 0}));
  EXPECT_TRUE(m.empty());
  EXPECT_EQ(m.nextRelease(), kNever);
}

// Feeds as a line's would hand packets on: each in its own order of arrival, at least the
// lookahead ahead, some far ahead (a long queue), several at the same instant.
TEST(ArrivalMerge, MatchesOneSortOfEveryPacketInRandomRuns) {
  std::mt19937_64 rng(7);
  for (int run = 0; run < 200; ++run) {
    const SimTime lookahead = 1 + static_cast<SimTime>(rng() % 5000);
    Driver d(lookahead);
    const int feeds = 1 + static_cast<int>(rng() % 6);
    std::vector<SimTime> lastAt(feeds, 0);
    std::vector<Passed> all;
    std::vector<SimTime> sentOf;
    SimTime now = 0;
    for (std::uint32_t k = 0; k < 400; ++k) {
      if (rng() % 3 == 0) now += static_cast<SimTime>(rng() % (3 * lookahead));
      const int f = static_cast<int>(rng() % feeds);
      SimTime at = std::max(lastAt[f], now + lookahead + static_cast<SimTime>(rng() % (2 * lookahead)));
      if (rng() % 50 == 0) at += static_cast<SimTime>(rng() % (500 * lookahead));  // a long queue
      if (rng() % 4 == 0) at = std::max(at, lastAt[(f + 1) % feeds]);              // ties across feeds
      lastAt[f] = at;
      // Feed 0 takes packets ahead of the clock: some moment between now and its send.
      SimTime sent = now;
      if (f == 0 && rng() % 2 == 0) sent = now + static_cast<SimTime>(rng() % (at - lookahead - now + 1));
      if (rng() % 8 == 0 && !sentOf.empty()) sent = std::max(now, std::min(sentOf.back(), at - lookahead));  // ties
      d.push(now, at, sent);
      all.push_back({at, k, 0});
      sentOf.push_back(sent);
    }
    d.finish();
    std::stable_sort(all.begin(), all.end(), [&](const Passed& a, const Passed& b) {
      return a.at != b.at ? a.at < b.at : sentOf[a.name] < sentOf[b.name];
    });
    ASSERT_EQ(d.passed(), all) << "run " << run << ", lookahead " << lookahead;
    for (const Passed& p : d.passed()) ASSERT_LE(p.when, p.at) << "run " << run;
  }
}

}  // namespace
}  // namespace obs
