// jot's adapter: one jot::parser and one jot::arena per thread, reset() before
// each parse (the steady state reuses the arena's upstream block, so a parse
// allocates nothing); output into a reused jot::output_buffer.
#include <jot/jot.h>

#include <cstring>

#include "../runner/bench.h"

namespace jot_bench {
namespace {

struct jot_state {
  jot::parser parser;
  jot::arena arena;  // malloc-backed upstream, kept across reset()
  jot::document doc;
  jot::output_buffer out;
};

// Packets with a 4 KB stack buffer and no upstream: never allocates.
struct jot_small_state {
  jot::parser parser;
};

void* create() { return new jot_state; }
void destroy(void* p) { delete static_cast<jot_state*>(p); }
void* create_small() { return new jot_small_state; }
void destroy_small(void* p) { delete static_cast<jot_small_state*>(p); }

bool parse(void* p, input in) {
  auto& s = *static_cast<jot_state*>(p);
  s.doc = jot::document();  // drop the previous document before its memory is reused
  s.arena.reset();
  auto r = s.parser.parse(in.view(), s.arena);
  if (!r) return false;
  s.doc = std::move(*r);
  return true;
}

std::string_view serialize(void* p) {
  auto& s = *static_cast<jot_state*>(p);
  s.out.clear();
  auto r = jot::write(s.doc.root(), s.out);
  return r ? *r : std::string_view();
}

int walk(jot::value v) {
  int hits = 0;
  if (v.is_string()) {
    return has_needle(v.get_string().value_or({})) ? 1 : 0;
  } else if (v.is_array()) {
    jot::array a = v.get_array().value();
    for (jot::value e : a) hits += walk(e);
  } else if (v.is_object()) {
    jot::object o = v.get_object().value();
    for (jot::member m : o) hits += has_needle(m.key) + walk(m.value);
  }
  return hits;
}

int inspect(void* p, input in) {
  auto& s = *static_cast<jot_state*>(p);
  s.doc = jot::document();
  s.arena.reset();
  auto r = s.parser.parse(in.view(), s.arena);
  if (!r) return -1;
  return walk(r->root());
}

int inspect_small(void* p, input in) {
  auto& s = *static_cast<jot_small_state*>(p);
  alignas(16) char buf[4096];
  jot::arena arena(buf, sizeof buf);
  auto r = s.parser.parse(in.view(), arena);
  if (!r) return -1;
  return walk(r->root());
}

// jot::documents: one document per line, each parsed into the reused arena.
long ndjson(void* p, input in) {
  auto& s = *static_cast<jot_state*>(p);
  s.doc = jot::document();  // documents resets the arena
  long n = 0;
  for (jot::result<jot::document>& d : jot::documents(s.parser, in.view(), s.arena)) {
    if (!d) return -1;
    ++n;
  }
  return n;
}

// Like jot's operator== but with object members matched by key in any order
// (nlohmann/json, for one, sorts keys). Untimed, so the quadratic lookup is fine.
bool same_unordered(jot::value a, jot::value b) {
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    jot::object oa = a.get_object().value();
    for (jot::member m : oa)
      if (!same_unordered(m.value, b[m.key])) return false;
    return true;
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    jot::array aa = a.get_array().value(), ab = b.get_array().value();
    for (auto i = aa.begin(), j = ab.begin(); i != aa.end(); ++i, ++j)
      if (!same_unordered(*i, *j)) return false;
    return true;
  }
  return a == b;
}

bool same_json(std::string_view a, std::string_view b) {
  jot::arena aa, ab;
  auto da = jot::parse(a, aa);
  auto db = jot::parse(b, ab);
  return da && db && same_unordered(da->root(), db->root());
}

}  // namespace

void register_jot(registry& r) {
  library l;
  l.name = "jot";
  l.version = jot::version_string;
  l.is_jot = true;
  l.create = create;
  l.destroy = destroy;
  l.parse = parse;
  l.load = parse;
  l.serialize = serialize;
  l.inspect = inspect;
  l.ndjson = ndjson;
  l.same_json = same_json;
  r.push_back(l);

  library small;
  small.name = "jot";
  small.version = jot::version_string;
  small.variant = "4 KB stack buffer";
  small.is_jot = true;
  small.create = create_small;
  small.destroy = destroy_small;
  small.inspect = inspect_small;
  r.push_back(small);
}

}  // namespace jot_bench
