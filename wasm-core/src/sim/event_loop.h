// The event loop, the simulation kernel: clock, future event list and run loop (named apart
// from Simulation, the model built on it). One instance per simulation (no singletons), so
// a worker, a test or a sweep can hold several.
#pragma once
#include <cstdint>

#include "sim/event_queue.h"
#include "sim/time.h"

namespace obs {

class EventLoop {
 public:
  SimTime now() const { return now_; }

  void schedule(SimTime delay, EventHandler* target, std::uint32_t kind, std::uint64_t arg = 0) {
    queue_.push(now_ + delay, target, kind, arg);
  }
  void scheduleAt(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg = 0) {
    queue_.push(time, target, kind, arg);
  }

  // For an owner whose events come in nondecreasing time (a FIFO line): a stream of the
  // queue (see EventQueue), cheaper than the heap, same order.
  // Every event of a stream goes to `target` with `kind`.
  EventQueue::StreamId addStream(EventHandler* target, std::uint32_t kind) { return queue_.addStream(target, kind); }
  void scheduleInStream(EventQueue::StreamId stream, SimTime time, std::uint64_t arg = 0) {
    queue_.pushToStream(stream, time, arg);
  }
  // Runs every event with time <= limit, then sets the clock to limit.
  void runUntil(SimTime limit);
  // Runs at most `count` events with time <= limit. Returns how many ran.
  std::uint64_t runEvents(std::uint64_t count, SimTime limit);

  std::uint64_t eventsExecuted() const { return executed_; }
  // A hash of every executed event's (time, kind): two runs with equal fingerprints
  // executed the same events in the same order (OMNeT++'s fingerprint idea).
  std::uint64_t fingerprint() const { return fingerprint_; }
  std::size_t pending() const { return queue_.size(); }
  std::size_t queueMemoryBytes() const { return queue_.memoryBytes(); }
  SimTime nextEventTime() const { return queue_.nextTime(); }
  // The next event to run (target, kind), or nullptr target when none is pending.
  Event peekNext() const { return queue_.empty() ? Event{kNever, nullptr, 0, 0} : queue_.peek(); }

 private:
  void execute(const Event& e);
  // Runs up to `count` events with time <= limit. Not inlined into its two callers: one
  // copy of the loop keeps the queue's pop a single call site, which the WebAssembly
  // optimiser then inlines (with two, pop stayed a call per event).
  [[gnu::noinline]] std::uint64_t run(std::uint64_t count, SimTime limit);

  EventQueue queue_;
  SimTime now_ = 0;
  std::uint64_t executed_ = 0;
  std::uint64_t fingerprint_ = 1469598103934665603ull;
};

}  // namespace obs
