#!/usr/bin/env bash
# Measures a bound (README.md here): this checkout's engine with arrivals-without-events.patch
# applied, built with OBS_BOUND_MODE=<mode>, against this checkout's own builds, in paired
# rounds by ab_engines.mjs. This checkout's builds must exist (bash scripts/build-native.sh
# obs-bench; bash scripts/build-wasm.sh). Leaves e2e/artifacts/<id>.json here, for
# `node scripts/record-bench.mjs <id>`.
#
#   bash wasm-core/bench/bounds/run.sh <mode> <id> <rounds> <scenario>...
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
if [ $# -lt 4 ]; then
  echo "usage: run.sh <mode 1|2> <id> <rounds> <scenario>..." >&2
  exit 2
fi
mode=$1 id=$2 rounds=$3
shift 3
work=$(mktemp -d /tmp/obs-bound-XXXXXX)
git -C "$root" worktree add --detach -f "$work" HEAD >/dev/null
trap 'git -C "$root" worktree remove --force "$work"' EXIT
git -C "$work" apply "$root/wasm-core/bench/bounds/arrivals-without-events.patch"
ln -s "$root/node_modules" "$work/node_modules"
(cd "$work" && export OBS_BOUND_MODE="$mode" && bash scripts/build-native.sh obs-bench && bash scripts/build-wasm.sh) >&2
(cd "$work" && node --import tsx wasm-core/bench/ab_engines.mjs "$id" "$rounds" "$root" "$@")
mkdir -p "$root/e2e/artifacts"
# ab_engines's result, and which bound it measured (a field the docs' text reads).
node -e '
  const fs = require("node:fs");
  const [from, to, mode] = process.argv.slice(1);
  const result = JSON.parse(fs.readFileSync(from, "utf8"));
  result.bound = { patch: "wasm-core/bench/bounds/arrivals-without-events.patch", mode: Number(mode) };
  fs.writeFileSync(to, JSON.stringify(result, null, 2) + "\n");
' "$work/e2e/artifacts/$id.json" "$root/e2e/artifacts/$id.json" "$mode"
echo "bounds: wrote e2e/artifacts/$id.json (mode $mode)" >&2
