#!/usr/bin/env bash
# Builds the engine, its tests and the native driver with AddressSanitizer and
# UndefinedBehaviorSanitizer (clang 14, any report fatal) into wasm-core/build/sanitize,
# the build `npm test` runs the C++ tests and the run fuzzer in a second time.
#   SANITIZE_JOBS   build parallelism (default: all cores)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cxx-cache.sh
cmake -S wasm-core -B wasm-core/build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DOBS_SANITIZE=ON "${cxx_cache[@]}" >/dev/null
cmake --build wasm-core/build/sanitize -j"${SANITIZE_JOBS:-$(nproc)}" "$@"
