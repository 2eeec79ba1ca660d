#include "tcp/sack_scoreboard.h"

#include <algorithm>

#include "tcp/window_ring.h"

namespace obs {

SackScoreboard::SackScoreboard(int maxWindow, int dupThresh)
    : words_((windowRingSize(maxWindow) + 63) / 64, 0),
      mask_(static_cast<std::uint32_t>(windowRingSize(maxWindow) - 1)),
      dupThresh_(static_cast<std::uint32_t>(dupThresh)) {}

bool SackScoreboard::update(std::uint32_t una, std::uint32_t maxSent, const SackOption& sack) {
  bool moved = una > una_;
  if (moved) {
    const std::uint32_t end = std::min(una, high_);
    for (std::uint32_t s = una_; count_ > 0 && s < end;) {
      const std::uint32_t n = inWord(s, end);
      std::uint64_t& word = words_[(s & mask_) >> 6];
      const std::uint64_t cleared = word & bits(s & mask_, n);
      word &= ~cleared;
      count_ -= static_cast<std::uint32_t>(__builtin_popcountll(cleared));
      s += n;
    }
    una_ = una;
    high_ = std::max(high_, una_);
  }
  bool fresh = false;
  for (int i = 0; i < sack.count; ++i) {
    std::uint32_t from = std::max(sack.blocks[i].start, una_);
    std::uint32_t to = std::min(sack.blocks[i].end, maxSent);
    for (std::uint32_t s = from; s < to;) {
      const std::uint32_t n = inWord(s, to);
      std::uint64_t& word = words_[(s & mask_) >> 6];
      const std::uint64_t added = bits(s & mask_, n) & ~word;
      if (added) {
        word |= added;
        count_ += static_cast<std::uint32_t>(__builtin_popcountll(added));
        fresh = true;
      }
      s += n;
    }
    high_ = std::max(high_, to);
  }
  if (moved || fresh) {
    // The DupThresh-th highest SACKed segment.
    lostBound_ = una_;
    if (count_ >= dupThresh_) {
      std::uint32_t seen = 0, s = high_;
      while (seen < dupThresh_) seen += sacked(--s);
      lostBound_ = s;
    }
  }
  return fresh;
}

std::uint32_t SackScoreboard::sackedIn(std::uint32_t from, std::uint32_t to) const {
  std::uint32_t count = 0;
  const std::uint32_t end = std::min(to, high_);
  for (std::uint32_t s = from; s < end;) {
    const std::uint32_t n = inWord(s, end);
    count += static_cast<std::uint32_t>(__builtin_popcountll(words_[(s & mask_) >> 6] & bits(s & mask_, n)));
    s += n;
  }
  return count;
}

std::uint32_t SackScoreboard::firstUnsacked(std::uint32_t from, std::uint32_t to) const {
  for (std::uint32_t s = from; s < to;) {
    const std::uint32_t n = inWord(s, to);
    const std::uint64_t open = ~words_[(s & mask_) >> 6] & bits(s & mask_, n);
    if (open) return s + static_cast<std::uint32_t>(__builtin_ctzll(open)) - ((s & mask_) & 63);
    s += n;
  }
  return to;
}

std::uint32_t SackScoreboard::lastUnsacked(std::uint32_t from, std::uint32_t to) const {
  // Down from to - 1, a word's stretch at a time: the stretch ends at that segment's place.
  for (std::uint32_t s = to; s > from;) {
    const std::uint32_t top = (s - 1) & mask_;                   // the highest segment's place
    const std::uint32_t n = std::min(s - from, (top & 63) + 1);  // down to its word's start
    const std::uint64_t open = ~words_[top >> 6] & bits(top + 1 - n, n);
    if (open) return s - 1 - ((top & 63) - (63 - static_cast<std::uint32_t>(__builtin_clzll(open))));
    s -= n;
  }
  return to;
}

}  // namespace obs
