// yyjson (0.12.0; yyjson.c compiled as C by bench/CMakeLists.txt). One dynamic
// allocator per thread (yyjson_alc_dyn_new, yyjson >= 0.7), reused by every
// document and output, so the steady state does not call malloc; the packets
// workload also runs with a 4 KB pool allocator on a caller buffer. build and
// patch use the mutable document (yyjson_mut_doc) in a dynamic allocator too.
#include <yyjson.h>

#include <cstring>

#include "../runner/bench.h"

#if !defined(YYJSON_VERSION_HEX) || YYJSON_VERSION_HEX < 0x000700
#error "the yyjson adapter needs yyjson 0.7 or newer (yyjson_alc_dyn_new)"
#endif

namespace jot_bench {
namespace {

struct yy_state {
  yyjson_alc* alc = yyjson_alc_dyn_new();
  yyjson_doc* doc = nullptr;
  char* out = nullptr;
  ~yy_state() {
    drop_out();
    if (doc) yyjson_doc_free(doc);
    yyjson_alc_dyn_free(alc);
  }
  void drop_out() {
    if (out) alc->free(alc->ctx, out);
    out = nullptr;
  }
  bool parse(const char* p, std::size_t n) {
    if (doc) yyjson_doc_free(doc);
    // Without YYJSON_READ_INSITU the input is only read.
    doc = yyjson_read_opts(const_cast<char*>(p), n, YYJSON_READ_NOFLAG, alc, nullptr);
    return doc != nullptr;
  }
};

struct yy_small_state {};  // the pool lives on the stack of each inspect

void* create() { return new yy_state; }
void destroy(void* p) { delete static_cast<yy_state*>(p); }
void* create_small() { return new yy_small_state; }
void destroy_small(void* p) { delete static_cast<yy_small_state*>(p); }

bool parse(void* p, input in) { return static_cast<yy_state*>(p)->parse(in.data, in.size); }

std::string_view serialize(void* p) {
  auto& s = *static_cast<yy_state*>(p);
  s.drop_out();
  std::size_t n = 0;
  s.out = yyjson_write_opts(s.doc, YYJSON_WRITE_NOFLAG, s.alc, &n, nullptr);
  return s.out ? std::string_view(s.out, n) : std::string_view();
}

int walk(yyjson_val* v) {
  if (yyjson_is_str(v)) return has_needle({yyjson_get_str(v), yyjson_get_len(v)}) ? 1 : 0;
  int h = 0;
  std::size_t idx, max;
  if (yyjson_is_arr(v)) {
    yyjson_val* e;
    yyjson_arr_foreach(v, idx, max, e) h += walk(e);
  } else if (yyjson_is_obj(v)) {
    yyjson_val *k, *e;
    yyjson_obj_foreach(v, idx, max, k, e) h += has_needle({yyjson_get_str(k), yyjson_get_len(k)}) + walk(e);
  }
  return h;
}

int inspect(void* p, input in) {
  auto& s = *static_cast<yy_state*>(p);
  if (!s.parse(in.data, in.size)) return -1;
  return walk(yyjson_doc_get_root(s.doc));
}

int inspect_small(void* p, input in) {
  (void)p;
  alignas(16) char buf[4096];
  yyjson_alc alc;
  yyjson_alc_pool_init(&alc, buf, sizeof buf);
  yyjson_doc* doc = yyjson_read_opts(const_cast<char*>(in.data), in.size, YYJSON_READ_NOFLAG, &alc, nullptr);
  if (!doc) return -1;
  int h = walk(yyjson_doc_get_root(doc));
  yyjson_doc_free(doc);
  return h;
}

long ndjson(void* p, input in) {
  auto& s = *static_cast<yy_state*>(p);
  return for_each_line(in, [&](const char* line, std::size_t size) { return static_cast<bool>(s.parse(line, size)); });
}

// ---- build and patch: the mutable document, in the same dynamic allocator ----

struct yy_mut_state {
  yyjson_alc* alc = yyjson_alc_dyn_new();
  yyjson_mut_doc* mdoc = nullptr;  // the last build or patch result
  yyjson_doc* doc = nullptr;       // patch: the document and the patch, parsed
  yyjson_doc* patch = nullptr;
  char* out = nullptr;
  ~yy_mut_state() {
    reset();
    if (doc) yyjson_doc_free(doc);
    if (patch) yyjson_doc_free(patch);
    yyjson_alc_dyn_free(alc);
  }
  // Frees the last result and its text; returns a new empty document.
  yyjson_mut_doc* reset() {
    if (out) alc->free(alc->ctx, out);
    out = nullptr;
    if (mdoc) yyjson_mut_doc_free(mdoc);
    mdoc = nullptr;
    return mdoc = yyjson_mut_doc_new(alc);
  }
  std::string_view write() {
    std::size_t n = 0;
    out = yyjson_mut_write_opts(mdoc, YYJSON_WRITE_NOFLAG, alc, &n, nullptr);
    return out ? std::string_view(out, n) : std::string_view();
  }
};

void* create_mut() { return new yy_mut_state; }
void destroy_mut(void* p) { delete static_cast<yy_mut_state*>(p); }

// Strings are copied into the document (strncpy), as jot copies them into its
// arena; keys are literals, which yyjson keeps by reference.
bool add_str(yyjson_mut_doc* d, yyjson_mut_val* o, const char* key, const std::string& v) {
  return yyjson_mut_obj_add_strncpy(d, o, key, v.data(), v.size());
}

std::string_view build(void* p, const tw_data& in) {
  auto& s = *static_cast<yy_mut_state*>(p);
  yyjson_mut_doc* d = s.reset();
  yyjson_mut_val* root = yyjson_mut_obj(d);
  yyjson_mut_val* statuses = yyjson_mut_arr(d);
  bool ok = root && statuses && yyjson_mut_obj_add_val(d, root, "statuses", statuses);
  yyjson_mut_doc_set_root(d, root);
  for (const tw_status& t : in.statuses) {
    const tw_user& u = t.user;
    yyjson_mut_val* st = yyjson_mut_arr_add_obj(d, statuses);
    yyjson_mut_val* us = yyjson_mut_obj(d);
    ok = ok && st && us && add_str(d, st, "created_at", t.created_at) && yyjson_mut_obj_add_uint(d, st, "id", t.id) &&
         add_str(d, st, "text", t.text) && yyjson_mut_obj_add_uint(d, us, "id", u.id) &&
         add_str(d, us, "name", u.name) && add_str(d, us, "screen_name", u.screen_name) &&
         add_str(d, us, "location", u.location) && add_str(d, us, "description", u.description) &&
         yyjson_mut_obj_add_bool(d, us, "verified", u.verified) &&
         yyjson_mut_obj_add_uint(d, us, "followers_count", u.followers_count) &&
         yyjson_mut_obj_add_uint(d, us, "friends_count", u.friends_count) &&
         yyjson_mut_obj_add_uint(d, us, "statuses_count", u.statuses_count) &&
         yyjson_mut_obj_add_val(d, st, "user", us) && yyjson_mut_obj_add_uint(d, st, "retweet_count", t.retweet_count) &&
         yyjson_mut_obj_add_uint(d, st, "favorite_count", t.favorite_count);
  }
  return ok ? s.write() : std::string_view();
}

bool patch_load(void* p, input doc, input patch) {
  auto& s = *static_cast<yy_mut_state*>(p);
  if (s.doc) yyjson_doc_free(s.doc);
  if (s.patch) yyjson_doc_free(s.patch);
  s.doc = yyjson_read_opts(const_cast<char*>(doc.data), doc.size, YYJSON_READ_NOFLAG, s.alc, nullptr);
  s.patch = yyjson_read_opts(const_cast<char*>(patch.data), patch.size, YYJSON_READ_NOFLAG, s.alc, nullptr);
  return s.doc && s.patch;
}

// yyjson_patch builds the patched copy of the immutable document in a new
// mutable one (the parsed document stays as it was).
bool patch_apply(void* p) {
  auto& s = *static_cast<yy_mut_state*>(p);
  yyjson_mut_doc* d = s.reset();
  yyjson_mut_val* v = yyjson_patch(d, yyjson_doc_get_root(s.doc), yyjson_doc_get_root(s.patch), nullptr);
  yyjson_mut_doc_set_root(d, v);
  return v != nullptr;
}

std::string_view patch_result(void* p) {
  auto& s = *static_cast<yy_mut_state*>(p);
  if (s.out) s.alc->free(s.alc->ctx, s.out);
  return s.write();
}

}  // namespace

void register_yyjson(registry& r) {
  library l;
  l.name = "yyjson";
  l.version = YYJSON_VERSION_STRING;
  l.create = create;
  l.destroy = destroy;
  l.parse = parse;
  l.load = parse;
  l.serialize = serialize;
  l.inspect = inspect;
  l.ndjson = ndjson;
  r.push_back(l);

  library small;
  small.name = "yyjson";
  small.version = YYJSON_VERSION_STRING;
  small.variant = "4 KB stack pool";
  small.create = create_small;
  small.destroy = destroy_small;
  small.inspect = inspect_small;
  r.push_back(small);

  library m;
  m.name = "yyjson";
  m.version = YYJSON_VERSION_STRING;
  m.variant = "mutable document";
  m.build_variant = "mutable document, reused allocator";
  m.create = create_mut;
  m.destroy = destroy_mut;
  m.build = build;
  m.patch_load = patch_load;
  m.patch_apply = patch_apply;
  m.patch_result = patch_result;
  r.push_back(m);
}

}  // namespace jot_bench
