#!/usr/bin/env bash
# Installs the workspace's node modules with `npm ci` when node_modules is missing or
# older than package-lock.json; quiet otherwise, so every entry point can call it.
set -euo pipefail
cd "$(dirname "$0")/.."

# npm writes this file at the end of every install: it dates node_modules as a whole.
marker=node_modules/.package-lock.json
if [ -f "$marker" ] && [ ! package-lock.json -nt "$marker" ]; then
  exit 0
fi

echo "deps: installing node modules (npm ci)" >&2
# Browsers come from Debian (scripts/setup-system.sh), never from a download.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm ci --no-audit --no-fund >&2
