#!/usr/bin/env bash
# The engine's two libFuzzer targets, built with ASan and UBSan into wasm-core/build/fuzz:
#   - scenario_parser_fuzz: any bytes as scenario JSON, for FUZZ_SECONDS (default 60);
#   - scenario_run_fuzz: whole runs of mutated presets and scenario files, their summaries
#     checked (wasm-core/fuzz/scenario_run_fuzz.cc): RUN_FUZZ_INPUTS inputs from a fixed
#     seed (the same inputs on every machine), or, when RUN_FUZZ_SECONDS is set, for that
#     long from a random seed.
#   FUZZ_JOBS      build parallelism (default 1: the machine is shared)
#   FUZZ_ONLY      "parser" or "run": one target only
# `npm test` runs both briefly; `npm run fuzz` longer (package.json).
# Seeds: every scenario file and preset. The parser fuzzer keeps what it learns in
# wasm-core/build/fuzz/corpus across runs. A finding (crash, sanitizer report, exception
# other than ScenarioError, timeout, leak, a summary breaking its rules) is saved in
# wasm-core/build/fuzz/artifacts/ and makes the script exit non-zero.
# The last line is `fuzz: passed` or `fuzz: failed`.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
only=${FUZZ_ONLY:-}
build=wasm-core/build/fuzz
verdict() { echo "fuzz: $1"; }

if ! command -v clang++-14 >/dev/null || ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz: needs clang++-14 and libFuzzer (Debian: clang-14 libclang-rt-14-dev; scripts/setup-system.sh)" >&2
  verdict failed
  exit 1
fi

targets=()
[ "$only" != run ] && targets+=(scenario_parser_fuzz)
[ "$only" != parser ] && targets+=(scenario_run_fuzz)
source scripts/cxx-cache.sh
if ! cmake -S wasm-core -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_COMPILER=clang++-14 -DOBS_FUZZ=ON "${cxx_cache[@]}" >/dev/null ||
   ! cmake --build "$build" --target "${targets[@]}" -j"${FUZZ_JOBS:-1}"; then
  echo "fuzz: build failed" >&2
  verdict failed
  exit 1
fi

# Seeds are copied, not kept in git twice: every scenario file and preset.
mkdir -p "$build/seeds" "$build/corpus" "$build/artifacts" "$build/run-corpus"
cp packages/scenario/scenarios/*.json packages/scenario/presets/*.json wasm-core/tests/scenarios/*.json \
  "$build/seeds/" 2>/dev/null

status=0
if [ "$only" != run ]; then
  echo "fuzz: scenario parser, $seconds s"
  # New inputs go to the first directory (corpus); the seeds directory is only read.
  "$build/scenario_parser_fuzz" "$build/corpus" "$build/seeds" \
    -dict=wasm-core/fuzz/scenario.dict \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -artifact_prefix="$build/artifacts/" -print_final_stats=1
  parser=$?
  if [ "$parser" -ne 0 ]; then
    echo "fuzz: the parser fuzzer exited with status $parser; the input is in $build/artifacts/" >&2
    status=1
  fi
fi

if [ "$only" != parser ]; then
  # The run fuzzer's inputs are choices (which base, which field, which value), not JSON:
  # it starts from no corpus, so a fixed seed gives the same inputs everywhere.
  if [ -n "${RUN_FUZZ_SECONDS:-}" ]; then
    limits=(-max_total_time="$RUN_FUZZ_SECONDS" "$build/run-corpus")
    echo "fuzz: whole runs, $RUN_FUZZ_SECONDS s"
  else
    limits=(-runs="${RUN_FUZZ_INPUTS:-1000}" -seed=1)
    echo "fuzz: whole runs, ${RUN_FUZZ_INPUTS:-1000} inputs from seed 1"
  fi
  # -timeout: a run that a work budget of 50,000 events does not end within 20 s is a
  # finding (the work guard must bound time, not only events).
  OBS_FUZZ_BASES="$build/seeds" "$build/scenario_run_fuzz" "${limits[@]}" \
    -timeout=20 -rss_limit_mb=2048 -max_len=64 -len_control=0 \
    -artifact_prefix="$build/artifacts/run-" -print_final_stats=1
  run=$?
  if [ "$run" -ne 0 ]; then
    echo "fuzz: the run fuzzer exited with status $run; the input is in $build/artifacts/ (replay: OBS_FUZZ_BASES=$build/seeds $build/scenario_run_fuzz <file>)" >&2
    status=1
  fi
fi

if [ "$status" -ne 0 ]; then
  verdict failed
  exit 1
fi
verdict passed
