// Scenario format v1 (the scenario schema, packages/scenario/src/schema) as plain C++ values, after validation.
// Units: seconds, bit/s, bytes, probabilities. Conversion to picoseconds happens when the
// model is built, not here, so this struct mirrors the JSON one to one. A member's initial
// value is its field's default where the schema's table has one (generated/defaults.h).
// The table holds numbers and words, so true/false fields keep their false here; the other
// members without a default there are required, or say what they stand for when absent.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "generated/defaults.h"
#include "generated/tcp_choices.h"

namespace obs {

enum class NodeKind { Host, Router, Edge, Core };
enum class LinkKind { Packet, Fiber };
enum class AssemblyPolicyKind { Time, Size, Hybrid };
enum class AssemblyQueues { PerClass, Mixed };
enum class Reservation { Jet, Jit };
enum class SchedulingKind { Ffuc, Lauc, LaucVf };
// What a core may do to a burst's wavelength (`nodes[].conversion`, docs/mesh.md).
enum class ConversionKind { Full, None, Range };
// How an ingress edge picks the wavelength where continuity matters (`obs.wavelengthChoice`).
enum class WavelengthChoice { FirstFit, Random };
// Tahoe, Reno, NewReno and Sack differ in loss recovery (the sender); the others in window
// growth (tcp/congestion_ops.h).
enum class TcpVariantKind {
  Tahoe,
  Reno,
  NewReno,
  Sack,
  Hstcp,     // HighSpeed TCP, RFC 3649
  Stcp,      // Scalable TCP (Kelly 2003)
  Bic,       // BIC-TCP (Xu, Harfoush, Rhee 2004)
  Cubic,     // CUBIC, RFC 9438
  Htcp,      // H-TCP (Leith, Shorten 2004)
  Vegas,     // TCP Vegas (Brakmo, Peterson 1995)
  Westwood,  // Westwood+ (Mascolo et al.)
};
// kTcpVariantNames, generated from TCP_VARIANTS (packages/scenario/src/schema/fields.ts),
// names them in this order: what the scenario says, and what setLive's numeric index counts.
static_assert(kTcpVariantNames.size() == static_cast<std::size_t>(TcpVariantKind::Westwood) + 1,
              "one name per variant");

// How the sender detects and repairs loss (tcp/loss_recovery.h).
enum class TcpRecoveryKind {
  Tahoe,    // fast retransmit, then slow start from one segment (ns-2's TcpAgent)
  Reno,     // fast retransmit and fast recovery, RFC 5681 section 3.2
  NewReno,  // Reno with partial ACKs, RFC 6582
  Sack,     // SACK blocks (RFC 2018) and the scoreboard of RFC 6675
};
// Named in this order by kLossRecoveryNames, generated from LOSS_RECOVERIES (fields.ts).
static_assert(kLossRecoveryNames.size() == static_cast<std::size_t>(TcpRecoveryKind::Sack) + 1,
              "one name per loss recovery");
enum class AppKind {
  Bulk,  // always data to send
  File,  // `bytes` to send, then done; the completion time is recorded
  Cbr,   // data handed to TCP at a constant `rate` (bit/s); TCP may lag behind it
};

struct AppSpec {
  AppKind kind = AppKind::Bulk;
  double bytes = 0;  // file
  double rate = 0;   // cbr, bit/s
};

// Zero: no injected loss. Each holder starts from its own fields' defaults (ObsSpec, LinkSpec).
struct BurstLossSpec {
  double data = 0;
  double ack = 0;
};

struct LinkSpec {
  std::string id;
  int a = -1, b = -1;  // node indices
  LinkKind kind = LinkKind::Packet;
  double rate = 0;                 // bit/s; per wavelength on fiber
  double delay = 0;                // propagation, seconds
  int queue = kLinksQueueDefault;  // packet links: drop-tail limit in packets, per direction
  // Packet links: random loss per try (neutral only, for now).
  double lossAb = kLinksLossDefault, lossBa = kLinksLossDefault;
  int arqRetries = kLinksArqRetriesDefault;
  double arqRetryDelay = kLinksArqRetryDelayDefault;
  int wavelengths = kLinksWavelengthsDefault;  // fiber links
  // Fiber links: extra injected loss (neutral only, for now).
  BurstLossSpec burstLoss{kLinksBurstLossDataDefault, kLinksBurstLossAckDefault};
  // Routing cost per direction (`cost`, an extension of the format; docs/routing.md).
  // Negative: not given, the link costs its delay (costOf), so a scenario without costs
  // routes by delay exactly as before.
  double costAb = -1, costBa = -1;
};

// What crossing link `l` in direction `dir` (0: a -> b, 1: b -> a) costs a route.
inline double costOf(const LinkSpec& l, int dir) {
  const double c = dir == 0 ? l.costAb : l.costBa;
  return c < 0 ? l.delay : c;
}

// The link a forced route (`route`, `ackRoute`) takes from node `from` to node `to`: of
// the links joining them, the one that costs least in that direction, ties to the lowest
// index; -1 if none joins them. One rule for the parser, which refuses a route with no
// such link, and the routing table, which builds the route over these links.
inline int cheapestLinkBetween(const std::vector<LinkSpec>& links, int from, int to) {
  int best = -1;
  double bestCost = 0;
  for (std::size_t i = 0; i < links.size(); ++i) {
    const LinkSpec& l = links[i];
    double cost;
    if (l.a == from && l.b == to)
      cost = costOf(l, 0);
    else if (l.b == from && l.a == to)
      cost = costOf(l, 1);
    else
      continue;
    if (best < 0 || cost < bestCost) best = static_cast<int>(i), bestCost = cost;
  }
  return best;
}

// obs.assembly's defaults; an edge's own (nodes[].assembly) start from obs.assembly as read.
struct AssemblySpec {
  AssemblyPolicyKind policy = static_cast<AssemblyPolicyKind>(kObsAssemblyPolicyDefault);
  double maxTime = kObsAssemblyMaxTimeDefault;
  double maxBytes = kObsAssemblyMaxBytesDefault;
  double minBytes = kObsAssemblyMinBytesDefault;
  AssemblyQueues queues = static_cast<AssemblyQueues>(kObsAssemblyQueuesDefault);
};

struct NodeSpec {
  std::string id;
  NodeKind kind = NodeKind::Host;
  double x = kNodesXDefault, y = kNodesYDefault;
  double setupTime = kNodesSetupTimeDefault;  // core only: switch configuration time
  int fdlCount = kNodesFdlCountDefault;       // core only: fiber delay lines, FDL i delays by i x fdlUnit
  double fdlUnit = kNodesFdlUnitDefault;
  ConversionKind conversion = static_cast<ConversionKind>(kNodesConversionDefault);  // core only
  // ConversionKind::Range: reaches w-d .. w+d. Required with it, so no default; 0 unused.
  int conversionRange = 0;
  // Contention resolution beyond FDLs (core only, docs/mesh.md sections 6 and 7).
  bool deflection = false;    // a burst with no room on its output may take another one
  bool segmentation = false;  // a burst with no room keeps the part of it that fits
  AssemblySpec assembly;      // edge only: obs.assembly with this edge's overrides applied
};

struct ObsSpec {
  AssemblySpec assembly;
  Reservation reservation = static_cast<Reservation>(kObsReservationDefault);
  SchedulingKind scheduling = static_cast<SchedulingKind>(kObsSchedulingDefault);
  double controlProcessing = kObsControlProcessingDefault;
  std::optional<double> offset;  // empty = "auto"
  BurstLossSpec burstLoss{kObsBurstLossDataDefault, kObsBurstLossAckDefault};
  WavelengthChoice wavelengthChoice = static_cast<WavelengthChoice>(kObsWavelengthChoiceDefault);
  // Per burst, over its whole path (cores with `deflection` only).
  int maxDeflections = kObsMaxDeflectionsDefault;
};

struct RtoSpec {
  double initial = kFlowsTcpRtoInitialDefault;
  double min = kFlowsTcpRtoMinDefault;
  double max = kFlowsTcpRtoMaxDefault;
  // Seconds; 0 = none ("fixed": null or absent, so the table has no default): the RFC 6298
  // estimator decides.
  double fixed = 0;
};

struct TcpSpec {
  TcpVariantKind variant = static_cast<TcpVariantKind>(kFlowsTcpVariantDefault);
  int mss = kFlowsTcpMssDefault;                             // bytes of payload per segment
  int maxWindow = kFlowsTcpMaxWindowDefault;                 // segments (receiver window)
  double initialCwnd = kFlowsTcpInitialCwndDefault;          // segments
  double initialSsthresh = kFlowsTcpInitialSsthreshDefault;  // segments
  int dupAckThreshold = kFlowsTcpDupAckThresholdDefault;
  bool delayedAck = false;
  RtoSpec rto;
  // `tcp.recovery`, an extension of the format; empty = the variant's own (recoveryOf).
  std::optional<TcpRecoveryKind> recovery;
};

// The loss recovery a variant uses unless `tcp.recovery` names one: Tahoe, Reno, NewReno
// and SACK are themselves recovery schemes; the window-growth variants use SACK, as in
// Linux, where they were specified and measured.
inline TcpRecoveryKind defaultRecovery(TcpVariantKind v) {
  switch (v) {
    case TcpVariantKind::Tahoe: return TcpRecoveryKind::Tahoe;
    case TcpVariantKind::Reno: return TcpRecoveryKind::Reno;
    case TcpVariantKind::NewReno: return TcpRecoveryKind::NewReno;
    default: return TcpRecoveryKind::Sack;
  }
}
inline TcpRecoveryKind recoveryOf(const TcpSpec& t) { return t.recovery ? *t.recovery : defaultRecovery(t.variant); }

// One side's private access link of a replicated flow (`access.src` / `access.dst`, an
// extension of the format; docs/routing.md): each replica gets its own host joined to the
// flow's `src` (or `dst`) node by a packet link with these values.
struct AccessSpec {
  bool present = false;
  double rate = 0;                          // bit/s; required when present
  double delay = 0;                         // seconds; required when present
  int queue = kFlowsAccessSrcQueueDefault;  // drop-tail limit in packets, per direction
};
// One struct for both sides: their queues' defaults must agree.
static_assert(kFlowsAccessSrcQueueDefault == kFlowsAccessDstQueueDefault);

struct FlowSpec {
  std::string id;
  int src = -1, dst = -1;  // node indices
  int count = kFlowsCountDefault;
  double start = kFlowsStartDefault;
  // `startSpread` (an extension; docs/routing.md): replica starts drawn uniformly from
  // [start, start + startSpread), seeded; 0 = all at `start`, as before.
  double startSpread = kFlowsStartSpreadDefault;
  // `route` / `ackRoute` (extensions): forced paths as node indices, src to dst and dst to
  // src; empty = least cost.
  std::vector<int> route, ackRoute;
  AccessSpec accessSrc, accessDst;
  TcpSpec tcp;
  AppSpec app;
};

// The id of copy `k` of a flow group: the group's id when it has one copy, else id#k.
inline std::string replicaId(const FlowSpec& f, int k) { return f.count == 1 ? f.id : f.id + "#" + std::to_string(k); }
// The id of the host (and of its link) that `access.src` / `access.dst` draws for copy k:
// "tcp1#3.src". Flow ids hold no '#', so copies of two groups never share one.
inline std::string accessId(const FlowSpec& f, int k, const std::string& side) { return replicaId(f, k) + "." + side; }

enum class BackgroundModel {
  Poisson,      // Poisson burst arrivals, exponential burst lengths
  SelfSimilar,  // aggregated Pareto on/off sources with the given Hurst parameter
};

struct BackgroundSpec {
  int src = -1, dst = -1;  // edge node indices
  BackgroundModel model = static_cast<BackgroundModel>(kBackgroundModelDefault);
  double load = 0;                                 // offered traffic / capacity of the route's narrowest fiber link
  double meanBytes = kBackgroundMeanBytesDefault;  // mean burst length
  double hurst = kBackgroundHurstDefault;          // self-similar only, in [0.5, 0.99]
  // false: whole bursts offered to the OBS plane at the source edge (the default).
  // true: batches of meanBytes (exponential) enter the source edge's assembly queue for
  // the route, as the traffic of other users does in ns-2's OBS modules, and share bursts
  // with the TCP packets there: more load fills bursts sooner (paper 002's RTT effect).
  bool enterAssembly = false;
  // QoS by extra offset (docs/mesh.md section 8): the source's bursts leave this much
  // later behind their control packets than the path's offset asks, so their reservations
  // are made further ahead than those of bursts without it.
  double extraOffset = kBackgroundExtraOffsetDefault;
};

// A traffic matrix of background bursts (`traffic`, docs/mesh.md section 3), expanded
// into one background source per ordered edge pair with weight > 0 when the model is
// built (the loads need the routes).
struct TrafficSpec {
  bool present = false;
  bool uniform = true;
  std::vector<std::vector<double>> weights;  // rows: source edges, columns: destinations, in nodes order
  double load = 0;                           // network load: mean offered load per wavelength, core links
  BackgroundModel model = static_cast<BackgroundModel>(kTrafficModelDefault);
  double meanBytes = kTrafficMeanBytesDefault;
  double hurst = kTrafficHurstDefault;              // as BackgroundSpec::hurst
  double extraOffset = kTrafficExtraOffsetDefault;  // every pair's source carries it (BackgroundSpec::extraOffset)
};

// A change the run makes to itself at a time (`liveChanges`, an extension of the format):
// what setLive would do, at `at` seconds. docs/live-changes.md says where it lands.
struct LiveChangeSpec {
  double at = 0;     // seconds, 0 to duration
  std::string path;  // a setLive path (scenario/live_path.h)
  double value = 0;
};

// Deterministic loss (`drops`, an extension of the format; docs/deterministic-loss.md):
// losses chosen by their place in the run rather than drawn at random, as ns-2's
// ErrorModel/List does. Numbers count from 0, in the order things happen.
enum class DropRuleKind {
  Segments,  // flow: the `transmission`-th sending (1 = the first) of each listed segment number
  Packets,   // flow: the listed data packets in the order the flow sends them, resends counted
  Bursts,    // edge: its listed bursts of `burstClass`, in the order they leave it
  After,     // edge: its first burst of `burstClass` that leaves at or after `after` seconds
};

struct DropSpec {
  DropRuleKind kind = DropRuleKind::Segments;
  int flow = -1;                                 // index in Scenario::flows (every copy of a replicated flow)
  int edge = -1;                                 // node index of an edge node
  int burstClass = 0;                            // 0 data bursts, 1 ACK bursts (BurstClass's values)
  std::vector<std::uint64_t> numbers;            // segment numbers, packet or burst ordinals, as written
  int transmission = kDropsTransmissionDefault;  // Segments only
  double after = 0;                              // After only, seconds
};

// `measure` (docs/model.md section 5): the summary counts what happened in (from, to] only,
// the warm-up left out; the run itself is the same.
struct MeasureSpec {
  bool present = false;
  double from = kMeasureFromDefault;
  double to = -1;  // seconds; -1: the end of the run
};

struct Scenario {
  int version = 1;
  std::string name;
  std::uint32_t seed = kSeedDefault;
  double duration = kDurationDefault;
  double sampleInterval = kSampleIntervalDefault;
  std::vector<NodeSpec> nodes;
  std::vector<LinkSpec> links;
  ObsSpec obs;
  std::vector<FlowSpec> flows;
  std::vector<BackgroundSpec> background;
  TrafficSpec traffic;
  std::vector<LiveChangeSpec> liveChanges;  // in list order, as written
  std::vector<DropSpec> drops;              // in list order, as written
  MeasureSpec measure;
};

}  // namespace obs

// The choice fields' words (the schema's), which the enums above follow in order: checked there.
#include "generated/choices.h"
