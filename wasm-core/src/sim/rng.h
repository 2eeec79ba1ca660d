// Seeded random streams of our own: xoshiro256** seeded through splitmix64. No std::
// distributions (libstdc++ and libc++ differ), so native and wasm builds draw the same
// numbers. Each stream (a flow, a link, the burst-loss process) is derived from the
// scenario seed and a stable name, so adding a stream never shifts another one's numbers.
#pragma once
#include <cstdint>
#include <string_view>

namespace obs {

inline std::uint64_t fnv1a64(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

class RandomStream {
 public:
  RandomStream(std::uint32_t seed, std::string_view streamName) {
    std::uint64_t x = (static_cast<std::uint64_t>(seed) << 32) ^ fnv1a64(streamName);
    for (auto& word : s_) word = splitmix64(x);
  }

  std::uint64_t nextU64() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, 1) with 53 random bits: exact in IEEE doubles on every platform.
  double uniform01() { return static_cast<double>(nextU64() >> 11) * 0x1.0p-53; }

  // True with probability p. Always draws, so changing p never shifts later draws
  // (common random numbers across a sweep of p).
  bool bernoulli(double p) { return uniform01() < p; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint64_t s_[4];
};

}  // namespace obs
