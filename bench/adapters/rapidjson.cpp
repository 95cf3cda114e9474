// RapidJSON: one Document per thread whose values live in a MemoryPoolAllocator
// over a user buffer, and whose parse stack lives in a second pool; the buffer
// is regrown once to the size the input needs, then every parse reuses it
// without allocating ("user buffers"). Default parse flags (RapidJSON's fast,
// not always exact, double parsing: the serializer check reports it). Typed
// rows: a hand-written walk of that DOM and the Writer (below).
#include <rapidjson/document.h>
#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <concepts>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../runner/bench.h"

namespace jot_bench {
namespace {

using pool_t = rapidjson::MemoryPoolAllocator<>;
using doc_t = rapidjson::GenericDocument<rapidjson::UTF8<>, pool_t, pool_t>;

struct rj_state {
  std::vector<char> buf = std::vector<char>(4096);
  pool_t stack_pool;  // the parse stack: cleared, never freed, between parses
  std::optional<pool_t> pool;
  std::optional<doc_t> doc;
  bool grow = true;
  rapidjson::StringBuffer out;
  rapidjson::Writer<rapidjson::StringBuffer> writer;

  // Makes doc empty, its memory reset; regrows the user buffer when the last
  // parse overflowed it.
  doc_t& fresh() {
    if (grow || !doc) {
      std::size_t need = pool ? pool->Capacity() : 0;
      doc.reset();
      pool.reset();  // before buf moves: the pool writes to its user buffer when cleared
      if (need > buf.size()) buf.resize(need + need / 4);
      pool.emplace(buf.data(), buf.size());
      doc.emplace(&*pool, 1024, &stack_pool);
      grow = false;
    } else {
      doc->SetNull();
      pool->Clear();
    }
    return *doc;
  }
  bool parse(const char* p, std::size_t n) {
    doc_t& d = fresh();
    d.Parse(p, n);
    if (pool->Capacity() > buf.size()) grow = true;
    return !d.HasParseError();
  }
};

void* create() { return new rj_state; }
void destroy(void* p) { delete static_cast<rj_state*>(p); }

bool parse(void* p, input in) { return static_cast<rj_state*>(p)->parse(in.data, in.size); }

std::string_view serialize(void* p) {
  auto& s = *static_cast<rj_state*>(p);
  s.out.Clear();
  s.writer.Reset(s.out);
  s.doc->Accept(s.writer);
  return {s.out.GetString(), s.out.GetSize()};
}

int walk(const rapidjson::Value& v) {
  if (v.IsString()) return has_needle({v.GetString(), v.GetStringLength()}) ? 1 : 0;
  int h = 0;
  if (v.IsArray()) {
    for (const auto& e : v.GetArray()) h += walk(e);
  } else if (v.IsObject()) {
    for (const auto& m : v.GetObject())
      h += has_needle({m.name.GetString(), m.name.GetStringLength()}) + walk(m.value);
  }
  return h;
}

int inspect(void* p, input in) {
  auto& s = *static_cast<rj_state*>(p);
  if (!s.parse(in.data, in.size)) return -1;
  return walk(*s.doc);
}

long ndjson(void* p, input in) {
  auto& s = *static_cast<rj_state*>(p);
  return for_each_line(in, [&](const char* line, std::size_t size) { return static_cast<bool>(s.parse(line, size)); });
}

// ---- typed: a DOM walk and the Writer, written by hand over schemas.h's field lists ----
// Typed decodes parse with kParseFullPrecisionFlag: the default flags round
// some doubles, and the runner compares decoded values exactly.

constexpr unsigned typed_flags = rapidjson::kParseFullPrecisionFlag;
using value_t = doc_t::ValueType;
using reader_t = rapidjson::GenericReader<rapidjson::UTF8<>, rapidjson::UTF8<>, pool_t>;
using stream_t = rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream>;

// RapidJSON's DOM keeps no source positions, so OpenRTB's raw ext cannot be
// read back from it. This SAX filter sits between the reader and the
// Document (RapidJSON's Populate): the value of every "ext" key reaches the
// DOM as a string holding that value's exact text, a view of the input (the
// reader still validates it), so the walk below reads it like any string.
struct raw_ext_filter {
  doc_t& doc;
  const stream_t& in;  // Tell(): the offset just past what the reader consumed
  const char* text;
  int depth = 0;  // > 0: inside an ext value, whose events are dropped
  bool next_is_ext = false;
  std::size_t start = 0;  // where the ext value begins

  bool emit_raw() {
    return doc.String(text + start, static_cast<rapidjson::SizeType>(in.Tell() - start), /*copy=*/false);
  }
  template <class Forward>
  bool scalar(Forward&& forward) {
    if (depth > 0) return true;
    if (!next_is_ext) return forward();
    next_is_ext = false;
    return emit_raw();
  }
  template <class Forward>
  bool open(Forward&& forward) {
    if (depth > 0 || next_is_ext) {
      next_is_ext = false;
      ++depth;
      return true;
    }
    return forward();
  }
  template <class Forward>
  bool close(Forward&& forward) {
    if (depth == 0) return forward();
    return --depth > 0 || emit_raw();
  }

  bool Null() { return scalar([&] { return doc.Null(); }); }
  bool Bool(bool b) { return scalar([&] { return doc.Bool(b); }); }
  bool Int(int i) { return scalar([&] { return doc.Int(i); }); }
  bool Uint(unsigned u) { return scalar([&] { return doc.Uint(u); }); }
  bool Int64(std::int64_t i) { return scalar([&] { return doc.Int64(i); }); }
  bool Uint64(std::uint64_t u) { return scalar([&] { return doc.Uint64(u); }); }
  bool Double(double d) { return scalar([&] { return doc.Double(d); }); }
  bool RawNumber(const char* str, rapidjson::SizeType n, bool copy) {
    return scalar([&] { return doc.RawNumber(str, n, copy); });
  }
  bool String(const char* str, rapidjson::SizeType n, bool copy) {
    return scalar([&] { return doc.String(str, n, copy); });
  }
  bool StartObject() { return open([&] { return doc.StartObject(); }); }
  bool StartArray() { return open([&] { return doc.StartArray(); }); }
  bool EndObject(rapidjson::SizeType n) { return close([&] { return doc.EndObject(n); }); }
  bool EndArray(rapidjson::SizeType n) { return close([&] { return doc.EndArray(n); }); }
  // Called just past the key's closing quote: the value starts after the colon.
  bool Key(const char* str, rapidjson::SizeType n, bool copy) {
    if (depth > 0) return true;
    next_is_ext = n == 3 && std::memcmp(str, "ext", 3) == 0;
    if (next_is_ext) {
      start = in.Tell();
      while (text[start] == ' ' || text[start] == '\n' || text[start] == '\r' || text[start] == '\t' ||
             text[start] == ':')
        ++start;
    }
    return doc.Key(str, n, copy);
  }
};

struct rj_typed_state : rj_state {
  reader_t reader{&stack_pool};  // kept: its stack is cleared, not freed, between parses

  template <bool raw_ext>
  bool parse_typed(input in) {
    doc_t& d = fresh();
    bool ok;
    if constexpr (raw_ext) {
      rapidjson::MemoryStream ms(in.data, in.size);
      stream_t is(ms);
      ok = false;
      auto populate = [&](doc_t& target) {
        raw_ext_filter filter{target, is, in.data};
        return ok = !reader.Parse<typed_flags>(is, filter).IsError();
      };
      d.Populate(populate);
    } else {
      ok = !d.Parse<typed_flags>(in.data, in.size).HasParseError();
    }
    if (pool->Capacity() > buf.size()) grow = true;
    return ok;
  }
};

// Declared first: the templates below find each other by ordinary lookup.
bool read(const value_t& v, bool& out);
bool read(const value_t& v, double& out);
template <std::integral I>
bool read(const value_t& v, I& out);
bool read(const value_t& v, std::string& out);
bool read(const value_t& v, raw_text& out);
template <class T>
bool read(const value_t& v, std::optional<T>& out);
template <class T>
bool read(const value_t& v, std::vector<T>& out);
template <class T>
bool read(const value_t& v, std::map<std::string, T>& out);
template <has_fields T>
bool read(const value_t& v, T& out);

bool read(const value_t& v, bool& out) {
  if (!v.IsBool()) return false;
  out = v.GetBool();
  return true;
}
bool read(const value_t& v, double& out) {
  if (!v.IsNumber()) return false;
  out = v.GetDouble();
  return true;
}
template <std::integral I>
bool read(const value_t& v, I& out) {
  if constexpr (std::is_signed_v<I>) {
    if (!v.IsInt64() || !std::in_range<I>(v.GetInt64())) return false;
    out = static_cast<I>(v.GetInt64());
  } else {
    if (!v.IsUint64() || !std::in_range<I>(v.GetUint64())) return false;
    out = static_cast<I>(v.GetUint64());
  }
  return true;
}
bool read(const value_t& v, std::string& out) {
  if (!v.IsString()) return false;
  out.assign(v.GetString(), v.GetStringLength());
  return true;
}
bool read(const value_t& v, raw_text& out) { return read(v, out.json); }  // raw_ext_filter made it a string
template <class T>
bool read(const value_t& v, std::optional<T>& out) {
  if (v.IsNull()) {
    out.reset();
    return true;
  }
  if (!out) out.emplace();
  return read(v, *out);
}
// Elements already in out are decoded in place (a reused vector keeps their capacity).
template <class T>
bool read(const value_t& v, std::vector<T>& out) {
  if (!v.IsArray()) return false;
  out.resize(v.Size());
  std::size_t n = 0;
  for (const value_t& e : v.GetArray())
    if (!read(e, out[n++])) return false;
  return true;
}
template <class T>
bool read(const value_t& v, std::map<std::string, T>& out) {
  if (!v.IsObject()) return false;
  out.clear();
  for (const auto& m : v.GetObject())
    if (!read(m.value, out[std::string(m.name.GetString(), m.name.GetStringLength())])) return false;
  return true;
}
// Members in document order, each key matched against the struct's; unknown ones skipped.
template <has_fields T>
bool read(const value_t& v, T& out) {
  if (!v.IsObject()) return false;
  for (const auto& m : v.GetObject()) {
    bool ok = true;
    visit_field(out, std::string_view(m.name.GetString(), m.name.GetStringLength()),
                [&](auto& member) { ok = read(m.value, member); });
    if (!ok) return false;
  }
  return true;
}

using writer_t = rapidjson::Writer<rapidjson::StringBuffer>;

void write(writer_t& w, bool v) { w.Bool(v); }
void write(writer_t& w, double v) { w.Double(v); }
template <std::integral I>
void write(writer_t& w, I v) {
  if constexpr (std::is_signed_v<I>) w.Int64(v);
  else w.Uint64(v);
}
void write(writer_t& w, const std::string& v) { w.String(v.data(), static_cast<rapidjson::SizeType>(v.size())); }
void write(writer_t& w, const raw_text& v) { w.RawValue(v.json.data(), v.json.size(), rapidjson::kObjectType); }
template <class T>
void write(writer_t& w, const std::optional<T>& v);
template <class T>
void write(writer_t& w, const std::vector<T>& v);
template <class T>
void write(writer_t& w, const std::map<std::string, T>& v);
template <has_fields T>
void write(writer_t& w, const T& v);

template <class T>
void write(writer_t& w, const std::optional<T>& v) {
  if (v) write(w, *v);
  else w.Null();
}
template <class T>
void write(writer_t& w, const std::vector<T>& v) {
  w.StartArray();
  for (const T& e : v) write(w, e);
  w.EndArray();
}
template <class T>
void write(writer_t& w, const std::map<std::string, T>& v) {
  w.StartObject();
  for (const auto& [key, e] : v) {
    w.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
    write(w, e);
  }
  w.EndObject();
}
template <has_fields T>
void write(writer_t& w, const T& v) {
  w.StartObject();
  for_each_field(v, [&](std::string_view key, const auto& member) {
    w.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
    write(w, member);
  });
  w.EndObject();
}

void* typed_create() { return new rj_typed_state; }
void typed_destroy(void* p) { delete static_cast<rj_typed_state*>(p); }

template <class T>
bool decode(void* p, input in, T& out) {
  auto& s = *static_cast<rj_typed_state*>(p);
  return s.parse_typed<std::is_same_v<T, rtb_bid_request>>(in) && read(*s.doc, out);
}

template <class T>
std::string_view encode(void* p, const T& v) {
  auto& s = *static_cast<rj_typed_state*>(p);
  s.out.Clear();
  s.writer.Reset(s.out);
  write(s.writer, v);
  return {s.out.GetString(), s.out.GetSize()};
}

template <class T>
typed_codec<T> codec() {
  return {decode<T>, encode<T>, nullptr};
}

// build: the Writer on the reused StringBuffer, call by call.
std::string_view build(void* p, const tw_data& in) {
  auto& s = *static_cast<rj_state*>(p);
  s.out.Clear();
  writer_t& w = s.writer;
  w.Reset(s.out);
  auto key = [&](std::string_view k) { w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size())); };
  auto str = [&](const std::string& v) { w.String(v.data(), static_cast<rapidjson::SizeType>(v.size())); };
  w.StartObject();
  key("statuses");
  w.StartArray();
  for (const tw_status& t : in.statuses) {
    const tw_user& u = t.user;
    w.StartObject();
    key("created_at"), str(t.created_at);
    key("id"), w.Uint64(t.id);
    key("text"), str(t.text);
    key("user"), w.StartObject();
    key("id"), w.Uint64(u.id);
    key("name"), str(u.name);
    key("screen_name"), str(u.screen_name);
    key("location"), str(u.location);
    key("description"), str(u.description);
    key("verified"), w.Bool(u.verified);
    key("followers_count"), w.Uint64(u.followers_count);
    key("friends_count"), w.Uint64(u.friends_count);
    key("statuses_count"), w.Uint64(u.statuses_count);
    w.EndObject();
    key("retweet_count"), w.Uint64(t.retweet_count);
    key("favorite_count"), w.Uint64(t.favorite_count);
    w.EndObject();
  }
  w.EndArray();
  if (!w.EndObject()) return {};
  return {s.out.GetString(), s.out.GetSize()};
}

}  // namespace

void register_rapidjson(registry& r) {
  library l;
  l.name = "RapidJSON";
  l.version = RAPIDJSON_VERSION_STRING;
  l.variant = "user buffers";
  l.create = create;
  l.destroy = destroy;
  l.parse = parse;
  l.load = parse;
  l.serialize = serialize;
  l.inspect = inspect;
  l.ndjson = ndjson;
  l.build = build;
  l.build_variant = "Writer, reused StringBuffer";
  r.push_back(l);

  // The typed rows: the same user buffers, typed parse flags (above).
  library t;
  t.name = "RapidJSON";
  t.version = RAPIDJSON_VERSION_STRING;
  t.variant = "DOM walk";
  t.create = typed_create;
  t.destroy = typed_destroy;
  set_typed_codecs(t, []<class T>() { return codec<T>(); });
  t.encode_variant = "Writer, reused buffer";
  r.push_back(t);
}

}  // namespace jot_bench
