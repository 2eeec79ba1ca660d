#include "scenario/scenario_parser.h"

#include <cstdio>
#include <limits>
#include <map>

#include "generated/defaults.h"
#include "generated/limits.h"
#include "scenario/live_path.h"
#include "sim/time.h"

namespace obs {

namespace {

using json = nlohmann::json;

// A time interval that drives repeated events: positive, at least kMinInterval.
double interval(JsonReader& r, const std::string& key, double fallback, double max) {
  const double v = r.positive(key, fallback, max);
  if (v < kMinInterval)
    r.fail(key,
           "must be at least 1e-9 s (1 ns, the shortest interval the engine repeats: "
           "1000 ticks of its picosecond clock; got " +
               formatNumber(v) + ")");
  return v;
}
double interval(JsonReader& r, const std::string& key, double max) {
  if (!r.has(key)) r.fail(key, "is required");
  return interval(r, key, 0, max);
}

std::string elementPath(const std::string& array, std::size_t i) { return array + "[" + std::to_string(i) + "]"; }

// Control, format and bidirectional characters are refused in ids and the name: they
// are shown on the page, in logs and in files, where they could hide or reorder text.
void refuseUnsafeText(JsonReader& r, const std::string& key, const std::string& text) {
  char32_t c;
  std::size_t at;
  if (findUnsafe(text, &c, &at)) {
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    r.fail(key, std::string("must not contain control, format or bidirectional characters (found ") + code +
                    " at character " + std::to_string(at) + ")");
  }
}

std::string validId(JsonReader& r) {
  std::string id = r.string("id");
  if (id.empty()) r.fail("id", "must not be empty");
  if (id.size() > kMaxIdBytes) r.fail("id", "must be at most " + std::to_string(kMaxIdBytes) + " characters");
  refuseUnsafeText(r, "id", id);
  return id;
}

// `fallback`: the fields' defaults, for the object absent or either field left out.
BurstLossSpec readBurstLoss(JsonReader& parent, const std::string& key, const NumberBounds& data,
                            const NumberBounds& ack, const BurstLossSpec& fallback) {
  BurstLossSpec loss = fallback;
  if (!parent.has(key)) return loss;
  JsonReader r = parent.object(key);
  loss.data = r.number("data", fallback.data, data.min, data.max);
  loss.ack = r.number("ack", fallback.ack, ack.min, ack.max);
  r.finish();
  return loss;
}

// obs.assembly and an edge's own, read alike: their fields have the same bounds.
static_assert(kObsAssemblyMaxTimeBounds.max == kNodesAssemblyMaxTimeBounds.max &&
              kObsAssemblyMaxBytesBounds.max == kNodesAssemblyMaxBytesBounds.max &&
              kObsAssemblyMinBytesBounds.min == kNodesAssemblyMinBytesBounds.min &&
              kObsAssemblyMinBytesBounds.max == kNodesAssemblyMinBytesBounds.max);
AssemblySpec readAssembly(JsonReader& a, const AssemblySpec& base) {
  AssemblySpec out = base;
  out.policy = static_cast<AssemblyPolicyKind>(
      a.choice("policy", static_cast<int>(base.policy), choicesOf(kAssemblyPoliciesWords)));
  out.maxTime = interval(a, "maxTime", base.maxTime, kObsAssemblyMaxTimeBounds.max);
  out.maxBytes = a.positive("maxBytes", base.maxBytes, kObsAssemblyMaxBytesBounds.max);
  out.minBytes = a.number("minBytes", base.minBytes, kObsAssemblyMinBytesBounds.min, kObsAssemblyMinBytesBounds.max);
  out.queues =
      static_cast<AssemblyQueues>(a.choice("queues", static_cast<int>(base.queues), choicesOf(kAssemblyQueuesWords)));
  a.finish();
  return out;
}

// `conversion`: "full", "none" or { "range": d } (docs/mesh.md section 1).
void readConversion(JsonReader& r, NodeSpec* n) {
  if (!r.has("conversion")) return;
  const json& v = r.raw("conversion");
  if (v.is_object()) {
    JsonReader c = r.object("conversion");
    n->conversion = ConversionKind::Range;
    n->conversionRange =
        static_cast<int>(c.integer("range", kNodesConversionRangeBounds.min, kNodesConversionRangeBounds.max));
    c.finish();
    return;
  }
  if (!v.is_string()) r.fail("conversion", "must be \"full\", \"none\" or { \"range\": d } (got " + typeName(v) + ")");
  n->conversion = static_cast<ConversionKind>(r.choice("conversion", choicesOf(kConversionsWords)));
}

void readNodes(JsonReader& top, Scenario& s, std::map<std::string, int>& index) {
  const json& nodes = top.array("nodes");
  if (nodes.empty()) top.fail("nodes", "must list at least one node");
  if (nodes.size() > kMaxNodes) top.fail("nodes", "must list at most " + std::to_string(kMaxNodes) + " nodes");
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    JsonReader r(nodes[i], elementPath("nodes", i));
    NodeSpec n;
    n.id = validId(r);
    if (index.count(n.id)) r.fail("id", quoteInput(n.id) + " is used by another node");
    n.kind = static_cast<NodeKind>(r.choice("kind", choicesOf(kNodeKindsWords)));
    n.x = r.number("x", kNodesXDefault, kNodesXBounds.min, kNodesXBounds.max);
    n.y = r.number("y", kNodesYDefault, kNodesYBounds.min, kNodesYBounds.max);
    if (n.kind == NodeKind::Core) {
      n.setupTime = r.number("setupTime", kNodesSetupTimeDefault, kNodesSetupTimeBounds.min, kNodesSetupTimeBounds.max);
      if (r.has("fdl")) {
        JsonReader fdl = r.object("fdl");
        n.fdlCount = static_cast<int>(
            fdl.integer("count", kNodesFdlCountDefault, kNodesFdlCountBounds.min, kNodesFdlCountBounds.max));
        n.fdlUnit = fdl.number("unit", kNodesFdlUnitDefault, kNodesFdlUnitBounds.min, kNodesFdlUnitBounds.max);
        fdl.finish();
        if (n.fdlCount > 0 && n.fdlUnit <= 0)
          fdl.fail("unit", "must be > 0 when count > 0 (each line delays by a multiple of it)");
      }
      readConversion(r, &n);
      n.deflection = r.boolean("deflection", false);
      n.segmentation = r.boolean("segmentation", false);
    } else {
      for (const char* coreOnly : {"setupTime", "fdl", "conversion", "deflection", "segmentation"})
        if (r.has(coreOnly)) r.fail(coreOnly, "applies to core nodes only");
    }
    n.assembly = s.obs.assembly;
    if (r.has("assembly")) {
      if (n.kind != NodeKind::Edge) r.fail("assembly", "applies to edge nodes only");
      JsonReader a = r.object("assembly");
      n.assembly = readAssembly(a, s.obs.assembly);
    }
    r.finish();
    index[n.id] = static_cast<int>(s.nodes.size());
    s.nodes.push_back(n);
  }
}

int nodeRef(JsonReader& r, const std::string& key, const std::map<std::string, int>& index) {
  std::string id = r.string(key);
  auto it = index.find(id);
  if (it == index.end()) r.fail(key, "refers to an unknown node " + quoteInput(id));
  return it->second;
}

const char* kindName(NodeKind k) { return kNodeKindsWords[static_cast<std::size_t>(k)]; }

// `src` and `dst`: two different nodes of the required kind.
void readEndpoints(JsonReader& r, const Scenario& s, const std::map<std::string, int>& nodeIndex, NodeKind kind,
                   const char* kindLabel, int* src, int* dst) {
  *src = nodeRef(r, "src", nodeIndex);
  *dst = nodeRef(r, "dst", nodeIndex);
  for (const char* end : {"src", "dst"}) {
    const NodeSpec& n = s.nodes[std::string(end) == "src" ? *src : *dst];
    if (n.kind != kind)
      r.fail(end, std::string("must be ") + kindLabel + " (" + quoteInput(n.id) + " is a " + kindName(n.kind) + ")");
  }
  if (*src == *dst) r.fail("dst", "must differ from src");
}

// `cost` (docs/routing.md): one number for both directions or { "ab", "ba" }; absent
// directions cost the link's delay (costOf), so routes stay those by delay unless a cost
// is given.
void readCost(JsonReader& r, LinkSpec* l) {
  if (!r.has("cost")) return;
  if (r.raw("cost").is_number()) {
    l->costAb = l->costBa = r.number("cost", kLinksCostBounds.min, kLinksCostBounds.max);
    return;
  }
  if (!r.raw("cost").is_object())
    r.fail("cost", "must be a number >= 0 or an object { \"ab\": cost, \"ba\": cost }, not " + typeName(r.raw("cost")));
  JsonReader c = r.object("cost");
  l->costAb = c.number("ab", -1, kLinksCostAbBounds.min, kLinksCostAbBounds.max);
  l->costBa = c.number("ba", -1, kLinksCostBaBounds.min, kLinksCostBaBounds.max);
  c.finish();
}

void readLinks(JsonReader& top, Scenario& s, const std::map<std::string, int>& nodeIndex) {
  const json& links = top.array("links");
  if (links.size() > kMaxLinks) top.fail("links", "must list at most " + std::to_string(kMaxLinks) + " links");
  std::map<std::string, int> seen;
  for (std::size_t i = 0; i < links.size(); ++i) {
    JsonReader r(links[i], elementPath("links", i));
    LinkSpec l;
    l.id = validId(r);
    if (seen.count(l.id)) r.fail("id", quoteInput(l.id) + " is used by another link");
    seen[l.id] = static_cast<int>(i);
    l.a = nodeRef(r, "a", nodeIndex);
    l.b = nodeRef(r, "b", nodeIndex);
    if (l.a == l.b) r.fail("b", "must differ from a (a link joins two nodes)");
    l.kind = static_cast<LinkKind>(r.choice("kind", choicesOf(kLinkKindsWords)));
    l.rate = r.positive("rate", kMaxRate);
    const double minRate = l.kind == LinkKind::Packet ? kMinPacketLinkRate : kMinFiberRate;
    if (l.rate < minRate)
      r.fail("rate",
             std::string("must be at least ") +
                 (l.kind == LinkKind::Packet ? "1000 bit/s on a packet link (a 65 KB packet then lasts 9 minutes)"
                                             : "1e6 bit/s on a fiber link (a 4 GB burst then lasts 9.5 hours)"));
    l.delay = r.number("delay", 0, kMaxSeconds);
    readCost(r, &l);
    NodeKind ka = s.nodes[l.a].kind, kb = s.nodes[l.b].kind;
    if (l.kind == LinkKind::Packet) {
      for (NodeKind k : {ka, kb})
        if (k == NodeKind::Core)
          r.fail("kind",
                 "\"packet\" cannot attach to a core node (a core node is optical; "
                 "use a fiber link from an edge node)");
      l.queue = static_cast<int>(r.integer("queue", kLinksQueueDefault, kLinksQueueBounds.min, kLinksQueueBounds.max));
      if (r.has("loss")) {
        const json& loss = r.raw("loss");
        if (loss.is_number()) {
          double p = r.number("loss", kLinksLossBounds.min, kLinksLossBounds.max);
          l.lossAb = l.lossBa = p;
        } else {
          JsonReader lr = r.object("loss");
          l.lossAb = lr.number("ab", kLinksLossAbDefault, kLinksLossAbBounds.min, kLinksLossAbBounds.max);
          l.lossBa = lr.number("ba", kLinksLossBaDefault, kLinksLossBaBounds.min, kLinksLossBaBounds.max);
          lr.finish();
        }
      }
      if (r.has("arq")) {
        JsonReader arq = r.object("arq");
        l.arqRetries = static_cast<int>(
            arq.integer("retries", kLinksArqRetriesDefault, kLinksArqRetriesBounds.min, kLinksArqRetriesBounds.max));
        l.arqRetryDelay = arq.number("retryDelay", kLinksArqRetryDelayDefault, kLinksArqRetryDelayBounds.min,
                                     kLinksArqRetryDelayBounds.max);
        arq.finish();
      }
      for (const char* fiberOnly : {"wavelengths", "burstLoss"})
        if (r.has(fiberOnly)) r.fail(fiberOnly, "applies to fiber links only");
    } else {
      for (NodeKind k : {ka, kb})
        if (k != NodeKind::Edge && k != NodeKind::Core)
          r.fail("kind", std::string("\"fiber\" must join edge or core nodes, not a ") + kindName(k) +
                             " (attach hosts and routers to an edge node "
                             "with a packet link)");
      l.wavelengths = static_cast<int>(
          r.integer("wavelengths", kLinksWavelengthsDefault, kLinksWavelengthsBounds.min, kLinksWavelengthsBounds.max));
      l.burstLoss = readBurstLoss(r, "burstLoss", kLinksBurstLossDataBounds, kLinksBurstLossAckBounds,
                                  {kLinksBurstLossDataDefault, kLinksBurstLossAckDefault});
      for (const char* packetOnly : {"queue", "loss", "arq"})
        if (r.has(packetOnly)) r.fail(packetOnly, "applies to packet links only");
    }
    r.finish();
    s.links.push_back(l);
  }
}

void readObs(JsonReader& top, Scenario& s) {
  if (!top.has("obs")) return;
  JsonReader r = top.object("obs");
  ObsSpec& o = s.obs;
  if (r.has("assembly")) {
    JsonReader a = r.object("assembly");
    o.assembly = readAssembly(a, AssemblySpec{});
  }
  o.reservation =
      static_cast<Reservation>(r.choice("reservation", kObsReservationDefault, choicesOf(kReservationsWords)));
  o.scheduling =
      static_cast<SchedulingKind>(r.choice("scheduling", kObsSchedulingDefault, choicesOf(kSchedulersWords)));
  o.controlProcessing = r.number("controlProcessing", kObsControlProcessingDefault, kObsControlProcessingBounds.min,
                                 kObsControlProcessingBounds.max);
  if (r.has("offset")) {
    const json& v = r.raw("offset");
    if (v.is_string()) {
      if (v.get<std::string>() != "auto") r.fail("offset", "must be \"auto\" or a number of seconds >= 0");
    } else {
      if (!v.is_number()) r.fail("offset", "must be \"auto\" or a number of seconds >= 0");
      o.offset = r.number("offset", kObsOffsetBounds.min, kObsOffsetBounds.max);
    }
  }
  o.burstLoss = readBurstLoss(r, "burstLoss", kObsBurstLossDataBounds, kObsBurstLossAckBounds,
                              {kObsBurstLossDataDefault, kObsBurstLossAckDefault});
  o.wavelengthChoice = static_cast<WavelengthChoice>(
      r.choice("wavelengthChoice", kObsWavelengthChoiceDefault, choicesOf(kWavelengthChoicesWords)));
  o.maxDeflections = static_cast<int>(r.integer("maxDeflections", kObsMaxDeflectionsDefault,
                                                kObsMaxDeflectionsBounds.min, kObsMaxDeflectionsBounds.max));
  r.finish();
}

TcpSpec readTcp(JsonReader& flow) {
  TcpSpec t;
  if (!flow.has("tcp")) return t;
  JsonReader r = flow.object("tcp");
  t.variant = static_cast<TcpVariantKind>(r.choice("variant", kFlowsTcpVariantDefault, choicesOf(kTcpVariantNames)));
  // An extension of the format (docs/model.md): the loss recovery, when not the variant's.
  if (r.has("recovery")) t.recovery = static_cast<TcpRecoveryKind>(r.choice("recovery", choicesOf(kLossRecoveryNames)));
  t.mss = static_cast<int>(r.integer("mss", kFlowsTcpMssDefault, kFlowsTcpMssBounds.min, kFlowsTcpMssBounds.max));
  t.maxWindow = static_cast<int>(
      r.integer("maxWindow", kFlowsTcpMaxWindowDefault, kFlowsTcpMaxWindowBounds.min, kFlowsTcpMaxWindowBounds.max));
  t.initialCwnd = r.number("initialCwnd", kFlowsTcpInitialCwndDefault, kFlowsTcpInitialCwndBounds.min,
                           kFlowsTcpInitialCwndBounds.max);
  t.initialSsthresh = r.number("initialSsthresh", kFlowsTcpInitialSsthreshDefault, kFlowsTcpInitialSsthreshBounds.min,
                               kFlowsTcpInitialSsthreshBounds.max);
  t.dupAckThreshold =
      static_cast<int>(r.integer("dupAckThreshold", kFlowsTcpDupAckThresholdDefault, kFlowsTcpDupAckThresholdBounds.min,
                                 kFlowsTcpDupAckThresholdBounds.max));
  t.delayedAck = r.boolean("delayedAck", false);
  if (r.has("rto")) {
    JsonReader rto = r.object("rto");
    t.rto.initial = interval(rto, "initial", kFlowsTcpRtoInitialDefault, kFlowsTcpRtoInitialBounds.max);
    // 0: no floor but the engine's (rtt_estimator.h)
    t.rto.min = rto.number("min", kFlowsTcpRtoMinDefault, kFlowsTcpRtoMinBounds.min, kFlowsTcpRtoMinBounds.max);
    t.rto.max = interval(rto, "max", kFlowsTcpRtoMaxDefault, kFlowsTcpRtoMaxBounds.max);
    // null (or absent): the RFC 6298 estimator; a number: that constant RTO.
    if (rto.has("fixed") && !rto.raw("fixed").is_null())
      t.rto.fixed = interval(rto, "fixed", kFlowsTcpRtoFixedBounds.max);
    rto.finish();
    if (t.rto.min > t.rto.max) rto.fail("min", "must not exceed rto.max");
  }
  r.finish();
  return t;
}

// One side of `access`: a packet link as any other (rate, delay, queue), no more.
AccessSpec readAccessSide(JsonReader& access, const std::string& side, const IntegerBounds& queue, int queueDefault) {
  AccessSpec a;
  if (!access.has(side)) return a;
  JsonReader r = access.object(side);
  a.present = true;
  a.rate = r.positive("rate", kMaxRate);
  if (a.rate < kMinPacketLinkRate)
    r.fail("rate", "must be at least 1000 bit/s on a packet link (a 65 KB packet then lasts 9 minutes)");
  a.delay = r.number("delay", 0, kMaxSeconds);
  a.queue = static_cast<int>(r.integer("queue", queueDefault, queue.min, queue.max));
  r.finish();
  return a;
}

// `access` (docs/routing.md): each replica's own host and packet link at the source side
// and/or the sink side.
void readAccess(JsonReader& flow, FlowSpec* f) {
  if (!flow.has("access")) return;
  JsonReader r = flow.object("access");
  f->accessSrc = readAccessSide(r, "src", kFlowsAccessSrcQueueBounds, kFlowsAccessSrcQueueDefault);
  f->accessDst = readAccessSide(r, "dst", kFlowsAccessDstQueueBounds, kFlowsAccessDstQueueDefault);
  r.finish();
  if (!f->accessSrc.present && !f->accessDst.present)
    r.fail("src", "is required (or \"dst\"): access gives each copy its own link at one side or both");
}

// `src` and `dst` of a flow: hosts, except on a side with `access`, where they name the
// router or edge node the copies' own hosts hang from (a host does not forward).
void readFlowEnds(JsonReader& r, const Scenario& s, const std::map<std::string, int>& nodeIndex, FlowSpec* f) {
  f->src = nodeRef(r, "src", nodeIndex);
  f->dst = nodeRef(r, "dst", nodeIndex);
  for (const char* end : {"src", "dst"}) {
    const bool isSrc = std::string(end) == "src";
    const NodeSpec& n = s.nodes[isSrc ? f->src : f->dst];
    const bool access = (isSrc ? f->accessSrc : f->accessDst).present;
    if (!access && n.kind != NodeKind::Host)
      r.fail(end, "must be a host (" + quoteInput(n.id) + " is a " + kindName(n.kind) + ")");
    if (access && n.kind != NodeKind::Router && n.kind != NodeKind::Edge)
      r.fail(end, std::string("must be a router or an edge node when access.") + end +
                      " is given: each copy's own host is linked to it (" + quoteInput(n.id) + " is a " +
                      kindName(n.kind) + ")");
  }
  if (f->src == f->dst) r.fail("dst", "must differ from src");
}

// `route` / `ackRoute`: node ids from `first` to `last`, each joined to the next by a link,
// no node twice, no host in the middle (hosts do not forward).
std::vector<int> readRoute(JsonReader& r, const std::string& key, const Scenario& s,
                           const std::map<std::string, int>& nodeIndex, int first, int last) {
  const json& list = r.array(key);
  if (list.size() < 2) r.fail(key, "must list at least two node ids (from its first node to its last)");
  if (list.size() > s.nodes.size())
    r.fail(key, "lists " + std::to_string(list.size()) + " nodes but the scenario has " +
                    std::to_string(s.nodes.size()) + " (a route visits a node at most once)");
  std::vector<int> out;
  std::vector<bool> seen(s.nodes.size(), false);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string item = key + "[" + std::to_string(k) + "]";
    if (!list[k].is_string()) r.fail(item, "must be a node id (a string), not " + typeName(list[k]));
    const std::string id = list[k].get<std::string>();
    auto it = nodeIndex.find(id);
    if (it == nodeIndex.end()) r.fail(item, "refers to an unknown node " + quoteInput(id));
    const int n = it->second;
    if (seen[n]) r.fail(item, "visits " + quoteInput(id) + " a second time (a route has no loops)");
    seen[n] = true;
    if (k > 0 && k + 1 < list.size() && s.nodes[n].kind == NodeKind::Host)
      r.fail(item, "is the host " + quoteInput(id) + ", which does not forward (hosts end routes only)");
    if (k > 0 && cheapestLinkBetween(s.links, out.back(), n) < 0)
      r.fail(item, "is not linked to the node before it, " + quoteInput(s.nodes[out.back()].id));
    out.push_back(n);
  }
  if (out.front() != first)
    r.fail(key + "[0]", "must be " + quoteInput(s.nodes[first].id) + " (the route starts at the flow's " +
                            (key == "route" ? "src" : "dst") + ")");
  if (out.back() != last)
    r.fail(key + "[" + std::to_string(out.size() - 1) + "]", "must be " + quoteInput(s.nodes[last].id) +
                                                                 " (the route ends at the flow's " +
                                                                 (key == "route" ? "dst" : "src") + ")");
  return out;
}

// The ids of the hosts and links `access` draws must not be taken by the scenario's own.
void refuseAccessIdClashes(JsonReader& top, const Scenario& s) {
  std::map<std::string, std::string> taken;  // id -> where
  for (std::size_t i = 0; i < s.nodes.size(); ++i) taken.emplace(s.nodes[i].id, elementPath("nodes", i));
  for (std::size_t i = 0; i < s.links.size(); ++i) taken.emplace(s.links[i].id, elementPath("links", i));
  for (std::size_t i = 0; i < s.flows.size(); ++i) {
    const FlowSpec& f = s.flows[i];
    for (const char* side : {"src", "dst"}) {
      if (!(std::string(side) == "src" ? f.accessSrc : f.accessDst).present) continue;
      for (int k = 0; k < f.count; ++k) {
        const std::string id = accessId(f, k, side);
        auto it = taken.find(id);
        if (it != taken.end())
          top.fail(elementPath("flows", i) + ".access." + side, "draws a host and link named " + quoteInput(id) +
                                                                    ", the id of " + it->second + " (rename that one)");
      }
    }
  }
}

void readFlows(JsonReader& top, Scenario& s, const std::map<std::string, int>& nodeIndex) {
  const json& flows = top.arrayOrEmpty("flows");
  std::map<std::string, int> seen;
  long long instances = 0;
  for (std::size_t i = 0; i < flows.size(); ++i) {
    JsonReader r(flows[i], elementPath("flows", i));
    FlowSpec f;
    f.id = validId(r);
    if (f.id.find('#') != std::string::npos)
      r.fail("id", "must not contain '#' (reserved for replicated flows: id#0, id#1 ...)");
    if (seen.count(f.id)) r.fail("id", quoteInput(f.id) + " is used by another flow");
    seen[f.id] = 1;
    readAccess(r, &f);
    readFlowEnds(r, s, nodeIndex, &f);
    f.count = static_cast<int>(r.integer("count", kFlowsCountDefault, 1, kMaxFlowInstances));
    f.start = r.number("start", kFlowsStartDefault, 0, kMaxSeconds);
    f.startSpread = r.number("startSpread", kFlowsStartSpreadDefault, 0, kMaxSeconds);
    if (f.start + f.startSpread > kMaxSeconds)
      r.fail("startSpread", "must end by " + formatNumber(kMaxSeconds) + " s: start + startSpread is " +
                                formatNumber(f.start + f.startSpread));
    if (r.has("route")) f.route = readRoute(r, "route", s, nodeIndex, f.src, f.dst);
    if (r.has("ackRoute")) f.ackRoute = readRoute(r, "ackRoute", s, nodeIndex, f.dst, f.src);
    f.tcp = readTcp(r);
    if (r.has("app")) {
      JsonReader app = r.object("app");
      f.app.kind = static_cast<AppKind>(app.choice("kind", choicesOf(kAppKindsWords)));
      if (f.app.kind == AppKind::File) {
        f.app.bytes = static_cast<double>(app.integer("bytes", kFlowsAppBytesBounds.min, kFlowsAppBytesBounds.max));
      } else if (app.has("bytes")) {
        app.fail("bytes", "applies to the \"file\" application only");
      }
      if (f.app.kind == AppKind::Cbr) {
        f.app.rate = app.positive("rate", kFlowsAppRateBounds.max);
        // At least 1 bit/s: a segment every 8 x mss / rate seconds must stay within the
        // accepted times (65,495 bytes at 1 bit/s: one every 6 days).
        if (f.app.rate < 1) app.fail("rate", "must be at least 1 bit/s (got " + formatNumber(f.app.rate) + ")");
        // One segment per kMinInterval at most: a CBR source schedules one hand-over each.
        const double segmentsPerSecond = f.app.rate / (8.0 * f.tcp.mss);
        if (segmentsPerSecond > kMaxEventRate)
          app.fail("rate", "hands TCP " + std::to_string(static_cast<long long>(segmentsPerSecond)) + " segments of " +
                               std::to_string(f.tcp.mss) +
                               " bytes per second; at most one per nanosecond (the engine's shortest "
                               "interval), so at most " +
                               std::to_string(static_cast<long long>(8.0 * f.tcp.mss * kMaxEventRate)) +
                               " bit/s with this mss");
      } else if (app.has("rate")) {
        app.fail("rate", "applies to the \"cbr\" application only");
      }
      app.finish();
    }
    r.finish();
    instances += f.count;
    if (instances > kMaxFlowInstances)
      r.fail("count", "brings the total number of flows above " + std::to_string(kMaxFlowInstances));
    s.flows.push_back(f);
  }
}

void readBackground(JsonReader& top, Scenario& s, const std::map<std::string, int>& nodeIndex) {
  const json& list = top.arrayOrEmpty("background");
  if (list.size() > kMaxBackground)
    top.fail("background", "must list at most " + std::to_string(kMaxBackground) + " sources");
  for (std::size_t i = 0; i < list.size(); ++i) {
    JsonReader r(list[i], elementPath("background", i));
    BackgroundSpec b;
    readEndpoints(r, s, nodeIndex, NodeKind::Edge, "an edge node", &b.src, &b.dst);
    b.model =
        static_cast<BackgroundModel>(r.choice("model", kBackgroundModelDefault, choicesOf(kBackgroundModelsWords)));
    b.load = r.number("load", kBackgroundLoadBounds.min, kBackgroundLoadBounds.max);
    b.meanBytes = r.positive("meanBytes", kBackgroundMeanBytesDefault, kBackgroundMeanBytesBounds.max);
    if (b.model == BackgroundModel::SelfSimilar) {
      b.hurst = r.number("hurst", kBackgroundHurstDefault, kBackgroundHurstBounds.min, kBackgroundHurstBounds.max);
    } else if (r.has("hurst")) {
      r.fail("hurst", "applies to the \"self-similar\" model only");
    }
    b.enterAssembly = r.boolean("enterAssembly", false);
    b.extraOffset = r.number("extraOffset", kBackgroundExtraOffsetDefault, kBackgroundExtraOffsetBounds.min,
                             kBackgroundExtraOffsetBounds.max);
    if (b.enterAssembly && b.extraOffset > 0)
      r.fail("extraOffset", "cannot apply with enterAssembly (its bytes ride in the edge's TCP bursts)");
    r.finish();
    s.background.push_back(b);
  }
}

// `traffic` (docs/mesh.md section 3): the matrix is checked here against the edge nodes;
// the sources are made when the model is built, where the routes are known.
void readTraffic(JsonReader& top, Scenario& s) {
  if (!top.has("traffic")) return;
  JsonReader r = top.object("traffic");
  TrafficSpec& t = s.traffic;
  t.present = true;
  std::vector<int> edges;
  for (std::size_t n = 0; n < s.nodes.size(); ++n)
    if (s.nodes[n].kind == NodeKind::Edge) edges.push_back(static_cast<int>(n));
  if (edges.size() < 2) r.fail("matrix", "needs at least two edge nodes (got " + std::to_string(edges.size()) + ")");
  std::size_t pairs = edges.size() * (edges.size() - 1);
  if (r.has("matrix") && !r.raw("matrix").is_string()) {
    t.uniform = false;
    const json& rows = r.array("matrix");
    if (rows.size() != edges.size())
      r.fail("matrix", "must have one row per edge node (" + std::to_string(edges.size()) + "), got " +
                           std::to_string(rows.size()));
    pairs = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string row = "matrix[" + std::to_string(i) + "]";
      if (!rows[i].is_array() || rows[i].size() != edges.size())
        r.fail(row, "must be an array of " + std::to_string(edges.size()) + " numbers, one per edge node");
      std::vector<double> w;
      for (std::size_t j = 0; j < edges.size(); ++j) {
        const json& v = rows[i][j];
        const std::string cell = row + "[" + std::to_string(j) + "]";
        if (!v.is_number()) r.fail(cell, "must be a number (got " + typeName(v) + ")");
        const double x = v.get<double>();
        if (!(x >= 0 && x <= 1e9)) r.fail(cell, "must be between 0 and 1e+09 (got " + formatNumber(x) + ")");
        if (i == j && x != 0) r.fail(cell, "must be 0: an edge sends no traffic to itself");
        if (x > 0) ++pairs;
        w.push_back(x);
      }
      t.weights.push_back(std::move(w));
    }
    if (pairs == 0) r.fail("matrix", "must give some pair a weight above 0");
  } else if (r.has("matrix") && r.string("matrix") != "uniform") {
    r.fail("matrix", "must be \"uniform\" or an array of rows of weights");
  }
  if (pairs > static_cast<std::size_t>(kMaxTrafficPairs))
    r.fail("matrix", "gives " + std::to_string(pairs) + " pairs traffic, at most " + std::to_string(kMaxTrafficPairs) +
                         " (one background source each)");
  if (t.uniform) t.weights.assign(edges.size(), std::vector<double>(edges.size(), 1.0));
  if (t.uniform)
    for (std::size_t i = 0; i < edges.size(); ++i) t.weights[i][i] = 0;
  t.load = r.number("load", kTrafficLoadBounds.min, kTrafficLoadBounds.max);
  t.model = static_cast<BackgroundModel>(r.choice("model", kTrafficModelDefault, choicesOf(kBackgroundModelsWords)));
  t.meanBytes = r.positive("meanBytes", kTrafficMeanBytesDefault, kTrafficMeanBytesBounds.max);
  if (t.model == BackgroundModel::SelfSimilar) {
    t.hurst = r.number("hurst", kTrafficHurstDefault, kTrafficHurstBounds.min, kTrafficHurstBounds.max);
  } else if (r.has("hurst")) {
    r.fail("hurst", "applies to the \"self-similar\" model only");
  }
  t.extraOffset =
      r.number("extraOffset", kTrafficExtraOffsetDefault, kTrafficExtraOffsetBounds.min, kTrafficExtraOffsetBounds.max);
  r.finish();
}

// `liveChanges`: each entry a path setLive accepts for this scenario, a value its rule
// allows, at a time within the run. Read last: paths name nodes, links and flows.
void readLiveChanges(JsonReader& top, Scenario& s) {
  const json& list = top.arrayOrEmpty("liveChanges");
  if (list.size() > static_cast<std::size_t>(kMaxLiveChanges))
    top.fail("liveChanges", "must list at most " + std::to_string(kMaxLiveChanges) + " changes (got " +
                                std::to_string(list.size()) + ")");
  const double anyNumber = std::numeric_limits<double>::max();
  for (std::size_t i = 0; i < list.size(); ++i) {
    JsonReader r(list[i], elementPath("liveChanges", i));
    LiveChangeSpec c;
    c.at = r.number("at", -anyNumber, anyNumber);
    if (!(c.at >= 0 && c.at <= s.duration))
      r.fail("at", "must be a time in seconds from 0 to the duration, " + formatNumber(s.duration) + " (got " +
                       formatNumber(c.at) + ")");
    c.path = r.string("path");
    LivePath target;
    std::string rule;
    if (!resolveLivePath(s, c.path, &target, &rule)) r.fail("path", quoteInput(c.path) + " " + rule);
    c.value = r.number("value", -anyNumber, anyNumber);
    rule = liveValueRule(target, c.value);
    if (!rule.empty()) r.fail("value", rule + " (got " + formatNumber(c.value) + " for " + quoteInput(c.path) + ")");
    r.finish();
    s.liveChanges.push_back(c);
  }
}

// `measure`: a window within the run, (from, to], to the end when `to` is left out.
void readMeasure(JsonReader& top, Scenario& s) {
  if (!top.has("measure")) return;
  JsonReader r = top.object("measure");
  MeasureSpec& m = s.measure;
  m.present = true;
  m.from = r.number("from", kMeasureFromDefault, kMeasureFromBounds.min, kMeasureFromBounds.max);
  if (!(m.from < s.duration))
    r.fail("from",
           "must be earlier than the duration, " + formatNumber(s.duration) + " s (got " + formatNumber(m.from) + ")");
  if (r.has("to")) {
    m.to = r.positive("to", kMeasureToBounds.max);
    if (!(m.to > m.from))
      r.fail("to", "must be later than measure.from, " + formatNumber(m.from) + " s (got " + formatNumber(m.to) + ")");
    if (m.to > s.duration)
      r.fail("to", "must be at most the duration, " + formatNumber(s.duration) + " s (got " + formatNumber(m.to) + ")");
  }
  r.finish();
}

// A list of whole numbers >= 0 (segment numbers, ordinals), named by its field.
std::vector<std::uint64_t> readOrdinals(JsonReader& r, const std::string& key) {
  const json& list = r.array(key);
  if (list.empty()) r.fail(key, "must list at least one number");
  if (list.size() > static_cast<std::size_t>(kMaxDropNumbers))
    r.fail(key, "must list at most " + std::to_string(kMaxDropNumbers) + " numbers (got " +
                    std::to_string(list.size()) + ")");
  std::vector<std::uint64_t> out;
  out.reserve(list.size());
  for (std::size_t k = 0; k < list.size(); ++k) {
    const json& v = list[k];
    // Whole numbers up to 2^32 - 1: segment numbers are 32 bits, and no run sends more
    // packets or bursts than that from one flow or edge within the accepted limits.
    const bool whole = v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0) ||
                       (v.is_number_float() && v.get<double>() >= 0 && v.get<double>() <= 4294967295.0 &&
                        v.get<double>() == static_cast<double>(static_cast<std::uint64_t>(v.get<double>())));
    const std::uint64_t n =
        whole ? (v.is_number_float() ? static_cast<std::uint64_t>(v.get<double>()) : v.get<std::uint64_t>()) : 0;
    if (!whole || n > 4294967295ULL)
      r.fail(key, "must list whole numbers from 0 to 4294967295 (item " + std::to_string(k) + " is " +
                      (v.is_number() ? formatNumber(v.get<double>()) : typeName(v)) + ")");
    out.push_back(n);
  }
  return out;
}

// `drops`: deterministic losses (docs/deterministic-loss.md). Each entry is one rule:
// a flow's segments or packets, or an edge's bursts of one class, by number or after a time.
void readDrops(JsonReader& top, Scenario& s, const std::map<std::string, int>& nodeIndex) {
  const json& list = top.arrayOrEmpty("drops");
  if (list.size() > static_cast<std::size_t>(kMaxDropRules))
    top.fail("drops",
             "must list at most " + std::to_string(kMaxDropRules) + " rules (got " + std::to_string(list.size()) + ")");
  for (std::size_t i = 0; i < list.size(); ++i) {
    JsonReader r(list[i], elementPath("drops", i));
    DropSpec d;
    const bool byFlow = r.has("flow");
    if (byFlow == r.has("edge"))
      r.fail(byFlow ? "edge" : "flow", byFlow ? "cannot be given with \"flow\" (one rule per entry)"
                                              : "is required (or \"edge\", for a rule on bursts)");
    if (byFlow) {
      const std::string id = r.string("flow");
      for (std::size_t f = 0; f < s.flows.size() && d.flow < 0; ++f)
        if (s.flows[f].id == id) d.flow = static_cast<int>(f);
      if (d.flow < 0) r.fail("flow", "refers to an unknown flow " + quoteInput(id));
      const bool bySegment = r.has("segments");
      if (bySegment == r.has("packets"))
        r.fail(bySegment ? "packets" : "segments",
               bySegment ? "cannot be given with \"segments\" (one rule per entry)" : "is required (or \"packets\")");
      d.kind = bySegment ? DropRuleKind::Segments : DropRuleKind::Packets;
      d.numbers = readOrdinals(r, bySegment ? "segments" : "packets");
      if (bySegment) {
        d.transmission = static_cast<int>(r.integer("transmission", kDropsTransmissionDefault,
                                                    kDropsTransmissionBounds.min, kDropsTransmissionBounds.max));
      } else if (r.has("transmission")) {
        r.fail("transmission", "applies to \"segments\" only");
      }
      for (const char* edgeOnly : {"class", "bursts", "after"})
        if (r.has(edgeOnly)) r.fail(edgeOnly, "applies to a rule on an edge's bursts only");
    } else {
      d.edge = nodeRef(r, "edge", nodeIndex);
      const NodeSpec& n = s.nodes[d.edge];
      if (n.kind != NodeKind::Edge)
        r.fail("edge", "must be an edge node (" + quoteInput(n.id) + " is a " + kindName(n.kind) + ")");
      d.burstClass = r.choice("class", choicesOf(kDropClassesWords));
      const bool byNumber = r.has("bursts");
      if (byNumber == r.has("after"))
        r.fail(byNumber ? "after" : "bursts",
               byNumber ? "cannot be given with \"bursts\" (one rule per entry)" : "is required (or \"after\")");
      if (byNumber) {
        d.kind = DropRuleKind::Bursts;
        d.numbers = readOrdinals(r, "bursts");
      } else {
        d.kind = DropRuleKind::After;
        d.after = r.number("after", 0, s.duration);
      }
      for (const char* flowOnly : {"segments", "packets", "transmission"})
        if (r.has(flowOnly)) r.fail(flowOnly, "applies to a rule on a flow only");
    }
    r.finish();
    s.drops.push_back(std::move(d));
  }
}

}  // namespace

Scenario parseScenario(const std::string& jsonText) {
  json doc;
  try {
    doc = json::parse(jsonText);
  } catch (const json::parse_error& e) {
    // nlohmann's message starts with "[json.exception.parse_error.101] parse error at line 1,
    // column 5: ..."; keep the part a person needs.
    std::string what = e.what();
    auto pos = what.find("parse error");
    throw ScenarioError("the scenario is not valid JSON: " + (pos == std::string::npos ? what : what.substr(pos)));
  } catch (const json::out_of_range& e) {
    // A number beyond double's range (1e400): "[json.exception.out_of_range.406] number
    // overflow parsing '1e400'". Found by wasm-core/fuzz.
    std::string what = e.what();
    auto pos = what.find("number overflow");
    throw ScenarioError("the scenario is not valid JSON: " + (pos == std::string::npos ? what : what.substr(pos)) +
                        " (numbers must lie within about 1e308)");
  }
  JsonReader top(doc, "");
  Scenario s;
  s.version = static_cast<int>(top.integer("version", 1, INT32_MAX));
  if (s.version != 1)
    top.fail("version", "is " + std::to_string(s.version) + ", but this engine reads scenario format version 1");
  s.name = top.string("name", "");
  if (s.name.size() > kMaxNameBytes)
    top.fail("name", "must be at most " + std::to_string(kMaxNameBytes) + " characters");
  refuseUnsafeText(top, "name", s.name);
  s.seed = static_cast<std::uint32_t>(top.integer("seed", kSeedDefault, kSeedBounds.min, kSeedBounds.max));
  s.duration = top.positive("duration", kDurationDefault, kMaxSeconds);
  s.sampleInterval = interval(top, "sampleInterval", kSampleIntervalDefault, kMaxSeconds);
  if (s.duration / s.sampleInterval > kMaxSamplesPerFlow)
    top.fail("sampleInterval", "is too small for the duration (at most " +
                                   std::to_string(static_cast<long long>(kMaxSamplesPerFlow)) + " samples per flow)");

  std::map<std::string, int> nodeIndex;
  readObs(top, s);  // first: edge nodes override its assembly settings
  readNodes(top, s, nodeIndex);
  readLinks(top, s, nodeIndex);
  readFlows(top, s, nodeIndex);
  double instances = 0;
  for (const FlowSpec& f : s.flows) instances += f.count;
  const double rows = instances * (s.duration / s.sampleInterval + 1);
  if (rows > kMaxSampleRows)
    top.fail("sampleInterval", "is too small for " + formatNumber(instances) + " flows over " +
                                   formatNumber(s.duration) + " s: " + formatNumber(rows) +
                                   " sample rows (flows x duration / sampleInterval), at most " +
                                   formatNumber(kMaxSampleRows));
  refuseAccessIdClashes(top, s);
  readBackground(top, s, nodeIndex);
  readTraffic(top, s);
  readLiveChanges(top, s);
  readDrops(top, s, nodeIndex);
  readMeasure(top, s);
  top.finish();
  return s;
}

}  // namespace obs
