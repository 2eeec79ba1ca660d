#!/usr/bin/env bash
# `npm test`: everything CI checks, on a fresh Debian machine as root after only
# `git clone`. Installs what is missing, builds, and runs every suite even when an
# earlier one fails: C++ (ctest), the same C++ tests under ASan and UBSan, the two fuzzers,
# Vitest, Playwright. The very last line of output is
#   tests: N passed, M failed
# summed over all of them (one test per fuzzer); the exit status is non-zero if anything failed, and a suite
# or build step that could not run counts as (at least) one failure.
set -uo pipefail
cd "$(dirname "$0")/.."

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

passed=0
failed=0
problems=()

section() { printf '\n==> %s\n' "$*"; }

# A build or setup step: its failure counts as one failed test.
step() {
  local name=$1 started=$SECONDS
  shift
  section "$name"
  if "$@"; then
    echo "($name: $((SECONDS - started)) s)"
    return 0
  fi
  failed=$((failed + 1))
  problems+=("$name failed")
  return 1
}

# Adds a suite's counts from its report; if the suite exited non-zero without any
# failure in its report (it crashed, or did not start), count one failure.
add_counts() {
  local name=$1 kind=$2 report=$3 status=$4
  local counts p f
  counts=$(node scripts/count-test-results.mjs "$kind" "$report")
  read -r p f <<<"$counts"
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1
    problems+=("$name exited with status $status without reporting a failed test")
  elif [ "$f" -gt 0 ]; then
    problems+=("$name: $f failed")
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  echo "$name: $p passed, $f failed"
}

# Without system packages or node modules nothing else can work, but try anyway:
# the failures below then say what is missing.
step "system packages (scripts/setup-system.sh)" bash scripts/setup-system.sh
step "node modules (scripts/ensure-node-deps.sh)" bash scripts/ensure-node-deps.sh

# The tests and the native driver (the determinism test runs it); the benchmark is npm run bench's.
if step "native build (scripts/build-native.sh)" bash scripts/build-native.sh engine_tests obs-sim-native; then
  section "C++ tests (ctest)"
  ctest --test-dir wasm-core/build/native -j2 --output-on-failure --output-junit "$reports/ctest.xml"
  add_counts "C++ tests" junit "$reports/ctest.xml" $?
  # The speed gate (scripts/speed-gate.mjs): instructions the native engine executes on the
  # reference scenarios, against the committed baseline; one test per scenario.
  section "speed gate (instructions, scripts/speed-gate.mjs)"
  gate_out=$(node scripts/speed-gate.mjs 2>&1)
  gate_status=$?
  echo "$gate_out"
  read -r gate_passed gate_failed < <(echo "$gate_out" | sed -n 's/^speed gate: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' | tail -n 1)
  if [ -z "${gate_passed:-}" ]; then gate_passed=0; gate_failed=1; fi
  if [ "$gate_status" -ne 0 ] && [ "$gate_failed" -eq 0 ]; then gate_failed=1; fi
  passed=$((passed + gate_passed))
  failed=$((failed + gate_failed))
  [ "$gate_failed" -gt 0 ] && problems+=("speed gate: $gate_failed failed")
else
  problems+=("C++ tests not run: the native build failed")
fi

# The same C++ tests built with AddressSanitizer and UndefinedBehaviorSanitizer (their
# own build folder, clang 14, any report fatal): an out-of-bounds access or undefined
# behaviour fails here even where the optimised build runs past it. Only the tests: the
# fuzzers have their own sanitized build (scripts/fuzz.sh).
if step "sanitizer build (scripts/build-sanitize.sh)" bash scripts/build-sanitize.sh --target engine_tests; then
  section "C++ tests under ASan and UBSan (ctest)"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir wasm-core/build/sanitize -j2 --output-on-failure --output-junit "$reports/ctest-sanitize.xml"
  add_counts "C++ tests (ASan, UBSan)" junit "$reports/ctest-sanitize.xml" $?
else
  problems+=("C++ tests under the sanitizers not run: their build failed")
fi

# The engine's two libFuzzer targets with ASan and UBSan (scripts/fuzz.sh), one test each:
# the scenario parser for a bounded time, whole runs for a fixed set of inputs (seed 1).
fuzz_target() {
  local name=$1 only=$2 title=$3
  section "fuzz: $title (scripts/fuzz.sh)"
  if FUZZ_ONLY=$only FUZZ_SECONDS=${FUZZ_SECONDS:-45} RUN_FUZZ_INPUTS=${RUN_FUZZ_INPUTS:-1000} \
      FUZZ_JOBS=${FUZZ_JOBS:-2} bash scripts/fuzz.sh 2>&1 | tail -n 25; [ "${PIPESTATUS[0]}" -eq 0 ]; then
    passed=$((passed + 1))
    echo "fuzz ($name): 1 passed, 0 failed"
  else
    failed=$((failed + 1))
    problems+=("fuzz ($name): the fuzzer found a problem or could not run (wasm-core/build/fuzz/artifacts/)")
  fi
}
fuzz_target parser parser "scenario parser, ${FUZZ_SECONDS:-45} s"
fuzz_target runs run "whole runs, ${RUN_FUZZ_INPUTS:-1000} inputs"

# Two packages at a time (one per core of the machines CI runs on), the largest first;
# each package's errors are printed together, after it ends. Incremental: what tsc learnt of
# the files (by their content) is kept in node_modules/.cache/tsc/, so a warm run checks only
# what changed and what depends on it; a fresh clone checks everything.
typecheck_packages() {
  local logs status=0
  logs=$(mktemp -d)
  printf '%s\n' apps/web packages/engine packages/scenario packages/cli packages/sweep packages/theory |
    xargs -P2 -I{} sh -c 'name=$(echo "$1" | tr / -); npx tsc -p "$1" --incremental --tsBuildInfoFile "node_modules/.cache/tsc/$name.tsbuildinfo" >"$2/$name.log" 2>&1 || echo "$1" >>"$2/failed"' sh {} "$logs"
  cat "$logs"/*.log
  if [ -s "$logs/failed" ]; then
    echo "type errors in: $(tr '\n' ' ' <"$logs/failed")"
    status=1
  fi
  rm -rf "$logs"
  return $status
}
step "type check (tsc -p packages/* apps/web)" typecheck_packages

# The tree's rules (docs/code-style.md), one step per tool so a failure names it.
# ESLint and Prettier at once, one core each; each is still its own step, reported in turn.
prettier_out=$(mktemp)
(bash scripts/lint.sh prettier >"$prettier_out" 2>&1; echo $? >"$prettier_out.status") &
step "lint: ESLint (eslint.config.js)" bash scripts/lint.sh eslint
wait
step "lint: Prettier (.prettierrc.json)" sh -c 'cat "$1"; exit "$(cat "$1.status")"' sh "$prettier_out"
rm -f "$prettier_out" "$prettier_out.status"
step "lint: dependency rules (.dependency-cruiser.cjs)" bash scripts/lint.sh deps
step "lint: C++ style (clang-format, .clang-format)" bash scripts/lint.sh cpp-style

# Vitest runs even if the wasm build failed: the packages' tests then fail and say so.

step "wasm build (scripts/build-wasm.sh)" bash scripts/build-wasm.sh

section "Vitest"
t=$SECONDS
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
add_counts "Vitest" vitest "$reports/vitest.json" $?
echo "(Vitest: $((SECONDS - t)) s)"

if step "web app build (npm run build -w apps/web)" npm run build -w apps/web; then
  section "Playwright"
  t=$SECONDS
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
  add_counts "Playwright" playwright "$reports/playwright.json" $?
  echo "(Playwright: $((SECONDS - t)) s)"
else
  problems+=("Playwright not run: the web app build failed")
fi

section "Summary"
for problem in "${problems[@]}"; do echo "  - $problem"; done
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
