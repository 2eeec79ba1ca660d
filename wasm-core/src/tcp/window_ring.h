// Sender and receiver keep per-segment state in rings indexed by segment number modulo a
// power of two that holds every segment a window can span: [first, first + maxWindow].
#pragma once
#include <cstddef>

namespace obs {

inline std::size_t windowRingSize(int maxWindow) {
  std::size_t size = 1;
  while (size < static_cast<std::size_t>(maxWindow) + 1) size <<= 1;
  return size;
}

}  // namespace obs
