// yyjson (0.12.0; yyjson.c compiled as C by bench/CMakeLists.txt). One dynamic
// allocator per thread (yyjson_alc_dyn_new, yyjson >= 0.7), reused by every
// document and output, so the steady state does not call malloc; the packets
// workload also runs with a 4 KB pool allocator on a caller buffer. Patches
// go through yyjson_mut_patch on mutable documents.
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

// patch: yyjson_mut_patch copies the document it patches (that is how it
// stays atomic) into the document it is given, so each patch writes into a
// new document and the previous one is freed.
struct yy_patch_state {
  yyjson_alc* alc = yyjson_alc_dyn_new();
  yyjson_mut_doc* cur = nullptr;  // the document being patched
  yyjson_mut_doc* forward = nullptr;
  yyjson_mut_doc* inverse = nullptr;
  char* out = nullptr;
  ~yy_patch_state() {
    clear();
    yyjson_alc_dyn_free(alc);
  }
  void clear() {
    for (yyjson_mut_doc** d : {&cur, &forward, &inverse}) {
      if (*d) yyjson_mut_doc_free(*d);
      *d = nullptr;
    }
    if (out) alc->free(alc->ctx, out);
    out = nullptr;
  }
  yyjson_mut_doc* read(input in) {
    yyjson_doc* d = yyjson_read_opts(const_cast<char*>(in.data), in.size, YYJSON_READ_NOFLAG, alc, nullptr);
    if (!d) return nullptr;
    yyjson_mut_doc* m = yyjson_doc_mut_copy(d, alc);
    yyjson_doc_free(d);
    return m;
  }
  // A new document holding cur's root patched by p, or nullptr.
  yyjson_mut_doc* patched(yyjson_mut_doc* p) {
    yyjson_mut_doc* d = yyjson_mut_doc_new(alc);
    yyjson_mut_val* root = d ? yyjson_mut_patch(d, yyjson_mut_doc_get_root(cur), yyjson_mut_doc_get_root(p), nullptr)
                             : nullptr;
    if (!root) {
      if (d) yyjson_mut_doc_free(d);
      return nullptr;
    }
    yyjson_mut_doc_set_root(d, root);
    return d;
  }
  bool apply(yyjson_mut_doc* p) {
    yyjson_mut_doc* d = patched(p);
    if (!d) return false;
    yyjson_mut_doc_free(cur);
    cur = d;
    return true;
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

void* create_patch() { return new yy_patch_state; }
void destroy_patch(void* p) { delete static_cast<yy_patch_state*>(p); }

bool load_patch(void* p, input doc, input forward, input inverse) {
  auto& s = *static_cast<yy_patch_state*>(p);
  s.clear();
  s.cur = s.read(doc);
  s.forward = s.read(forward);
  s.inverse = s.read(inverse);
  return s.cur && s.forward && s.inverse;
}

bool patch_round(void* p) {
  auto& s = *static_cast<yy_patch_state*>(p);
  return s.apply(s.forward) && s.apply(s.inverse);
}

std::string_view patched_text(void* p) {
  auto& s = *static_cast<yy_patch_state*>(p);
  yyjson_mut_doc* d = s.patched(s.forward);
  if (!d) return {};
  if (s.out) s.alc->free(s.alc->ctx, s.out);
  std::size_t n = 0;
  s.out = yyjson_mut_write_opts(d, YYJSON_WRITE_NOFLAG, s.alc, &n, nullptr);
  yyjson_mut_doc_free(d);
  return s.out ? std::string_view(s.out, n) : std::string_view();
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

  library patch;
  patch.name = "yyjson";
  patch.version = YYJSON_VERSION_STRING;
  patch.variant = "yyjson_mut_patch";
  patch.create = create_patch;
  patch.destroy = destroy_patch;
  patch.load_patch = load_patch;
  patch.patch_round = patch_round;
  patch.patched_text = patched_text;
  r.push_back(patch);
}

}  // namespace jot_bench
