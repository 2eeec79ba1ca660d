#!/usr/bin/env bash
# npm run bench: simulated events and TCP segments per wall-second, native, wasm under Node
# and wasm in Chromium (as the app runs it), on fixed scenarios. The targets run in rounds,
# back to back, because this machine's speed drifts (see wasm-core/bench/bench_rounds.mjs).
# Speed lives here, never in timed tests. Then the engine against ns-2 on issue 40's
# dumb-bell (wasm-core/bench/vs_ns2.mjs). Last, the time to build full meshes of routers
# up to the format's limit of 100,000 links (wasm-core/bench/build_time.mjs).
# `npm run bench -- ns2` runs only the comparison with ns-2.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-system.sh
bash scripts/ensure-node-deps.sh
bash scripts/build-native.sh >/dev/null
bash scripts/build-wasm.sh >/dev/null 2>&1
vs_ns2() {
  node --import tsx wasm-core/bench/vs_ns2.mjs wasm-core/build/native/obs-bench "${BENCH_ROUNDS:-9}"
}
if [ "${1:-}" = ns2 ]; then
  vs_ns2
  exit 0
fi
node --import tsx wasm-core/bench/bench_rounds.mjs wasm-core/build/native/obs-bench "${BENCH_ROUNDS:-9}" \
  wasm-core/bench/scenarios/*.json
# Against ns-2 (issue 40): the same dumb-bell on ns-2 2.35, natively and in wasm under Node.
vs_ns2
# Topology build: full meshes up to the format's 100,000 links (issue 17: near-linear).
node --import tsx wasm-core/bench/build_time.mjs "${BENCH_BUILD_REPEATS:-3}"
# The page's main thread while the engine runs flat out (docs/page-performance.md): long
# tasks and frame rate are timings, so they are measured here and not in npm test.
npm run build -w @obs-tcp-sim/web >/dev/null
PAGE_BENCH=1 npx playwright test --project=page-bench
