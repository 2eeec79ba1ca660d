#include "tcp/sack_scoreboard.h"

#include <algorithm>

#include "tcp/window_ring.h"

namespace obs {

SackScoreboard::SackScoreboard(int maxWindow, int dupThresh)
    : marks_(windowRingSize(maxWindow), 0),
      mask_(static_cast<std::uint32_t>(windowRingSize(maxWindow) - 1)),
      dupThresh_(static_cast<std::uint32_t>(dupThresh)) {}

bool SackScoreboard::update(std::uint32_t una, std::uint32_t maxSent, const SackOption& sack) {
  bool moved = una > una_;
  if (moved) {
    if (count_ > 0)
      for (std::uint32_t s = una_; s < std::min(una, high_); ++s)
        if (marks_[s & mask_]) {
          marks_[s & mask_] = 0;
          --count_;
        }
    una_ = una;
    high_ = std::max(high_, una_);
  }
  bool fresh = false;
  for (int i = 0; i < sack.count; ++i) {
    std::uint32_t from = std::max(sack.blocks[i].start, una_);
    std::uint32_t to = std::min(sack.blocks[i].end, maxSent);
    for (std::uint32_t s = from; s < to; ++s)
      if (!marks_[s & mask_]) {
        marks_[s & mask_] = 1;
        ++count_;
        fresh = true;
      }
    high_ = std::max(high_, to);
  }
  if (moved || fresh) {
    // The DupThresh-th highest SACKed segment.
    lostBound_ = una_;
    if (count_ >= dupThresh_) {
      std::uint32_t seen = 0, s = high_;
      while (seen < dupThresh_) seen += marks_[--s & mask_];
      lostBound_ = s;
    }
  }
  return fresh;
}

std::uint32_t SackScoreboard::sackedIn(std::uint32_t from, std::uint32_t to) const {
  std::uint32_t n = 0;
  for (std::uint32_t s = from; s < std::min(to, high_); ++s) n += marks_[s & mask_];
  return n;
}

std::uint32_t SackScoreboard::firstUnsacked(std::uint32_t from, std::uint32_t to) const {
  std::uint32_t s = from;
  while (s < to && sacked(s)) ++s;
  return s;
}

std::uint32_t SackScoreboard::lastUnsacked(std::uint32_t from, std::uint32_t to) const {
  for (std::uint32_t s = to; s > from; --s)
    if (!sacked(s - 1)) return s - 1;
  return to;
}

}  // namespace obs
