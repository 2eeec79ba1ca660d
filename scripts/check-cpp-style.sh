#!/usr/bin/env bash
# wasm-core's C++ against .clang-format (clang-format 14, Debian's clang-format-14):
# lists every file whose formatting differs and exits non-zero if any does. Fix with
#   clang-format-14 -i $(git ls-files 'wasm-core/*.h' 'wasm-core/*.cc')
set -euo pipefail
cd "$(dirname "$0")/.."
bad=0
while IFS= read -r file; do
  if ! clang-format-14 --dry-run --Werror "$file" >/dev/null 2>&1; then
    echo "clang-format: $file differs from .clang-format" >&2
    bad=$((bad + 1))
  fi
done < <(git ls-files 'wasm-core/*.h' 'wasm-core/*.cc')
if [ "$bad" -gt 0 ]; then
  echo "clang-format: $bad file(s) to format (clang-format-14 -i <file>)" >&2
  exit 1
fi
echo "clang-format: wasm-core matches .clang-format"
