// Routing by cost (docs/routing.md): least cost with the documented tie rule, costs per
// direction giving data and ACKs different routes (data over the OBS core, ACKs over a
// packet path), and forced routes (`route`, `ackRoute`) accepted and refused by name.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>

#include "net/route.h"
#include "scenario_files.h"
#include "simulation.h"

namespace obs {
namespace {

NodeSpec node(const char* id, NodeKind kind) {
  NodeSpec n;
  n.id = id;
  n.kind = kind;
  return n;
}
LinkSpec link(int a, int b, double delay, double costAb = -1, double costBa = -1) {
  LinkSpec l;
  l.id = "l" + std::to_string(a) + "-" + std::to_string(b);
  l.a = a;
  l.b = b;
  l.rate = 1e9;
  l.delay = delay;
  l.costAb = costAb;
  l.costBa = costBa;
  return l;
}
std::vector<int> nodesOf(const Route* r) {
  std::vector<int> out{r->src};
  for (const Hop& h : r->hops) out.push_back(h.to);
  return out;
}

// A diamond S - A - {B, C} - D - T whose two middle paths cost the same.
struct Diamond {
  std::vector<NodeSpec> nodes{node("S", NodeKind::Host),   node("A", NodeKind::Router), node("B", NodeKind::Router),
                              node("C", NodeKind::Router), node("D", NodeKind::Router), node("T", NodeKind::Host)};
  std::vector<LinkSpec> links;
  Diamond(double ab, double ac, double bd, double cd) {
    links = {link(0, 1, 1e-3),         link(1, 2, 1e-3, ab, ab), link(1, 3, 1e-3, ac, ac),
             link(2, 4, 1e-3, bd, bd), link(3, 4, 1e-3, cd, cd), link(4, 5, 1e-3)};
  }
};

TEST(RouteCost, LeastCostWins) {
  Diamond d(5, 1, 5, 1);  // via C is cheaper
  RoutingTable t(d.nodes, d.links);
  EXPECT_EQ(nodesOf(t.route(0, 5)), (std::vector<int>{0, 1, 3, 4, 5}));
  Diamond e(1, 5, 1, 5);  // via B
  RoutingTable u(e.nodes, e.links);
  EXPECT_EQ(nodesOf(u.route(0, 5)), (std::vector<int>{0, 1, 2, 4, 5}));
}

TEST(RouteCost, TiesGoToFewerHopsThenTheLowerNodeIndexThenTheLowerLink) {
  Diamond d(1, 1, 1, 1);  // equal cost, equal hops: through B, the lower index
  RoutingTable t(d.nodes, d.links);
  EXPECT_EQ(nodesOf(t.route(0, 5)), (std::vector<int>{0, 1, 2, 4, 5}));
  // Swap the names' order: B and C trade indices, and the route follows the index.
  Diamond e(1, 1, 1, 1);
  std::swap(e.nodes[2], e.nodes[3]);
  RoutingTable u(e.nodes, e.links);
  EXPECT_EQ(nodesOf(u.route(0, 5)), (std::vector<int>{0, 1, 2, 4, 5}));
  EXPECT_EQ(e.nodes[2].id, "C");
  // Fewer hops beat the lower index: a direct A - D link of the same total cost.
  Diamond f(1, 1, 1, 1);
  f.links.push_back(link(1, 4, 1e-3, 2, 2));
  RoutingTable v(f.nodes, f.links);
  EXPECT_EQ(nodesOf(v.route(0, 5)), (std::vector<int>{0, 1, 4, 5}));
  // Two parallel links of one cost: the lower link index.
  Diamond g(1, 1, 1, 1);
  g.links.push_back(link(1, 2, 1e-3, 1, 1));
  RoutingTable w(g.nodes, g.links);
  EXPECT_EQ(w.route(0, 5)->hops[1].link, 1);
}

TEST(RouteCost, WithoutCostsRoutesAreByDelay) {
  // The delays alone pick C; costs equal to the delays pick the same.
  Diamond d(-1, -1, -1, -1);
  d.links[1].delay = 5e-3;
  RoutingTable t(d.nodes, d.links);
  EXPECT_EQ(nodesOf(t.route(0, 5)), (std::vector<int>{0, 1, 3, 4, 5}));
}

TEST(RouteCost, EachDirectionIsRoutedOnItsOwn) {
  // B's side is cheap from S to T, C's side from T to S.
  Diamond d(1, 1, 1, 1);
  d.links[1] = link(1, 2, 1e-3, 1, 9);
  d.links[2] = link(1, 3, 1e-3, 9, 1);
  RoutingTable t(d.nodes, d.links);
  EXPECT_EQ(nodesOf(t.route(0, 5)), (std::vector<int>{0, 1, 2, 4, 5}));
  EXPECT_EQ(nodesOf(t.route(5, 0)), (std::vector<int>{5, 4, 3, 1, 0}));
}

// The default scenario with a packet path E1 - R1 - E2 beside the core: expensive for
// data (a -> b), free for ACKs (b -> a). Data crosses the core, ACKs do not.
nlohmann::json asymmetric() {
  nlohmann::json j = defaultJson();
  j["duration"] = 2;
  j["obs"]["burstLoss"] = {{"data", 0}, {"ack", 0}};
  j["nodes"].push_back({{"id", "R1"}, {"kind", "router"}, {"x", 400}, {"y", 320}});
  for (const char* ends : {"E1R1", "R1E2"}) {
    const std::string a = std::string(ends).substr(0, 2), b = std::string(ends).substr(2);
    j["links"].push_back({{"id", std::string("p") + ends},
                          {"a", a},
                          {"b", b},
                          {"kind", "packet"},
                          {"rate", 1e9},
                          {"delay", 1e-4},
                          {"cost", {{"ab", 1}, {"ba", 0}}}});
  }
  return j;
}

TEST(RouteCost, DataCrossesTheCoreWhileAcksReturnOverPackets) {
  auto sim = Simulation::fromJson(asymmetric().dump());
  sim->advanceTo(sim->duration());
  const auto s = sim->summary();
  EXPECT_GT(s["bursts"]["data"]["sent"].get<double>(), 100);
  EXPECT_EQ(s["bursts"]["ack"]["sent"].get<double>(), 0);  // no ACK ever enters a burst
  EXPECT_GT(s["flows"][0]["goodput"].get<double>(), 1e7);  // TCP works over the two routes
  const Simulation::PacketLedger l = sim->packetLedger();
  EXPECT_EQ(l.sent, l.delivered + l.linkDrops + l.burstDrops + l.held);
  // Without the costs the same topology sends ACKs through the core (the test can fail).
  nlohmann::json plain = asymmetric();
  for (auto& link : plain["links"]) link.erase("cost");
  auto symmetric = Simulation::fromJson(plain.dump());
  symmetric->advanceTo(symmetric->duration());
  EXPECT_GT(symmetric->summary()["bursts"]["ack"]["sent"].get<double>(), 100);
}

TEST(RouteCost, ForcedRoutesOverrideCosts) {
  nlohmann::json j = asymmetric();
  for (auto& link : j["links"]) link.erase("cost");
  // Data forced over the packet path, ACKs over the core.
  j["flows"][0]["route"] = {"Server", "E1", "R1", "E2", "Client"};
  j["flows"][0]["ackRoute"] = {"Client", "E2", "C1", "E1", "Server"};
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  const auto s = sim->summary();
  EXPECT_EQ(s["bursts"]["data"]["sent"].get<double>(), 0);
  EXPECT_GT(s["bursts"]["ack"]["sent"].get<double>(), 100);
  EXPECT_GT(s["flows"][0]["goodput"].get<double>(), 1e7);
}

TEST(RouteCost, DataAndAckBurstsTakeDifferentCorePaths) {
  // routing-features.json's flow "forced": data E1 -> C2 -> E2, ACKs E2 -> C1 -> E1. Alone,
  // so the core's links carry its bursts only: data on f3, f4 forwards, ACKs on f2, f1
  // backwards, nothing the other ways.
  nlohmann::json j =
      nlohmann::json::parse(readScenarioFile("../../../wasm-core/tests/scenarios/routing-features.json"));
  j["flows"].erase(0);
  j["obs"]["burstLoss"] = {{"data", 0}, {"ack", 0}};
  auto sim = Simulation::fromJson(j.dump());
  sim->advanceTo(sim->duration());
  const auto s = sim->summary();
  std::map<std::string, nlohmann::ordered_json> link;
  for (const auto& l : s["links"]) link[l["id"].get<std::string>()] = l;
  const double dataBursts = s["bursts"]["data"]["sent"].get<double>(),
               ackBursts = s["bursts"]["ack"]["sent"].get<double>();
  EXPECT_GT(dataBursts, 100);
  EXPECT_GT(ackBursts, 100);
  for (const char* id : {"f3", "f4"}) {
    EXPECT_EQ(link[id]["ab"]["bursts"].get<double>(), dataBursts) << id;
    EXPECT_EQ(link[id]["ba"]["bursts"].get<double>(), 0) << id;
  }
  for (const char* id : {"f1", "f2"}) {
    EXPECT_EQ(link[id]["ab"]["bursts"].get<double>(), 0) << id;
    EXPECT_EQ(link[id]["ba"]["bursts"].get<double>(), ackBursts) << id;
  }
}

TEST(RouteCost, RefusalsNameTheFieldAndTheRule) {
  auto refusal = [](auto change) {
    nlohmann::json j = asymmetric();
    change(j);
    return parserRefusal(j);
  };
  EXPECT_EQ(refusal([](nlohmann::json& j) { j["links"][0]["cost"] = -1; }),
            "links[0].cost must be between 0 and 1e+09 (got -1)");
  EXPECT_EQ(refusal([](nlohmann::json& j) { j["links"][0]["cost"] = "cheap"; }),
            "links[0].cost must be a number >= 0 or an object { \"ab\": cost, \"ba\": cost }, not a string");
  EXPECT_EQ(refusal([](nlohmann::json& j) {
              j["links"][0]["cost"] = {{"ab", 1}, {"up", 2}};
            }).rfind("links[0].cost.up ", 0),
            0u);
  EXPECT_EQ(refusal([](nlohmann::json& j) { j["links"][0]["cost"] = {{"ab", 1}, {"ba", 2}}; }), "(accepted)");
  // flows[0].route set to each of these.
  const std::pair<nlohmann::json, std::string> badRoutes[] = {
      {{"Server", "E1", "E2", "Client"}, "flows[0].route[2] is not linked to the node before it, \"E1\""},
      {{"E1", "C1", "E2", "Client"}, "flows[0].route[0] must be \"Server\" (the route starts at the flow's src)"},
      {{"Server", "E1", "C1", "E2"}, "flows[0].route[3] must be \"Client\" (the route ends at the flow's dst)"},
      {{"Server", "E1", "X", "Client"}, "flows[0].route[2] refers to an unknown node \"X\""},
      {{"Server", "E1", "R1", "E1", "Client"}, "flows[0].route[3] visits \"E1\" a second time (a route has no loops)"},
      {{"Server"}, "flows[0].route must list at least two node ids (from its first node to its last)"},
      {{"Server", 3}, "flows[0].route[1] must be a node id (a string), not a number"},
  };
  for (const auto& [route, message] : badRoutes)
    EXPECT_EQ(refusal([&route = route](nlohmann::json& j) { j["flows"][0]["route"] = route; }), message) << route;
  EXPECT_EQ(refusal([](nlohmann::json& j) {
              j["flows"][0]["ackRoute"] = {"Server", "E1", "C1", "E2", "Client"};
            }),
            "flows[0].ackRoute[0] must be \"Client\" (the route starts at the flow's dst)");
  EXPECT_EQ(refusal([](nlohmann::json& j) {
              j["links"].push_back(
                  {{"id", "sx"}, {"a", "Server"}, {"b", "Client"}, {"kind", "packet"}, {"rate", 1e9}, {"delay", 0}});
              j["flows"][0]["route"] = {"E1", "Server", "Client"};
            }),
            "flows[0].route[1] is the host \"Server\", which does not forward (hosts end routes only)");
}

TEST(RouteCost, RoutesReportTheTwoDirectionsAndEveryOpticalPath) {
  // What the editor draws for a selected flow and the log names as "via": the engine's
  // own routes, so asymmetric costs show data over the core and ACKs over packets.
  auto sim = Simulation::fromJson(asymmetric().dump());
  const auto r = sim->routes();
  ASSERT_EQ(r["flows"].size(), 1u);
  EXPECT_EQ(r["flows"][0]["data"]["nodes"], nlohmann::ordered_json({"Server", "E1", "C1", "E2", "Client"}));
  EXPECT_EQ(r["flows"][0]["ack"]["nodes"], nlohmann::ordered_json({"Client", "E2", "R1", "E1", "Server"}));
  EXPECT_EQ(r["flows"][0]["data"]["links"].size(), 4u);
  ASSERT_EQ(r["opticalPaths"].size(), 1u);
  EXPECT_EQ(r["opticalPaths"][0]["ingress"], "E1");
  EXPECT_EQ(r["opticalPaths"][0]["egress"], "E2");
  EXPECT_EQ(r["opticalPaths"][0]["nodes"], nlohmann::ordered_json({"E1", "C1", "E2"}));
  // Every burst's formed event names that path by its index.
  sim->setVisualEvents(true);
  sim->advanceTo(0.05);
  const VisualEventColumns c = sim->drainVisualEvents();
  int formed = 0;
  for (std::size_t i = 0; i < c.rows(); ++i) {
    if (c.kind[i] != static_cast<std::uint8_t>(VisualEventKind::BurstFormed)) continue;
    ++formed;
    EXPECT_EQ(c.link[i], 0);
  }
  EXPECT_GT(formed, 0);
}

// The first lesson with a second egress edge E3 beside E2 (C1 - E3 - Client), its ACKs
// forced through E3, and a background source from E3 to E1.
nlohmann::json secondEgress() {
  nlohmann::json j = nlohmann::json::parse(readScenarioFile("../presets/first-lesson.json"));
  j["nodes"].push_back({{"id", "E3"}, {"kind", "edge"}, {"x", 640}, {"y", 320}});
  nlohmann::json fiber = j["links"][2], access = j["links"][3];
  fiber["id"] = "fiber3";
  fiber["b"] = "E3";
  access["id"] = "access3";
  access["a"] = "E3";
  j["links"].push_back(fiber);
  j["links"].push_back(access);
  j["flows"][0]["ackRoute"] = {"Client", "E3", "C1", "E1", "Server"};
  j["background"] = {{{"src", "E3"}, {"dst", "E1"}, {"model", "poisson"}, {"load", 0.1}, {"meanBytes", 20000}}};
  return j;
}

TEST(RouteCost, RoutesNameTheOpticalPathsOfEachFlowRouteAndBackgroundSource) {
  // What the app's Drop next and theory lines read instead of routing for themselves:
  // which optical paths a route takes (so which edge forms its bursts), and a background
  // source's path.
  auto sim = Simulation::fromJson(secondEgress().dump());
  const auto r = sim->routes();
  const auto& paths = r["opticalPaths"];
  const auto ingressOf = [&](const nlohmann::ordered_json& route) {
    std::vector<std::string> out;
    for (const auto& p : route["opticalPaths"]) out.push_back(paths[p.get<std::size_t>()]["ingress"]);
    return out;
  };
  EXPECT_EQ(ingressOf(r["flows"][0]["data"]), std::vector<std::string>{"E1"});
  EXPECT_EQ(ingressOf(r["flows"][0]["ack"]), std::vector<std::string>{"E3"});
  ASSERT_EQ(r["background"].size(), 1u);
  const auto& background = paths[r["background"][0]["opticalPath"].get<std::size_t>()];
  EXPECT_EQ(background["nodes"], nlohmann::ordered_json({"E3", "C1", "E1"}));
  // A route that never enters the optical domain takes none.
  auto packets = Simulation::fromJson(asymmetric().dump());
  EXPECT_EQ(packets->routes()["flows"][0]["ack"]["opticalPaths"], nlohmann::ordered_json::array());
  EXPECT_EQ(packets->routes()["background"], nlohmann::ordered_json::array());
}

}  // namespace
}  // namespace obs
