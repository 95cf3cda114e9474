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
# STDLIB_A and STDLIB_B choose each side's standard library: libc++ or
# libstdc++ (clang takes either; GCC has only libstdc++), default the
# compiler's own; each standard library gets build directories of its own.
# `CXX_B=clang++-19 STDLIB_B=libc++ bench/ab/run.sh HEAD` compares the
# working tree built by clang with libc++ to HEAD built by GCC.
# ROUNDS (default 15) and REPS (default 20) set the effort. Without
# workloads it runs the corpus, the packets and the typed schemas, the latter
# also with their keys shuffled (bench/shuffle_keys.py, into build/ab/shuffled).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:?usage: bench/ab/run.sh BASE [WORKLOAD:FILE...]}
shift
data=${JOT_DATA_DIR:-$root/../shared/data}
out=$root/build/ab
cxx_a=${CXX_A:-${CXX:-c++}}
cxx_b=${CXX_B:-${CXX:-c++}}
stdlib_a=${STDLIB_A:-}
stdlib_b=${STDLIB_B:-}
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

# stdlib_flag COMPILER STDLIB: the flag that selects STDLIB ("" for the compiler's own).
stdlib_flag() {
  case "$2" in
    "") ;;
    libc++ | libstdc++)
      if "$1" --version 2>/dev/null | grep -qi clang; then
        echo "-stdlib=$2"
      elif [ "$2" = libc++ ]; then
        echo "bench-ab: $1 cannot build with libc++ (clang can)" >&2
        exit 2
      fi ;;
    *) echo "bench-ab: unknown standard library '$2' (libc++ or libstdc++)" >&2; exit 2 ;;
  esac
}

# Both sides' flags first, so that a bad choice stops the run before any build.
flag_a=$(stdlib_flag "$cxx_a" "$stdlib_a")
flag_b=$(stdlib_flag "$cxx_b" "$stdlib_b")

# build SIDE SOURCE COMPILER STDLIB FLAG: the plug-in of that side; sets so to its path.
build() {
  side=$1 src=$2 compiler=$3 flag=$5
  # A standard library has build directories of its own, never another's objects.
  dir=$out/$side${4:+-$4}
  # A build directory configured for another source tree or compiler starts over.
  cache=$dir/CMakeCache.txt
  if [ -f "$cache" ] && ! { grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$src" "$cache" &&
    grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=$(command -v "$compiler")$" "$cache"; }; then
    rm -rf "${dir:?}"
  fi
  # shellcheck disable=SC2086
  cmake -S "$src" -B "$dir" $generator -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$compiler" \
    ${flag:+-DCMAKE_CXX_FLAGS=$flag} -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DCMAKE_CXX_VISIBILITY_PRESET=hidden \
    -DCMAKE_VISIBILITY_INLINES_HIDDEN=ON -DJOT_BUILD_TESTS=OFF -DJOT_BUILD_BENCH=OFF -DJOT_BUILD_TOOLS=OFF >/dev/null
  cmake --build "$dir" --target jot -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
  # The schemas are the current tree's (bench/runner), the library the side's own.
  # The plug-in is compiled again only when something it is made of is newer.
  so=$dir.so
  if [ -f "$so" ] && [ "$so" -nt "$dir/libjot.a" ] &&
    [ -z "$(find "$src/include" "$root/bench/runner" "$root/bench/ab/plugin.cpp" -newer "$so" -print -quit)" ]; then
    return 0
  fi
  # shellcheck disable=SC2086
  "$compiler" -std=c++20 -O3 -DNDEBUG $flag -fPIC -shared -fvisibility=hidden -fvisibility-inlines-hidden \
    -I"$src/include" -I"$root/bench/runner" "$root/bench/ab/plugin.cpp" "$dir/libjot.a" -o "$so"
}

describe() { echo "$1${2:+, $2}"; }
a_is=$(describe "$cxx_a" "$stdlib_a")
b_is=$(describe "$cxx_b" "$stdlib_b")
echo "bench-ab: building A ($base, $a_is) and B (the working tree, $b_is)"
build a "$base_src" "$cxx_a" "$stdlib_a" "$flag_a"
so_a=$so
build b "$root" "$cxx_b" "$stdlib_b" "$flag_b"
so_b=$so
"${CXX:-c++}" -O2 "$root/bench/ab/ab.cpp" -o "$out/jot_ab" -ldl

if [ $# -eq 0 ]; then
  set -- parse:"$data/corpus/twitter.json" parse:"$data/corpus/citm_catalog.json" parse:"$data/corpus/canada.json" \
    parse:"$data/packets/valid.json" parse:"$data/packets/invalid.json" parse:"$data/packets/malicious.json" \
    write:"$data/corpus/twitter.json" write:"$data/corpus/citm_catalog.json" write:"$data/corpus/canada.json" \
    typed:"$data/corpus/twitter.json" typed:"$data/corpus/citm_catalog.json" typed:"$data/openrtb/banner.json" \
    typed:"$data/openrtb/video_app.json" typed:"$data/rpc/sample.json" \
    encode:"$data/corpus/twitter.json" encode:"$data/corpus/citm_catalog.json" encode:"$data/openrtb/banner.json" \
    encode:"$data/openrtb/video_app.json" encode:"$data/rpc/sample.json"
  # The typed inputs again with every object's members reordered (issue 63
  # judges typed reading in both orders), where Python can write them.
  if command -v python3 >/dev/null 2>&1 &&
    python3 "$root/bench/shuffle_keys.py" --quiet --data "$data" --out "$out/shuffled"; then
    set -- "$@" typed:"$out/shuffled/corpus/twitter.json" typed:"$out/shuffled/corpus/citm_catalog.json" \
      typed:"$out/shuffled/openrtb/banner.json" typed:"$out/shuffled/openrtb/video_app.json" \
      typed:"$out/shuffled/rpc/sample.json"
  fi
fi
cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)
echo "bench-ab: ${cpu:-unknown CPU}; A = $base ($a_is), B = the working tree ($b_is); microseconds per operation"
"$out/jot_ab" "$so_a" "$so_b" "${ROUNDS:-15}" "${REPS:-20}" "$@"
