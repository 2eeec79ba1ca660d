#include <gtest/gtest.h>

#include <fstream>
#include <cctype>
#include <functional>
#include <sstream>
#include <string>

#include "scenario/scenario_parser.h"

namespace obs {
namespace {

using json = nlohmann::json;

std::string readDefault() {
  std::ifstream in(std::string(OBS_SCENARIO_DIR) + "/default.json");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

json defaultJson() { return json::parse(readDefault()); }

std::string refusal(const json& scenario) {
  try {
    parseScenario(scenario.dump());
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(ScenarioParser, ReadsTheDefaultScenario) {
  Scenario s = parseScenario(readDefault());
  EXPECT_EQ(s.nodes.size(), 5u);
  EXPECT_EQ(s.links.size(), 4u);
  EXPECT_EQ(s.links[1].kind, LinkKind::Fiber);
  EXPECT_EQ(s.links[1].wavelengths, 2);
  EXPECT_DOUBLE_EQ(s.links[1].rate, 1.25e9);
  EXPECT_EQ(s.obs.assembly.policy, AssemblyPolicyKind::Time);
  EXPECT_DOUBLE_EQ(s.obs.assembly.maxTime, 1e-3);
  EXPECT_EQ(s.obs.scheduling, SchedulingKind::LaucVf);
  EXPECT_FALSE(s.obs.offset.has_value());  // "auto"
  EXPECT_DOUBLE_EQ(s.obs.burstLoss.data, 0.01);
  ASSERT_EQ(s.flows.size(), 1u);
  EXPECT_EQ(s.flows[0].tcp.mss, 512);
  EXPECT_EQ(s.flows[0].tcp.maxWindow, 128);  // 64 KB of 512 B segments
}

TEST(ScenarioParser, FillsDefaultsForOmittedOptionalFields) {
  json j = {{"version", 1},
            {"nodes", {{{"id", "a"}, {"kind", "host"}}, {{"id", "b"}, {"kind", "host"}}}},
            {"links", {{{"id", "l"}, {"a", "a"}, {"b", "b"}, {"kind", "packet"}, {"rate", 1e6}, {"delay", 0.001}}}},
            {"flows", {{{"id", "f"}, {"src", "a"}, {"dst", "b"}}}}};
  Scenario s = parseScenario(j.dump());
  EXPECT_EQ(s.seed, 1u);
  EXPECT_EQ(s.links[0].queue, 1000);
  EXPECT_EQ(s.flows[0].tcp.dupAckThreshold, 3);
  EXPECT_DOUBLE_EQ(s.flows[0].tcp.rto.min, 0.2);
}

struct BadCase {
  const char* what;
  std::function<void(json&)> mutate;
  const char* expected;  // the message must contain this
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.what; }

class ScenarioRefusal : public ::testing::TestWithParam<BadCase> {};

TEST_P(ScenarioRefusal, NamesTheFieldAndTheRule) {
  json j = defaultJson();
  GetParam().mutate(j);
  std::string message = refusal(j);
  EXPECT_NE(message.find(GetParam().expected), std::string::npos)
      << GetParam().what << ": got \"" << message << "\"";
  EXPECT_EQ(message.find('\n'), std::string::npos) << "one line only";
}

INSTANTIATE_TEST_SUITE_P(
    EveryKindOfMistake, ScenarioRefusal,
    ::testing::Values(
        BadCase{"wrong version", [](json& j) { j["version"] = 2; },
                "version is 2, but this engine reads scenario format version 1"},
        BadCase{"missing nodes", [](json& j) { j.erase("nodes"); }, "nodes is required"},
        BadCase{"wavelengths zero", [](json& j) { j["links"][1]["wavelengths"] = 0; },
                "links[1].wavelengths must be an integer between 1 and 1024"},
        BadCase{"wavelengths fractional", [](json& j) { j["links"][1]["wavelengths"] = 1.5; },
                "links[1].wavelengths must be an integer"},
        BadCase{"rate as string", [](json& j) { j["links"][0]["rate"] = "fast"; },
                "links[0].rate must be a number, not a string"},
        BadCase{"negative rate", [](json& j) { j["links"][0]["rate"] = -1; },
                "links[0].rate must be a number > 0"},
        BadCase{"dangling link end", [](json& j) { j["links"][2]["b"] = "E9"; },
                "links[2].b refers to an unknown node \"E9\""},
        BadCase{"dangling flow end", [](json& j) { j["flows"][0]["dst"] = "Nobody"; },
                "flows[0].dst refers to an unknown node \"Nobody\""},
        BadCase{"flow to an edge", [](json& j) { j["flows"][0]["dst"] = "E2"; },
                "flows[0].dst must be a host (\"E2\" is a edge)"},
        BadCase{"duplicate node id", [](json& j) { j["nodes"][1]["id"] = "Server"; },
                "nodes[1].id \"Server\" is used by another node"},
        BadCase{"unknown node kind", [](json& j) { j["nodes"][0]["kind"] = "switch"; },
                "nodes[0].kind must be one of \"host\", \"router\", \"edge\" or \"core\" (got \"switch\")"},
        BadCase{"unknown field", [](json& j) { j["links"][0]["colour"] = "red"; },
                "links[0].colour is not a known field"},
        BadCase{"unknown top-level field", [](json& j) { j["speed"] = 3; },
                "speed is not a known field"},
        BadCase{"probability above 1", [](json& j) { j["obs"]["burstLoss"]["ack"] = 1.5; },
                "obs.burstLoss.ack must be between 0 and 1 (got 1.5)"},
        BadCase{"host on a fiber", [](json& j) { j["links"][0]["kind"] = "fiber"; j["links"][0].erase("queue"); j["links"][0].erase("loss"); j["links"][0].erase("arq"); },
                "links[0].kind \"fiber\" must join edge or core nodes, not a host"},
        BadCase{"packet link on a core", [](json& j) { j["links"][1]["kind"] = "packet"; j["links"][1].erase("wavelengths"); j["links"][1].erase("burstLoss"); },
                "links[1].kind \"packet\" cannot attach to a core node"},
        BadCase{"fiber field on packet link", [](json& j) { j["links"][0]["wavelengths"] = 4; },
                "links[0].wavelengths applies to fiber links only"},
        BadCase{"setupTime on an edge", [](json& j) { j["nodes"][1]["setupTime"] = 1e-6; },
                "nodes[1].setupTime applies to core nodes only"},
        BadCase{"bad offset", [](json& j) { j["obs"]["offset"] = "soon"; },
                "obs.offset must be \"auto\" or a number of seconds >= 0"},
        BadCase{"bad policy", [](json& j) { j["obs"]["assembly"]["policy"] = "greedy"; },
                "obs.assembly.policy must be one of \"time\", \"size\" or \"hybrid\""},
        BadCase{"zero duration", [](json& j) { j["duration"] = 0; }, "duration must be a number > 0"},
        BadCase{"too many samples", [](json& j) { j["sampleInterval"] = 1e-9; },
                "sampleInterval is too small for the duration"},
        BadCase{"later feature: FDLs", [](json& j) { j["nodes"][2]["fdl"]["count"] = 2; },
                "nodes[2].fdl.count: fiber delay lines (count > 0) is not supported yet"},
        BadCase{"later feature: variant", [](json& j) { j["flows"][0]["tcp"]["variant"] = "cubic"; },
                "flows[0].tcp.variant: TCP variants other than \"reno\" is not supported yet"},
        BadCase{"later feature: background", [](json& j) { j["background"] = json::array({json::object()}); },
                "background: background burst traffic is not supported yet"},
        BadCase{"later feature: link loss", [](json& j) { j["links"][0]["loss"] = 0.1; },
                "links[0].loss: random loss on packet links is not supported yet"},
        BadCase{"later feature: file app", [](json& j) { j["flows"][0]["app"] = {{"kind", "file"}}; },
                "flows[0].app.kind: the \"file\" application is not supported yet"},
        BadCase{"later feature: per-link burst loss", [](json& j) { j["links"][1]["burstLoss"]["data"] = 0.1; },
                "links[1].burstLoss: injected loss on a single fiber link is not supported yet"},
        BadCase{"scenario not an object", [](json& j) { j = json::array(); },
                "the scenario must be an object, not an array"}),
    [](const ::testing::TestParamInfo<BadCase>& info) {
      std::string name;
      for (const char* c = info.param.what; *c; ++c)
        name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
      return name;
    });

TEST(ScenarioParser, MalformedJsonGivesOneLineWithThePosition) {
  try {
    parseScenario("{\"version\": 1,\n \"nodes\": [}");
    FAIL() << "accepted malformed JSON";
  } catch (const ScenarioError& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("not valid JSON"), std::string::npos) << m;
    EXPECT_NE(m.find("line 2"), std::string::npos) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  }
}

TEST(ScenarioParser, NeutralValuesOfLaterFeaturesAreAccepted) {
  json j = defaultJson();
  j["links"][0]["loss"] = {{"ab", 0}, {"ba", 0}};
  j["nodes"][2]["fdl"] = {{"count", 0}, {"unit", 1e-4}};
  j["background"] = json::array();
  j["flows"][0]["tcp"]["rto"]["fixed"] = nullptr;
  EXPECT_EQ(refusal(j), "(accepted)");
}

}  // namespace
}  // namespace obs
