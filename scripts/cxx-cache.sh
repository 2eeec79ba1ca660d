# Sourced by the C++ build scripts (native, sanitizer, fuzz): the CMake option that puts
# ccache in front of the compiler when it is installed (scripts/setup-system.sh installs it).
# A build folder made afresh, as every clean clone's is, then compiles only what changed
# since any earlier build on this machine: the cache lives outside the tree (~/.cache/ccache).
# OBS_NO_CCACHE=1 compiles everything (a cold build, as on a new machine).
cxx_cache=()
if [ "${OBS_NO_CCACHE:-0}" != 1 ] && command -v ccache >/dev/null; then
  cxx_cache=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # A clone elsewhere hits the same entries: paths under the tree are hashed relative to it
  # (and the build folder, which debug builds name in their debug info, is not hashed).
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi
