#!/usr/bin/env bash
# Builds the engine to WebAssembly with Debian's Emscripten into packages/engine/wasm/
# (obs_engine.mjs + obs_engine.wasm), used by the browser worker, the Node CLI and Vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's emcc finds acorn through NODE_PATH.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
# The engine's tables from the scenario schema (limits, live fields): written before the
# build, so an edit to the schema reaches the engine.
node --import tsx scripts/gen-engine-tables.mjs
mkdir -p packages/engine/wasm
# Emscripten's clang through ccache too (scripts/cxx-cache.sh): its own setting for a wrapper.
source scripts/cxx-cache.sh
[ ${#cxx_cache[@]} -gt 0 ] && export EM_COMPILER_WRAPPER=ccache
emcmake cmake -S wasm-core -B wasm-core/build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build wasm-core/build/wasm -j"$(nproc)"
cp wasm-core/build/wasm/obs_engine.mjs wasm-core/build/wasm/obs_engine.wasm packages/engine/wasm/
echo "wasm: packages/engine/wasm/obs_engine.{mjs,wasm}" >&2
