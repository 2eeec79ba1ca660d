// One simulation: builds the model of a validated scenario (nodes, packet links, the OBS
// plane, TCP flows), runs it, and reports samples and the summary. This is the engine's
// whole public surface; the Embind bindings and the native driver wrap it and nothing else.
#pragma once
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/background_source.h"
#include "metrics/sample_buffer.h"
#include "metrics/summary_counts.h"
#include "net/packet_channel.h"
#include "net/route.h"
#include "net/shared_arrivals.h"
#include "net/topology.h"
#include "obs/burst_assembler.h"
#include "obs/obs_plane.h"
#include "run_guard.h"
#include "scenario/live_path.h"
#include "scenario/scenario.h"
#include "sim/event_loop.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"

namespace obs {

class Simulation final : public PacketReceiver, public EventHandler {
 public:
  // Parses, validates and builds. Throws ScenarioError with a one-line reason, also when
  // the scenario's own numbers say the run would exceed `budget` (resource_estimate.h).
  static std::unique_ptr<Simulation> fromJson(const std::string& scenarioJson, const RunBudget& budget = RunBudget{});
  explicit Simulation(const Scenario& scenario, const RunBudget& budget = RunBudget{});
  ~Simulation();

  double now() const { return toSeconds(sim_.now()); }
  SimTime clock() const { return sim_.now(); }  // now() in picoseconds
  double duration() const { return scenario_.duration; }
  bool finished() const { return sim_.now() >= end_; }
  // The run guard stopped the run (run_guard.h): it stays where it stopped, every advance
  // is a no-op, and stopReason() says why in one sentence.
  bool stopped() const { return !stopReason_.empty(); }
  const std::string& stopReason() const { return stopReason_; }
  // The model's estimate of the memory it holds: its build plus queued packets, bursts in
  // flight, pending events and samples not yet drained. The same on every target.
  std::uint64_t memoryEstimate() const;
  std::uint64_t eventCount() const { return sim_.eventsExecuted(); }
  // Every line fed by other lines takes its packets ahead (net/line_feeds.h), and every
  // receiver alone on its host its segments (net/receivers_ahead.h), unless this turns
  // both off, before the first event (else a logic_error): the tests run a scenario both
  // ways and compare what it reports.
  void feedLinesAhead(bool on);
  // Lines fed by the same line share one stream of the event queue for their arrivals
  // (net/shared_arrivals.h), unless this gives each its own again, before the first event
  // (else a logic_error): the same events in the same order either way, which the tests
  // check. How many streams the builder shared (the tests check there are some).
  void shareArrivalStreams(bool on);
  std::size_t sharedArrivalStreams() const { return sharedArrivals_.size(); }

  // Runs every event up to min(seconds, duration); the clock then reads that time.
  void advanceTo(double seconds);
  // Runs at most `count` events, never past the duration.
  void advanceEvents(std::uint64_t count);
  // Runs events up to min(seconds, duration) but at most `maxEvents` of them; the clock
  // reaches `seconds` only if every event up to it ran. Lets a caller pace a slow replay
  // ("watch one burst") without ever overshooting its target time.
  void advanceToBounded(double seconds, std::uint64_t maxEvents);
  // Runs events one by one until an edge sends a burst (any class), at most `maxEvents`
  // of them, never past the duration: the app's "step to the next burst". True if a
  // burst left an edge.
  bool advanceToNextBurst(std::uint64_t maxEvents);
  // Bursts that have left ingress edges so far, all classes.
  std::uint64_t burstsSent() const;

  // Live what-if changes (paths: docs/engine-api.md). A change lands after every event
  // up to the current time, at a time whose seconds survive a trip through JSON, so that
  // a scenario listing it in `liveChanges` replays the run exactly (docs/live-changes.md).
  struct ChangeResult {
    std::string error;  // "" when applied, else the reason (then nothing changed)
    double at = 0;      // seconds: when it took effect (the `at` to record), or now()
  };
  ChangeResult changeLive(const std::string& path, double value);
  std::string setLive(const std::string& path, double value) { return changeLive(path, value).error; }
  // Every change that took effect so far, scheduled or live, in the order applied.
  const std::vector<LiveChangeSpec>& liveChangesApplied() const { return applied_; }

  const std::vector<std::string>& flowIds() const { return flowIds_; }
  // The routes the run uses, for the editor's route display and the log's "via" (docs/
  // engine-api.md, "Routes"): per flow group its data and ACK route between its src and
  // dst nodes (a copy's own access links are not listed) with the optical paths it takes,
  // every optical path by the index BurstFormed events carry, and the optical path of each
  // `background` source. Node and link ids, in hop order (simulation_routes.cc).
  nlohmann::ordered_json routes() const;
  // Moves out the samples taken since the last call.
  SampleColumns drainSamples();
  // Samples of every packet link direction at the flows' sample times (off by default:
  // only traces ask for them), and moves them out.
  void setLinkSamples(bool on) { linkSamplesOn_ = on; }
  LinkSampleColumns drainLinkSamples();
  // Visual events for the animation: off until enabled (the CLI never pays for them).
  void setVisualEvents(bool on) { visual_.setEnabled(on); }
  // Which kinds to record (bit k = VisualEventKind k); all by default.
  void setVisualEventKinds(std::uint32_t mask) { visual_.setKinds(mask); }
  VisualEventColumns drainVisualEvents() { return visual_.drain(); }
  // The moment a lesson pauses at: the run stops right after the first recorded event that
  // meets `stop` (visual events on), whatever the advance asked for. One-shot.
  void armVisualStop(const VisualStop& stop) { visual_.armStop(stop, sim_.workLimitSlot()); }
  void disarmVisualStop() { visual_.disarmStop(); }
  // Whether the last advance ended at that moment, and the met event's time (later than
  // now() for an event logged ahead of its time: the caller runs on to it).
  bool visualStopMet() const { return visual_.stopMet(); }
  double visualStopTime() const { return toSeconds(visual_.stopTime()); }
  std::uint64_t visualEventsLost() const { return visual_.lost(); }
  // Of those, the kinds the event log lists and lessons pause at (never pushed out by packets).
  std::uint64_t visualNotableEventsLost() const { return visual_.lostNotable(); }
  nlohmann::ordered_json summary() const;
  // The scenario as loaded. Live changes are not written into it: they go to the objects
  // below that run with them (the OBS plane, a packet link's channels, a flow's senders),
  // and liveChangesApplied() lists them.
  const Scenario& scenario() const { return scenario_; }
  const ObsPlane& obsPlane() const { return *obs_; }
  // One direction (0: a to b) of a packet link of the scenario's `links`.
  const PacketChannel& packetChannel(int link, int dir) const { return *channels_[link * 2 + dir]; }
  const TcpSender& sender(int flow) const { return *flows_[flow].sender; }
  const TcpReceiver& receiver(int flow) const { return *flows_[flow].receiver; }

  // Packet accounting, for conservation checks: every packet a host sent was delivered
  // to a host, dropped with a counted reason, or is held somewhere in the network.
  struct PacketLedger {
    std::uint64_t sent = 0;        // data segments and ACKs put into the network by hosts
    std::uint64_t delivered = 0;   // reached their destination host
    std::uint64_t linkDrops = 0;   // queue overflows and random losses on packet links
    std::uint64_t burstDrops = 0;  // inside dropped bursts
    std::uint64_t held = 0;        // in link queues, on the wire, in assembly, in bursts
  };
  PacketLedger packetLedger() const;

  void receivePacket(int node, Packet&& packet) override;
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;  // sampling

 private:
  // The event kind of the periodic sample (the only event the Simulation schedules on itself).
  static constexpr std::uint32_t kSampleEvent = 0;
  struct FlowInstance {
    std::string id;
    int spec = 0;  // index in scenario.flows
    double start = 0;
    AppKind appKind = AppKind::Bulk;
    std::unique_ptr<TcpSender> sender;
    std::unique_ptr<TcpReceiver> receiver;
    std::uint64_t deliveredAtLastSample = 0;
    double cwndSampleSum = 0;
    std::uint64_t cwndSamples = 0;
  };

  PacketChannel& channel(const Hop& hop) { return *channels_[hop.link * 2 + hop.dir]; }
  // Runs at most `maxEvents` events with time <= limit, in pieces between which the run
  // guard looks; returns how many ran. Every advance goes through here.
  std::uint64_t runGuarded(std::uint64_t maxEvents, SimTime limit);
  void stop(StopCause cause);
  // Which parts of the model the next events belong to: runs up to kDiagnosisEvents more
  // events, counting their targets, and names the busiest ("72 % flow tcp1's sender
  // (retransmission timer)").
  std::string busiestParts();
  std::string describeTarget(const EventHandler* target, std::uint32_t kind) const;
  // The part of the model an event is for: its target, or for a shared stream's event the
  // line it names.
  const EventHandler* partOf(const Event& e) const;
  // Lines fed by the same line share a stream for their arrivals (the builder).
  void groupArrivalStreams();
  // " (3.9e+06 of it scanning wavelengths, …)" for the work rules' messages, where the
  // work inside events is a tenth of it or more; "" otherwise.
  static std::string workParts(std::uint64_t events, std::uint64_t work);
  // Packets waiting on packet lines and in assembly queues; with those inside bursts.
  std::size_t queuedPackets() const;
  std::size_t heldPackets() const;
  void takeSample();
  void takeLinkSample(double t);
  // Live changes (simulation_live.cc).
  void scheduleLiveChanges();
  SimTime nextScheduledChange() const;  // kNever when none is left
  // Moves the clock to `at` (no event is left up to it) and applies every change due then.
  void applyScheduledChanges(SimTime at);
  // A LiveChange visual event for the change just applied (the last of applied_).
  void recordChangeEvent(const LivePath& t, double value);
  void applyLive(const LivePath& target, double value);
  // The first time >= now() whose seconds convert back to it exactly (or the end).
  SimTime exactTimeFromNow() const;
  double secondsOf(SimTime t) const;
  // The measurement window (`measure`, simulation_summary.cc): the moments at which the
  // counts are read, from then end, each taken like a scheduled change (between events,
  // never an event itself: the run is the same with or without a window).
  SimTime nextMeasureMark() const;  // kNever when none is left
  void takeMeasureMarks(SimTime at);
  SummaryCounts countsNow() const;
  // What the summary reports: the whole run so far, or the window's part of it, and the
  // window's bounds in seconds (from, to] (0 and now() without one).
  SummaryCounts countsReported(double* from, double* to) const;
  nlohmann::ordered_json linksSummary(const SummaryCounts& c) const;
  nlohmann::ordered_json pairsSummary(const SummaryCounts& c) const;
  nlohmann::ordered_json qosSummary(const SummaryCounts& c) const;
  nlohmann::ordered_json warningsOf() const;

  const Scenario scenario_;  // as loaded; fixed for the run
  EventLoop sim_;
  RunGuard guard_;
  std::string stopReason_;
  std::uint64_t buildBytes_ = 0;
  VisualEventLog visual_;
  SimTime end_;
  SimTime sampleInterval_;
  std::uint64_t samplesTaken_ = 0;
  std::size_t sampleRowsCharged_ = 0;  // sample rows' capacity charged to the memory meter
  Topology topology_;                  // the scenario's nodes and links, then those `access` draws
  RoutingTable routing_;
  std::vector<std::unique_ptr<PacketChannel>> channels_;         // link * 2 + dir; packet links only
  std::vector<std::unique_ptr<SharedArrivals>> sharedArrivals_;  // lines whose arrivals share a stream
  std::unique_ptr<ObsPlane> obs_;
  std::vector<std::unique_ptr<BurstAssembler>> assemblers_;    // per node; edges only
  std::vector<std::unique_ptr<BackgroundSource>> background_;  // `background`, then `traffic`'s pairs
  std::vector<double> pathOfferedErlangs_;                     // per optical path
  // Background sources with enterAssembly hand their batches to their edge's assembler
  // through one of these (defined in the .cc).
  struct AssemblyFeed;
  std::vector<std::unique_ptr<AssemblyFeed>> assemblyFeeds_;
  std::vector<FlowInstance> flows_;
  std::vector<std::string> flowIds_;
  // Per flow group (scenario.flows index): its data and ACK route between src and dst.
  std::vector<std::pair<const Route*, const Route*>> groupRoutes_;
  std::vector<int> backgroundPaths_;  // per `background` entry: the optical path it sends on
  SampleColumns samples_;
  LinkSampleColumns linkSamples_;
  bool linkSamplesOn_ = false;
  std::size_t linkRowsCharged_ = 0;  // link sample rows' capacity charged to the memory meter
  std::uint64_t packetsDelivered_ = 0;
  struct ScheduledChange {
    SimTime at;
    LivePath target;
    LiveChangeSpec spec;  // as written in the scenario: what the summary lists
  };
  std::vector<ScheduledChange> scheduled_;  // by time, ties in list order
  std::size_t nextScheduled_ = 0;
  std::vector<LiveChangeSpec> applied_;
  // `measure`: its two moments (kNever where the window needs none: from 0, to the end)
  // and the counts read at them.
  SimTime measureFromAt_ = kNever, measureToAt_ = kNever;
  std::unique_ptr<SummaryCounts> measureBase_, measureEnd_;
};

}  // namespace obs
