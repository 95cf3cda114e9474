// bench/runner/bench.h - the narrow interface between the runner and one
// adapter per peer library.
//
// Every adapter (bench/adapters/<peer>.cpp, its own translation unit) fills a
// `library` per variant with function pointers and hands it to the runner
// through register_<peer>(). A null function pointer means "this variant does
// not take part in that workload". State is per thread: the runner creates one
// per thread and reuses it for every operation, so parsers, arenas and output
// buffers are reused where the library allows it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <jot/kernel.h>

#include "schemas.h"

namespace jot_bench {

// Input text, followed by at least `padding` readable zero bytes (simdjson
// needs them; every library gets the same buffer).
struct input {
  static constexpr std::size_t padding = 64;
  const char* data = nullptr;
  std::size_t size = 0;
  std::string_view view() const { return {data, size}; }
};

// The string the packets workload looks for in every key and string value.
inline constexpr std::string_view needle = "<script>alert('XSS')</script>";

// True when s contains the needle; the same search for every library.
inline bool has_needle(std::string_view s) { return s.find(needle) != std::string_view::npos; }

// The NDJSON workload's split, the same for every library without a native
// stream: calls parse_line(data, size) on every non-empty line of in and
// returns the number of lines, or -1 as soon as one fails to parse.
template <class ParseLine>
long for_each_line(input in, ParseLine&& parse_line) {
  long n = 0;
  const char* at = in.data;
  const char* const end = in.data + in.size;
  while (at < end) {
    const char* nl = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)));
    const char* stop = nl ? nl : end;
    if (stop > at) {
      if (!parse_line(at, static_cast<std::size_t>(stop - at))) return -1;
      ++n;
    }
    at = stop + 1;
  }
  return n;
}

// The typed workloads of one schema (schemas.h). A null pointer skips that part.
template <class T>
struct typed_codec {
  // typed_decode: decode in into out (the caller passes a fresh or a reused T).
  bool (*decode)(void* state, input in, T& out) = nullptr;
  // typed_encode: write in compact, members in declaration order, empty
  // optionals as null; the text stays valid until the next call.
  std::string_view (*encode)(void* state, const T& in) = nullptr;
  // typed_decode into the adapter's own types kept in state (views into the
  // input and an arena instead of owning strings); when check is not null the
  // result is also copied into *check, so that the runner can compare it
  // (untimed; the timed calls pass null).
  bool (*decode_own)(void* state, input in, T* check) = nullptr;
  // typed_decode of one input by `threads` threads at once (NDJSON rows), into
  // a reused out, on threads the state keeps between calls.
  bool (*decode_parallel)(void* state, input in, T& out, int threads) = nullptr;
};

struct library {
  const char* name = "";     // e.g. "simdjson"
  const char* version = "";  // e.g. "4.6.7"
  const char* variant = "";  // e.g. "On-Demand"; "" for the default
  const char* note = "";     // printed beside results (e.g. build provenance)
  bool is_jot = false;

  void* (*create)() = nullptr;  // per-thread state
  void (*destroy)(void* state) = nullptr;

  // dom_parse: parse into a DOM kept in state (the previous one is released).
  bool (*parse)(void* state, input in) = nullptr;
  // dom_serialize: load() parses in (untimed); serialize() writes the loaded
  // DOM minified and returns the text (valid until the next call).
  bool (*load)(void* state, input in) = nullptr;
  std::string_view (*serialize)(void* state) = nullptr;
  // packets: parse, then count needle hits in every key and string; -1 when
  // the text is rejected.
  int (*inspect)(void* state, input in) = nullptr;
  // ndjson: parse every newline-delimited document; returns the count, or -1.
  long (*ndjson)(void* state, input in) = nullptr;
  // stream: visits every element of the top-level array in the file at path,
  // reading it the library's own way, and returns how many, or -1. Each call
  // runs in a child process of its own, so its peak RSS is its own.
  long (*stream)(const char* path) = nullptr;
  const char* stream_variant = "";  // how the file is read (window, whole file...)
  // typed_decode / typed_encode, one codec per schema.
  typed_codec<tw_data> twitter;
  typed_codec<citm_catalog> citm;
  typed_codec<rtb_bid_request> openrtb;
  typed_codec<rpc_call> rpc;
  // typed_decode of NDJSON rows: every line of the input into out, in order
  // (set by each adapter itself, not by set_typed_codecs: the input is many
  // documents, not one).
  typed_codec<product_rows> ndjson_rows;
  const char* encode_variant = "reused buffer";  // how typed_encode's output buffer is used
  // build: construct the twitter subset from in (a value tree or a stream of
  // writer calls, members in declaration order, as typed_encode writes them)
  // and serialize it compact; the text stays valid until the next call.
  std::string_view (*build)(void* state, const tw_data& in) = nullptr;
  const char* build_variant = "";  // how build builds and where its memory goes; "" for variant
  // patch: patch_load parses a document and an RFC 6902 patch (untimed);
  // patch_apply makes the patched document from the loaded one, which stays
  // as it was (a copy first, where the library patches in place); false when
  // the patch fails. patch_result writes the last result compact (untimed).
  bool (*patch_load)(void* state, input doc, input patch) = nullptr;
  bool (*patch_apply)(void* state) = nullptr;
  std::string_view (*patch_result)(void* state) = nullptr;
  // query: compiles the JSONPath query q (RFC 9535) and evaluates it on the
  // DOM that load() parsed (untimed); returns the number of nodes selected,
  // or -1 when q is refused.
  long (*query)(void* state, std::string_view q) = nullptr;
  // The dialect of query's text: "" for RFC 9535; "jsoncons" takes
  // bench/queries.tsv's jsoncons column where a line has one.
  const char* query_dialect = "";
  // Reference check: true when both texts hold equal JSON (numbers compared
  // exactly). The runner verifies every serializer with one reference library.
  bool (*same_json)(std::string_view a, std::string_view b) = nullptr;
};

using registry = std::vector<library>;

// Fills l's typed codecs, one per schema, from make.operator()<T>() (an
// adapter's codec factory). bench/typed/compile_cost.py builds adapters with
// JOT_BENCH_TYPED_SCHEMAS=0 (no schema) and =1 (OpenRTB only) to measure what
// one schema's typed decoder and encoder cost to compile; normally all four are in.
template <class Make>
void set_typed_codecs(library& l, Make&& make) {
#ifndef JOT_BENCH_TYPED_SCHEMAS
  l.twitter = make.template operator()<tw_data>();
  l.citm = make.template operator()<citm_catalog>();
  l.rpc = make.template operator()<rpc_call>();
#endif
#if !defined(JOT_BENCH_TYPED_SCHEMAS) || JOT_BENCH_TYPED_SCHEMAS == 1
  l.openrtb = make.template operator()<rtb_bid_request>();
#endif
  (void)l;
  (void)make;
}

// One per adapter file; each appends its variants. jot's two take the scanning
// kernel their parsers and typed reads use (jot_bench --kernel; automatic by
// default), set before any of their states exists.
void register_jot(registry& r, jot::kernel k);
void register_simdjson(registry& r);
// simdjson's On-Demand rows built with -march=native, in a shared object of
// their own (adapters/simdjson.cpp with JOT_BENCH_SIMDJSON_NATIVE; C linkage:
// the object's version script exports this one name).
extern "C" void jot_bench_register_simdjson_native(registry& r);
void register_rapidjson(registry& r);
void register_nlohmann(registry& r);
void register_boost_json(registry& r);
void register_yyjson(registry& r);
void register_glaze(registry& r);
void register_jsoncons(registry& r);
// jot's typed rows (adapters/jot_typed.cpp), built only with -DJOT_BENCH_TYPED=ON:
// they need jot::read / jot::write (jot/typed.h) to be implemented.
void register_jot_typed(registry& r, jot::kernel k);

// Allocation counters (alloc_hook.cpp): a malloc hook built into the runner.
struct alloc_counts {
  std::uint64_t allocs = 0;
  std::uint64_t bytes = 0;
};
void alloc_counting(bool on);
alloc_counts alloc_read();
void alloc_reset();
// Peak of live heap bytes since alloc_reset(), counting only memory allocated
// while counting was on.
std::int64_t alloc_peak_live();

}  // namespace jot_bench
