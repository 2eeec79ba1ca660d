// Building the model a scenario describes: packet channels, routes, the OBS plane, edges'
// assemblers, background sources and the TCP flows, in the order that fixes each one's
// random stream and event ids (and so the run's fingerprint).
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "app/start_spread.h"
#include "app/traffic_matrix.h"
#include "net/line_feeds.h"
#include "net/receivers_ahead.h"
#include "resource_estimate.h"
#include "scenario/scenario_parser.h"
#include "simulation.h"

namespace obs {

// A background source's bursts, handed to its edge's assembler as batches of bytes.
struct Simulation::AssemblyFeed final : BackgroundBurstSink {
  explicit AssemblyFeed(BurstAssembler& edge) : assembler(edge) {}
  // The parser refuses an extra offset with enterAssembly: these bytes take the TCP bursts' offset.
  void backgroundBurst(int pathId, std::uint32_t lengthBytes, SimTime) override {
    assembler.addBackground(pathId, lengthBytes);
  }
  BurstAssembler& assembler;
};

std::unique_ptr<Simulation> Simulation::fromJson(const std::string& scenarioJson, const RunBudget& budget) {
  return std::make_unique<Simulation>(parseScenario(scenarioJson), budget);
}

Simulation::Simulation(const Scenario& scenario, const RunBudget& budget)
    : scenario_(scenario),
      guard_(budget, fromSeconds(scenario.duration)),
      buildBytes_(estimateBuildBytes(scenario)),
      end_(fromSeconds(scenario.duration)),
      sampleInterval_(fromSeconds(scenario.sampleInterval)),
      // The budget is checked before anything large is allocated: the drawn access links first.
      topology_((refuseUnaffordableBuild(scenario_, budget), buildTopology(scenario_))),
      routing_(topology_.nodes, topology_.links),
      channels_(topology_.links.size() * 2) {
  // From here on the model's growing containers charge the meter (memory_meter.h); what
  // the build fixes is its estimate.
  sim_.meter().setLimit(budget.maxMemoryBytes);
  sim_.meter().chargeBase(buildBytes_);
  for (std::size_t i = 0; i < topology_.links.size(); ++i) {
    const LinkSpec& l = topology_.links[i];
    if (l.kind != LinkKind::Packet) continue;
    PacketChannelConfig c;
    c.rateBps = l.rate;
    c.delay = fromSeconds(l.delay);
    c.queueLimit = l.queue;
    c.retries = l.arqRetries;
    c.retryDelay = fromSeconds(l.arqRetryDelay);
    c.link = static_cast<int>(i);
    c.dir = 0;
    c.loss = l.lossAb;
    channels_[i * 2] = std::make_unique<PacketChannel>(sim_, *this, l.b, c, scenario_.seed, "link:" + l.id + ":ab");
    c.dir = 1;
    c.loss = l.lossBa;
    channels_[i * 2 + 1] = std::make_unique<PacketChannel>(sim_, *this, l.a, c, scenario_.seed, "link:" + l.id + ":ba");
    channels_[i * 2]->setVisualLog(&visual_);
    channels_[i * 2 + 1]->setVisualLog(&visual_);
  }

  // Routes first: the OBS plane needs every optical path a flow can use. All pairs at
  // once, so each source's shortest-path tree is built once; a direction with a forced
  // route (`route`, `ackRoute`) asks for none. A group with `access` asks for the route
  // between its `src` and `dst` nodes, which its copies extend by their own links.
  std::vector<std::pair<int, int>> pairs;
  for (const FlowSpec& spec : scenario_.flows) {
    if (spec.route.empty()) pairs.emplace_back(spec.src, spec.dst);
    if (spec.ackRoute.empty()) pairs.emplace_back(spec.dst, spec.src);
  }
  for (const BackgroundSpec& b : scenario_.background) pairs.emplace_back(b.src, b.dst);
  // Last, so the optical paths of a scenario without `traffic` keep their numbers.
  for (const auto& pair : trafficPairs(scenario_)) pairs.push_back(pair);
  routing_.prepare(pairs);
  struct Pending {
    const FlowSpec* spec;
    int copy;
    const Route* data;
    const Route* acks;
  };
  std::vector<Pending> pending;
  for (std::size_t f = 0; f < scenario_.flows.size(); ++f) {
    const FlowSpec& spec = scenario_.flows[f];
    const Route* data = spec.route.empty() ? routing_.route(spec.src, spec.dst) : routing_.throughNodes(spec.route);
    const Route* acks =
        spec.ackRoute.empty() ? routing_.route(spec.dst, spec.src) : routing_.throughNodes(spec.ackRoute);
    if (!data || !acks) {
      int from = data ? spec.dst : spec.src, to = data ? spec.src : spec.dst;
      throw ScenarioError("flows[" + std::to_string(f) + "]: no path of links leads from " +
                          quoteInput(scenario_.nodes[from].id) + " to " + quoteInput(scenario_.nodes[to].id));
    }
    groupRoutes_.emplace_back(data, acks);
    for (int c = 0; c < spec.count; ++c) {
      if (topology_.access[f].empty()) {
        pending.push_back({&spec, c, data, acks});
        continue;
      }
      // A copy's own links: data enters by its source-side link and leaves by its
      // sink-side one; ACKs cross the same links the other way.
      const Topology::CopyAccess& a = topology_.access[f][c];
      const bool in = a.src.link >= 0, out = a.dst.link >= 0;
      const Hop srcBack = in ? reversed(a.src) : Hop{}, dstBack = out ? reversed(a.dst) : Hop{};
      pending.push_back({&spec, c, routing_.extended(*data, in ? &a.src : nullptr, out ? &a.dst : nullptr),
                         routing_.extended(*acks, out ? &dstBack : nullptr, in ? &srcBack : nullptr)});
    }
  }
  // Background sources need an all-optical route between their edges.
  std::vector<std::pair<int, double>> backgroundPaths;  // optical path, capacity (bit/s)
  for (std::size_t i = 0; i < scenario_.background.size(); ++i) {
    const BackgroundSpec& b = scenario_.background[i];
    const Route* r = routing_.route(b.src, b.dst);
    std::string where = "background[" + std::to_string(i) + "]: ";
    if (!r)
      throw ScenarioError(where + "no path of links leads from " + quoteInput(scenario_.nodes[b.src].id) + " to " +
                          quoteInput(scenario_.nodes[b.dst].id));
    int path = r->opticalPathAt.empty() ? -1 : r->opticalPathAt[0];
    if (path < 0 || routing_.opticalPaths()[path].egress != b.dst)
      throw ScenarioError(where + "the route from \"" + scenario_.nodes[b.src].id + "\" to \"" +
                          scenario_.nodes[b.dst].id + "\" must run over fiber links and core nodes only");
    const double capacity = pathCapacity(scenario_, routing_.opticalPaths()[path]);
    refuseUnaffordableBackground(b, "background[" + std::to_string(i) + "]", scenario_, routing_.opticalPaths()[path],
                                 capacity, budget);
    backgroundPaths.push_back({path, capacity});
    backgroundPaths_.push_back(path);
  }
  std::vector<TrafficSource> traffic = expandTraffic(scenario_, routing_);
  for (const TrafficSource& t : traffic)
    refuseUnaffordableBackground(t.spec,
                                 "traffic from " + quoteInput(scenario_.nodes[t.spec.src].id) + " to " +
                                     quoteInput(scenario_.nodes[t.spec.dst].id),
                                 scenario_, routing_.opticalPaths()[t.path], t.capacityBps, budget);
  // What each optical path is offered in Erlangs, for the summary's `pairs`.
  pathOfferedErlangs_.assign(routing_.opticalPaths().size(), 0.0);
  for (std::size_t i = 0; i < scenario_.background.size(); ++i) {
    const auto& [path, capacity] = backgroundPaths[i];
    pathOfferedErlangs_[path] +=
        offeredErlangs(scenario_, routing_.opticalPaths()[path], scenario_.background[i].load, capacity);
  }
  for (const TrafficSource& t : traffic) pathOfferedErlangs_[t.path] += t.erlangs;

  obs_ = std::make_unique<ObsPlane>(sim_, *this, scenario_, routing_.opticalPaths());
  obs_->setVisualLog(&visual_);
  assemblers_.resize(topology_.nodes.size());
  for (std::size_t n = 0; n < scenario_.nodes.size(); ++n)
    if (scenario_.nodes[n].kind == NodeKind::Edge)
      assemblers_[n] = std::make_unique<BurstAssembler>(sim_, *obs_, scenario_.nodes[n].assembly);
  for (std::size_t i = 0; i < scenario_.background.size(); ++i) {
    const BackgroundSpec& b = scenario_.background[i];
    BackgroundBurstSink* sink = obs_.get();
    if (b.enterAssembly) {
      assemblyFeeds_.push_back(std::make_unique<AssemblyFeed>(*assemblers_[b.src]));
      sink = assemblyFeeds_.back().get();
    }
    background_.push_back(std::make_unique<BackgroundSource>(sim_, *sink, b, backgroundPaths[i].first,
                                                             backgroundPaths[i].second, scenario_.seed,
                                                             "background:" + std::to_string(i)));
  }
  for (const TrafficSource& t : traffic)
    background_.push_back(
        std::make_unique<BackgroundSource>(sim_, *obs_, t.spec, t.path, t.capacityBps, scenario_.seed, t.streamName));

  flows_.resize(pending.size());
  const std::vector<std::vector<double>> starts = replicaStarts(scenario_);
  for (std::size_t i = 0; i < pending.size(); ++i) {
    const Pending& p = pending[i];
    FlowInstance& fi = flows_[i];
    fi.id = replicaId(*p.spec, p.copy);
    fi.spec = static_cast<int>(p.spec - scenario_.flows.data());
    fi.start = starts[fi.spec][p.copy];
    fi.appKind = p.spec->app.kind;
    int index = static_cast<int>(i);
    fi.sender = std::make_unique<TcpSender>(sim_, *this, index, p.data, p.spec->tcp, p.spec->app, fi.start,
                                            SegmentDrops(scenario_.drops, fi.spec));
    fi.sender->setVisualLog(&visual_);
    fi.receiver = std::make_unique<TcpReceiver>(sim_, *this, index, p.acks, p.spec->tcp);
    flowIds_.push_back(fi.id);
  }
  // Every route a packet can take exists now, and so does every channel.
  routing_.fillSteps([this](const Route& r, std::size_t h) {
    RouteStep step;
    step.from = h == r.hops.size() ? r.dst : r.hops[h].from;
    if (h == r.hops.size()) return step;  // the destination
    step.opticalPath = r.opticalPathAt[h];
    if (step.opticalPath >= 0) {
      step.opticalLength = static_cast<int>(routing_.opticalPaths()[step.opticalPath].hops.size());
    } else {
      step.channel = channels_[r.hops[h].link * 2 + r.hops[h].dir].get();
    }
    return step;
  });
  // Lines fed by other lines take their packets ahead (net/line_feeds.h); lossy ones
  // refuse (PacketChannel::setFeeds).
  std::vector<const Route*> routes;
  for (const Pending& p : pending) routes.insert(routes.end(), {p.data, p.acks});
  for (const auto& [line, feeds] : findLineFeeds(routes)) line->setFeeds(feeds);
  // Receivers alone on their host take their segments ahead (net/receivers_ahead.h).
  std::vector<std::pair<const Route*, const Route*>> flowRoutes;
  for (const Pending& p : pending) flowRoutes.emplace_back(p.data, p.acks);
  for (const ReceiverAhead& r : findReceiversAhead(flowRoutes, topology_.nodes))
    r.in->setSink(flows_[r.flow].receiver.get(), r.out);
  groupArrivalStreams();
  sim_.scheduleLast(0, this, kSampleEvent);
  scheduleLiveChanges();
  // The window's moments; from 0 and to the end need none (the whole run's counts).
  if (scenario_.measure.present) {
    if (scenario_.measure.from > 0) measureFromAt_ = fromSeconds(scenario_.measure.from);
    if (scenario_.measure.to >= 0 && scenario_.measure.to < scenario_.duration)
      measureToAt_ = fromSeconds(scenario_.measure.to);
  }
}

void Simulation::groupArrivalStreams() {
  // By feed, in the order of the channels (a map keyed by pointers would follow the
  // allocator). Lines fed by one line take its packets in the order it sends them, each
  // then a constant time from its arrival unless it queues: their arrivals come nearly in
  // time order together (net/shared_arrivals.h). Lines into one node do not: each queues
  // at its own pace, and a stream shared by paper003-fast's lines into the ingress edge
  // sent many of its events to the queue's heap (docs/performance.md).
  std::vector<std::vector<PacketChannel*>> groups;
  std::unordered_map<const PacketChannel*, std::size_t> groupOf;  // only looked up, never walked
  for (const auto& line : channels_) {
    if (!line || !line->soleFeed()) continue;
    const auto [it, added] = groupOf.try_emplace(line->soleFeed(), groups.size());
    if (added) groups.emplace_back();
    groups[it->second].push_back(line.get());
  }
  for (auto& lines : groups)
    if (lines.size() > 1) sharedArrivals_.push_back(std::make_unique<SharedArrivals>(sim_, std::move(lines)));
}

void Simulation::shareArrivalStreams(bool on) {
  if (on) return;  // as built
  if (sim_.eventsExecuted() > 0) throw std::logic_error("shareArrivalStreams: only before the first event");
  // The shared streams stay, empty: nothing schedules on them any more.
  for (auto& line : channels_)
    if (line) line->ownArrivals();
}

Simulation::~Simulation() = default;

}  // namespace obs
