#!/usr/bin/env bash
# npm run bench: simulated events and TCP segments per wall-second, native and wasm (Node),
# on fixed scenarios, and the wasm/native ratio. Speed lives here, never in timed tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-system.sh
bash scripts/build-native.sh >/dev/null
bash scripts/build-wasm.sh >/dev/null 2>&1
repeats="${BENCH_REPEATS:-5}"
for scenario in wasm-core/bench/scenarios/*.json; do
  native=$(wasm-core/build/native/obs-bench "$scenario" "$repeats")
  wasm=$(node wasm-core/bench/bench_wasm.mjs "$scenario" "$repeats")
  node -e '
    const [name, n, w] = process.argv.slice(1);
    const a = JSON.parse(n), b = JSON.parse(w);
    const fmt = (x) => (x / 1e6).toFixed(2) + " M";
    console.log(name);
    for (const r of [a, b])
      console.log(`  ${r.target.padEnd(6)} median ${r.medianWall.toFixed(3)} s  events/s ${fmt(r.eventsPerSecond)}  segments/s ${fmt(r.segmentsPerSecond)}`);
    console.log(`  wasm/native: ${(b.segmentsPerSecond / a.segmentsPerSecond * 100).toFixed(0)} %`);
    // The OBS issue aims at 3 M segments per wall-second natively and 60 % of that in wasm.
    if (name.includes("paper003-fast"))
      console.log(`  against the aim: native ${(a.segmentsPerSecond / 3e6 * 100).toFixed(0)} % of 3 M/s, wasm ${(b.segmentsPerSecond / 1.8e6 * 100).toFixed(0)} % of 1.8 M/s`);
  ' "$scenario" "$native" "$wasm"
done
