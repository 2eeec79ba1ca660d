#!/usr/bin/env bash
# `npm run build`: installs what is missing, builds the wasm engine and the web app
# (apps/web/dist), and serves nothing. `npm start` runs this, then serves.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-system.sh
bash scripts/ensure-node-deps.sh
bash scripts/build-wasm.sh
npm run build -w apps/web
echo "build: done: apps/web/dist (serve it with npm start -- --no-build)" >&2
