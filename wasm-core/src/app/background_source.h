// Background burst traffic between two edge nodes (the scenario schema, packages/scenario/src/schema, `background`).
// Bursts are generated directly at burst level (no packets inside), offered to the OBS
// plane, and counted as the "background" class.
//
// Two arrival models, both offering load x capacityBps on average, with burst lengths
// exponential of mean meanBytes (whole bytes, at least 1) in both, so that comparing them
// at the same load isolates the arrival process:
// - "poisson": exponential inter-arrival times of rate load x capacityBps / (8 meanBytes).
// - "self-similar": N = 16 independent ON/OFF sub-sources with Pareto periods (see the
//   .cc for the construction and the choices made).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "scenario/scenario.h"
#include "sim/event_loop.h"
#include "sim/rng.h"

namespace obs {

// Where a background source hands its bursts.
class BackgroundBurstSink {
 public:
  // `extraOffset`: the source's QoS extra offset (BackgroundSpec::extraOffset).
  virtual void backgroundBurst(int pathId, std::uint32_t lengthBytes, SimTime extraOffset) = 0;

 protected:
  ~BackgroundBurstSink() = default;
};

// One background source. `capacityBps` is the capacity of the narrowest fiber link of the
// route (wavelengths x rate per wavelength): the source offers load x capacityBps on
// average. Random numbers come from its own stream, named by the caller.
// The constructor schedules the first events with `this` as their target, so a source
// must stay where it was built: it can be neither copied nor moved (hold it by pointer).
class BackgroundSource final : public EventHandler {
 public:
  // Sub-sources of the self-similar model.
  static constexpr int kSubSources = 16;
  // Mean ON (and OFF) period of a sub-source, in emission intervals of that sub-source.
  static constexpr int kBurstsPerMeanOnPeriod = 10;

  BackgroundSource(EventLoop& sim, BackgroundBurstSink& sink, const BackgroundSpec& spec, int pathId,
                   double capacityBps, std::uint32_t seed, const std::string& streamName);
  BackgroundSource(const BackgroundSource&) = delete;
  BackgroundSource& operator=(const BackgroundSource&) = delete;

  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;

  const BackgroundSpec& spec() const { return spec_; }
  // The mean offered rate, load x capacity (bit/s), and what was offered so far.
  double offeredBps() const { return spec_.load * capacityBps_; }
  std::uint64_t burstsOffered() const { return bursts_; }
  std::uint64_t bytesOffered() const { return bytes_; }
  // Self-similar model: the Pareto shape of the ON/OFF periods (3 - 2 hurst), and the time
  // between two bursts of one sub-source while it is ON. Zero for the Poisson model.
  double paretoShape() const { return alpha_; }
  SimTime emissionInterval() const { return emitInterval_; }

 private:
  // A self-similar sub-source alternates between these two states.
  enum class Phase : std::uint8_t {
    On,   // emits a burst every emitInterval_ of ON time
    Off,  // silent
  };
  struct SubSource {
    Phase phase = Phase::Off;
    SimTime periodEnd = 0;  // when the current ON or OFF period ends
    // ON time still to run before the next emission. The emission clock only runs while
    // ON, so the sub-source emits exactly one burst per emitInterval_ of ON time.
    SimTime untilEmission = 0;
  };

  void emit();
  std::uint32_t drawLength();
  SimTime drawPoissonGap();
  SimTime drawPeriod();
  SimTime drawStationaryResidual();
  void startOn(std::uint32_t index, SimTime length);

  EventLoop& sim_;
  BackgroundBurstSink& sink_;
  BackgroundSpec spec_;
  int pathId_;
  double capacityBps_;
  RandomStream rng_;

  double meanGapSeconds_ = 0;  // Poisson: 1 / lambda
  double alpha_ = 0;           // self-similar: Pareto shape of ON and OFF periods
  double periodScale_ = 0;     // self-similar: Pareto scale (seconds)
  SimTime emitInterval_ = 0;   // self-similar: between two bursts of an ON sub-source
  std::vector<SubSource> subs_;

  std::uint64_t bursts_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace obs
