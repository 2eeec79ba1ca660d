#!/usr/bin/env bash
# `npm test`: everything CI checks, on a fresh Debian machine as root after only
# `git clone`. Installs what is missing, builds, and runs every suite even when an
# earlier one fails: C++ (ctest), the parser fuzzer, Vitest, Playwright. The very last line of output is
#   tests: N passed, M failed
# summed over the three (plus one for the parser fuzzer); the exit status is non-zero if anything failed, and a suite
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

if step "native build (scripts/build-native.sh)" bash scripts/build-native.sh; then
  section "C++ tests (ctest)"
  ctest --test-dir wasm-core/build/native --output-on-failure --output-junit "$reports/ctest.xml"
  add_counts "C++ tests" junit "$reports/ctest.xml" $?
else
  problems+=("C++ tests not run: the native build failed")
fi

# The scenario parser under libFuzzer with ASan and UBSan, for a bounded time: one test.
section "fuzz: scenario parser (scripts/fuzz.sh, ${FUZZ_SECONDS:-45} s)"
if FUZZ_SECONDS=${FUZZ_SECONDS:-45} FUZZ_JOBS=${FUZZ_JOBS:-2} bash scripts/fuzz.sh 2>&1 | tail -n 25; [ "${PIPESTATUS[0]}" -eq 0 ]; then
  passed=$((passed + 1))
  echo "fuzz: 1 passed, 0 failed"
else
  failed=$((failed + 1))
  problems+=("fuzz: the scenario parser fuzzer found a problem or could not run (wasm-core/build/fuzz/artifacts/)")
fi

typecheck_packages() {
  local status=0 package
  for package in packages/scenario packages/engine packages/cli apps/web; do
    npx tsc -p "$package" || status=1
  done
  return $status
}
step "type check (tsc -p packages/* apps/web)" typecheck_packages

# The tree's rules (docs/code-style.md), one step per tool so a failure names it.
step "lint: ESLint (eslint.config.js)" bash scripts/lint.sh eslint
step "lint: Prettier (.prettierrc.json)" bash scripts/lint.sh prettier
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
