#include "obs/burst_assembler.h"

#include <algorithm>
#include <utility>

#include "net/route.h"
#include "scenario/live_path.h"

namespace obs {

namespace {
constexpr std::uint32_t kTimerExpired = 0;
}

BurstAssembler::BurstAssembler(EventLoop& sim, BurstSink& sink, const AssemblySpec& spec)
    : sim_(sim), sink_(sink), spec_(spec), maxTime_(fromSeconds(spec.maxTime)) {}

void BurstAssembler::add(int pathId, int pathLength, Packet&& packet) {
  int cls = (spec_.queues == AssemblyQueues::PerClass && packet.isAck) ? 1 : 0;
  std::uint32_t key = static_cast<std::uint32_t>(pathId) * 2 + static_cast<std::uint32_t>(cls);
  Queue& q = queue(key);
  packet.step += pathLength;
  std::uint32_t bytes = packet.bytes;
  q.packets.push_back(std::move(packet));
  grew(key, q, bytes);
}

void BurstAssembler::addBackground(int pathId, std::uint32_t bytes) {
  std::uint32_t key = static_cast<std::uint32_t>(pathId) * 2;  // the data (or mixed) queue
  grew(key, queue(key), bytes);
}

void BurstAssembler::grew(std::uint32_t key, Queue& q, std::uint32_t bytes) {
  // Packets and batches are never empty, so no bytes means nothing was waiting.
  bool wasEmpty = q.bytes == 0;
  q.bytes += bytes;
  bool timed = spec_.policy != AssemblyPolicyKind::Size;
  bool sized = spec_.policy != AssemblyPolicyKind::Time;
  if (wasEmpty && timed) {
    std::uint64_t arg = (static_cast<std::uint64_t>(q.generation) << 32) | key;
    sim_.schedule(maxTime_, this, kTimerExpired, arg);
  }
  if (sized && q.bytes >= spec_.maxBytes) send(key, q);
}

void BurstAssembler::handleEvent(std::uint32_t, std::uint64_t arg) {
  std::uint32_t key = static_cast<std::uint32_t>(arg & 0xffffffffu);
  std::uint32_t generation = static_cast<std::uint32_t>(arg >> 32);
  Queue& q = queue(key);
  if (q.generation != generation || q.bytes == 0) return;  // sent by size meanwhile
  send(key, q);
}

std::string BurstAssembler::set(const std::string& field, double value) {
  // The rule is the one a scenario's liveChanges are checked by (scenario/live_path.h).
  const std::string rule = assemblyValueRule(field, value);
  if (!rule.empty()) return field + " " + rule;
  if (field == "maxTime") {
    spec_.maxTime = value;
    maxTime_ = fromSeconds(value);
  } else if (field == "maxBytes") {
    spec_.maxBytes = value;
  } else {
    spec_.minBytes = value;
  }
  return "";
}

std::size_t BurstAssembler::held() const {
  std::size_t n = 0;
  for (const Queue& q : queues_) n += q.packets.size();
  return n;
}

void BurstAssembler::send(std::uint32_t key, Queue& q) {
  std::vector<Packet> packets;
  packets.swap(q.packets);
  // The next burst of this queue will likely be about as large: one allocation instead of
  // a doubling series per burst.
  q.packets.reserve(packets.size());
  std::uint32_t bytes = q.bytes;
  q.bytes = 0;
  ++q.generation;
  std::uint32_t length = std::max<std::uint32_t>(bytes, static_cast<std::uint32_t>(spec_.minBytes));
  sink_.burstAssembled(static_cast<int>(key / 2), std::move(packets), bytes, length);
}

}  // namespace obs
