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

for t in parse_fuzzer roundtrip_fuzzer fixed_buffer_fuzzer typed_fuzzer typed_ndjson_fuzzer mutable_fuzzer documents_fuzzer writer_fuzzer patch_fuzzer stream_fuzzer visit_fuzzer index_fuzzer query_fuzzer regex_fuzzer; do
  rm -rf "$out/$t"
  mkdir -p "$out/$t"
done

# writer: call sequences, not JSON (see fuzz/writer_fuzzer.cpp): an object
# with every kind of value, compact and pretty with tabs; nested arrays into a
# small buffer; a key where a value belongs.
printf '\000\377\000\004\001a\005\004\001b\006\001\004\001c\007\001\002\003\004\005\006\007\010\004\001d\012\003x/\303\251\004\001e\013\005[1,2]\001' \
  >"$out/writer_fuzzer/object"
printf '\006\040\000\004\001a\005\004\001b\006\001\001' >"$out/writer_fuzzer/pretty_tabs"
printf '\140\002\002\002\002\011\000\000\000\000\000\000\370\077\003\003\003' >"$out/writer_fuzzer/nested_small"
printf '\000\100\000\005' >"$out/writer_fuzzer/value_for_key"

# typed: the tagged variant member (fuzz/typed_fuzzer.cpp), its tag first and last
printf '\000{"id":"a","imp":[],"counts":{},"any":null,"shape":{"kind":"square","side":3,"note":"n"},"test":true}' \
  >"$out/typed_fuzzer/tagged_first"
printf '\000{"id":"a","imp":[],"counts":{},"any":1,"shape":{"w":1,"h":2,"kind":"format"},"test":false}' \
  >"$out/typed_fuzzer/tagged_last"

# query: the option byte (0: defaults), then a query; one of each kind
# (fuzz/query_fuzzer.cpp evaluates them on its own fixed document)
q=0
for text in '$..*' '$.a[1:-1:2]' '$["b"].c[?@ == "x" || length(@) > 1]' \
    "\$.s[?match(@, '[0-9]{4}-.*') && !search(@, '\\\\p{Lu}')]" '$[?count(@.*) >= value($.b..[0][0])]' \
    '$.a[?@ < 2.5 && @ != $.n]' '$..[::-1]' "\$['k\\'\\n']"; do
  q=$((q + 1))
  { printf '\000'; printf '%s' "$text"; } >"$out/query_fuzzer/q$q"
done

# regex: the option byte (bit 0: match), a pattern, NUL, a subject: the
# literal form, the DFA with its skip, non-ASCII, and past the DFA's budget
r=0
for pair in '.*iPhone.*|Twitter for iPhone' '.*[Cc]oncert.*|a Concert' 'Poly.*|Polygon' \
    '\p{L}+[0-9]{2,3}|caf\303\25112' '(a|b)*a(a|b){14}|abababababababababab' '[^\n]*x|ab\ncx'; do
  r=$((r + 1))
  { printf '\001%s' "${pair%%|*}"; printf '\000'; printf "${pair#*|}"; } >"$out/regex_fuzzer/r$r"
  { printf '\000%s' "${pair%%|*}"; printf '\000'; printf "${pair#*|}"; } >"$out/regex_fuzzer/s$r"
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
  # typed NDJSON: a whole file as one line or as many (pretty files span lines)
  { printf '\000'; cat "$2"; } >"$out/typed_ndjson_fuzzer/$1"
  # visit: strict on the automatic kernel, then stopping at the fifth event
  # on the SSE2 kernel (option byte, kernel byte)
  { printf '\000\000'; cat "$2"; } >"$out/visit_fuzzer/$1"
  { printf '\050\002'; cat "$2"; } >"$out/visit_fuzzer/stop_$1"
  # index: strict in a one-block window, then comments allowed and UTF-8 not
  # validated in the largest window (option byte)
  { printf '\000'; cat "$2"; } >"$out/index_fuzzer/$1"
  { printf '\377'; cat "$2"; } >"$out/index_fuzzer/lenient_$1"
  # mutable: a growing arena and one edit of each kind, then a 1 KB buffer;
  # documents up to 64 KB (every edit rewrites and re-reads the whole document)
  if [ "$(wc -c <"$2")" -le 65536 ]; then
    { printf '\010\001\021\041\061\101\121\141\161\201\221\n'; cat "$2"; } >"$out/mutable_fuzzer/$1"
    { printf '\002\003\123\045\207\n'; cat "$2"; } >"$out/mutable_fuzzer/small_$1"
  fi
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
# documents: the first NDJSON lines as one buffer, read as NDJSON (stopping,
# then going on after errors) and as concatenated JSON (option, kernel, format bytes)
for f in "$data"/corpus/*.ndjson; do
  [ -f "$f" ] || continue
  name=$(basename "$f")
  { printf '\000\000\000'; head -n 20 "$f"; } >"$out/documents_fuzzer/$name"
  { printf '\000\000\004'; head -n 20 "$f"; } >"$out/documents_fuzzer/continue_$name"
  { printf '\000\000\001'; head -n 20 "$f"; } >"$out/documents_fuzzer/concatenated_$name"
  { printf '\000'; head -n 20 "$f"; } >"$out/typed_ndjson_fuzzer/$name"
  { printf '\206'; head -n 20 "$f"; } >"$out/typed_ndjson_fuzzer/small_arena_$name"
  # stream: the same through a small window (extra 0) read 7 bytes at a time
  # (option, kernel, format, window, read size bytes)
  { printf '\000\000\004\000\007'; head -n 20 "$f"; } >"$out/stream_fuzzer/$name"
  { printf '\000\000\001\001\000'; head -n 20 "$f"; } >"$out/stream_fuzzer/concatenated_$name"
done
echo "make_seed_corpus: $count seeds per target in $out"
