#!/usr/bin/env bash
# `npm run lint`: the tools that hold the tree to its rules (docs/code-style.md), each
# named when it fails:
#   eslint      the few rules that catch real faults, TypeScript and JavaScript
#   prettier    the layout of TypeScript and JavaScript (`npm run format` writes it)
#   deps        dependency-cruiser: what may import what (.dependency-cruiser.cjs)
#   cpp-style   clang-format for wasm-core (scripts/check-cpp-style.sh)
# With names as arguments, runs only those: `bash scripts/lint.sh eslint prettier`.
set -uo pipefail
cd "$(dirname "$0")/.."

# What Prettier owns: code. Data and documents keep their own form.
PRETTIER_GLOBS=("**/*.{ts,tsx,mts,js,mjs,cjs}")

run() {
  case $1 in
    # Each tool keeps a cache of the files it found clean (by content, in node_modules/.cache/):
    # a warm run reads only what changed; a fresh clone checks everything.
    eslint) npx eslint --max-warnings 0 --cache --cache-strategy content --cache-location node_modules/.cache/eslint/ . ;;
    prettier) npx prettier --check --cache --cache-strategy content --cache-location node_modules/.cache/prettier/cache.json --log-level warn "${PRETTIER_GLOBS[@]}" && echo "prettier: the code matches .prettierrc.json" ;;
    deps) npx depcruise --config .dependency-cruiser.cjs apps packages scripts e2e validation ;;
    cpp-style) bash scripts/check-cpp-style.sh ;;
    *) echo "lint: no tool named $1 (eslint, prettier, deps, cpp-style)" >&2; return 2 ;;
  esac
}

tools=("$@")
[ ${#tools[@]} -eq 0 ] && tools=(eslint prettier deps cpp-style)
failed=()
for tool in "${tools[@]}"; do
  run "$tool" || failed+=("$tool")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "lint: failed: ${failed[*]}" >&2
  exit 1
fi
