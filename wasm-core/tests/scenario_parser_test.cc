#include "scenario/scenario_parser.h"

#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "scenario/safe_text.h"
#include "scenario_files.h"

namespace obs {
namespace {

using json = nlohmann::json;

std::string readDefault() { return readScenarioFile("default.json"); }

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
  std::string message = parserRefusal(j);
  EXPECT_NE(message.find(GetParam().expected), std::string::npos) << GetParam().what << ": got \"" << message << "\"";
  EXPECT_EQ(message.find('\n'), std::string::npos) << "one line only";
  char32_t unsafe;
  std::size_t at;
  EXPECT_FALSE(findUnsafe(message, &unsafe, &at)) << "a raw control, format or bidi character at " << at;
  EXPECT_LE(message.size(), 4 * kMessageMaxChars) << "bounded";
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
        BadCase{"FDLs without a unit", [](json& j) { j["nodes"][2]["fdl"] = {{"count", 2}, {"unit", 0}}; },
                "nodes[2].fdl.unit must be > 0 when count > 0"},
        BadCase{"too many FDLs", [](json& j) { j["nodes"][2]["fdl"]["count"] = 65; },
                "nodes[2].fdl.count must be an integer between 0 and 64"},
        BadCase{"assembly override on a core", [](json& j) { j["nodes"][2]["assembly"] = {{"maxTime", 1e-3}}; },
                "nodes[2].assembly applies to edge nodes only"},
        BadCase{"bad assembly override", [](json& j) { j["nodes"][1]["assembly"] = {{"maxTime", -1}}; },
                "nodes[1].assembly.maxTime must be a number > 0"},
        BadCase{"unknown variant", [](json& j) { j["flows"][0]["tcp"]["variant"] = "bbr"; },
                "flows[0].tcp.variant must be one of \"tahoe\", \"reno\", \"newreno\", \"sack\", \"hstcp\", \"stcp\", \"bic\", \"cubic\", \"htcp\", \"vegas\" or \"westwood\" (got \"bbr\")"},
        BadCase{"unknown recovery", [](json& j) { j["flows"][0]["tcp"]["recovery"] = "fack"; },
                "flows[0].tcp.recovery must be one of \"tahoe\", \"reno\", \"newreno\" or \"sack\" (got \"fack\")"},
        BadCase{"background from a host", [](json& j) { j["background"] = json::array({{{"src", "Server"}, {"dst", "E2"}, {"load", 0.3}}}); },
                "background[0].src must be an edge node (\"Server\" is a host)"},
        BadCase{"background without load", [](json& j) { j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}}}); },
                "background[0].load is required"},
        BadCase{"background hurst out of range", [](json& j) { j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", 0.3}, {"model", "self-similar"}, {"hurst", 1.2}}}); },
                "background[0].hurst must be between 0.5 and 0.99"},
        BadCase{"hurst on a poisson source", [](json& j) { j["background"] = json::array({{{"src", "E1"}, {"dst", "E2"}, {"load", 0.3}, {"hurst", 0.7}}}); },
                "background[0].hurst applies to the \"self-similar\" model only"},
        BadCase{"link loss above 1", [](json& j) { j["links"][0]["loss"] = 1.5; },
                "links[0].loss must be between 0 and 1 (got 1.5)"},
        BadCase{"directional loss unknown key", [](json& j) { j["links"][0]["loss"] = {{"ab", 0.1}, {"up", 0.2}}; },
                "links[0].loss.up is not a known field"},
        BadCase{"too many ARQ retries", [](json& j) { j["links"][0]["arq"]["retries"] = 1000; },
                "links[0].arq.retries must be an integer between 0 and 100"},
        BadCase{"file without bytes", [](json& j) { j["flows"][0]["app"] = {{"kind", "file"}}; },
                "flows[0].app.bytes is required"},
        BadCase{"rate on a bulk app", [](json& j) { j["flows"][0]["app"] = {{"kind", "bulk"}, {"rate", 1e6}}; },
                "flows[0].app.rate applies to the \"cbr\" application only"},
        BadCase{"cbr with zero rate", [](json& j) { j["flows"][0]["app"] = {{"kind", "cbr"}, {"rate", 0}}; },
                "flows[0].app.rate must be a number > 0"},
        BadCase{"per-link burst loss negative", [](json& j) { j["links"][1]["burstLoss"]["data"] = -0.1; },
                "links[1].burstLoss.data must be between 0 and 1"},
        BadCase{"scenario not an object", [](json& j) { j = json::array(); },
                "the scenario must be an object, not an array"},
        // Lower bounds from the picosecond clock (scenario/limits.h).
        BadCase{"RTO below a nanosecond", [](json& j) { j["flows"][0]["tcp"]["rto"] = {{"initial", 1e-300}, {"min", 0}, {"max", 1e-300}}; },
                "flows[0].tcp.rto.initial must be at least 1e-9 s (1 ns, the shortest interval the engine repeats: 1000 ticks of its picosecond clock; got 1e-300)"},
        BadCase{"RTO max below a nanosecond", [](json& j) { j["flows"][0]["tcp"]["rto"]["max"] = 1e-12; j["flows"][0]["tcp"]["rto"]["min"] = 0; },
                "flows[0].tcp.rto.max must be at least 1e-9 s"},
        BadCase{"fixed RTO below a nanosecond", [](json& j) { j["flows"][0]["tcp"]["rto"]["fixed"] = 5e-10; },
                "flows[0].tcp.rto.fixed must be at least 1e-9 s"},
        BadCase{"sampling below a nanosecond", [](json& j) { j["sampleInterval"] = 1e-13; },
                "sampleInterval must be at least 1e-9 s"},
        BadCase{"assembly timeout below a nanosecond", [](json& j) { j["obs"]["assembly"]["maxTime"] = 1e-300; },
                "obs.assembly.maxTime must be at least 1e-9 s"},
        BadCase{"packet link of 1 bit/s", [](json& j) { j["links"][0]["rate"] = 1; },
                "links[0].rate must be at least 1000 bit/s on a packet link"},
        BadCase{"fiber of 1 kbit/s", [](json& j) { j["links"][1]["rate"] = 1e3; },
                "links[1].rate must be at least 1e6 bit/s on a fiber link"},
        BadCase{"cbr faster than a segment per nanosecond", [](json& j) { j["flows"][0]["tcp"]["mss"] = 1; j["flows"][0]["app"] = {{"kind", "cbr"}, {"rate", 1e12}}; },
                "flows[0].app.rate hands TCP 125000000000 segments of 1 bytes per second; at most one per nanosecond"},
        BadCase{"cbr slower than a bit per second", [](json& j) { j["flows"][0]["app"] = {{"kind", "cbr"}, {"rate", 1e-300}}; },
                "flows[0].app.rate must be at least 1 bit/s (got 1e-300)"},
        BadCase{"sample rows of the run", [](json& j) { j["flows"][0]["count"] = 60000; },
                "sampleInterval is too small for 60000 flows over 20 s: 1.2006e+08 sample rows"},
        // Text from the scenario cannot change how a message reads.
        BadCase{"bidi override in an id", [](json& j) { j["nodes"][0]["id"] = "a\u202Eb"; j["links"][0]["a"] = "a\u202Eb"; j["flows"][0]["src"] = "a\u202Eb"; },
                "nodes[0].id must not contain control, format or bidirectional characters (found U+202E at character 2)"},
        BadCase{"line separator in the name", [](json& j) { j["name"] = "one\u2028two"; },
                "name must not contain control, format or bidirectional characters (found U+2028 at character 4)"},
        BadCase{"unknown field named with a bidi override", [](json& j) { j["links"][0]["\u202Emoc.elpmaxe"] = 1; },
                "links[0].\"\\u{202E}moc.elpmaxe\" is not a known field"},
        BadCase{"unknown node with a newline", [](json& j) { j["links"][0]["a"] = "x\ny"; },
                "links[0].a refers to an unknown node \"x\\u{000A}y\""},
        BadCase{"a long value is cut", [](json& j) { j["nodes"][0]["kind"] = std::string(100000, 'k'); },
                "(got \"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\"... (99940 more characters))"}),
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

// Found by wasm-core/fuzz: nlohmann-json reports a number beyond double's range with
// out_of_range, not parse_error, which escaped the parser as a foreign exception.
TEST(ScenarioParser, NumberBeyondDoubleRangeIsARefusalNotACrash) {
  for (const char* text :
       {"{\"version\": 1, \"duration\": 1e400}", "{\"version\": 1, \"nodes\": [-333333333333333333333331e308]}"}) {
    try {
      parseScenario(text);
      FAIL() << "accepted " << text;
    } catch (const ScenarioError& e) {
      std::string m = e.what();
      EXPECT_NE(m.find("not valid JSON: number overflow parsing"), std::string::npos) << m;
      EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    }
  }
}

TEST(ScenarioParser, ReadsTheNetworkFeatures) {
  json j = defaultJson();
  j["links"][0]["loss"] = {{"ab", 0.1}, {"ba", 0.02}};
  j["links"][0]["arq"] = {{"retries", 4}, {"retryDelay", 1e-4}};
  j["links"][1]["burstLoss"] = {{"data", 0.05}, {"ack", 0.01}};
  j["nodes"][2]["fdl"] = {{"count", 3}, {"unit", 1e-4}};
  j["nodes"][1]["assembly"] = {{"policy", "hybrid"}, {"maxBytes", 20000}};
  j["background"] = json::array(
      {{{"src", "E1"}, {"dst", "E2"}, {"model", "self-similar"}, {"load", 0.4}, {"hurst", 0.7}, {"meanBytes", 30000}}});
  Scenario s = parseScenario(j.dump());
  EXPECT_DOUBLE_EQ(s.links[0].lossAb, 0.1);
  EXPECT_DOUBLE_EQ(s.links[0].lossBa, 0.02);
  EXPECT_EQ(s.links[0].arqRetries, 4);
  EXPECT_DOUBLE_EQ(s.links[1].burstLoss.ack, 0.01);
  EXPECT_EQ(s.nodes[2].fdlCount, 3);
  // E1 overrides policy and size; the rest comes from obs.assembly.
  EXPECT_EQ(s.nodes[1].assembly.policy, AssemblyPolicyKind::Hybrid);
  EXPECT_DOUBLE_EQ(s.nodes[1].assembly.maxBytes, 20000);
  EXPECT_DOUBLE_EQ(s.nodes[1].assembly.maxTime, 1e-3);
  EXPECT_EQ(s.nodes[3].assembly.policy, AssemblyPolicyKind::Time);
  ASSERT_EQ(s.background.size(), 1u);
  EXPECT_EQ(s.background[0].model, BackgroundModel::SelfSimilar);
  EXPECT_DOUBLE_EQ(s.background[0].hurst, 0.7);
}

TEST(ScenarioParser, ReadsTheTcpFields) {
  json j = defaultJson();
  j["flows"][0]["tcp"]["rto"]["fixed"] = 0.03;
  EXPECT_DOUBLE_EQ(parseScenario(j.dump()).flows[0].tcp.rto.fixed, 0.03);
  j["flows"][0]["tcp"]["rto"]["fixed"] = nullptr;
  EXPECT_DOUBLE_EQ(parseScenario(j.dump()).flows[0].tcp.rto.fixed, 0);
  j["flows"][0]["tcp"]["rto"]["fixed"] = 0;
  EXPECT_EQ(parserRefusal(j), "flows[0].tcp.rto.fixed must be a number > 0 (got 0)");
  j["flows"][0]["tcp"]["rto"]["fixed"] = nullptr;
  j["flows"][0]["tcp"]["delayedAck"] = true;
  EXPECT_TRUE(parseScenario(j.dump()).flows[0].tcp.delayedAck);
  // Every variant, in TcpVariantKind's order; the recovery defaults to the variant's.
  const char* variants[] = {"tahoe", "reno",  "newreno", "sack",  "hstcp",   "stcp",
                            "bic",   "cubic", "htcp",    "vegas", "westwood"};
  const TcpRecoveryKind recoveries[] = {TcpRecoveryKind::Tahoe, TcpRecoveryKind::Reno, TcpRecoveryKind::NewReno,
                                        TcpRecoveryKind::Sack};
  for (int i = 0; i < 11; ++i) {
    j["flows"][0]["tcp"]["variant"] = variants[i];
    TcpSpec t = parseScenario(j.dump()).flows[0].tcp;
    EXPECT_EQ(t.variant, static_cast<TcpVariantKind>(i)) << variants[i];
    EXPECT_FALSE(t.recovery.has_value());
    EXPECT_EQ(recoveryOf(t), i < 4 ? recoveries[i] : TcpRecoveryKind::Sack) << variants[i];
  }
  j["flows"][0]["tcp"]["variant"] = "cubic";
  j["flows"][0]["tcp"]["recovery"] = "newreno";
  EXPECT_EQ(recoveryOf(parseScenario(j.dump()).flows[0].tcp), TcpRecoveryKind::NewReno);
}

TEST(ScenarioParser, NeutralValuesOfLaterFeaturesAreAccepted) {
  json j = defaultJson();
  j["links"][0]["loss"] = {{"ab", 0}, {"ba", 0}};
  j["nodes"][2]["fdl"] = {{"count", 0}, {"unit", 1e-4}};
  j["background"] = json::array();
  j["flows"][0]["tcp"]["rto"]["fixed"] = nullptr;
  EXPECT_EQ(parserRefusal(j), "(accepted)");
}

}  // namespace
}  // namespace obs

namespace obs {
namespace {

// Walks every leaf of a scenario that uses every field, and gives each one a value of the
// wrong type: the parser must refuse it with a message that names that very field.
void collectLeaves(const json& j, const std::string& path, std::vector<std::string>* out) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it)
      collectLeaves(it.value(), path.empty() ? it.key() : path + "." + it.key(), out);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) collectLeaves(j[i], path + "[" + std::to_string(i) + "]", out);
  } else {
    out->push_back(path);
  }
}

json::json_pointer pointerFor(const std::string& path) {
  std::string p;
  for (std::size_t i = 0; i < path.size(); ++i) {
    char c = path[i];
    if (c == '.' || c == '[')
      p += '/';
    else if (c != ']')
      p += c;
  }
  return json::json_pointer("/" + p);
}

// The scenario files under wasm-core/tests/scenarios that use every field: the network's
// mechanisms, and the routing extensions (docs/routing.md).
class EveryField : public ::testing::TestWithParam<const char*> {};
INSTANTIATE_TEST_SUITE_P(ScenarioParser, EveryField,
                         ::testing::Values("network-features.json", "routing-features.json"));

TEST_P(EveryField, AWrongTypeIsRefusedByName) {
  std::ifstream in(std::string(kScenarioDir) + "/../../../wasm-core/tests/scenarios/" + GetParam());
  std::stringstream text;
  text << in.rdbuf();
  json full = json::parse(text.str());
  ASSERT_EQ(parserRefusal(full), "(accepted)");
  std::vector<std::string> leaves;
  collectLeaves(full, "", &leaves);
  ASSERT_GT(leaves.size(), 60u);
  for (const std::string& leaf : leaves) {
    json j = full;
    json& v = j[pointerFor(leaf)];
    // A string where a number or boolean belongs, a number where a string belongs.
    v = v.is_string() ? json(12345) : json("oops");
    std::string message = parserRefusal(j);
    EXPECT_EQ(message.rfind(leaf, 0), 0u) << leaf << ": got \"" << message << "\"";
  }
}

}  // namespace
}  // namespace obs
