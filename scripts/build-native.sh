#!/usr/bin/env bash
# Builds the engine natively (tests, native driver, benchmark) into wasm-core/build/native;
# with arguments, only those targets (npm test: engine_tests obs-sim-native, not obs-bench).
set -euo pipefail
cd "$(dirname "$0")/.."
# The engine's tables from the scenario schema (limits, live fields): written before the
# build, so an edit to the schema reaches the engine.
node --import tsx scripts/gen-engine-tables.mjs
source scripts/cxx-cache.sh
cmake -S wasm-core -B wasm-core/build/native -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${cxx_cache[@]}" >/dev/null
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
cmake --build wasm-core/build/native -j"$(nproc)" "${targets[@]}"
