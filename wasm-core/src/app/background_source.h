// Background burst traffic between two edge nodes (DESIGN.md section 3, `background`).
// Bursts are generated directly at burst level (no packets inside), offered to the OBS
// plane, and counted as the "background" class.
#pragma once
#include <cstdint>
#include <string>

#include "scenario/scenario.h"
#include "sim/rng.h"
#include "sim/simulator.h"

namespace obs {

// Where a background source hands its bursts.
class BackgroundBurstSink {
 public:
  virtual void backgroundBurst(int pathId, std::uint32_t lengthBytes) = 0;

 protected:
  ~BackgroundBurstSink() = default;
};

// One background source. `capacityBps` is the capacity of the narrowest fiber link of the
// route (wavelengths x rate per wavelength): the source offers load x capacityBps on
// average. Random numbers come from its own stream, named by the caller.
class BackgroundSource final : public EventHandler {
 public:
  BackgroundSource(Simulator& sim, BackgroundBurstSink& sink, const BackgroundSpec& spec,
                   int pathId, double capacityBps, std::uint32_t seed,
                   const std::string& streamName);
  void handleEvent(std::uint32_t kind, std::uint64_t arg) override;

 private:
  Simulator& sim_;
  BackgroundBurstSink& sink_;
  BackgroundSpec spec_;
  int pathId_;
  double capacityBps_;
  RandomStream rng_;
};

}  // namespace obs
