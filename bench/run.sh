#!/bin/sh
# Runs the built benchmark programs one after the other (never concurrently) and
# merges their records: bench/run.sh full|quick OUT_DIR
set -u
mode=${1:-full}
out=${2:-build/release/bench}
root=$(cd "$(dirname "$0")/.." && pwd)
case "$out" in /*) ;; *) out="$root/$out" ;; esac
data=${JOT_DATA_DIR:-$root/../shared/data}
if [ ! -f "$data/README.md" ]; then
  echo "bench: shared data not found at $data (set JOT_DATA_DIR)" >&2
  exit 1
fi
data=$(cd "$data" && pwd)
flag=""
[ "$mode" = quick ] && flag="--quick"
raw="$out/raw"
mkdir -p "$raw"
rm -f "$raw"/*.json
start=$(date +%s)

# The typed inputs with every object's members reordered, from the shared
# files, for every runner's keys-shuffled rows; never committed.
shuffled="$out/shuffled"
if command -v python3 >/dev/null 2>&1 && python3 "$root/bench/shuffle_keys.py" --quiet --data "$data" --out "$shuffled"; then
  :
else
  echo "note: the keys-shuffled inputs could not be written (python3 and bench/shuffle_keys.py); their rows are skipped"
  rm -rf "$shuffled"
fi

echo "bench: C++ ($mode)"
# The stream row's input (1 GiB, quick 128 MiB) is generated here once, never committed.
# JOT_BENCH_ARGS passes more flags to jot_bench (--kernel K, --only W, --libs L).
# shellcheck disable=SC2086
"$out/jot_bench" $flag ${JOT_BENCH_ARGS:-} --data "$data" --out "$raw/cpp.json" --stream-file "$out/stream_array_$mode.json" \
  --shuffled "$shuffled" || { echo "bench: jot_bench failed" >&2; exit 1; }

rs="$root/bench/rust/target/release/jot-bench-rs"
if [ -x "$rs" ]; then
  echo "bench: Rust ($mode)"
  "$rs" $flag --data "$data" --out "$raw/rust.json" --stream-file "$out/stream_array_$mode.json" --shuffled "$shuffled" \
    || echo "note: the Rust runner failed; its rows are missing"
else
  echo "note: $rs not built; Rust rows skipped"
fi

go="$root/bench/go/bin/jot-bench-go"
if [ -x "$go" ]; then
  echo "bench: Go ($mode)"
  # -quick is a Go flag; the others are spelled the same.
  "$go" ${flag:+-quick} -data "$data" -out "$raw/go.json" -stream-file "$out/stream_array_$mode.json" -shuffled "$shuffled" \
    || echo "note: the Go runner failed; its rows are missing"
else
  echo "note: $go not built; Go rows skipped"
fi

if command -v python3 >/dev/null 2>&1; then
  build=$(dirname "$out")
  title="jot benchmark results"
  [ "$mode" = quick ] && title="jot benchmark results (quick mode)"
  python3 "$root/bench/report.py" --out "$out" --build "$build" --title "$title" "$raw"/*.json
else
  echo "note: python3 not found; raw records are in $raw, no report written"
fi
echo "bench: $mode run took $(( $(date +%s) - start )) s"
