#!/bin/sh
# Builds the Rust and Go runners when cargo / go exist (make bench-build).
# A failure or a missing toolchain prints a note: the C++ suite still runs.
set -u
cd "$(dirname "$0")" || exit 1
if command -v cargo >/dev/null 2>&1; then
  echo "bench: building bench/rust (cargo build --release)"
  (cd rust && cargo build --release --locked --quiet) ||
    echo "note: bench/rust did not build; Rust peers skipped"
else
  echo "note: cargo not found; Rust peers (serde_json, simd-json, sonic-rs, serde_json_path) skipped"
fi
if command -v go >/dev/null 2>&1; then
  echo "bench: building bench/go (go build)"
  (cd go && go build -o bin/jot-bench-go .) ||
    echo "note: bench/go did not build; Go peers skipped"
else
  echo "note: go not found; Go peers (encoding/json, goccy/go-json, sonic) skipped"
fi
exit 0
