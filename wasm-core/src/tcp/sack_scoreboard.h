// The sender's SACK scoreboard (RFC 6675 section 4), in whole segments: which outstanding
// segments the receiver reported in SACK blocks, and IsLost() over them. SACKed segments
// stay outstanding until the cumulative ACK covers them (RFC 2018: SACK is advisory); the
// receiver here never reneges, so the scoreboard is also kept across a timeout.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "net/packet.h"

namespace obs {

class SackScoreboard {
 public:
  SackScoreboard(int maxWindow, int dupThresh);

  // Update(): forgets what the cumulative ACK `una` covers and marks the blocks' segments
  // within [una, maxSent). True if any segment was SACKed for the first time.
  bool update(std::uint32_t una, std::uint32_t maxSent, const SackOption& sack);

  bool sacked(std::uint32_t seq) const {
    const std::uint32_t pos = seq & mask_;
    return (words_[pos >> 6] >> (pos & 63)) & 1;
  }
  std::uint32_t sackedCount() const { return count_; }  // at or above una
  // One past the highest SACKed segment (una when none): RFC 6675's "highest octet covered
  // by any received SACK", plus one.
  std::uint32_t highSacked() const { return high_; }
  // IsLost(seq): DupThresh discontiguous SACKed sequences, or more than (DupThresh - 1)
  // segments' worth of SACKed data, lie above seq. In whole segments both tests say "at
  // least DupThresh SACKed segments above seq", a count that only grows as seq falls: the
  // unSACKed segments below the DupThresh-th highest SACKed one are lost, no others.
  bool isLost(std::uint32_t seq) const { return seq < lostBound_ && !sacked(seq); }
  std::uint32_t lostBound() const { return lostBound_; }  // una when fewer than DupThresh

  // SACKed segments in [from, to).
  std::uint32_t sackedIn(std::uint32_t from, std::uint32_t to) const;
  // The first unSACKed segment in [from, to), or `to` if none.
  std::uint32_t firstUnsacked(std::uint32_t from, std::uint32_t to) const;
  // The highest unSACKed segment in [from, to), or `to` if none.
  std::uint32_t lastUnsacked(std::uint32_t from, std::uint32_t to) const;

 private:
  // The ring's stretch of `n` positions from `pos` within one word (a ring of fewer than 64
  // positions lives in the low bits of one word): their bits in it.
  static std::uint64_t bits(std::uint32_t pos, std::uint32_t n) {
    return (n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1) << (pos & 63);
  }
  // How many of [from, to) lie from `from`'s place in the ring to the end of its word.
  std::uint32_t inWord(std::uint32_t from, std::uint32_t to) const {
    const std::uint32_t pos = from & mask_;
    return std::min({to - from, 64 - (pos & 63), mask_ + 1 - pos});
  }

  // One bit per segment, a ring over [una, una + maxWindow]: a SACK block spans up to a
  // window of segments and each ACK of a recovery repeats it, so marking, counting and
  // searching go a word (64 segments) at a time: with a byte per segment, the scoreboard's
  // loops were among paper003-fast's costliest code (docs/performance.md).
  std::vector<std::uint64_t> words_;
  std::uint32_t mask_;
  std::uint32_t dupThresh_;
  std::uint32_t una_ = 0;
  std::uint32_t count_ = 0;
  std::uint32_t high_ = 0;
  std::uint32_t lostBound_ = 0;
};

}  // namespace obs
