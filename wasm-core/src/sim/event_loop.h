// The event loop, the simulation kernel: clock, future event list and run loop (named apart
// from Simulation, the model built on it). One instance per simulation (no singletons), so
// a worker, a test or a sweep can hold several.
#pragma once
#include <cstdint>

#include "sim/event_queue.h"
#include "sim/memory_meter.h"
#include "sim/time.h"

namespace obs {

// What the parts of an event cost, in 64ths of an event (about a nanosecond natively): the
// weights of EventLoop::work(), set from what each costs in the native engine, rounded.
namespace work {
constexpr std::uint64_t kEvent = 64;       // one event: pop, dispatch, its handler's usual work
constexpr std::uint64_t kLane = 1;         // one wavelength's horizon looked at by a scheduling rule
constexpr std::uint64_t kLaneSearch = 32;  // one binary search of a wavelength's reservations
constexpr std::uint64_t kReservation = 1;  // one reservation walked past or moved in a lane's list
constexpr std::uint64_t kPacket = 4;       // one packet handed on or cut, inside an event
constexpr std::uint64_t kRouteTried = 16;  // one deflection alternative tried
constexpr std::uint64_t kGraphStep = 8;    // one node or link of a shortest-path search
}  // namespace work

// Which set of events a fingerprint hashes: two runs' fingerprints compare only under the
// same version. It changes whenever the engine models the same run with other events.
// 1: every packet's arrival at each node an event. 2: lines fed ahead (net/line_feeds.h)
// take a packet when their sole feed sends it, with no event at the node between. 3: lines
// fed by several lines take their packets together, a feed's delay ahead of arrival. 4:
// receivers alone on their host take segments when the line into the host sends them
// (net/receivers_ahead.h), with no event for the arrival.
constexpr int kFingerprintVersion = 4;

class EventLoop {
 public:
  EventLoop() : meter_(&workLimit_), queue_(&meter_) {}
  EventLoop(const EventLoop&) = delete;
  EventLoop& operator=(const EventLoop&) = delete;

  SimTime now() const { return now_; }

  void schedule(SimTime delay, EventHandler* target, std::uint32_t kind, std::uint64_t arg = 0) {
    queue_.push(now_ + delay, target, kind, arg);
  }
  void scheduleAt(SimTime time, EventHandler* target, std::uint32_t kind, std::uint64_t arg = 0) {
    queue_.push(time, target, kind, arg);
  }
  // After every other event at `time` (EventQueue::pushLast): for a reader of the state
  // that instant leaves. At most one per instant.
  void scheduleLast(SimTime time, EventHandler* target, std::uint32_t kind) { queue_.pushLast(time, target, kind, 0); }

  // For an owner whose events come in nondecreasing time (a FIFO line): a stream of the
  // queue (see EventQueue), cheaper than the heap, same order.
  // Every event of a stream goes to `target` with `kind`.
  EventQueue::StreamId addStream(EventHandler* target, std::uint32_t kind) { return queue_.addStream(target, kind); }
  void scheduleInStream(EventQueue::StreamId stream, SimTime time, std::uint32_t arg = 0) {
    queue_.pushToStream(stream, time, arg);
  }
  // Runs every event with time <= limit, then sets the clock to limit.
  void runUntil(SimTime limit);
  // Runs at most `count` events with time <= limit. Returns how many ran.
  std::uint64_t runEvents(std::uint64_t count, SimTime limit);

  std::uint64_t eventsExecuted() const { return executed_; }
  // Work, what the run guard budgets (run_guard.h), in events' worth: each event is one,
  // and an event that scans wavelengths, tries routes or moves packets adds what those
  // cost (the weights in namespace work below, in 64ths of an event), so the count follows
  // the time a run takes whatever its events do. The same on every target.
  std::uint64_t work() const { return work_ / work::kEvent; }
  // Adds `units` 64ths of an event (work::kLane and the like).
  void addWork(std::uint64_t units) { work_ += units; }
  std::uint64_t* workCounter() { return &work_; }  // in 64ths, for parts that add often
  // The run loop returns after the event that brings work() to `limit` (the guard's next
  // look); the memory meter sets it to 0 when it trips.
  void setWorkLimit(std::uint64_t limit) {
    workLimit_ = limit > UINT64_MAX / work::kEvent ? UINT64_MAX : limit * work::kEvent;
  }
  // The work limit itself, for a part that must end the loop after the current event (the
  // moment a lesson pauses at, VisualEventLog::armStop): it sets it to 0, like the meter.
  std::uint64_t* workLimitSlot() { return &workLimit_; }
  MemoryMeter& meter() { return meter_; }
  const MemoryMeter& meter() const { return meter_; }
  // A hash of every executed event's (time, kind): two runs with equal fingerprints
  // executed the same events in the same order (OMNeT++'s fingerprint idea).
  std::uint64_t fingerprint() const { return fingerprint_; }
  std::size_t pending() const { return queue_.size(); }
  SimTime nextEventTime() const { return queue_.nextTime(); }
  // The next event to run (target, kind), or nullptr target when none is pending.
  Event peekNext() const { return queue_.empty() ? Event{kNever, nullptr, 0, 0} : queue_.peek(); }

 private:
  void execute(const Event& e);
  // Runs up to `count` events with time <= limit. Not inlined into its two callers: one
  // copy of the loop keeps the queue's pop a single call site, which the WebAssembly
  // optimiser then inlines (with two, pop stayed a call per event).
  [[gnu::noinline]] std::uint64_t run(std::uint64_t count, SimTime limit);

  std::uint64_t workLimit_ = UINT64_MAX;
  MemoryMeter meter_;  // before queue_, which charges it
  EventQueue queue_;
  SimTime now_ = 0;
  std::uint64_t executed_ = 0;
  std::uint64_t work_ = 0;
  std::uint64_t fingerprint_ = 1469598103934665603ull;
};

}  // namespace obs
