// jot's adapter: one jot::parser and one jot::arena per thread, reset() before
// each parse (the steady state reuses the arena's upstream block, so a parse
// allocates nothing); output into a reused jot::output_buffer. Patches edit a
// jot::mutable_document in place.
#include <jot/jot.h>

#include <cstring>
#include <optional>

#include "../runner/bench.h"

namespace jot_bench {
namespace {

struct jot_state {
  jot::parser parser;
  jot::arena arena;  // malloc-backed upstream, kept across reset()
  jot::document doc;
  jot::output_buffer out;
  // patch: the parsed document and patches, and two mutable documents with
  // their arenas: the one being edited and a spare for copies.
  jot::arena patch_arena;
  jot::document source, forward, inverse;
  jot::arena edit_arenas[2];
  std::optional<jot::mutable_document> edit_docs[2];
  int current = 0;
  unsigned rounds = 0;
  jot::mutable_document& edited() { return *edit_docs[current]; }
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

long ndjson(void* p, input in) {
  auto& s = *static_cast<jot_state*>(p);
  s.doc = jot::document();
  return for_each_line(in, [&](const char* line, std::size_t size) {
    s.arena.reset();
    return static_cast<bool>(s.parser.parse(std::string_view(line, size), s.arena));
  });
}

// Document i of the pair, empty, in its reset arena.
jot::mutable_document& fresh(jot_state& s, int i) {
  s.edit_docs[i].reset();
  s.edit_arenas[i].reset();
  return s.edit_docs[i].emplace(s.edit_arenas[i]);
}

// Copies the parsed document into a fresh mutable one.
bool reload(jot_state& s) { return fresh(s, s.current).set_root(s.source.root()).ok(); }

bool load_patch(void* p, input doc, input forward, input inverse) {
  auto& s = *static_cast<jot_state*>(p);
  s.edit_docs[0].reset();
  s.edit_docs[1].reset();
  s.patch_arena.reset();
  auto d = s.parser.parse(doc.view(), s.patch_arena);
  auto f = s.parser.parse(forward.view(), s.patch_arena);
  auto i = s.parser.parse(inverse.view(), s.patch_arena);
  if (!d || !f || !i) return false;
  s.source = std::move(*d);
  s.forward = std::move(*f);
  s.inverse = std::move(*i);
  return reload(s);
}

// Both patches in place (each atomic, by an undo log). What they add is
// copied into the arena and what they remove stays there, so every 8192
// rounds the document is copied afresh into the reset arena (about 0.5 ms
// on citm, 0.03 us per patch), inside the timing like any compaction a
// long-lived document needs.
bool patch_round(void* p) {
  auto& s = *static_cast<jot_state*>(p);
  if (++s.rounds % 8192 == 0 && !reload(s)) return false;
  return jot::apply_patch(s.edited(), s.forward.root()) && jot::apply_patch(s.edited(), s.inverse.root());
}

// The peers' way, for a like-for-like figure: each patch applied to a fresh
// copy of the current document (nlohmann's json::patch and yyjson_mut_patch
// copy the document they patch), which then becomes the current one.
bool copy_then_patch(jot_state& s, jot::value patch) {
  jot::mutable_document& copy = fresh(s, 1 - s.current);
  if (!copy.set_root(s.edited().root()).ok() || !jot::apply_patch(copy, patch)) return false;
  s.current = 1 - s.current;
  return true;
}

bool patch_round_copying(void* p) {
  auto& s = *static_cast<jot_state*>(p);
  return copy_then_patch(s, s.forward.root()) && copy_then_patch(s, s.inverse.root());
}

std::string_view patched_text(void* p) {
  auto& s = *static_cast<jot_state*>(p);
  if (!jot::apply_patch(s.edited(), s.forward.root())) return {};
  s.out.clear();
  auto r = jot::write(s.edited().root(), s.out);
  if (!jot::apply_patch(s.edited(), s.inverse.root())) return {};
  return r ? *r : std::string_view();
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
  l.load_patch = load_patch;
  l.patch_round = patch_round;
  l.patched_text = patched_text;
  l.same_json = same_json;
  r.push_back(l);

  library copying;
  copying.name = "jot";
  copying.version = jot::version_string;
  copying.variant = "copy, then patch";
  copying.is_jot = true;
  copying.create = create;
  copying.destroy = destroy;
  copying.load_patch = load_patch;
  copying.patch_round = patch_round_copying;
  copying.patched_text = patched_text;
  r.push_back(copying);

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
