#include "app/traffic_matrix.h"

#include <map>

#include "scenario/json_reader.h"

namespace obs {

namespace {

std::vector<int> edgeNodes(const Scenario& s) {
  std::vector<int> edges;
  for (std::size_t n = 0; n < s.nodes.size(); ++n)
    if (s.nodes[n].kind == NodeKind::Edge) edges.push_back(static_cast<int>(n));
  return edges;
}

}  // namespace

std::vector<std::pair<int, int>> trafficPairs(const Scenario& s) {
  std::vector<std::pair<int, int>> pairs;
  if (!s.traffic.present) return pairs;
  const std::vector<int> edges = edgeNodes(s);
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (std::size_t j = 0; j < edges.size(); ++j)
      if (s.traffic.weights[i][j] > 0) pairs.emplace_back(edges[i], edges[j]);
  return pairs;
}

double pathCapacity(const Scenario& s, const OpticalPath& path) {
  double capacity = 0;
  for (const Hop& h : path.hops) {
    const LinkSpec& l = s.links[h.link];
    const double c = l.rate * l.wavelengths;
    if (capacity == 0 || c < capacity) capacity = c;
  }
  return capacity;
}

double offeredErlangs(const Scenario& s, const OpticalPath& path, double load, double capacityBps) {
  // Offered bit/s = load x capacity; a burst of b bytes lasts 8b / rate on the first fiber,
  // so bursts per second x mean duration = load x capacity / rate.
  return load * capacityBps / s.links[path.hops.front().link].rate;
}

std::vector<TrafficSource> expandTraffic(const Scenario& s, RoutingTable& routing) {
  std::vector<TrafficSource> sources;
  if (!s.traffic.present) return sources;
  const std::vector<int> edges = edgeNodes(s);
  std::map<int, int> column;  // node index -> position among the edges
  for (std::size_t i = 0; i < edges.size(); ++i) column[edges[i]] = static_cast<int>(i);
  const auto isCore = [&](int n) { return s.nodes[n].kind == NodeKind::Core; };

  std::vector<double> weights;
  for (const auto& [src, dst] : trafficPairs(s)) {
    const Route* r = routing.route(src, dst);
    const std::string pair = quoteInput(s.nodes[src].id) + " to " + quoteInput(s.nodes[dst].id);
    if (!r) throw ScenarioError("traffic.matrix: no path of links leads from " + pair);
    const int path = r->opticalPathAt.empty() ? -1 : r->opticalPathAt[0];
    if (path < 0 || routing.opticalPaths()[path].egress != dst)
      throw ScenarioError("traffic.matrix: the route from " + pair + " must run over fiber links and core nodes only");
    TrafficSource t;
    t.spec.src = src;
    t.spec.dst = dst;
    t.spec.model = s.traffic.model;
    t.spec.meanBytes = s.traffic.meanBytes;
    t.spec.hurst = s.traffic.hurst;
    t.spec.extraOffset = s.traffic.extraOffset;
    t.path = path;
    t.capacityBps = pathCapacity(s, routing.opticalPaths()[path]);
    t.streamName = "traffic:" + s.nodes[src].id + ":" + s.nodes[dst].id;
    sources.push_back(t);
    weights.push_back(s.traffic.weights[column[src]][column[dst]]);
  }

  // Weight per wavelength on each fiber direction a route crosses, in two sums: the
  // core-to-core directions, and all of them (the fallback on a network without any).
  std::map<std::pair<int, int>, double> perWavelength;  // (link, dir) -> sum of w / K
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (const Hop& h : routing.opticalPaths()[sources[i].path].hops)
      perWavelength[{h.link, h.dir}] += weights[i] / s.links[h.link].wavelengths;
  double coreSum = 0, allSum = 0;
  int coreCount = 0, allCount = 0;
  for (const auto& [key, w] : perWavelength) {
    const LinkSpec& l = s.links[key.first];
    allSum += w;
    ++allCount;
    if (isCore(l.a) && isCore(l.b)) coreSum += w, ++coreCount;
  }
  const double meanWeight = coreCount > 0 ? coreSum / coreCount : allSum / allCount;
  const double scale = s.traffic.load / meanWeight;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    TrafficSource& t = sources[i];
    t.erlangs = scale * weights[i];
    const OpticalPath& p = routing.opticalPaths()[t.path];
    t.spec.load = t.erlangs * s.links[p.hops.front().link].rate / t.capacityBps;
  }
  return sources;
}

}  // namespace obs
