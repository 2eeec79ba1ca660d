// The optical burst-switched plane: takes assembled bursts from ingress edges (and bursts
// of background sources), sends each burst's control packet (BHP) hop by hop on the
// control channels, lets every core node process it and reserve an outgoing wavelength
// (JET or JIT; FFUC, LAUC or LAUC-VF; fiber delay lines when no wavelength is free),
// applies injected losses, and hands the packets of bursts that get through to the egress
// edge.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "app/background_source.h"
#include "metrics/visual_event_log.h"
#include "net/packet_channel.h"
#include "net/route.h"
#include "obs/burst.h"
#include "obs/burst_assembler.h"
#include "obs/burst_drops.h"
#include "obs/deflection_routes.h"
#include "obs/fiber_use.h"
#include "obs/wavelength_scheduler.h"
#include "scenario/scenario.h"
#include "sim/event_loop.h"
#include "sim/rng.h"

namespace obs {

// A BHP's size on the control channel. Papers rarely state it; 64 B holds the label,
// offset, length and class fields of a JET-style header with room to spare.
constexpr std::uint32_t kControlPacketBytes = 64;

enum class DropReason : std::uint8_t {
  Injected = 0,    // obs.burstLoss (end to end) or a fiber link's burstLoss
  Contention = 1,  // no wavelength free on the outgoing link, nor after any FDL delay
  Late = 2,        // the burst reached a core before its BHP was processed (offset too short)
};
constexpr int kDropReasons = 3;

struct BurstClassCounters {
  std::uint64_t sent = 0;  // bursts that left an ingress edge
  std::array<std::uint64_t, kDropReasons> dropped{};
  std::uint64_t delivered = 0;  // bursts that reached their egress edge
  std::uint64_t lengthBytes = 0;
  std::uint64_t packets = 0;
  std::uint64_t dataSegments = 0;
  std::uint64_t segmentsDropped = 0;  // data segments inside dropped bursts
  std::uint64_t acksDropped = 0;
  std::uint64_t fdlDelayed = 0;    // times a burst went through an FDL (at two cores: twice)
  std::uint64_t bytesDropped = 0;  // lengthBytes of the bursts dropped whole
  // Deflection and segmentation (docs/mesh.md sections 6 and 7).
  std::uint64_t deflections = 0;  // times a burst was sent off its route
  std::uint64_t segmented = 0;    // bursts that lost a part and went on with the rest
  std::uint64_t bytesCut = 0;     // bytes of the parts cut off
  std::uint64_t segmentsCut = 0;  // data segments in those parts (lost to TCP)
  std::uint64_t acksCut = 0;
  std::uint64_t droppedTotal() const { return dropped[0] + dropped[1] + dropped[2]; }
};

// One direction of a fiber link, as the summary reports it.
struct FiberDirectionCounters {
  std::uint64_t bursts = 0;  // bursts that got a wavelength on it
  // Wavelength-time its bursts occupy (all wavelengths), counted when reserved: it holds
  // what lies ahead of the clock too (ObsPlane::fiberUtilisation leaves that out).
  SimTime busy = 0;
  std::uint64_t fdlDelayed = 0;  // bursts that needed an FDL to get onto it
  // Drops charged to this direction (the link the burst was about to take), per class
  // and reason.
  std::array<std::array<std::uint64_t, kDropReasons>, kBurstClasses> dropped{};
  std::uint64_t deflected = 0;  // bursts a core sent elsewhere because this direction had no room
  std::uint64_t segmented = 0;  // bursts that got onto it only in part
};

// One direction of a fiber link within [0, now]: the wavelength-time bursts occupied and
// the wavelength-time it offered (both exact: their ratio is its utilisation).
struct FiberUse {
  SimTime busy = 0;
  LaneTicks offered = 0;
};

// busy / offered, 0 where nothing was offered. Both exact integers: busy <= offered gives
// a share of at most 1 after rounding.
inline double utilisationOf(const FiberUse& u) {
  return u.offered > 0 ? static_cast<double>(u.busy) / static_cast<double>(u.offered) : 0.0;
}

// One optical path (an ingress-egress pair on one route), as the summary's `pairs` reports it.
struct PathCounters {
  std::uint64_t sent = 0;
  std::uint64_t delivered = 0;
  std::array<std::uint64_t, kDropReasons> dropped{};
  std::uint64_t deflections = 0;
  std::uint64_t segmented = 0;
  std::uint64_t bytesSent = 0;
  std::uint64_t bytesLost = 0;  // in bursts dropped whole and in parts cut off
};

// One QoS class: the bursts that carry one extra offset (docs/mesh.md section 8).
struct QosCounters {
  std::uint64_t sent = 0;
  std::uint64_t delivered = 0;
  std::array<std::uint64_t, kDropReasons> dropped{};
  std::uint64_t segmented = 0;
};

// Log-2 histograms of what the edges sent, for the summary and the charts.
struct BurstHistograms {
  static constexpr int kBins = 28;              // bin i holds values in [2^i, 2^(i+1)); bin 0 also 0
  std::array<std::uint64_t, kBins> bytes{};     // burst length on the wavelength
  std::array<std::uint64_t, kBins> segments{};  // packets per burst (TCP bursts only)
  static int bin(std::uint64_t value);
};

class ObsPlane final : public EventHandler, public BurstSink, public BackgroundBurstSink {
 public:
  ObsPlane(EventLoop& sim, PacketReceiver& receiver, const Scenario& scenario, const std::vector<OpticalPath>& paths);

  // BurstSink: called by the assemblers of ingress edges.
  void burstAssembled(int pathId, std::vector<Packet>&& packets, std::uint32_t payloadBytes,
                      std::uint32_t lengthBytes) override;
  // BackgroundBurstSink: called by background sources.
  void backgroundBurst(int pathId, std::uint32_t lengthBytes, SimTime extraOffset) override;
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;

  // Live what-if changes.
  void setBurstLoss(BurstClass cls, double probability) { burstLoss_[static_cast<int>(cls)] = probability; }
  void setLinkBurstLoss(int link, BurstClass cls, double probability);
  void setWavelengths(int link, int wavelengths);
  void setVisualLog(VisualEventLog* log) { log_ = log; }
  // Edge `edge` loses its next `count` bursts of `cls` (Data or Ack) from now (0: none).
  void setDropNext(int edge, BurstClass cls, std::uint32_t count) {
    drops_.setDropNext(edge, static_cast<int>(cls), count);
  }
  std::uint32_t pendingDropNext(int edge, BurstClass cls) const {
    return drops_.pendingDropNext(edge, static_cast<int>(cls));
  }

  double burstLoss(BurstClass cls) const { return burstLoss_[static_cast<int>(cls)]; }
  // A fiber link's own injected loss (both directions alike), live changes included.
  double linkBurstLoss(int link, BurstClass cls) const {
    return directions_[link * 2].burstLoss[static_cast<int>(cls)];
  }
  SimTime offset(int pathId) const { return offsets_[pathId]; }
  const BurstClassCounters& counters(BurstClass cls) const {
    settleDeliveries();
    return counters_[static_cast<int>(cls)];
  }
  const FiberDirectionCounters& fiberCounters(int link, int dir) const { return directions_[link * 2 + dir].counters; }
  const PathCounters& pathCounters(int pathId) const {
    settleDeliveries();
    return pathCounters_[pathId];
  }
  // The distinct extra offsets of the scenario's sources, ascending, 0 first: QoS class k
  // carries qosOffsets()[k].
  const std::vector<SimTime>& qosOffsets() const { return qosOffsets_; }
  const QosCounters& qosCounters(int qosClass) const {
    settleDeliveries();
    return qosCounters_[qosClass];
  }
  // Routes deflections made so far (each kept for reuse).
  std::size_t deflectedRoutes() const { return routes_.size() - paths_.size(); }
  int wavelengths(int link) const;
  // Per fiber direction (index link * 2 + dir; 0 elsewhere): the share of the
  // wavelength-time it offered within [0, now] that bursts occupied (docs/model.md
  // section 5). At most 1, also across live changes of its wavelengths.
  std::vector<double> fiberUtilisation() const;
  // The two terms of that share, per direction (0 elsewhere): a window's share is the
  // ratio of their differences (the summary's measure window).
  std::vector<FiberUse> fiberUse() const;
  const BurstHistograms& histograms() const { return histograms_; }
  std::size_t burstsInFlight() const {
    settleDeliveries();
    return live_ + pendingDeliveries_.size();
  }
  std::size_t packetsInFlight() const;  // packets inside bursts not yet delivered

 private:
  enum EventKind : std::uint32_t {
    kBhpProcessed,   // a BHP crossed a hop and the core at its far end finished processing it
    kBurstAtEgress,  // the burst's last bit reached the egress edge
  };
  struct ControlChannel {
    double rate = 0;
    SimTime bhpTime = 0;  // a BHP's transmission time at `rate` (fixed for the run)
    SimTime delay = 0;
    SimTime freeAt = 0;  // the control channel sends one BHP at a time
    // Its BHPs arrive, and are processed, in the order they were sent (one at a time, a
    // fixed delay and processing time), so those events wait in an event stream of their
    // own rather than in the heap (made on first use: a large topology uses few of its
    // directions). Only cores process BHPs: a path's BHPs stop at its last core, since the
    // egress edge needs no reservation.
    static constexpr EventQueue::StreamId kNoStream = ~EventQueue::StreamId{0};
    EventQueue::StreamId arrivals = kNoStream;
  };
  struct Direction {  // one direction of a fiber link
    std::unique_ptr<WavelengthSchedule> schedule;
    ControlChannel control;
    SimTime delay = 0;
    std::array<double, 2> burstLoss{};  // this link's injected loss, data and ACK bursts
    std::unique_ptr<RandomStream> lossRng;
    FiberDirectionCounters counters;
    LaneTime laneTime;  // the wavelength-time it offers
  };
  struct CoreNode {
    SimTime setupTime = 0;
    int fdlCount = 0;
    SimTime fdlUnit = 0;
    ConversionKind conversion = ConversionKind::Full;
    int conversionRange = 0;
    bool deflection = false;
    bool segmentation = false;
  };
  // How a core picks the outgoing wavelength (docs/mesh.md section 1).
  enum class LaneChoice { Schedule, FirstFit, Random };
  struct LaneRule {
    LaneChoice choice = LaneChoice::Schedule;
    int lo = 0, hi = -1;  // the lanes allowed (hi < 0: up to the last); Schedule only
  };
  // The rule at the core at the far end of hop `here` of the burst's path.
  LaneRule laneRule(const Burst& b, int here, const Hop& out) const;

  Direction& direction(const Hop& hop) { return directions_[hop.link * 2 + hop.dir]; }
  // The burst got a wavelength on `hop`, direction `d`, and occupies it over
  // [from, from + duration).
  void countCarried(Direction& d, const Hop& hop, SimTime from, SimTime duration) {
    ++d.counters.bursts;
    d.counters.busy += duration;
    busyAhead_.add(hop.link * 2 + hop.dir, from, from + duration, sim_.now());
  }
  std::uint32_t allocate();
  void release(std::uint32_t slot);
  void launch(std::uint32_t slot, SimTime extraOffset);  // ingress scheduling and the first BHP
  // Adds a route: its hops and what is precomputed of it; returns its index.
  int addRoute(const OpticalPath& route);
  // Deflection: tries the alternatives of the core at the far end of hop `here` in order;
  // on success the burst has a wavelength on one and b.route is its route.
  bool deflect(Burst& b, int here, SimTime arrival);
  // The routes deflection offers a burst on `route` blocked after hop `here` (cached).
  const std::vector<int>& deflectionRoutes(int route, int here);
  // The time a BHP processed now at the far end of hop `here` of `route` needs ahead of
  // its burst to be processed in time at every core after it (docs/mesh.md section 6).
  SimTime slackNeeded(int route, int here) const;
  // Segmentation, where the core has it: reserves the longest part of the burst that fits
  // on `out` and cuts the rest off, at packet boundaries; false if no part of it fits.
  bool segment(Burst& b, int here, const Hop& out, SimTime arrival);
  void sendBhp(std::uint32_t slot, int hopIndex, SimTime when);
  void onBhpProcessed(std::uint32_t slot);
  // Reserves the hop after `hopIndex` for the burst arriving at `arrival`, trying the
  // node's FDLs in order if needed; returns false if nothing fits.
  bool reserveOutgoing(Burst& b, int here, const Hop& out, SimTime arrival);
  void describeFlows(const Burst& b, VisualEvent& e);
  void logOnLink(const Burst& b, const Hop& hop, int lane, SimTime firstBit, SimTime fdlDelay = 0);
  static VisualEvent burstEvent(VisualEventKind kind, const Burst& b, SimTime t0, SimTime t1);
  bool linkLossDrops(Burst& b, const Hop& hop);
  void scheduleEgressArrival(std::uint32_t slot);
  // A burst without packets (background) needs nothing done when it reaches its egress
  // edge but to be counted, so it takes no event: its arrival waits in pendingDeliveries_
  // and is counted once the clock has passed it, before any counter is read.
  struct PendingDelivery {
    SimTime at;
    std::uint64_t id;  // for the visual log's BurstDelivered, recorded when counted
    std::uint32_t bytes;
    int path;
    BurstClass cls;
    std::uint8_t qos;
  };
  void settleDeliveries() const;
  void countCut(Burst& b, const Hop& out, std::uint32_t bytesCut, std::size_t firstKept, std::size_t endKept);
  // `node`: where it happens; `chargedTo`: the link it was about to take.
  void drop(std::uint32_t slot, DropReason reason, int node, const Hop& chargedTo);
  SimTime arrivalAt(const Burst& b, int hopIndex) const;  // first bit after crossing hop

  EventLoop& sim_;
  PacketReceiver& receiver_;
  const Scenario& scenario_;
  const std::vector<OpticalPath>& paths_;
  std::vector<Direction> directions_;  // index link * 2 + dir (fiber links only used)
  BusyAhead busyAhead_;                // occupations of every direction that may end after now
  std::vector<CoreNode> cores_;        // per node index (only cores filled)
  std::vector<SimTime> offsets_;       // per optical path
  // Routes: the optical paths (route i is path i), then those deflections made. The
  // vectors below are per route.
  std::vector<OpticalPath> routes_;
  std::vector<std::size_t> pathDelayAt_;  // where its hops start in delayThrough_
  std::vector<SimTime> delayThrough_;     // per route and hop: propagation from the ingress edge
  std::vector<int> firstCoreHop_;         // hop whose far end is the first core, or -1
  std::vector<int> lastCoreHop_;          // hop whose far end is the last core, or -1
  // Some core on it lacks full conversion, so the burst's wavelength is chosen by
  // obs.wavelengthChoice at the first core and kept by the cores that cannot convert.
  std::vector<bool> continuity_;
  DeflectionRoutes deflection_;
  std::map<std::pair<int, int>, std::vector<int>> deflectionCache_;  // (route, hop) -> routes
  std::vector<SimTime> qosOffsets_;
  mutable std::vector<QosCounters> qosCounters_;
  mutable std::vector<PathCounters> pathCounters_;            // per path
  std::vector<std::unique_ptr<RandomStream>> choiceStreams_;  // per node; edges, random choice only
  SimTime controlProcessing_;
  RandomStream lossRng_;
  std::array<double, kBurstClasses> burstLoss_{};
  BurstDrops drops_;
  // Mutable: settleDeliveries() brings them up to the clock from const readers.
  mutable std::array<BurstClassCounters, kBurstClasses> counters_{};
  // Unordered; every entry whose time has come is counted (and removed) when a counter is
  // read or the list has doubled since the last time, so each costs O(1) on average.
  mutable std::vector<PendingDelivery> pendingDeliveries_;
  std::size_t settleAt_ = 1024;  // the list's size that triggers the next count
  BurstHistograms histograms_;
  std::vector<Burst> pool_;
  std::vector<std::uint32_t> freeSlots_;
  std::size_t live_ = 0;
  VisualEventLog* log_ = nullptr;
  std::uint64_t nextBurstId_ = 0;
};

}  // namespace obs
