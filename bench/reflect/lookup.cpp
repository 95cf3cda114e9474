// Key -> member index: jot::reflect::member_index (compile-time perfect hash)
// against a linear chain of string compares (what a decoder without a table
// does), on realistic keys: 4, 20 and 200 members. Standalone; see
// bench/reflect/README.md for the command and docs/typed.md for results.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "jot/reflect.h"
#include "support/reflect_test_structs.h"

namespace {

struct small {
  int id;
  int name;
  int email;
  int created_at;
};

struct medium {
  int id;
  int name;
  int email;
  int created_at;
  int updated_at;
  int status;
  int owner_id;
  int tags;
};

namespace r = jot::reflect;

template <class T>
std::size_t linear_index(std::string_view key) noexcept {
  const auto& names = r::member_names<T>;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == key) return i;
  }
  return r::npos;
}

// Hits: every key, shuffled. Misses: every key with one byte changed (same
// length, so the cheap length test cannot reject it), plus unrelated words.
template <class T>
std::vector<std::string> queries(bool hits, std::mt19937& rng) {
  std::vector<std::string> out;
  for (std::string_view k : r::member_names<T>) {
    std::string q(k);
    if (!hits) q[rng() % q.size()] ^= 0x20;
    out.push_back(q);
  }
  if (!hits) {
    for (const char* w : {"unknown", "x", "another_field_name", "zz_top", "metadata"}) {
      out.push_back(w);
    }
  }
  std::shuffle(out.begin(), out.end(), rng);
  // Repeated up to 4096 queries, so that every size runs the same loop.
  const std::size_t distinct = out.size();
  for (std::size_t i = 0; out.size() < 4096; ++i) {
    std::string copy = out[i % distinct];  // not out[i] itself: push_back may reallocate
    out.push_back(std::move(copy));
  }
  return out;
}

template <class F>
double ns_per_lookup(const std::vector<std::string>& qs, F find, std::size_t& sink) {
  std::vector<std::string_view> views(qs.begin(), qs.end());
  double best = 1e30;
  for (int run = 0; run < 7; ++run) {
    const auto start = std::chrono::steady_clock::now();
    std::size_t sum = 0;
    for (int rep = 0; rep < 200; ++rep) {
      // Read through a volatile pointer: otherwise clang sees that every
      // repetition computes the same sum and runs the loop once.
      const std::string_view* volatile data = views.data();
      const std::string_view* first = data;
      for (std::size_t i = 0; i < views.size(); ++i) sum += find(first[i]);
    }
    const auto stop = std::chrono::steady_clock::now();
    sink += sum;
    const double ns = std::chrono::duration<double, std::nano>(stop - start).count() /
                      (200.0 * static_cast<double>(views.size()));
    best = std::min(best, ns);
  }
  return best;
}

template <class T>
void measure(const char* name, std::mt19937& rng, std::size_t& sink) {
  for (bool hits : {true, false}) {
    const auto qs = queries<T>(hits, rng);
    const double hash =
        ns_per_lookup(qs, [](std::string_view k) { return r::member_index<T>(k); }, sink);
    const double linear =
        ns_per_lookup(qs, [](std::string_view k) { return linear_index<T>(k); }, sink);
    std::printf("%-10s %-6s member_index %6.2f ns   linear %6.2f ns   (%.1fx)\n", name,
                hits ? "hits" : "misses", hash, linear, linear / hash);
  }
}

}  // namespace

int main() {
  std::mt19937 rng(8);
  std::size_t sink = 0;
  measure<small>("4 keys", rng, sink);
  measure<medium>("8 keys", rng, sink);
  measure<jot_test::keyed_20>("20 keys", rng, sink);
  measure<jot_test::keyed_200>("200 keys", rng, sink);
  return sink == 42 ? 1 : 0;  // keeps the lookups alive
}
