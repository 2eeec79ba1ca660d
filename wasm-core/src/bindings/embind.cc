// The only file that knows about Emscripten: wraps obs::Simulation for JavaScript.
// A refused scenario never throws across the boundary: ok() is false and error() says why.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <array>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "scenario/json_reader.h"
#include "simulation.h"

namespace {

using emscripten::val;

// The JavaScript typed array that holds a column of T.
template <typename T>
constexpr const char* typedArrayOf() {
  if constexpr (std::is_same_v<T, double>) {
    return "Float64Array";
  } else if constexpr (std::is_same_v<T, std::int32_t>) {
    return "Int32Array";
  } else if constexpr (std::is_same_v<T, std::uint32_t>) {
    return "Uint32Array";
  } else {
    static_assert(std::is_same_v<T, std::uint8_t>, "a column type without a typed array");
    return "Uint8Array";
  }
}

// Copies a column into a fresh JS typed array (the view into wasm memory would be
// invalidated by the next memory growth).
template <typename T>
val copyColumn(const std::vector<T>& column) {
  val view = val(emscripten::typed_memory_view(column.size(), column.data()));
  val out = val::global(typedArrayOf<T>()).new_(column.size());
  out.call<void>("set", view);
  return out;
}

// A JS object with a typed-array copy of each column under its name, names[i] for the
// i-th column.
template <typename... T>
val columnsObject(const std::array<const char*, sizeof...(T)>& names, const std::vector<T>&... columns) {
  val out = val::object();
  std::size_t i = 0;
  (out.set(names[i++], copyColumn(columns)), ...);
  return out;
}

class JsSimulation {
 public:
  explicit JsSimulation(const std::string& scenarioJson) : JsSimulation(scenarioJson, -1, -1) {}
  // With a run budget (run_guard.h): maxEvents and maxMemoryBytes, 0 for no limit and a
  // negative number for the default.
  JsSimulation(const std::string& scenarioJson, double maxEvents, double maxMemoryBytes) {
    obs::RunBudget budget;
    if (maxEvents >= 0) budget.maxEvents = static_cast<std::uint64_t>(maxEvents);
    if (maxMemoryBytes >= 0) budget.maxMemoryBytes = static_cast<std::uint64_t>(maxMemoryBytes);
    try {
      sim_ = obs::Simulation::fromJson(scenarioJson, budget);
    } catch (const obs::ScenarioError& e) {
      error_ = e.what();
    } catch (const std::bad_alloc&) {
      // The up-front estimate should refuse first; if memory still runs out, say so as a
      // refusal rather than crash the worker.
      error_ = "the engine ran out of memory building this scenario (the WebAssembly engine can use 2 GB)";
    }
  }

  bool ok() const { return sim_ != nullptr; }
  std::string error() const { return error_; }
  double now() const { return sim_ ? sim_->now() : 0; }
  double duration() const { return sim_ ? sim_->duration() : 0; }
  bool finished() const { return sim_ ? sim_->finished() : true; }
  // Whether the run guard stopped the run (a bool: the runner asks after every step), and
  // why ("" while the run may go on).
  bool stopped() const { return sim_ && sim_->stopped(); }
  std::string stopReason() const { return sim_ ? sim_->stopReason() : ""; }
  double eventCount() const { return sim_ ? static_cast<double>(sim_->eventCount()) : 0; }

  double advanceTo(double t) {
    guarded([&] { sim_->advanceTo(t); });
    return now();
  }
  double advanceEvents(double n) {
    if (n > 0) guarded([&] { sim_->advanceEvents(static_cast<std::uint64_t>(n)); });
    return now();
  }
  double advanceToBounded(double t, double maxEvents) {
    if (maxEvents > 0) guarded([&] { sim_->advanceToBounded(t, static_cast<std::uint64_t>(maxEvents)); });
    return now();
  }
  bool advanceToNextBurst(double maxEvents) {
    bool sent = false;
    if (maxEvents > 0) guarded([&] { sent = sim_->advanceToNextBurst(static_cast<std::uint64_t>(maxEvents)); });
    return sent;
  }
  std::string setLive(const std::string& path, double value) {
    std::string result = error_;
    guarded([&] { result = sim_->setLive(path, value); });
    return result;
  }
  // { error: null, at } when applied (at: the engine time in seconds at which it took
  // effect, the `at` to record in liveChanges), { error: reason, at: now } when refused.
  val changeLive(const std::string& path, double value) {
    obs::Simulation::ChangeResult result{error_, now()};
    guarded([&] { result = sim_->changeLive(path, value); });
    val out = val::object();
    out.set("error", result.error.empty() ? val::null() : val(result.error));
    out.set("at", result.at);
    return out;
  }
  std::string flowIdsJson() const { return sim_ ? nlohmann::json(sim_->flowIds()).dump() : "[]"; }
  std::string routesJson() const {
    return sim_ ? sim_->routes().dump() : "{\"flows\":[],\"opticalPaths\":[],\"background\":[]}";
  }
  val drainSamples() {
    obs::SampleColumns s = sim_ ? sim_->drainSamples() : obs::SampleColumns{};
    return columnsObject({"t", "flow", "cwnd", "ssthresh", "srtt", "rtt", "goodput", "delivered", "state"}, s.t, s.flow,
                         s.cwnd, s.ssthresh, s.srtt, s.rtt, s.goodput, s.delivered, s.state);
  }
  void setLinkSamples(bool on) {
    if (sim_) sim_->setLinkSamples(on);
  }
  val drainLinkSamples() {
    obs::LinkSampleColumns s = sim_ ? sim_->drainLinkSamples() : obs::LinkSampleColumns{};
    return columnsObject({"t", "link", "dir", "queued", "queueDrops", "randomDrops"}, s.t, s.link, s.dir, s.queued,
                         s.queueDrops, s.randomDrops);
  }
  void setVisualEvents(bool on) {
    if (sim_) sim_->setVisualEvents(on);
  }
  void setVisualEventKinds(double mask) {
    if (sim_) sim_->setVisualEventKinds(static_cast<std::uint32_t>(mask));
  }
  // The moment a lesson pauses at (obs::VisualStop; -1 for "any"; `after` in seconds).
  void armVisualStop(double kind, double node, double cls, double reason, double idFirst, double idLast, double after) {
    if (!sim_ || kind < 0 || kind > static_cast<double>(obs::VisualEventKind::BurstSegmented)) return;
    obs::VisualStop stop;
    stop.kind = static_cast<obs::VisualEventKind>(static_cast<int>(kind));
    stop.node = static_cast<std::int32_t>(node);
    stop.cls = static_cast<std::int32_t>(cls);
    stop.reason = static_cast<std::int32_t>(reason);
    stop.idFirst = static_cast<std::int32_t>(idFirst);
    stop.idLast = static_cast<std::int32_t>(idLast);
    stop.after = after > 0 ? obs::fromSeconds(after) : 0;
    sim_->armVisualStop(stop);
  }
  void disarmVisualStop() {
    if (sim_) sim_->disarmVisualStop();
  }
  // The met event's time in seconds if the last advance ended at the armed moment, else -1.
  double visualStopTime() const { return sim_ && sim_->visualStopMet() ? sim_->visualStopTime() : -1; }
  val drainVisualEvents() {
    obs::VisualEventColumns c = sim_ ? sim_->drainVisualEvents() : obs::VisualEventColumns{};
    val out = columnsObject(
        {"t0", "t1", "value", "kind", "cls", "reason", "id", "node", "link", "dir", "lane", "bytes", "segments"}, c.t0,
        c.t1, c.value, c.kind, c.cls, c.reason, c.id, c.node, c.link, c.dir, c.lane, c.bytes, c.segments);
    out.set("lost", static_cast<double>(sim_ ? sim_->visualEventsLost() : 0));
    out.set("lostNotable", static_cast<double>(sim_ ? sim_->visualNotableEventsLost() : 0));
    return out;
  }
  std::string summaryJson() const {
    std::string result = "{}";
    guarded([&] { result = sim_->summary().dump(); });
    return result;
  }

 private:
  // An exception escaping the engine is a bug; JavaScript gets an Error with its message
  // (a raw WebAssembly.Exception would lose it) and the worker rebuilds the engine.
  template <typename F>
  void guarded(F&& body) const {
    if (!sim_) return;
    std::string message;
    try {
      body();
      return;
    } catch (const std::exception& e) {
      message = e.what();
    } catch (...) {
      message = "unknown C++ exception";
    }
    val::global("Error").new_(std::string("engine error: ") + message).throw_();
  }

  std::unique_ptr<obs::Simulation> sim_;
  std::string error_;
};

std::string engineVersion() { return "obs-tcp-sim engine 0.1.0"; }

// The kinds the engine sets aside rather than lose when its ring of visual events is full.
double notableVisualEventKinds() { return obs::notableKindsMask(); }

}  // namespace

EMSCRIPTEN_BINDINGS(obs_engine) {
  emscripten::class_<JsSimulation>("Simulation")
      .constructor<const std::string&>()
      .constructor<const std::string&, double, double>()
      .function("ok", &JsSimulation::ok)
      .function("error", &JsSimulation::error)
      .function("now", &JsSimulation::now)
      .function("duration", &JsSimulation::duration)
      .function("finished", &JsSimulation::finished)
      .function("stopped", &JsSimulation::stopped)
      .function("stopReason", &JsSimulation::stopReason)
      .function("eventCount", &JsSimulation::eventCount)
      .function("advanceTo", &JsSimulation::advanceTo)
      .function("advanceEvents", &JsSimulation::advanceEvents)
      .function("advanceToBounded", &JsSimulation::advanceToBounded)
      .function("advanceToNextBurst", &JsSimulation::advanceToNextBurst)
      .function("setLive", &JsSimulation::setLive)
      .function("changeLive", &JsSimulation::changeLive)
      .function("flowIdsJson", &JsSimulation::flowIdsJson)
      .function("routesJson", &JsSimulation::routesJson)
      .function("drainSamples", &JsSimulation::drainSamples)
      .function("setLinkSamples", &JsSimulation::setLinkSamples)
      .function("drainLinkSamples", &JsSimulation::drainLinkSamples)
      .function("summaryJson", &JsSimulation::summaryJson)
      .function("setVisualEvents", &JsSimulation::setVisualEvents)
      .function("setVisualEventKinds", &JsSimulation::setVisualEventKinds)
      .function("drainVisualEvents", &JsSimulation::drainVisualEvents)
      .function("armVisualStop", &JsSimulation::armVisualStop)
      .function("disarmVisualStop", &JsSimulation::disarmVisualStop)
      .function("visualStopTime", &JsSimulation::visualStopTime);
  emscripten::function("engineVersion", &engineVersion);
  emscripten::function("notableVisualEventKinds", &notableVisualEventKinds);
}
