// RapidJSON: one Document per thread whose values live in a MemoryPoolAllocator
// over a user buffer, and whose parse stack lives in a second pool; the buffer
// is regrown once to the size the input needs, then every parse reuses it
// without allocating ("user buffers"). Default parse flags (RapidJSON's fast,
// not always exact, double parsing: the serializer check reports it).
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string>
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

// typed_encode: the twitter subset through RapidJSON's Writer (its SAX-style
// output API), into the reused StringBuffer.
void put(rapidjson::Writer<rapidjson::StringBuffer>& w, const char* key, const std::string& v) {
  w.Key(key);
  w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
}

std::string_view encode_twitter(void* p, const tw_data& d) {
  auto& s = *static_cast<rj_state*>(p);
  s.out.Clear();
  auto& w = s.writer;
  w.Reset(s.out);
  w.StartObject();
  w.Key("statuses");
  w.StartArray();
  for (const tw_status& t : d.statuses) {
    w.StartObject();
    put(w, "created_at", t.created_at);
    w.Key("id");
    w.Uint64(t.id);
    put(w, "text", t.text);
    w.Key("user");
    w.StartObject();
    w.Key("id");
    w.Uint64(t.user.id);
    put(w, "name", t.user.name);
    put(w, "screen_name", t.user.screen_name);
    put(w, "location", t.user.location);
    put(w, "description", t.user.description);
    w.Key("verified");
    w.Bool(t.user.verified);
    w.Key("followers_count");
    w.Uint64(t.user.followers_count);
    w.Key("friends_count");
    w.Uint64(t.user.friends_count);
    w.Key("statuses_count");
    w.Uint64(t.user.statuses_count);
    w.EndObject();
    w.Key("retweet_count");
    w.Uint64(t.retweet_count);
    w.Key("favorite_count");
    w.Uint64(t.favorite_count);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
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
  l.encode_twitter = encode_twitter;
  r.push_back(l);
}

}  // namespace jot_bench
