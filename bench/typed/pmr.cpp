// What std::pmr containers over a jot::arena_resource cost against jot's own
// arena types: the twitter subset (the statuses, their users) decoded with
// jot::read into the same fields held three ways, each from a reused arena:
//   views  std::string_view and std::span (jot's own: views of the input,
//          arena memory for escaped strings and the span's elements)
//   pmr    std::pmr::string and std::pmr::vector over a jot::arena_resource
//          (the default resource too, so that the strings of the vector's
//          elements, built without an allocator, come from the arena)
//   std    std::string and std::vector from the heap, one object decoded
//          again and again (capacity kept: the steady state)
// and pmr once more over a resource with an upstream, which jot::read does
// not check for room: the price of the checks.
// Twice: over twitter.json itself, most of which is skipped, and over the
// decoded fields alone written back compact, where every byte is decoded.
// Interleaved rounds, best of each; standalone, see bench/typed/README.md.
#include <algorithm>
#include <cstdio>
#include <memory_resource>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jot/pmr.h"
#include "jot/typed.h"
#include "support/test_data.h"
#include "timing.h"

namespace {

using jot_bench::ns_per_call;

template <class S>
struct tw_user {
  std::uint64_t id = 0;
  S name, screen_name, location, description;
  bool verified = false;
  std::uint64_t followers_count = 0, friends_count = 0, statuses_count = 0;
};
template <class S>
struct tw_status {
  S created_at;
  std::uint64_t id = 0;
  S text;
  tw_user<S> user;
  std::uint64_t retweet_count = 0, favorite_count = 0;
};
template <class S, class Seq>
struct data {
  Seq statuses;
};

using view_data = data<std::string_view, std::span<tw_status<std::string_view>>>;
using pmr_data = data<std::pmr::string, std::pmr::vector<tw_status<std::pmr::string>>>;
using std_data = data<std::string, std::vector<tw_status<std::string>>>;

}  // namespace

// Times the three decodes of json, interleaved; prints ns and ratios.
bool compare(const char* title, const std::string& json) {
  static char buffer[1 << 20];
  jot::arena a(buffer, sizeof buffer);
  std::size_t sink = 0;  // keeps the decodes observable
  bool ok = true;

  const auto views = [&] {
    a.reset();
    view_data out{};
    ok &= jot::read(json, out, a).ok();
    sink += out.statuses.size();
  };
  std::size_t pmr_arena_bytes = 0;
  std::pmr::memory_resource* upstream = std::pmr::null_memory_resource();
  const auto pmr = [&] {
    a.reset();
    jot::arena_resource memory(a, upstream);
    std::pmr::memory_resource* const previous = std::pmr::set_default_resource(&memory);
    {
      pmr_data out{std::pmr::vector<tw_status<std::pmr::string>>(&memory)};
      ok &= jot::read(json, out, a).ok();
      sink += out.statuses.size();
    }
    pmr_arena_bytes = sizeof buffer - a.available();
    std::pmr::set_default_resource(previous);
  };
  std_data reused;
  const auto owning = [&] {
    a.reset();
    ok &= jot::read(json, reused, a).ok();
    sink += reused.statuses.size();
  };
  views();
  const std::size_t view_arena_bytes = sizeof buffer - a.available();
  pmr();

  constexpr int rounds = 25, iterations = 100;
  double best_views = 1e300, best_pmr = 1e300, best_std = 1e300, best_unchecked = 1e300;
  for (int round = 0; round < rounds; ++round) {
    best_views = std::min(best_views, ns_per_call(views, iterations));
    upstream = std::pmr::null_memory_resource();
    best_pmr = std::min(best_pmr, ns_per_call(pmr, iterations));
    best_std = std::min(best_std, ns_per_call(owning, iterations));
    // With an upstream (never used: the arena holds it all) nothing is checked.
    upstream = std::pmr::new_delete_resource();
    best_unchecked = std::min(best_unchecked, ns_per_call(pmr, iterations));
  }
  if (!ok) {
    std::fprintf(stderr, "a decode failed\n");
    return false;
  }
  std::printf("%s, %zu bytes, best of %d rounds of %d decodes (sink %zu)\n", title, json.size(), rounds, iterations,
              sink);
  std::printf("  views (string_view, span)          %9.0f ns  1.00  arena %zu bytes\n", best_views, view_arena_bytes);
  std::printf("  pmr over jot::arena_resource       %9.0f ns  %.2f  arena %zu bytes\n", best_pmr,
              best_pmr / best_views, pmr_arena_bytes);
  std::printf("  the same, its room not checked      %9.0f ns  %.2f\n", best_unchecked, best_unchecked / best_views);
  std::printf("  std::string, std::vector (reused)  %9.0f ns  %.2f  heap\n", best_std, best_std / best_views);
  return true;
}

int main() {
  std::string json;
  if (!jot_test::read_file(jot_test::data_dir() + "/corpus/twitter.json", json)) {
    std::fprintf(stderr, "twitter.json not found: set JOT_DATA_DIR\n");
    return 1;
  }
  std_data fields;
  jot::output_buffer dense;
  if (!jot::read(json, fields).ok() || !jot::write(fields, dense)) {
    std::fprintf(stderr, "twitter.json did not decode\n");
    return 1;
  }
  const bool ok = compare("twitter.json", json) &&
                  compare("its decoded fields only", std::string(dense.data(), dense.size()));
  return ok ? 0 : 1;
}
