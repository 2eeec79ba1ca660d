#include "sim/event_loop.h"

#include <algorithm>

namespace obs {

namespace {
inline std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  // One multiply-xorshift round per word (the FNV prime, then fold the high half down so
  // every input bit reaches every output bit): the kernel runs it on every event.
  h = (h ^ v) * 1099511628211ull;
  return h ^ (h >> 29);
}
}  // namespace

void EventLoop::execute(const Event& e) {
  now_ = e.time;
  ++executed_;
  work_ += work::kEvent;
  fingerprint_ = mix(mix(fingerprint_, static_cast<std::uint64_t>(e.time)), e.kind);
  e.target->handleEvent(e.kind, e.arg);
}

std::uint64_t EventLoop::run(std::uint64_t count, SimTime limit) {
  std::uint64_t ran = 0;
  // An empty queue's head time lies past kNever, so with the limit at most kNever one
  // comparison stops the loop at the limit and on an empty queue.
  const SimTime last = std::min(limit, kNever);
  while (ran < count && work_ < workLimit_ && queue_.headTime() <= last) {
    execute(queue_.pop());
    ++ran;
  }
  return ran;
}

void EventLoop::runUntil(SimTime limit) {
  run(UINT64_MAX, limit);
  // Only past the last event up to limit: the loop may have returned early (work limit).
  if (limit > now_ && queue_.headTime() > limit) now_ = limit;
}

std::uint64_t EventLoop::runEvents(std::uint64_t count, SimTime limit) { return run(count, limit); }

}  // namespace obs
