// Typed encode of the twitter subset (bench/runner/schemas.h, named as the tests
// name it in tests/support/typed_schemas.h): jot::write(T)
// against jot's DOM writer writing the same JSON and, when its headers are on
// the include path, glaze's glz::write_json of the same structs. Interleaved
// rounds, best of each; standalone, see bench/typed/README.md.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#if __has_include(<glaze/glaze.hpp>)
#include <glaze/glaze.hpp>
#define JOT_BENCH_GLAZE 1
#endif

#include "jot/jot.h"
#include "jot/typed.h"
#include "support/typed_schemas.h"
#include "support/test_data.h"
#include "timing.h"

namespace {

using jot_bench::ns_per_call;

std::uint64_t u64(jot::value v) { return *v.get_uint64(); }
std::string str(jot::value v) { return std::string(*v.get_string()); }

schemas::TwitterData twitter_from(jot::value root) {
  schemas::TwitterData data;
  for (jot::value s : *root["statuses"].get_array()) {
    const jot::value u = s["user"];
    data.statuses.push_back({str(s["created_at"]), u64(s["id"]), str(s["text"]),
                             {u64(u["id"]), str(u["name"]), str(u["screen_name"]),
                              str(u["location"]), str(u["description"]), *u["verified"].get_bool(),
                              u64(u["followers_count"]), u64(u["friends_count"]),
                              u64(u["statuses_count"])},
                             u64(s["retweet_count"]), u64(s["favorite_count"])});
  }
  return data;
}

}  // namespace

int main() {
  std::string json;
  if (!jot_test::read_file(jot_test::data_dir() + "/corpus/twitter.json", json)) {
    std::fprintf(stderr, "twitter.json not found: set JOT_DATA_DIR\n");
    return 1;
  }
  auto doc = jot::parse(json);
  const schemas::TwitterData data = twitter_from(doc->root());
  jot::output_buffer out;
  const std::string subset(*jot::write(data, out));
  auto subset_doc = jot::parse(subset);  // the same JSON, for the DOM writer

  constexpr int rounds = 25, iterations = 200;
  double typed = 1e30, dom = 1e30, glaze = 1e30;
  for (int r = 0; r < rounds; ++r) {
    typed = std::min(typed, ns_per_call([&] { out.clear(); (void)jot::write(data, out); }, iterations));
    dom = std::min(dom, ns_per_call([&] { out.clear(); (void)jot::write(subset_doc->root(), out); },
                                    iterations));
#if defined(JOT_BENCH_GLAZE)
    std::string text;
    glaze = std::min(glaze, ns_per_call([&] { text.clear(); (void)glz::write_json(data, text); },
                                        iterations));
#endif
  }
  const auto row = [&](const char* name, double ns) {
    std::printf("%-12s %8.2f us  %6.0f MB/s  %.2fx typed\n", name, ns / 1000, subset.size() / ns * 1000,
                ns / typed);
  };
  std::printf("twitter subset, %zu bytes compact\n", subset.size());
  row("jot typed", typed);
  row("jot DOM", dom);
#if defined(JOT_BENCH_GLAZE)
  row("glaze", glaze);
#endif
}
