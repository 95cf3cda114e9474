#!/bin/sh
# bench/ab/run.sh BASE [WORKLOAD:FILE...] - jot at BASE (a git revision, or
# "worktree") against the working tree, both in one process (bench/ab/ab.cpp):
# B speed above 1 means the working tree is faster. `make bench-ab BASE=...`.
#
# Each side's library is built in build/ab/ with position-independent code
# and hidden visibility (so that the plug-ins' calls stay direct), and
# bench/ab/plugin.cpp is compiled against that side's headers. CXX_A and
# CXX_B choose each side's compiler (default: CXX, else c++), so
# `CXX_B=clang++ bench/ab/run.sh worktree` compares two compilers on one tree.
# ROUNDS (default 15) and REPS (default 20) set the effort. Without
# workloads it runs the corpus, the packets and the typed schemas.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:?usage: bench/ab/run.sh BASE [WORKLOAD:FILE...]}
shift
data=${JOT_DATA_DIR:-$root/../shared/data}
out=$root/build/ab
cxx_a=${CXX_A:-${CXX:-c++}}
cxx_b=${CXX_B:-${CXX:-c++}}
generator=""
command -v ninja >/dev/null 2>&1 && generator="-G Ninja"
mkdir -p "$out"

# The base's sources: a copy of the revision, or the working tree itself.
if [ "$base" = worktree ]; then
  base_src=$root
else
  # Extracted again only for another revision, so that its build is kept.
  base_src=$out/base-src
  rev=$(git -C "$root" rev-parse --verify "$base^{commit}")
  if [ "$(cat "$base_src/.jot-ab-revision" 2>/dev/null)" != "$rev" ]; then
    rm -rf "$base_src"
    mkdir -p "$base_src"
    git -C "$root" archive "$rev" | tar -x -C "$base_src"
    echo "$rev" >"$base_src/.jot-ab-revision"
  fi
fi

# build SIDE SOURCE COMPILER: the plug-in of that side, $out/SIDE.so
build() {
  side=$1 src=$2 compiler=$3
  # A build directory configured for another source tree or compiler starts over.
  cache=$out/$side/CMakeCache.txt
  if [ -f "$cache" ] && ! { grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$src" "$cache" &&
    grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=$(command -v "$compiler")$" "$cache"; }; then
    rm -rf "${out:?}/$side"
  fi
  # shellcheck disable=SC2086
  cmake -S "$src" -B "$out/$side" $generator -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$compiler" \
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DCMAKE_CXX_VISIBILITY_PRESET=hidden -DCMAKE_VISIBILITY_INLINES_HIDDEN=ON \
    -DJOT_BUILD_TESTS=OFF -DJOT_BUILD_BENCH=OFF -DJOT_BUILD_TOOLS=OFF >/dev/null
  cmake --build "$out/$side" --target jot -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
  # The schemas are the current tree's (bench/runner), the library the side's own.
  # The plug-in is compiled again only when something it is made of is newer.
  so=$out/$side.so
  if [ -f "$so" ] && [ "$so" -nt "$out/$side/libjot.a" ] &&
    [ -z "$(find "$src/include" "$root/bench/runner" "$root/bench/ab/plugin.cpp" -newer "$so" -print -quit)" ]; then
    return 0
  fi
  "$compiler" -std=c++20 -O3 -DNDEBUG -fPIC -shared -fvisibility=hidden -fvisibility-inlines-hidden \
    -I"$src/include" -I"$root/bench/runner" "$root/bench/ab/plugin.cpp" "$out/$side/libjot.a" -o "$out/$side.so"
}

echo "bench-ab: building A ($base, $cxx_a) and B (the working tree, $cxx_b)"
build a "$base_src" "$cxx_a"
build b "$root" "$cxx_b"
"${CXX:-c++}" -O2 "$root/bench/ab/ab.cpp" -o "$out/jot_ab" -ldl

if [ $# -eq 0 ]; then
  set -- parse:"$data/corpus/twitter.json" parse:"$data/corpus/citm_catalog.json" parse:"$data/corpus/canada.json" \
    parse:"$data/packets/valid.json" parse:"$data/packets/invalid.json" parse:"$data/packets/malicious.json" \
    write:"$data/corpus/twitter.json" write:"$data/corpus/citm_catalog.json" write:"$data/corpus/canada.json" \
    typed:"$data/corpus/twitter.json" typed:"$data/corpus/citm_catalog.json" typed:"$data/openrtb/banner.json" \
    typed:"$data/openrtb/video_app.json" typed:"$data/rpc/sample.json" \
    encode:"$data/corpus/twitter.json" encode:"$data/corpus/citm_catalog.json" encode:"$data/openrtb/banner.json" \
    encode:"$data/openrtb/video_app.json" encode:"$data/rpc/sample.json"
fi
cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)
echo "bench-ab: ${cpu:-unknown CPU}; A = $base ($cxx_a), B = the working tree ($cxx_b); microseconds per operation"
"$out/jot_ab" "$out/a.so" "$out/b.so" "${ROUNDS:-15}" "${REPS:-20}" "$@"
