#!/usr/bin/env bash
# Fuzzes the engine's scenario parser with libFuzzer, ASan and UBSan (wasm-core/fuzz).
#   FUZZ_SECONDS   how long to fuzz (default 60)
#   FUZZ_JOBS      build parallelism (default 1: the machine is shared)
# Builds into wasm-core/build/fuzz; seeds the corpus there from the scenario files and
# presets; keeps what it learns in wasm-core/build/fuzz/corpus across runs. A finding
# (crash, sanitizer report, exception other than ScenarioError, timeout, leak) is saved
# in wasm-core/build/fuzz/artifacts/ and makes the script exit non-zero.
# The last line is `fuzz: passed` or `fuzz: failed`.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
build=wasm-core/build/fuzz
verdict() { echo "fuzz: $1"; }

if ! command -v clang++-14 >/dev/null || ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz: needs clang++-14 and libFuzzer (Debian: clang-14 libclang-rt-14-dev; scripts/setup-system.sh)" >&2
  verdict failed
  exit 1
fi

if ! cmake -S wasm-core -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_COMPILER=clang++-14 -DOBS_FUZZ=ON >/dev/null ||
   ! cmake --build "$build" --target scenario_parser_fuzz -j"${FUZZ_JOBS:-1}"; then
  echo "fuzz: build failed" >&2
  verdict failed
  exit 1
fi

# Seeds are copied, not kept in git twice: every scenario file and preset.
mkdir -p "$build/seeds" "$build/corpus" "$build/artifacts"
cp packages/scenario/scenarios/*.json packages/scenario/presets/*.json wasm-core/tests/scenarios/*.json \
  "$build/seeds/" 2>/dev/null

# New inputs go to the first directory (corpus); the seeds directory is only read.
"$build/scenario_parser_fuzz" "$build/corpus" "$build/seeds" \
  -dict=wasm-core/fuzz/scenario.dict \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
  -artifact_prefix="$build/artifacts/" -print_final_stats=1
status=$?
if [ "$status" -ne 0 ]; then
  echo "fuzz: libFuzzer exited with status $status; the input is in $build/artifacts/" >&2
  verdict failed
  exit 1
fi
verdict passed
