#!/bin/sh
# Assembles the fuzzers' seed corpora in a build directory from the shared
# data and the JSONTestSuite (never copied into the repository).
#   make_seed_corpus.sh OUT_DIR [MAX_BYTES]
# Writes OUT_DIR/<target>/ for each target, every seed prefixed with the
# header bytes that target reads (option byte, buffer size...). Files larger
# than MAX_BYTES (default: no limit) are left out, so libFuzzer runs stay fast.
# Finds the data through JOT_DATA_DIR, else ../shared/data beside the checkout;
# without it, writes empty directories and says so.
set -eu
out=${1:?usage: make_seed_corpus.sh OUT_DIR [MAX_BYTES]}
max=${2:-0}
here=$(cd "$(dirname "$0")" && pwd)
data=${JOT_DATA_DIR:-$here/../../shared/data}
suite=$data/../conformance/JSONTestSuite

for t in parse_fuzzer roundtrip_fuzzer fixed_buffer_fuzzer typed_fuzzer patch_fuzzer; do
  rm -rf "$out/$t"
  mkdir -p "$out/$t"
done

if [ ! -f "$data/README.md" ]; then
  echo "make_seed_corpus: shared data not found (set JOT_DATA_DIR); seed corpora left empty"
  exit 0
fi

# seed NAME FILE: one seed per target, with each target's header bytes.
seed() {
  # parse: strict defaults on the automatic kernel, and every leniency (a byte
  # order mark too) with number text kept on the SSE2 kernel (option byte,
  # kernel byte)
  { printf '\000\000'; cat "$2"; } >"$out/parse_fuzzer/$1"
  { printf '\037\002'; cat "$2"; } >"$out/parse_fuzzer/lenient_$1"
  # roundtrip: defaults, then number text kept with escaping and indent 4
  { printf '\000'; cat "$2"; } >"$out/roundtrip_fuzzer/$1"
  { printf '\107'; cat "$2"; } >"$out/roundtrip_fuzzer/escaped_$1"
  # fixed buffer: 1/32 of the bound (usually too small), then 1/4 (usually enough)
  { printf '\000\000\010\000'; cat "$2"; } >"$out/fixed_buffer_fuzzer/small_$1"
  { printf '\000\003\100\000'; cat "$2"; } >"$out/fixed_buffer_fuzzer/$1"
  # typed: strict policies on the automatic kernel, then every leniency
  { printf '\000'; cat "$2"; } >"$out/typed_fuzzer/$1"
  { printf '\016'; cat "$2"; } >"$out/typed_fuzzer/lenient_$1"
}

small_enough() {
  [ "$max" -eq 0 ] || [ "$(wc -c <"$1")" -le "$max" ]
}

count=0
for f in "$suite"/test_parsing/*.json "$suite"/test_transform/*.json \
         "$data"/packets/*.json "$data"/openrtb/*.json "$data"/rpc/*.json "$data"/corpus/*.json; do
  [ -f "$f" ] || continue
  small_enough "$f" || continue
  dir=$(basename "$(dirname "$f")")
  seed "${dir}_$(basename "$f")" "$f"
  count=$((count + 1))
done

# NDJSON: the first lines, one document each.
for f in "$data"/corpus/*.ndjson; do
  [ -f "$f" ] || continue
  head -n 20 "$f" | split -l 1 - "$out/line_"
  for l in "$out"/line_*; do
    seed "ndjson_$(basename "$l")" "$l"
    rm -f "$l"
    count=$((count + 1))
  done
done
# patch: every case of the RFC 6902 suite as document, NUL, patch, with a
# growing arena and a 2 KB buffer, and each document with a merge patch.
patches=$data/../conformance/json-patch-tests
if [ -f "$patches/tests.json" ] && command -v python3 >/dev/null 2>&1; then
  python3 - "$patches" "$out/patch_fuzzer" <<'EOF_PY'
import json, os, sys
suite, out = sys.argv[1], sys.argv[2]
n = 0
for name in ("tests.json", "spec_tests.json"):
    with open(os.path.join(suite, name), "rb") as f:
        cases = json.load(f)
    for c in cases:
        if "doc" not in c:
            continue
        doc = json.dumps(c["doc"]).encode()
        for header, patch in ((b"\x00", c["patch"]), (b"\x40", c["patch"]),
                              (b"\x01", c.get("expected", {"merged": None}))):
            with open(os.path.join(out, "suite_%03d" % n), "wb") as f:
                f.write(header + doc + b"\x00" + json.dumps(patch).encode())
            n += 1
print("make_seed_corpus: %d patch seeds from the RFC 6902 suite" % n)
EOF_PY
fi
echo "make_seed_corpus: $count seeds per target in $out"
