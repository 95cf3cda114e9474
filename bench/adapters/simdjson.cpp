// simdjson (4.6.7, compiled from its amalgamation by bench/CMakeLists.txt): the
// DOM API (one dom::parser per thread, reused) and the On-Demand API (one
// ondemand::parser per thread). Inputs come with 64 zero bytes of
// padding (bench.h), so no copy is made. Serialization uses the string_builder
// behind simdjson::minify(), kept between calls (minify() itself returns a fresh
// std::string); in 4.x its clear() frees the buffer, so it still allocates
// every call: that is the library's behaviour, measured as it is.
#include <simdjson.h>

#include <cstring>
#include <string>

#include "../runner/bench.h"

namespace jot_bench {
namespace {

static_assert(simdjson::SIMDJSON_PADDING <= input::padding, "the runner pads less than simdjson needs");

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

long dom_ndjson(void* p, input in) {
  auto& s = *static_cast<dom_state*>(p);
  simdjson::dom::document_stream stream;
  if (s.parser.parse_many(in.data, in.size, simdjson::dom::DEFAULT_BATCH_SIZE).get(stream)) return -1;
  long n = 0;
  for (auto doc : stream) {
    if (doc.error()) return -1;
    ++n;
  }
  return n;
}

// ---- On-Demand ----
struct od_state {
  simdjson::ondemand::parser parser;
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

template <class T>
bool get_str(T&& field, std::string& out) {
  std::string_view sv;
  if (field.get_string().get(sv)) return false;
  out.assign(sv.data(), sv.size());
  return true;
}

// Hand-written extraction of the twitter subset (data/README.md).
bool od_decode_twitter(void* p, input in, tw_data& out) {
  auto& s = *static_cast<od_state*>(p);
  simdjson::ondemand::document doc;
  if (s.parser.iterate(in.data, in.size, in.size + input::padding).get(doc)) return false;
  simdjson::ondemand::array statuses;
  if (doc["statuses"].get_array().get(statuses)) return false;
  std::size_t n = 0;
  for (auto x : statuses) {
    simdjson::ondemand::object st;
    if (x.get_object().get(st)) return false;
    if (n == out.statuses.size()) out.statuses.emplace_back();
    tw_status& t = out.statuses[n++];
    simdjson::ondemand::object u;
    if (!get_str(st["created_at"], t.created_at) || st["id"].get_uint64().get(t.id) ||
        !get_str(st["text"], t.text) || st["user"].get_object().get(u))
      return false;
    if (u["id"].get_uint64().get(t.user.id) || !get_str(u["name"], t.user.name) ||
        !get_str(u["screen_name"], t.user.screen_name) || !get_str(u["location"], t.user.location) ||
        !get_str(u["description"], t.user.description) || u["verified"].get_bool().get(t.user.verified) ||
        u["followers_count"].get_uint64().get(t.user.followers_count) ||
        u["friends_count"].get_uint64().get(t.user.friends_count) ||
        u["statuses_count"].get_uint64().get(t.user.statuses_count))
      return false;
    if (st["retweet_count"].get_uint64().get(t.retweet_count) ||
        st["favorite_count"].get_uint64().get(t.favorite_count))
      return false;
  }
  out.statuses.resize(n);
  return true;
}

}  // namespace

void register_simdjson(registry& r) {
  // The version from the numeric constants: SIMDJSON_VERSION is a string
  // literal in 4.x but a bare token in 3.x, so stringizing it is wrong in one.
  static const std::string version = std::to_string(simdjson::SIMDJSON_VERSION_MAJOR) + "." +
                                     std::to_string(simdjson::SIMDJSON_VERSION_MINOR) + "." +
                                     std::to_string(simdjson::SIMDJSON_VERSION_REVISION);
  // Which kernel each stage really runs, since the two APIs differ: the DOM
  // parser runs both stages in the implementation chosen at run time (the best
  // the CPU has, or SIMDJSON_FORCE_IMPLEMENTATION); On-Demand runs stage 1 in
  // that same implementation but its stage 2 is inlined into this file and so
  // compiled for this translation unit's flags (x86-64 baseline: "fallback").
  const std::string active = simdjson::get_active_implementation()->name();
  const std::string builtin = simdjson::builtin_implementation()->name();
  static const std::string dom_note = "both stages: " + active + " (chosen at run time)";
  static const std::string od_note =
      "stage 1: " + active + " (chosen at run time); stage 2: " + builtin + " (fixed by the compile flags)";
  library d;
  d.name = "simdjson";
  d.version = version.c_str();
  d.variant = "DOM";
  d.note = dom_note.c_str();
  d.create = dom_create;
  d.destroy = dom_destroy;
  d.parse = dom_parse;
  d.load = dom_parse;
  d.serialize = dom_serialize;
  d.inspect = dom_inspect;
  d.ndjson = dom_ndjson;
  r.push_back(d);

  library o;
  o.name = "simdjson";
  o.version = version.c_str();
  o.variant = "On-Demand";
  o.note = od_note.c_str();
  o.create = od_create;
  o.destroy = od_destroy;
  o.inspect = od_inspect;
  o.decode_twitter = od_decode_twitter;
  r.push_back(o);
}

}  // namespace jot_bench
