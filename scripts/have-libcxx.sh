#!/bin/sh
# Exits 0 when clang++-19 compiles and links a C++ program against libc++
# here (the toolchain of cmake/clang19-libcxx.cmake), else 1, silently.
# Used by make test-libcxx, the benchmark's clang runner and bench/ab/run.sh.
#   have-libcxx.sh [DIR]   DIR holds the probe's binary (default: build)
dir=${1:-build}
mkdir -p "$dir" || exit 1
printf '#include <version>\nint main() { return _LIBCPP_VERSION > 0 ? 0 : 1; }\n' |
  clang++-19 -stdlib=libc++ -x c++ - -o "$dir/.libcxx_probe" >/dev/null 2>&1 && "$dir/.libcxx_probe"
