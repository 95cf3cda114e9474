// glaze (6.4.0, header-only; this translation unit alone is compiled as C++23
// by bench/CMakeLists.txt). The DOM is glz::generic_json<glz::num_mode::u64>:
// glaze's default glz::json_t keeps every number as a double, which rounds
// integers above 2^53, so its round trip would not compare like with like.
// Typed decode/encode goes through glaze's pure reflection of the aggregates
// in schemas.h, skipping unknown keys; OpenRTB's raw ext through
// glz::raw_json_view's reader and writer (below). The runner's
// input is followed by zero bytes, which glaze's default (null-terminated)
// reader relies on.
#include <glaze/glaze.hpp>

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "../runner/bench.h"

// raw_text (schemas.h) is read and written as glaze's own raw JSON value:
// the reader captures the value's exact text, the writer copies it verbatim.
namespace glz {
template <>
struct from<JSON, jot_bench::raw_text> {
  template <auto Opts>
  static void op(auto&& value, is_context auto&& ctx, auto&& it, auto end) {
    raw_json_view raw;
    from<JSON, raw_json_view>::template op<Opts>(raw, ctx, it, end);
    if (!bool(ctx.error)) value.json.assign(raw.str.data(), raw.str.size());
  }
};
template <>
struct to<JSON, jot_bench::raw_text> {
  template <auto Opts, class B>
  static void op(auto&& value, is_context auto&& ctx, B&& b, auto&& ix) {
    to<JSON, raw_json_view>::template op<Opts>(raw_json_view{std::string_view(value.json)}, ctx, b, ix);
  }
};
}  // namespace glz

namespace jot_bench {
namespace {

using dom = glz::generic_json<glz::num_mode::u64>;

struct gl_state {
  dom doc;
  std::string out;
};

void* create() { return new gl_state; }
void destroy(void* p) { delete static_cast<gl_state*>(p); }

bool parse(void* p, input in) {
  auto& s = *static_cast<gl_state*>(p);
  return !glz::read_json(s.doc, in.view());
}

std::string_view serialize(void* p) {
  auto& s = *static_cast<gl_state*>(p);
  s.out.clear();
  if (glz::write_json(s.doc, s.out)) return {};
  return s.out;
}

int walk(const dom& v) {
  if (const auto* str = std::get_if<std::string>(&v.data)) return has_needle(*str) ? 1 : 0;
  int h = 0;
  if (const auto* a = std::get_if<dom::array_t>(&v.data)) {
    for (const dom& e : *a) h += walk(e);
  } else if (const auto* o = std::get_if<dom::object_t>(&v.data)) {
    for (const auto& [k, e] : *o) h += has_needle(k) + walk(e);
  }
  return h;
}

int inspect(void* p, input in) {
  auto& s = *static_cast<gl_state*>(p);
  if (glz::read_json(s.doc, in.view())) return -1;
  return walk(s.doc);
}

// A line is followed by the next one, not by a zero byte, so it is read with
// null_terminated off (glaze then checks the end of the buffer itself).
constexpr glz::opts line_opts{.null_terminated = false};

long ndjson(void* p, input in) {
  auto& s = *static_cast<gl_state*>(p);
  return for_each_line(in, [&](const char* line, std::size_t size) {
    return !glz::read<line_opts>(s.doc, std::string_view(line, size));
  });
}

// build: a generic_json (u64 numbers, as above) filled with operator[], then
// written into the reused string. Its objects are std::maps, so keys come out
// sorted. (Writing the tw_data struct itself is the typed_encode row.)
std::string_view build(void* p, const tw_data& in) {
  auto& s = *static_cast<gl_state*>(p);
  dom j;
  dom::array_t& statuses = (j["statuses"] = dom::array_t{}).get_array();
  statuses.reserve(in.statuses.size());
  for (const tw_status& t : in.statuses) {
    const tw_user& u = t.user;
    dom& st = statuses.emplace_back();
    st["created_at"] = t.created_at;
    st["id"] = t.id;
    st["text"] = t.text;
    dom& us = st["user"];
    us["id"] = u.id;
    us["name"] = u.name;
    us["screen_name"] = u.screen_name;
    us["location"] = u.location;
    us["description"] = u.description;
    us["verified"] = u.verified;
    us["followers_count"] = u.followers_count;
    us["friends_count"] = u.friends_count;
    us["statuses_count"] = u.statuses_count;
    st["retweet_count"] = t.retweet_count;
    st["favorite_count"] = t.favorite_count;
  }
  s.out.clear();
  if (glz::write_json(j, s.out)) return {};
  return s.out;
}

// Typed rows: glaze's reflection of the structs in schemas.h. Unknown keys
// are skipped; empty optionals are written as null (glaze skips null members
// by default), which is what every typed encoder of the benchmark writes.
constexpr glz::opts typed_read{.error_on_unknown_keys = false};
constexpr glz::opts typed_write{.skip_null_members = false};

template <class T>
bool decode(void*, input in, T& out) {
  return !glz::read<typed_read>(out, in.view());
}

template <class T>
std::string_view encode(void* p, const T& v) {
  auto& s = *static_cast<gl_state*>(p);
  s.out.clear();
  if (glz::write<typed_write>(v, s.out)) return {};
  return s.out;
}

// NDJSON rows: glaze's own NDJSON reader (rows already in out are reused),
// each line's array read into the row's tuple.
bool decode_rows(void*, input in, product_rows& out) {
  return !glz::read_ndjson(out, in.view());
}

template <class T>
typed_codec<T> codec() {
  return {decode<T>, encode<T>, nullptr};
}

}  // namespace

void register_glaze(registry& r) {
  // glaze has no version macro; glz::version (version.hpp) holds the numbers.
  static const std::string version = std::to_string(glz::version.major) + "." + std::to_string(glz::version.minor) +
                                     "." + std::to_string(glz::version.patch);
  library l;
  l.name = "glaze";
  l.version = version.c_str();
  l.variant = "generic_json u64";
  l.note = "numbers kept as uint64/int64/double; the default f64 mode is faster but rounds integers above 2^53";
  l.create = create;
  l.destroy = destroy;
  l.parse = parse;
  l.load = parse;
  l.serialize = serialize;
  l.inspect = inspect;
  l.ndjson = ndjson;
  l.build = build;
  l.build_variant = "generic_json u64, operator[]";
  r.push_back(l);

  // The typed rows are one variant of their own, so that the DOM variant's
  // name does not describe them.
  library typed;
  typed.name = "glaze";
  typed.version = version.c_str();
  typed.create = create;
  typed.destroy = destroy;
  set_typed_codecs(typed, []<class T>() { return codec<T>(); });
#if !defined(JOT_BENCH_TYPED_SCHEMAS)
  typed.ndjson_rows.decode = decode_rows;
#endif
  r.push_back(typed);
}

}  // namespace jot_bench
