// bench/ab/plugin.cpp - one build of jot as a plug-in for bench/ab/ab.cpp.
//
// run.sh compiles this file once per build compared (each against its own
// jot headers and library, with hidden visibility, so that calls inside the
// plug-in are direct and no symbol clashes with the other plug-in's), and
// ab.cpp loads both into one process and alternates them. Exports one
// function: jot_ab_run(workload, file, reps), the best time of reps
// operations in microseconds, or a negative number when the workload failed.
//
//   parse   jot::parser::parse of the file into a reused arena (an invalid
//           file's rejection is timed as well)
//   write   jot::write of the file's DOM (parsed once), compact, into a reused output_buffer
//   typed   jot::read into the benchmark schema the file name picks (rpc,
//           openrtb, twitter, citm: bench/runner/schemas.h), reusing the value
//   encode  jot::write of that schema's value (read once), compact, into a
//           reused output_buffer
//
// An operation repeats the workload until it covers at least 64 KB of input,
// so that a short message's time is not the clock's resolution.
#include <jot/jot.h>
#include <jot/typed.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include "schemas_jot.h"

namespace {

std::string load(const char* path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// The best of reps runs of op(), each repeated inner times; microseconds per
// repetition, or -1 when op() fails.
template <class Op>
double best_of(int reps, int inner, Op&& op) {
  double best = 1e300;
  for (int i = 0; i < reps; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int j = 0; j < inner; ++j)
      if (!op()) return -1;
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::micro>(t1 - t0).count() / inner);
  }
  return best;
}

template <class T>
double typed_run(const std::string& text, int reps, int inner, jot::read_options options) {
  jot::arena arena;
  auto value = std::make_unique<T>();
  return best_of(reps, inner, [&] {
    arena.reset();
    return static_cast<bool>(jot::read(text, *value, arena, options));
  });
}

template <class T>
double encode_run(const std::string& text, int reps, int inner, jot::read_options options) {
  jot::arena arena;
  auto value = std::make_unique<T>();
  if (!jot::read(text, *value, arena, options)) return -1;
  jot::output_buffer out;
  return best_of(reps, inner, [&] {
    out.clear();
    return static_cast<bool>(jot::write(*value, out));
  });
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

}  // namespace

extern "C" __attribute__((visibility("default"))) double jot_ab_run(const char* workload, const char* file, int reps) {
  const std::string text = load(file);
  if (text.empty()) return -2;
  const int inner = static_cast<int>(std::max<std::size_t>(1, (64 << 10) / text.size()));
  const std::string_view w = workload;
  if (w == "parse") {
    // An invalid file (packets/invalid.json) is timed too: each parse must
    // end as the first one did, accepted or with the same error.
    jot::parser parser;
    jot::arena arena;
    const auto outcome = [&] {
      arena.reset();
      auto doc = parser.parse(text, arena);
      return doc ? jot::error_code::ok : doc.error().code;
    };
    const jot::error_code expected = outcome();
    return best_of(reps, inner, [&] { return outcome() == expected; });
  }
  if (w == "write") {
    jot::parser parser;
    jot::arena arena;
    auto doc = parser.parse(text, arena);
    if (!doc) return -1;
    jot::output_buffer out;
    return best_of(reps, inner, [&] {
      out.clear();
      return static_cast<bool>(jot::write(doc->root(), out));
    });
  }
  if (w == "typed" || w == "encode") {
    const bool encode = w == "encode";
    jot::read_options options;
    if (contains(file, "rpc"))
      return encode ? encode_run<jot_bench::rpc_call>(text, reps, inner, options)
                    : typed_run<jot_bench::rpc_call>(text, reps, inner, options);
    if (contains(file, "twitter"))
      return encode ? encode_run<jot_bench::tw_data>(text, reps, inner, options)
                    : typed_run<jot_bench::tw_data>(text, reps, inner, options);
    if (contains(file, "citm"))
      return encode ? encode_run<jot_bench::citm_catalog>(text, reps, inner, options)
                    : typed_run<jot_bench::citm_catalog>(text, reps, inner, options);
    // OpenRTB's optional arrays are plain vectors, absent from some objects (as in bench/adapters/jot_typed.cpp).
    options.allow_missing_members = true;
    if (contains(file, "openrtb"))
      return encode ? encode_run<jot_bench::rtb_bid_request>(text, reps, inner, options)
                    : typed_run<jot_bench::rtb_bid_request>(text, reps, inner, options);
  }
  return -3;
}
