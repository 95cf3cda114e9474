// Boost.JSON, compiled header-only into this translation unit (boost/json/src.hpp)
// so it gets the same flags as every other library. One boost::json::parser per
// thread, values in a monotonic_resource over a reused buffer (regrown once to
// what the input needs), output through a reused serializer and string.
//
// Typed rows go through Boost.JSON's conversion API: parse as above, then
// try_value_to<T>() (no exceptions); value_from() into the same kind of reused
// monotonic buffer, then the serializer. Both find the tag_invoke overloads
// below, one pair serving every struct of schemas.h from its field list
// (unknown keys ignored, missing ones keep their value). Boost.JSON has no raw
// value: OpenRTB's ext is kept as serialize() of the parsed value (equal as
// JSON to the input's text, not byte for byte) and written by parsing it back.
#include <boost/json/src.hpp>
#include <boost/version.hpp>

#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "../runner/bench.h"

namespace jot_bench {

namespace bj = boost::json;

// Found by argument-dependent lookup, so in the namespace of the schema types.
template <has_fields T>
bj::result<T> tag_invoke(bj::try_value_to_tag<T>, const bj::value& jv) {
  const bj::object* o = jv.if_object();
  if (!o) return make_error_code(bj::error::not_object);
  T v;
  bj::error_code ec;
  for_each_field(v, [&](std::string_view key, auto& member) {
    const bj::value* e = ec ? nullptr : o->if_contains(key);
    if (!e) return;
    auto r = bj::try_value_to<std::remove_cvref_t<decltype(member)>>(*e);
    if (r) member = std::move(*r);
    else ec = r.error();
  });
  if (ec) return ec;
  return v;
}

template <has_fields T>
void tag_invoke(bj::value_from_tag, bj::value& jv, const T& v) {
  bj::object& o = jv.emplace_object();
  for_each_field(v, [&](std::string_view key, const auto& member) {
    o.emplace(key, bj::value_from(member, o.storage()));
  });
}

inline bj::result<raw_text> tag_invoke(bj::try_value_to_tag<raw_text>, const bj::value& jv) {
  return raw_text{bj::serialize(jv)};
}

inline void tag_invoke(bj::value_from_tag, bj::value& jv, const raw_text& v) { jv = bj::parse(v.json, jv.storage()); }

namespace {

struct bj_state {
  std::vector<unsigned char> buf = std::vector<unsigned char>(4096);
  std::optional<bj::monotonic_resource> mr;
  bj::parser parser;
  std::optional<bj::value> doc;  // emplaced: move-assigning a value copies it into the target's storage
  bj::serializer ser;
  std::string out;
  std::size_t used_hint = 0;

  // Drops doc and empties the monotonic_resource, first regrowing its buffer
  // when the last use wanted more.
  bj::storage_ptr fresh_storage() {
    doc.reset();
    if (!mr || used_hint > buf.size()) {
      if (used_hint > buf.size()) buf.resize(used_hint + used_hint / 4);
      mr.reset();
      mr.emplace(buf.data(), buf.size());
    } else {
      mr->release();
    }
    return bj::storage_ptr(&*mr);
  }

  bool parse(const char* p, std::size_t n) {
    parser.reset(fresh_storage());
    bj::error_code ec;
    parser.write(p, n, ec);
    if (ec) return false;
    doc.emplace(parser.release());
    // monotonic_resource does not say how much it used; regrow by doubling
    // until a parse fits in the buffer (then it stops allocating).
    if (n * 8 > buf.size() && used_hint < n * 8) used_hint = n * 8;
    return true;
  }
};

void* create() { return new bj_state; }
void destroy(void* p) { delete static_cast<bj_state*>(p); }

bool parse(void* p, input in) { return static_cast<bj_state*>(p)->parse(in.data, in.size); }

std::string_view serialize(void* p) {
  auto& s = *static_cast<bj_state*>(p);
  s.ser.reset(&*s.doc);
  std::size_t n = 0;
  while (!s.ser.done()) {
    if (s.out.size() - n < 4096) s.out.resize(s.out.size() * 2 + 4096);
    n += s.ser.read(s.out.data() + n, s.out.size() - n).size();
  }
  return {s.out.data(), n};
}

template <class T>
bool decode(void* p, input in, T& out) {
  auto& s = *static_cast<bj_state*>(p);
  if (!s.parse(in.data, in.size)) return false;
  auto r = bj::try_value_to<T>(*s.doc);
  if (!r) return false;
  out = std::move(*r);
  return true;
}

template <class T>
std::string_view encode(void* p, const T& v) {
  auto& s = *static_cast<bj_state*>(p);
  s.doc.emplace(bj::value_from(v, s.fresh_storage()));
  std::string_view text = serialize(p);
  if (s.used_hint < text.size() * 8) s.used_hint = text.size() * 8;  // as parse(): regrow until it fits
  return text;
}

template <class T>
typed_codec<T> codec() {
  return {decode<T>, encode<T>, nullptr};
}

// build: a boost::json::object filled with operator[] in the reused
// monotonic buffer (every value takes its container's storage), then the
// reused serializer.
std::string_view build(void* p, const tw_data& in) {
  auto& s = *static_cast<bj_state*>(p);
  bj::object& root = s.doc.emplace(bj::object_kind, s.fresh_storage()).get_object();
  bj::array& statuses = root["statuses"].emplace_array();
  for (const tw_status& t : in.statuses) {
    const tw_user& u = t.user;
    bj::object& st = statuses.emplace_back(bj::object_kind).get_object();
    st["created_at"] = std::string_view(t.created_at);
    st["id"] = t.id;
    st["text"] = std::string_view(t.text);
    bj::object& us = st["user"].emplace_object();
    us["id"] = u.id;
    us["name"] = std::string_view(u.name);
    us["screen_name"] = std::string_view(u.screen_name);
    us["location"] = std::string_view(u.location);
    us["description"] = std::string_view(u.description);
    us["verified"] = u.verified;
    us["followers_count"] = u.followers_count;
    us["friends_count"] = u.friends_count;
    us["statuses_count"] = u.statuses_count;
    st["retweet_count"] = t.retweet_count;
    st["favorite_count"] = t.favorite_count;
  }
  std::string_view text = serialize(p);
  if (s.used_hint < text.size() * 8) s.used_hint = text.size() * 8;  // as encode()
  return text;
}

int walk(const bj::value& v) {
  switch (v.kind()) {
    case bj::kind::string: {
      const bj::string& str = v.get_string();
      return has_needle({str.data(), str.size()}) ? 1 : 0;
    }
    case bj::kind::array: {
      int h = 0;
      for (const bj::value& e : v.get_array()) h += walk(e);
      return h;
    }
    case bj::kind::object: {
      int h = 0;
      for (const bj::key_value_pair& kv : v.get_object()) h += has_needle(kv.key()) + walk(kv.value());
      return h;
    }
    default: return 0;
  }
}

int inspect(void* p, input in) {
  auto& s = *static_cast<bj_state*>(p);
  if (!s.parse(in.data, in.size)) return -1;
  return walk(*s.doc);
}

long ndjson(void* p, input in) {
  auto& s = *static_cast<bj_state*>(p);
  return for_each_line(in, [&](const char* line, std::size_t size) { return static_cast<bool>(s.parse(line, size)); });
}

// "1.81.0" from BOOST_VERSION (108100); assumes a two-digit minor and one-digit patch.
constexpr char version[] = {char('0' + BOOST_VERSION / 100000), '.',
                            char('0' + BOOST_VERSION / 100 % 1000 / 10), char('0' + BOOST_VERSION / 100 % 10),
                            '.', char('0' + BOOST_VERSION % 100 % 10), 0};

}  // namespace

void register_boost_json(registry& r) {
  library l;
  l.name = "Boost.JSON";
  l.version = version;
  l.create = create;
  l.destroy = destroy;
  l.parse = parse;
  l.load = parse;
  l.serialize = serialize;
  l.inspect = inspect;
  l.ndjson = ndjson;
  l.build = build;
  l.build_variant = "object, reused buffers";
  r.push_back(l);

  library t;
  t.name = "Boost.JSON";
  t.version = version;
  t.variant = "value_to";
  t.create = create;
  t.destroy = destroy;
  set_typed_codecs(t, []<class T>() { return codec<T>(); });
  t.encode_variant = "value_from, reused buffers";
  r.push_back(t);
}

}  // namespace jot_bench
