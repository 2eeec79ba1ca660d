#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only those missing.
# Idempotent and quiet when everything is present, so `npm start` / `npm test`
# can call it every time on a fresh machine.
set -euo pipefail

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for pkg in emscripten node-acorn chromium chromium-headless-shell nlohmann-json3-dev cmake ninja-build g++ \
           googletest libgtest-dev clang-14 libclang-rt-14-dev clang-format-14 \
           ns2 ccache \
           slurmctld slurmd slurm-client munge \
           python3-pandas python3-matplotlib valgrind; do  # ns2: ns-2 2.35, the conformance reference (scripts/conformance/);
                                                    # Slurm: docs/sweeps.md's job array run for real (scripts/cluster/);
                                                    # pandas, matplotlib: the example study (examples/study/);
                                                    # valgrind: the speed gate's instruction counts (scripts/speed-gate.mjs)
  have_pkg "$pkg" || need+=("$pkg")
done
# ccache: the C++ builds' compiler cache (scripts/cxx-cache.sh). chromium-headless-shell: the
# browser of Playwright's tests (scripts/chromium.ts); chromium: the benchmark's and yours.

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing Debian packages: ${need[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo"; else
    echo "setup: need root (or sudo) to install: ${need[*]}" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
