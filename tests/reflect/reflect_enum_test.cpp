// Enum reflection: the compile-time contract lives in reflect_enum_checks.h
// (also compiled by clang, tests/reflect_clang/); this file checks the same
// lookups with values and names known only at run time, and that the fast
// path (one spelled list per enum) finds what probing each value finds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jot/reflect.h"
#include "support/reflect_enum_checks.h"

namespace {

namespace r = jot::reflect;
namespace rd = jot::detail::reflect;
using namespace reflect_enum_checks;

// A value the optimizer cannot see through, so the run-time paths run.
template <class T>
T opaque(T v) {
  volatile T copy = v;
  return copy;
}

// The names of E's probed values, found one value at a time (the fallback),
// copied out of the constant evaluation.
struct probed_block {
  std::size_t count = 0;
  long long values[400] = {};
  std::size_t begin[400] = {};
  std::size_t size[400] = {};
  char chars[4000] = {};
};

template <class E>
consteval probed_block probe_one_by_one() {
  probed_block b;
  std::size_t at = 0;
  rd::probe_each<E>(
      [&](std::size_t i, rd::name_text name) {
        b.values[b.count] = rd::probe_range<E>::lo + static_cast<long long>(i);
        b.begin[b.count] = at;
        b.size[b.count] = name.size;
        for (std::size_t c = 0; c < name.size; ++c) b.chars[at++] = name.text[c];
        ++b.count;
      },
      std::make_index_sequence<rd::probe_range<E>::size>{});
  return b;
}

template <class E>
std::vector<std::pair<long long, std::string>> probed_one_by_one() {
  static constexpr probed_block block = probe_one_by_one<E>();
  std::vector<std::pair<long long, std::string>> out;
  for (std::size_t i = 0; i < block.count; ++i) {
    out.emplace_back(block.values[i], std::string(block.chars + block.begin[i], block.size[i]));
  }
  return out;
}

template <class E>
std::vector<std::pair<long long, std::string>> deduced_names() {
  std::vector<std::pair<long long, std::string>> out;
  for (std::size_t i = 0; i < r::enum_count<E>; ++i) {
    out.emplace_back(static_cast<long long>(r::enum_values<E>[i]), std::string(r::enum_names<E>[i]));
  }
  return out;
}

// The values an E may hold at run time: the probed range, and for an enum
// without a fixed underlying type only the smallest bit-field's worth that
// holds its enumerators (another value in such an enum is undefined, and
// UBSan says so).
template <class E>
std::pair<long long, long long> valid_range() {
  long long lo = rd::probe_range<E>::lo, hi = rd::probe_range<E>::hi;
  if constexpr (!rd::fixed_underlying<E>) {
    long long top = 0;
    bool negative = false;
    for (E e : r::enum_values<E>) {
      const auto v = static_cast<long long>(e);
      top = std::max(top, v < 0 ? -v - 1 : v);
      negative = negative || v < 0;
    }
    long long mask = 1;
    while (mask <= top) mask = mask * 2;
    lo = std::max(lo, negative ? -mask : 0);
    hi = std::min(hi, mask - 1);
  }
  return {lo, hi};
}

// Every probed value gets the name the one-by-one probe gives it (or none),
// and every name reads back to its value, with run-time inputs.
template <class E>
void expect_consistent() {
  static_assert(rd::listed<E>.ok, "the spelled list should parse for every enum here");
  const auto expected = probed_one_by_one<E>();
  EXPECT_EQ(deduced_names<E>(), expected);
  const auto [lo, hi] = valid_range<E>();
  std::size_t k = 0;
  for (long long v = lo; v <= hi; ++v) {
    const E e = opaque(static_cast<E>(v));
    const std::string_view name = r::enum_name(e);
    if (k < expected.size() && expected[k].first == v) {
      EXPECT_EQ(name, expected[k].second) << v;
      E back{};
      EXPECT_TRUE(r::enum_from_name(std::string(name), back)) << name;
      EXPECT_EQ(static_cast<long long>(back), v) << name;
      ++k;
    } else {
      EXPECT_EQ(name, "") << v;
    }
  }
  EXPECT_EQ(k, expected.size());
}

TEST(ReflectEnum, NamesMatchProbingEachValue) {
  expect_consistent<color>();
  expect_consistent<plain_enum>();
  expect_consistent<fixed_unscoped>();
  expect_consistent<negative>();
  expect_consistent<small_signed>();
  expect_consistent<character>();
  expect_consistent<flag>();
  expect_consistent<wide>();
  expect_consistent<outside>();
  expect_consistent<alias>();
  expect_consistent<empty_enum>();
  expect_consistent<in_anonymous>();
  expect_consistent<holder<int, long>::nested>();
  expect_consistent<holder<int, long>::nested_scoped>();
  expect_consistent<many>();
}

TEST(ReflectEnum, ProbedRangeFollowsTheUnderlyingType) {
  EXPECT_EQ(rd::probe_range<color>::lo, 0);
  EXPECT_EQ(rd::probe_range<color>::hi, 255);
  EXPECT_EQ(rd::probe_range<negative>::lo, -128);
  EXPECT_EQ(rd::probe_range<negative>::hi, 255);
  EXPECT_EQ(rd::probe_range<small_signed>::lo, -128);
  EXPECT_EQ(rd::probe_range<small_signed>::hi, 127);
  EXPECT_EQ(rd::probe_range<flag>::lo, 0);
  EXPECT_EQ(rd::probe_range<flag>::hi, 1);
  EXPECT_EQ(rd::probe_range<wide>::hi, 255);
}

TEST(ReflectEnum, OutOfRangeValuesHaveNoName) {
  EXPECT_EQ(r::enum_name(opaque(outside::above)), "");
  EXPECT_EQ(r::enum_name(opaque(outside::below)), "");
  EXPECT_EQ(r::enum_name(opaque(wide::huge)), "");
  EXPECT_EQ(r::enum_name(opaque(static_cast<negative>(-129))), "");
  EXPECT_EQ(r::enum_name(opaque(static_cast<negative>(256))), "");
  EXPECT_EQ(r::enum_name(opaque(static_cast<negative>(INT32_MIN))), "");
  EXPECT_EQ(r::enum_name(opaque(static_cast<wide>(UINT64_MAX))), "");
}

TEST(ReflectEnum, ListedEnumeratorsWithSparseValues) {
  // Values 200..1<<20: too far apart for a table, so a binary search.
  static_assert(!rd::value_index_of<status>.dense);
  EXPECT_EQ(r::enum_name(opaque(status::ok)), "OK");
  EXPECT_EQ(r::enum_name(opaque(status::moved)), "Moved Permanently");
  EXPECT_EQ(r::enum_name(opaque(status::gone)), "Gone");
  EXPECT_EQ(r::enum_name(opaque(status::far)), "far away");
  EXPECT_EQ(r::enum_name(opaque(status::teapot)), "");
  for (int v : {0, 199, 201, 300, 302, 409, 411, 1 << 19, (1 << 20) + 1, -1, INT32_MIN, INT32_MAX}) {
    EXPECT_EQ(r::enum_name(opaque(static_cast<status>(v))), "") << v;
  }
  status s{};
  EXPECT_TRUE(r::enum_from_name(std::string("fine"), s));
  EXPECT_EQ(s, status::ok);
  EXPECT_TRUE(r::enum_from_name(std::string("Moved Permanently"), s));
  EXPECT_EQ(s, status::moved);
  EXPECT_FALSE(r::enum_from_name(std::string("Moved permanently"), s));
  EXPECT_EQ(s, status::moved);
}

TEST(ReflectEnum, NearMissesAreRejected) {
  // Every name with one byte changed, cut or extended (both lookup paths:
  // the compare loop for color, the hash table for many).
  auto check = [](auto tag) {
    using E = decltype(tag);
    for (std::string_view name : r::enum_names<E>) {
      for (std::size_t i = 0; i < name.size(); ++i) {
        std::string changed(name);
        changed[i] = static_cast<char>(changed[i] ^ 0x20);
        E out{};
        EXPECT_FALSE(r::enum_from_name(changed, out)) << changed;
      }
      E out{};
      EXPECT_FALSE(r::enum_from_name(std::string(name.substr(0, name.size() - 1)), out));
      EXPECT_FALSE(r::enum_from_name(std::string(name) + "x", out));
    }
  };
  check(color{});
  check(many{});
  check(status{});
}

}  // namespace
