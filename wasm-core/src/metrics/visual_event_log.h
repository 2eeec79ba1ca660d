// Visual events for the animation (docs/model.md section 5): what happened where and when, in
// a bounded ring drained as columns so the bindings can hand each column to JavaScript as one
// typed array. When the ring is full its oldest events are overwritten and counted as lost:
// a UI that drains every frame never loses any; a CLI run never turns the log on.
//
// What the event log lists and a lesson pauses at is not pushed out by what is only drawn:
// 80 flows at 100 Mbit/s put about 5000 packets on links per simulated millisecond, and a
// frame that covered 20 ms overwrote the one burst a Show me was waiting for. When the ring
// is full, an oldest event of a notable kind (a burst formed, a drop, a TCP event, a live
// change, a deflection, a cut) is set aside instead, up to as many as the ring holds. It is
// older than everything left in the ring, so a drain gives the set-aside events first and
// the order stays that of recording. Until the ring is full nothing differs.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/time.h"

namespace obs {

enum class VisualEventKind : std::uint8_t {
  BurstFormed = 0,      // node: ingress edge; id: burst; cls; bytes; segments (packets);
                        // value: offset; lane: the flow with most packets; dir: how many flows;
                        // link: the optical path (index in Simulation::routes()'s opticalPaths)
  ControlPacket = 1,    // link, dir; id: burst; t0 leaves the near end, t1 reaches the far end
  BurstOnLink = 2,      // link, dir, lane (wavelength); id; cls; t0..t1 first to last bit at the near end;
                        // value: the FDL delay (s) the core before this link added, 0 if none
  BurstDropped = 3,     // node where it happened; link, dir it was about to take; id; cls; reason
  PacketOnLink = 4,     // link, dir; id: flow; cls 0 data / 1 ACK; t0..t1 first to last bit
  PacketDropped = 5,    // link, dir; id: flow; cls 0 data / 1 ACK; reason 0 queue, 1 random, 2 listed (`drops`)
  TcpEvent = 6,         // id: flow; reason 0 RTO, 1 fast retransmit, 2 recovery exit; value: cwnd after
  BurstDelivered = 7,   // node: egress edge; id: burst; cls
  LiveChange = 8,       // a live change took effect (scheduled or live): id: its place in the
                        // run's list of changes (the summary's liveChanges); reason: LiveTarget;
                        // lane: the node, link or flow index (-1 for obs.*); cls: 0 data / 1 ack
                        // (burst loss); dir: 0 maxTime / 1 maxBytes / 2 minBytes (assembly);
                        // value: the new value. The event log names it from these.
  BurstDeflected = 9,   // node: the core; link, dir: the direction it had no room on; lane: the
                        // link it was sent on instead; id; cls; reason: deflections so far
  BurstSegmented = 10,  // node: the core; link, dir: the direction it got onto in part; id; cls;
                        // bytes: the bytes cut off; segments: the packets in them (the part
                        // that went on follows as a BurstOnLink)
};

struct VisualEventColumns {
  std::vector<double> t0, t1, value;
  std::vector<std::uint8_t> kind, cls, reason;
  std::vector<std::int32_t> id, node, link, dir, lane;
  std::vector<std::uint32_t> bytes, segments;
  std::size_t rows() const { return t0.size(); }
  void resize(std::size_t n) {
    for (auto* column : {&t0, &t1, &value}) column->resize(n);
    for (auto* column : {&kind, &cls, &reason}) column->resize(n);
    for (auto* column : {&id, &node, &link, &dir, &lane}) column->resize(n);
    for (auto* column : {&bytes, &segments}) column->resize(n);
  }
};

struct VisualEvent {
  VisualEventKind kind;
  SimTime t0 = 0, t1 = 0;
  std::int32_t id = -1, node = -1, link = -1, dir = -1, lane = -1;
  std::uint8_t cls = 0, reason = 0;
  std::uint32_t bytes = 0, segments = 0;
  double value = 0;
};

// Whether the event log and the lessons read events of this kind; the others are only drawn.
// The app reads the same rule as a mask (notableKindsMask, bound as notableVisualEventKinds;
// apps/web/src/sim/visualStore.engine.test.ts holds its NOTABLE_MASK to it).
constexpr bool isNotable(VisualEventKind kind) {
  switch (kind) {
    case VisualEventKind::BurstFormed:
    case VisualEventKind::BurstDropped:
    case VisualEventKind::PacketDropped:
    case VisualEventKind::TcpEvent:
    case VisualEventKind::LiveChange:
    case VisualEventKind::BurstDeflected:
    case VisualEventKind::BurstSegmented: return true;
    case VisualEventKind::ControlPacket:
    case VisualEventKind::BurstOnLink:
    case VisualEventKind::PacketOnLink:
    case VisualEventKind::BurstDelivered: return false;
  }
  return true;
}

// isNotable as a mask: bit k for VisualEventKind k.
constexpr std::uint32_t notableKindsMask() {
  std::uint32_t mask = 0;
  for (unsigned k = 0; k <= static_cast<unsigned>(VisualEventKind::BurstSegmented); ++k)
    if (isNotable(static_cast<VisualEventKind>(k))) mask |= 1u << k;
  return mask;
}

// A moment a lesson pauses at (apps/web/src/lessons/condition.ts compiles a pause condition
// to this, docs/engine-api.md "Pausing at a moment"): the first recorded event of `kind`
// at or after `after` and, for each of node, cls, reason and the id range given (>= 0),
// with that value. The run stops right after that event, so a lesson pauses where it says
// at any speed and on any machine (the page, seeing it a frame later, would not).
struct VisualStop {
  VisualEventKind kind = VisualEventKind::BurstFormed;
  std::int32_t node = -1, cls = -1, reason = -1;
  std::int32_t idFirst = -1, idLast = -1;  // a flow group's flow indexes
  SimTime after = 0;
  bool matches(const VisualEvent& e) const {
    return e.kind == kind && e.t0 >= after && (node < 0 || e.node == node) && (cls < 0 || e.cls == cls) &&
           (reason < 0 || e.reason == reason) && (idFirst < 0 || (e.id >= idFirst && e.id <= idLast));
  }
};

class VisualEventLog {
 public:
  // The ring holds `capacity` events; as many notable ones may be set aside beyond it.
  explicit VisualEventLog(std::size_t capacity = 1 << 16) : capacity_(capacity) {}

  bool enabled() const { return enabled_; }
  // The ring is made when the log is first turned on: a run that records nothing (the CLI,
  // a sweep's runs) never holds its 4 MB (65,536 events of 64 bytes) nor spends the time
  // constructing them.
  void setEnabled(bool on) {
    enabled_ = on;
    if (on && ring_.empty()) ring_.resize(capacity_);
  }
  // Which kinds are recorded (bit k = VisualEventKind k), all by default. A UI running
  // flat out asks for fewer: packets on links are 4 events per segment, too many to draw
  // and costly to record, while drops and TCP events stay rare and wanted.
  void setKinds(std::uint32_t mask) { kinds_ = mask; }
  std::uint32_t kinds() const { return kinds_; }
  bool wants(VisualEventKind kind) const { return enabled_ && ((kinds_ >> static_cast<unsigned>(kind)) & 1u) != 0; }
  void record(const VisualEvent& e) {
    if (!wants(e.kind)) return;
    if (stopArmed_ && stop_.matches(e)) meetStop(e);
    if (count_ < ring_.size()) {
      ring_[(start_ + count_) % ring_.size()] = e;
      ++count_;
      return;
    }
    // Full: the oldest event makes room, kept aside if the log or a lesson reads its kind.
    const VisualEvent& oldest = ring_[start_];
    if (!isNotable(oldest.kind)) {
      ++lost_;
    } else if (setAside_.size() < ring_.size()) {
      setAside_.push_back(oldest);
    } else {
      ++lost_;
      ++lostNotable_;
    }
    ring_[start_] = e;
    start_ = (start_ + 1) % ring_.size();
  }
  // Arms the moment to stop at; `workLimit` is the event loop's (EventLoop::workLimitSlot),
  // set to 0 when it is met so the loop returns right after that event. One-shot.
  void armStop(const VisualStop& stop, std::uint64_t* workLimit) {
    stop_ = stop;
    stopArmed_ = true;
    stopMet_ = false;
    workLimit_ = workLimit;
  }
  void disarmStop() { stopArmed_ = stopMet_ = false; }
  // Met since the last clearStopMet(), and the met event's time: its t0, which is later
  // than the clock for an event logged ahead of its time (a packet lost after retries).
  bool stopMet() const { return stopMet_; }
  SimTime stopTime() const { return stopTime_; }
  void clearStopMet() { stopMet_ = false; }
  // Moves out every event recorded since the last drain, oldest first.
  VisualEventColumns drain();
  // Events lost before a drain took them, of all kinds and of the notable kinds.
  std::uint64_t lost() const { return lost_; }
  std::uint64_t lostNotable() const { return lostNotable_; }

 private:
  std::size_t capacity_;
  std::vector<VisualEvent> ring_;  // capacity_ events once enabled, none before
  std::size_t start_ = 0, count_ = 0;
  std::vector<VisualEvent> setAside_;
  std::uint64_t lost_ = 0, lostNotable_ = 0;
  bool enabled_ = false;
  std::uint32_t kinds_ = ~0u;
  VisualStop stop_;
  bool stopArmed_ = false, stopMet_ = false;
  SimTime stopTime_ = 0;
  std::uint64_t* workLimit_ = nullptr;

  void meetStop(const VisualEvent& e) {
    stopArmed_ = false;
    stopMet_ = true;
    stopTime_ = e.t0;
    *workLimit_ = 0;
  }
};

inline VisualEventColumns VisualEventLog::drain() {
  VisualEventColumns c;
  // Sized once: a frame at speed drains tens of thousands of rows.
  c.resize(setAside_.size() + count_);
  std::size_t row = 0;
  auto put = [&c, &row](const VisualEvent& e) {
    c.t0[row] = toSeconds(e.t0);
    c.t1[row] = toSeconds(e.t1);
    c.value[row] = e.value;
    c.kind[row] = static_cast<std::uint8_t>(e.kind);
    c.cls[row] = e.cls;
    c.reason[row] = e.reason;
    c.id[row] = e.id;
    c.node[row] = e.node;
    c.link[row] = e.link;
    c.dir[row] = e.dir;
    c.lane[row] = e.lane;
    c.bytes[row] = e.bytes;
    c.segments[row] = e.segments;
    ++row;
  };
  for (const VisualEvent& e : setAside_) put(e);
  for (std::size_t i = 0; i < count_; ++i) put(ring_[(start_ + i) % ring_.size()]);
  setAside_.clear();
  start_ = 0;
  count_ = 0;
  return c;
}

}  // namespace obs
