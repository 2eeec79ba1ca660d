#!/usr/bin/env bash
# Builds the engine natively (tests, native driver) into wasm-core/build/native.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S wasm-core -B wasm-core/build/native -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
cmake --build wasm-core/build/native -j"$(nproc)"
