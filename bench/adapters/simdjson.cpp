// simdjson (4.6.7, compiled from its amalgamation by bench/CMakeLists.txt): the
// DOM API (one dom::parser per thread, reused) and the On-Demand API (one
// ondemand::parser per thread). Inputs come with 64 zero bytes of
// padding (bench.h), so no copy is made. Typed rows: On-Demand reads written by
// hand, and simdjson 4's builder::string_builder with tag_invoke for encoding
// (below). DOM serialization uses the string_builder
// behind simdjson::minify(), kept between calls (minify() itself returns a fresh
// std::string); in 4.x its clear() frees the buffer, so it still allocates
// every call: that is the library's behaviour, measured as it is.
//
// Compiled twice: into the runner with the benchmark's flags, and with
// JOT_BENCH_SIMDJSON_NATIVE into a shared object of its own with -march=native
// (bench/CMakeLists.txt says why it is a shared object), where it holds the
// On-Demand rows only, named "On-Demand -march=native".
#include <simdjson.h>

#include <concepts>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../runner/bench.h"

namespace jot_bench {
namespace {

static_assert(simdjson::SIMDJSON_PADDING <= input::padding, "the runner pads less than simdjson needs");

}  // namespace

// typed_encode through simdjson 4's string_builder, which writes numbers,
// strings, std::optional (null when empty), ranges (arrays; std::map as an
// object) and any type with a tag_invoke(serialize, builder, value): the
// three below. They are found by argument-dependent lookup, so they live in
// the namespace of the schema types, not in the unnamed one.
using builder = simdjson::builder::string_builder;

// Appends "key":value, after a comma unless it is the object's first member.
template <class V>
void append_member(builder& b, bool& first, std::string_view key, const V& value) {
  if (!first) b.append_comma();
  first = false;
  b.escape_and_append_with_quotes(key);
  b.append_colon();
  b.append(value);
}

template <has_fields T>
void tag_invoke(simdjson::serialize_tag, builder& b, const T& v) {
  b.start_object();
  bool first = true;
  for_each_field(v, [&](std::string_view key, const auto& member) { append_member(b, first, key, member); });
  b.end_object();
}

inline void tag_invoke(simdjson::serialize_tag, builder& b, const raw_text& v) { b.append_raw(v.json); }

// The builder writes a std::map by itself, but through append_key_value(key,
// value), which takes the value by copy: every CITM event (strings and
// vectors) would be copied on each write. Written here instead.
template <has_fields T>
void tag_invoke(simdjson::serialize_tag, builder& b, const std::map<std::string, T>& m) {
  b.start_object();
  bool first = true;
  for (const auto& [key, value] : m) append_member(b, first, key, value);
  b.end_object();
}

namespace {

#ifndef JOT_BENCH_SIMDJSON_NATIVE
// ---- DOM ----
struct dom_state {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  simdjson::internal::string_builder<> out;
};

void* dom_create() { return new dom_state; }
void dom_destroy(void* p) { delete static_cast<dom_state*>(p); }

bool dom_parse(void* p, input in) {
  auto& s = *static_cast<dom_state*>(p);
  return s.parser.parse(in.data, in.size, false).get(s.root) == simdjson::SUCCESS;
}

std::string_view dom_serialize(void* p) {
  auto& s = *static_cast<dom_state*>(p);
  s.out.clear();
  s.out.append(s.root);
  return s.out.str();
}

int dom_walk(simdjson::dom::element e) {
  switch (e.type()) {
    case simdjson::dom::element_type::STRING: return has_needle(std::string_view(e)) ? 1 : 0;
    case simdjson::dom::element_type::ARRAY: {
      int h = 0;
      for (simdjson::dom::element x : simdjson::dom::array(e)) h += dom_walk(x);
      return h;
    }
    case simdjson::dom::element_type::OBJECT: {
      int h = 0;
      for (simdjson::dom::key_value_pair kv : simdjson::dom::object(e)) h += has_needle(kv.key) + dom_walk(kv.value);
      return h;
    }
    default: return 0;
  }
}

int dom_inspect(void* p, input in) {
  auto& s = *static_cast<dom_state*>(p);
  simdjson::dom::element root;
  if (s.parser.parse(in.data, in.size, false).get(root)) return -1;
  return dom_walk(root);
}

// parse_many over batches of batch bytes, with or without its worker thread
// (which runs stage 1 of the next batch while stage 2 walks this one).
long dom_ndjson_with(dom_state& s, input in, std::size_t batch, bool threaded) {
  s.parser.threaded = threaded;
  simdjson::dom::document_stream stream;
  if (s.parser.parse_many(in.data, in.size, batch).get(stream)) return -1;
  long n = 0;
  for (auto doc : stream) {
    if (doc.error()) return -1;
    ++n;
  }
  return n;
}

long dom_ndjson(void* p, input in) {
  return dom_ndjson_with(*static_cast<dom_state*>(p), in, simdjson::dom::DEFAULT_BATCH_SIZE, false);
}

// Threaded, in batches small enough that the corpus file (277 KB) makes
// several: with the default 1 MB batch it is one batch and no thread runs.
constexpr std::size_t threaded_batch = 64 * 1024;
long dom_ndjson_threaded(void* p, input in) {
  return dom_ndjson_with(*static_cast<dom_state*>(p), in, threaded_batch, true);
}
#endif  // JOT_BENCH_SIMDJSON_NATIVE

// The whole file loaded (padded_string::load), then On-Demand over the
// array: every member of every element visited and its value's type read.
// On-Demand checks only what is visited, so this validates less than a full
// parse; simdjson has no windowed reader for one array (parse_many takes
// whole documents, and here the file is one).
long stream_whole_file(const char* path) {
  simdjson::padded_string text;
  if (simdjson::padded_string::load(path).get(text)) return -1;
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document doc;
  if (parser.iterate(text).get(doc)) return -1;
  simdjson::ondemand::array elements;
  if (doc.get_array().get(elements)) return -1;
  long n = 0;
  for (auto element : elements) {
    simdjson::ondemand::object o;
    if (element.get_object().get(o)) return -1;
    for (auto field : o) {
      simdjson::ondemand::json_type t;
      if (field.value().type().get(t)) return -1;
    }
    ++n;
  }
  return n;
}

// ---- On-Demand ----
struct od_state {
  simdjson::ondemand::parser parser;
  builder out;  // typed_encode
};

void* od_create() { return new od_state; }
void od_destroy(void* p) { delete static_cast<od_state*>(p); }

// Returns hits, or -1 on any error.
int od_walk(simdjson::ondemand::value v) {
  simdjson::ondemand::json_type t;
  if (v.type().get(t)) return -1;
  switch (t) {
    case simdjson::ondemand::json_type::string: {
      std::string_view sv;
      if (v.get_string().get(sv)) return -1;
      return has_needle(sv) ? 1 : 0;
    }
    case simdjson::ondemand::json_type::array: {
      simdjson::ondemand::array a;
      if (v.get_array().get(a)) return -1;
      int h = 0;
      for (auto x : a) {
        simdjson::ondemand::value e;
        if (x.get(e)) return -1;
        int r = od_walk(e);
        if (r < 0) return -1;
        h += r;
      }
      return h;
    }
    case simdjson::ondemand::json_type::object: {
      simdjson::ondemand::object o;
      if (v.get_object().get(o)) return -1;
      int h = 0;
      for (auto f : o) {
        std::string_view k;
        simdjson::ondemand::value e;
        if (f.unescaped_key().get(k) || f.value().get(e)) return -1;
        int r = od_walk(e);
        if (r < 0) return -1;
        h += has_needle(k) + r;
      }
      return h;
    }
    case simdjson::ondemand::json_type::number: {
      double d;  // On-Demand validates a scalar only when it is read
      return v.get_double().get(d) ? -1 : 0;
    }
    case simdjson::ondemand::json_type::boolean: {
      bool b;
      return v.get_bool().get(b) ? -1 : 0;
    }
    case simdjson::ondemand::json_type::null: {
      bool n;
      return v.is_null().get(n) || !n ? -1 : 0;
    }
    default:  // 4.x adds json_type::unknown (not a valid value)
      return -1;
  }
}

int od_inspect(void* p, input in) {
  auto& s = *static_cast<od_state*>(p);
  simdjson::ondemand::document doc;
  if (s.parser.iterate(in.data, in.size, in.size + input::padding).get(doc)) return -1;
  simdjson::ondemand::value root;
  if (doc.get_value().get(root)) return -1;
  int r = od_walk(root);
  if (r < 0) return -1;
  return r;
}

// ---- typed: On-Demand, written by hand over schemas.h's field lists ----
// Objects are read field by field in document order, each key matched by
// comparing its text as written (escaped_key(): no unescaping, the same
// comparison simdjson's own obj["key"] makes) against the struct's keys;
// unknown keys are skipped by moving on to the next field. Every read returns
// false on any error: a wrong type, an out-of-range number, malformed JSON.

namespace od = simdjson::ondemand;

// Declared first: the templates below find each other by ordinary lookup.
bool read(od::value v, bool& out);
bool read(od::value v, double& out);
template <std::integral I>
bool read(od::value v, I& out);
bool read(od::value v, std::string& out);
bool read(od::value v, raw_text& out);
template <class T>
bool read(od::value v, std::optional<T>& out);
template <class T>
bool read(od::value v, std::vector<T>& out);
template <class T>
bool read(od::value v, std::map<std::string, T>& out);
template <has_fields T>
bool read(od::value v, T& out);

bool read(od::value v, bool& out) { return v.get_bool().get(out) == simdjson::SUCCESS; }
bool read(od::value v, double& out) { return v.get_double().get(out) == simdjson::SUCCESS; }

template <std::integral I>
bool read(od::value v, I& out) {
  if constexpr (std::is_signed_v<I>) {
    std::int64_t x;
    if (v.get_int64().get(x) || !std::in_range<I>(x)) return false;
    out = static_cast<I>(x);
  } else {
    std::uint64_t x;
    if (v.get_uint64().get(x) || !std::in_range<I>(x)) return false;
    out = static_cast<I>(x);
  }
  return true;
}

bool read(od::value v, std::string& out) {
  std::string_view sv;
  if (v.get_string().get(sv)) return false;
  out.assign(sv.data(), sv.size());
  return true;
}

// raw_json() is the value's text in the input (for a scalar it may carry the
// whitespace that follows it, which is trimmed).
bool read(od::value v, raw_text& out) {
  std::string_view sv;
  if (v.raw_json().get(sv)) return false;
  while (!sv.empty() && (sv.back() == ' ' || sv.back() == '\n' || sv.back() == '\r' || sv.back() == '\t'))
    sv.remove_suffix(1);
  out.json.assign(sv.data(), sv.size());
  return true;
}

template <class T>
bool read(od::value v, std::optional<T>& out) {
  bool null;
  if (v.is_null().get(null)) return false;
  if (null) {
    out.reset();
    return true;
  }
  if (!out) out.emplace();
  return read(v, *out);
}

// Elements already in out are decoded in place, so a reused vector keeps
// their strings' capacity.
template <class T>
bool read(od::value v, std::vector<T>& out) {
  od::array a;
  if (v.get_array().get(a)) return false;
  std::size_t n = 0;
  for (auto e : a) {
    od::value x;
    if (e.get(x)) return false;
    if (n == out.size()) out.emplace_back();
    if (!read(x, out[n++])) return false;
  }
  out.resize(n);
  return true;
}

template <class T>
bool read(od::value v, std::map<std::string, T>& out) {
  od::object o;
  if (v.get_object().get(o)) return false;
  out.clear();
  for (auto f : o) {
    std::string_view key;
    od::value x;
    if (f.unescaped_key().get(key) || f.value().get(x) || !read(x, out[std::string(key)])) return false;
  }
  return true;
}

template <has_fields T>
bool read(od::value v, T& out) {
  od::object o;
  if (v.get_object().get(o)) return false;
  for (auto f : o) {
    std::string_view key;
    od::value x;
    if (f.escaped_key().get(key) || f.value().get(x)) return false;
    bool ok = true;
    visit_field(out, key, [&](auto& member) { ok = read(x, member); });
    if (!ok) return false;
  }
  return true;
}

template <class T>
bool od_decode(void* p, input in, T& out) {
  auto& s = *static_cast<od_state*>(p);
  od::document doc;
  od::value root;
  if (s.parser.iterate(in.data, in.size, in.size + input::padding).get(doc) || doc.get_value().get(root))
    return false;
  return read(root, out) && doc.at_end();
}

// NDJSON rows: iterate_many over the whole input (simdjson's NDJSON
// answer; one thread: `threaded` off, one batch of the default 1 MB), each
// document an array read element by element into the row's tuple.
template <std::size_t... I>
bool read_row(od::array a, product_row& row, std::index_sequence<I...>) {
  std::size_t i = 0;
  for (auto e : a) {
    od::value x;
    if (e.get(x)) return false;
    bool ok = false;
    (void)((i == I && (ok = read(x, std::get<I>(row)), true)) || ...);
    if (!ok) return false;
    ++i;
  }
  return i == sizeof...(I);
}

bool od_rows(void* p, input in, product_rows& out) {
  auto& s = *static_cast<od_state*>(p);
  s.parser.threaded = false;
  od::document_stream docs;
  if (s.parser.iterate_many(simdjson::padded_string_view(in.data, in.size, in.size + input::padding)).get(docs))
    return false;
  std::size_t n = 0;
  for (auto doc : docs) {
    od::array a;
    if (doc.get_array().get(a)) return false;
    if (n == out.size()) out.emplace_back();
    if (!read_row(a, out[n++], std::make_index_sequence<std::tuple_size_v<product_row>>{})) return false;
  }
  if (docs.truncated_bytes() != 0) return false;
  out.resize(n);
  return true;
}

template <class T>
std::string_view od_encode(void* p, const T& v) {
  auto& s = *static_cast<od_state*>(p);
  s.out.clear();  // keeps the buffer (unlike the DOM's string_builder above)
  s.out.append(v);
  std::string_view text;
  return s.out.view().get(text) ? std::string_view() : text;
}

#ifndef JOT_BENCH_SIMDJSON_NATIVE
// build: the string_builder call by call, keys given at compile time
// (append_key_value<"key">), strings as views (the builder takes values by copy).
std::string_view od_build(void* p, const tw_data& in) {
  auto& s = *static_cast<od_state*>(p);
  builder& b = s.out;
  b.clear();
  b.start_object();
  b.escape_and_append_with_quotes<"statuses">();
  b.append_colon();
  b.start_array();
  bool first = true;
  for (const tw_status& t : in.statuses) {
    const tw_user& u = t.user;
    if (!first) b.append_comma();
    first = false;
    b.start_object();
    b.append_key_value<"created_at">(std::string_view(t.created_at));
    b.append_comma();
    b.append_key_value<"id">(t.id);
    b.append_comma();
    b.append_key_value<"text">(std::string_view(t.text));
    b.append_comma();
    b.escape_and_append_with_quotes<"user">();
    b.append_colon();
    b.start_object();
    b.append_key_value<"id">(u.id);
    b.append_comma();
    b.append_key_value<"name">(std::string_view(u.name));
    b.append_comma();
    b.append_key_value<"screen_name">(std::string_view(u.screen_name));
    b.append_comma();
    b.append_key_value<"location">(std::string_view(u.location));
    b.append_comma();
    b.append_key_value<"description">(std::string_view(u.description));
    b.append_comma();
    b.append_key_value<"verified">(u.verified);
    b.append_comma();
    b.append_key_value<"followers_count">(u.followers_count);
    b.append_comma();
    b.append_key_value<"friends_count">(u.friends_count);
    b.append_comma();
    b.append_key_value<"statuses_count">(u.statuses_count);
    b.end_object();
    b.append_comma();
    b.append_key_value<"retweet_count">(t.retweet_count);
    b.append_comma();
    b.append_key_value<"favorite_count">(t.favorite_count);
    b.end_object();
  }
  b.end_array();
  b.end_object();
  std::string_view text;
  return b.view().get(text) ? std::string_view() : text;
}
#endif  // JOT_BENCH_SIMDJSON_NATIVE

// The native rows decode only: their point is On-Demand's stage 2, and the
// string_builder's rows stay the portable build's.
template <class T>
typed_codec<T> od_codec() {
#ifdef JOT_BENCH_SIMDJSON_NATIVE
  return {od_decode<T>, nullptr, nullptr};
#else
  return {od_decode<T>, od_encode<T>, nullptr};
#endif
}

// The version from the numeric constants: SIMDJSON_VERSION is a string
// literal in 4.x but a bare token in 3.x, so stringizing it is wrong in one.
const char* version() {
  static const std::string v = std::to_string(simdjson::SIMDJSON_VERSION_MAJOR) + "." +
                               std::to_string(simdjson::SIMDJSON_VERSION_MINOR) + "." +
                               std::to_string(simdjson::SIMDJSON_VERSION_REVISION);
  return v.c_str();
}

// Which kernel each stage really runs, since the two APIs differ: the DOM
// parser runs both stages in the implementation chosen at run time (the best
// the CPU has, or SIMDJSON_FORCE_IMPLEMENTATION); On-Demand runs stage 1 in
// that same implementation but its stage 2 is inlined into this file and so
// compiled for this translation unit's flags (x86-64 baseline: "fallback";
// -march=native on an AVX-512 machine: "icelake").
const char* od_note() {
  static const std::string note = std::string("stage 1: ") + simdjson::get_active_implementation()->name() +
                                  " (chosen at run time); stage 2: " + simdjson::builtin_implementation()->name() +
                                  " (fixed by the compile flags)";
  return note.c_str();
}

library on_demand(const char* variant) {
  library o;
  o.name = "simdjson";
  o.version = version();
  o.variant = variant;
  o.note = od_note();
  o.create = od_create;
  o.destroy = od_destroy;
  o.inspect = od_inspect;
  set_typed_codecs(o, []<class T>() { return od_codec<T>(); });
#if !defined(JOT_BENCH_TYPED_SCHEMAS)
  o.ndjson_rows.decode = od_rows;
#endif
  return o;
}

}  // namespace

#ifdef JOT_BENCH_SIMDJSON_NATIVE
// The one symbol the shared object exports (simdjson_native.map); C linkage,
// so that the version script names it the same with every standard library.
extern "C" __attribute__((visibility("default"))) void jot_bench_register_simdjson_native(registry& r) {
  library o = on_demand("On-Demand -march=native");
  o.stream = stream_whole_file;
  o.stream_variant = "On-Demand -march=native, whole file loaded";
  r.push_back(o);
}
#else
void register_simdjson(registry& r) {
  static const std::string dom_note =
      std::string("both stages: ") + simdjson::get_active_implementation()->name() + " (chosen at run time)";
  library d;
  d.name = "simdjson";
  d.version = version();
  d.variant = "DOM";
  d.note = dom_note.c_str();
  d.create = dom_create;
  d.destroy = dom_destroy;
  d.parse = dom_parse;
  d.load = dom_parse;
  d.serialize = dom_serialize;
  d.inspect = dom_inspect;
  d.ndjson = dom_ndjson;
  d.stream = stream_whole_file;
  d.stream_variant = "On-Demand, whole file loaded";
  r.push_back(d);

  library t;
  t.name = "simdjson";
  t.version = version();
  t.variant = "DOM, parse_many threaded (64 KB batches)";
  t.note = dom_note.c_str();
  t.create = dom_create;
  t.destroy = dom_destroy;
  t.ndjson = dom_ndjson_threaded;
  r.push_back(t);

  library o = on_demand("On-Demand");
  o.encode_variant = "string_builder, reused";
  o.build = od_build;
  o.build_variant = "string_builder, reused";
  r.push_back(o);
}
#endif

}  // namespace jot_bench
