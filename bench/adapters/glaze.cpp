// glaze (compiled only when find_package(glaze) finds it; glaze needs a recent
// compiler). Typed decode/encode of the twitter subset through glaze's pure
// reflection of the aggregates in bench.h, skipping unknown keys; DOM parse and
// serialize through glz::json_t when this glaze has it (JOT_BENCH_GLAZE_DOM,
// probed by CMake). The runner's input is followed by zero bytes.
#include <glaze/glaze.hpp>

#include <string>

#include "../runner/bench.h"

#ifndef JOT_BENCH_GLAZE_VERSION
#define JOT_BENCH_GLAZE_VERSION "unknown"
#endif

namespace jot_bench {
namespace {

struct gl_state {
#ifdef JOT_BENCH_GLAZE_DOM
  glz::json_t doc;
#endif
  std::string out;
};

void* create() { return new gl_state; }
void destroy(void* p) { delete static_cast<gl_state*>(p); }

#ifdef JOT_BENCH_GLAZE_DOM
bool parse(void* p, input in) {
  auto& s = *static_cast<gl_state*>(p);
  return !glz::read_json(s.doc, in.view());
}

std::string_view serialize(void* p) {
  auto& s = *static_cast<gl_state*>(p);
  s.out.clear();
  (void)glz::write_json(s.doc, s.out);
  return s.out;
}
#endif

constexpr glz::opts skip_unknown{.error_on_unknown_keys = false};

bool decode_twitter(void*, input in, tw_data& out) {
  return !glz::read<skip_unknown>(out, in.view());
}

std::string_view encode_twitter(void* p, const tw_data& v) {
  auto& s = *static_cast<gl_state*>(p);
  s.out.clear();
  (void)glz::write_json(v, s.out);
  return s.out;
}

}  // namespace

void register_glaze(registry& r) {
  library l;
  l.name = "glaze";
  l.version = JOT_BENCH_GLAZE_VERSION;
  l.create = create;
  l.destroy = destroy;
#ifdef JOT_BENCH_GLAZE_DOM
  l.parse = parse;
  l.load = parse;
  l.serialize = serialize;
#endif
  l.decode_twitter = decode_twitter;
  l.encode_twitter = encode_twitter;
  r.push_back(l);
}

}  // namespace jot_bench
