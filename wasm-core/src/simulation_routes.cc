// Simulation::routes(): the routes a loaded scenario uses, in ids, for views that show
// them (the editor's selected flow, the event log's "via") and for the app's reasoning
// about them (which edges form a flow's bursts, the links theory lines are drawn for):
// the engine is the app's only router. Read-only; built from the routing table the
// constructor filled, so it is exactly what the run uses.
#include "simulation.h"

namespace obs {
namespace {

nlohmann::ordered_json hopsJson(const std::vector<Hop>& hops, const Topology& topology) {
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
  nlohmann::ordered_json links = nlohmann::ordered_json::array();
  if (!hops.empty()) nodes.push_back(topology.nodes[hops.front().from].id);
  for (const Hop& h : hops) {
    nodes.push_back(topology.nodes[h.to].id);
    links.push_back(topology.links[h.link].id);
  }
  nlohmann::ordered_json out;
  out["nodes"] = std::move(nodes);
  out["links"] = std::move(links);
  return out;
}

// A flow's route with the optical paths it takes, in order: where it enters the optical
// domain, the edge that forms its bursts (each path's ingress).
nlohmann::ordered_json flowRouteJson(const Route& route, const Topology& topology) {
  nlohmann::ordered_json out = hopsJson(route.hops, topology);
  nlohmann::ordered_json paths = nlohmann::ordered_json::array();
  for (int p : route.opticalPathAt)
    if (p >= 0) paths.push_back(p);
  out["opticalPaths"] = std::move(paths);
  return out;
}

}  // namespace

nlohmann::ordered_json Simulation::routes() const {
  nlohmann::ordered_json out;
  nlohmann::ordered_json flows = nlohmann::ordered_json::array();
  for (std::size_t f = 0; f < groupRoutes_.size(); ++f) {
    nlohmann::ordered_json g;
    g["id"] = scenario_.flows[f].id;
    g["data"] = flowRouteJson(*groupRoutes_[f].first, topology_);
    g["ack"] = flowRouteJson(*groupRoutes_[f].second, topology_);
    flows.push_back(std::move(g));
  }
  nlohmann::ordered_json paths = nlohmann::ordered_json::array();
  for (const OpticalPath& p : routing_.opticalPaths()) {
    nlohmann::ordered_json j = hopsJson(p.hops, topology_);
    j["ingress"] = topology_.nodes[p.ingress].id;
    j["egress"] = topology_.nodes[p.egress].id;
    paths.push_back(std::move(j));
  }
  nlohmann::ordered_json background = nlohmann::ordered_json::array();
  for (int p : backgroundPaths_) {
    nlohmann::ordered_json b;
    b["opticalPath"] = p;
    background.push_back(std::move(b));
  }
  out["flows"] = std::move(flows);
  out["opticalPaths"] = std::move(paths);
  out["background"] = std::move(background);
  return out;
}

}  // namespace obs
