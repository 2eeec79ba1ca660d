// Where the scenario files are, from the build (CMakeLists.txt): the one translation unit
// that names this checkout's absolute path, so every other test compiles to the same object
// in any clone and ccache serves it (scripts/cxx-cache.sh).
#include "scenario_files.h"

namespace obs {
const char* const kScenarioDir = OBS_SCENARIO_DIR;
}  // namespace obs
