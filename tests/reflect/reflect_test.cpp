// Reflection: the compile-time contract lives in reflect_checks.h (also
// compiled by clang, tests/reflect_clang/); this file checks what happens at
// run time: visiting and writing members, and key lookup on every key and on
// near misses.
#include "jot/reflect.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "support/reflect_checks.h"
#include "support/reflect_test_structs.h"

namespace {

namespace r = jot::reflect;
using namespace reflect_checks;

// Every key of T maps to its own index, also from a key held in run-time
// storage (so the run-time hash path runs, not only the constexpr one).
template <class T>
void expect_every_key_found() {
  for (std::size_t i = 0; i < r::member_count<T>; ++i) {
    const std::string key(r::member_names<T>[i]);
    EXPECT_EQ(r::member_index<T>(key), i) << key;
  }
}

// Changing any one byte of a key, dropping its last byte or adding one gives a
// key that is not found unless it is another member's key.
template <class T>
void expect_near_misses_rejected() {
  const auto& names = r::member_names<T>;
  auto is_key = [&](std::string_view k) {
    for (std::string_view n : names) {
      if (n == k) return true;
    }
    return false;
  };
  for (std::string_view name : names) {
    std::string key(name);
    for (std::size_t at = 0; at < key.size(); ++at) {
      const char original = key[at];
      for (char c : {'a', 'z', '_', '0', 'A', '\0', '\xff'}) {
        key[at] = c;
        if (!is_key(key)) EXPECT_EQ(r::member_index<T>(key), r::npos) << key;
      }
      key[at] = original;
    }
    if (!key.empty() && !is_key(key.substr(0, key.size() - 1))) {
      EXPECT_EQ(r::member_index<T>(key.substr(0, key.size() - 1)), r::npos);
    }
    if (!is_key(key + "x")) EXPECT_EQ(r::member_index<T>(key + "x"), r::npos);
  }
}

template <class... T>
void expect_lookups() {
  (expect_every_key_found<T>(), ...);
  (expect_near_misses_rejected<T>(), ...);
}

// Both lookup paths (8 keys or fewer: compare in turn; more: hash table),
// both hashes (first/last words; every byte), renamed and listed keys.
TEST(Reflect, EveryKeyIsFoundAndNearMissesAreRejected) {
  expect_lookups<mixed, config, account, lookalikes, few_lookalikes, long_twins, many_long_twins,
                 jot_test::keyed_20, jot_test::keyed_200, jot_test::wide_1, jot_test::wide_64,
                 jot_test::wide_129, jot_test::wide_256>();
}

TEST(Reflect, OtherMisses) {
  EXPECT_EQ(r::member_index<mixed>(""), r::npos);
  EXPECT_EQ(r::member_index<mixed>(std::string(1000, 'x')), r::npos);
  EXPECT_EQ(r::member_index<mixed>("ID"), r::npos);  // bytes, no case folding
  EXPECT_EQ(r::member_index<empty>("anything"), r::npos);
  EXPECT_EQ(r::member_index<config>("cache"), r::npos);     // skipped
  EXPECT_EQ(r::member_index<config>("max_size"), r::npos);  // renamed away
  EXPECT_EQ(r::member_index<account>("cache_"), r::npos);   // not listed
  EXPECT_EQ(r::member_index<account>("id_"), r::npos);      // listed as "id"
}

TEST(Reflect, GeneratedKeysMatchTheirStructs) {
  ASSERT_EQ(r::member_count<jot_test::keyed_200>, std::size(jot_test::keyed_200_keys));
  for (std::size_t i = 0; i < std::size(jot_test::keyed_200_keys); ++i) {
    EXPECT_EQ(r::member_names<jot_test::keyed_200>[i], jot_test::keyed_200_keys[i]);
  }
}

TEST(Reflect, WideStructsHaveEveryName) {
  for (std::size_t i = 0; i < 256; ++i) {
    EXPECT_EQ(r::member_names<jot_test::wide_256>[i], "m" + std::to_string(i));
  }
  for (std::size_t i = 0; i < 129; ++i) {
    EXPECT_EQ(r::member_names<jot_test::wide_129>[i], "m" + std::to_string(i));
  }
}

TEST(Reflect, ForEachMemberVisitsInOrderAndWrites) {
  mixed value{};
  std::vector<std::string> keys;
  std::vector<std::size_t> indexes;
  r::for_each_member(value, [&](auto index, std::string_view key, auto& member) {
    keys.emplace_back(key);
    indexes.push_back(index);
    if constexpr (std::is_same_v<std::remove_reference_t<decltype(member)>, int>) member = 42;
    if constexpr (std::is_same_v<std::remove_reference_t<decltype(member)>, std::string>) {
      member = "written";
    }
  });
  ASSERT_EQ(keys.size(), 13u);
  EXPECT_EQ(keys.front(), "id");
  EXPECT_EQ(keys.back(), "nested_arrays");
  for (std::size_t i = 0; i < indexes.size(); ++i) EXPECT_EQ(indexes[i], i);
  EXPECT_EQ(value.id, 42);
  EXPECT_EQ(value.name, "written");
}

TEST(Reflect, ForEachMemberSkipsAndRenames) {
  config value{7, "cached", 3, "scratch"};
  std::vector<std::string> seen;
  r::for_each_member(value, [&](auto index, std::string_view key, auto& member) {
    seen.push_back(std::string(key) + "=" + std::to_string(index()) + ":" + std::to_string(member));
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"maxSize=0:7", "retry-count=1:3"}));
}

TEST(Reflect, ForEachMemberOnAMemberList) {
  account value(12, "ada");
  std::vector<std::string> seen;
  r::for_each_member(value, [&](auto, std::string_view key, auto& member) {
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(member)>, int>) {
      seen.push_back(std::string(key) + "=" + std::to_string(member));
      member = 13;
    } else {
      seen.push_back(std::string(key) + "=" + member);
    }
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"name=ada", "id=12"}));
  EXPECT_EQ(value.id(), 13);

  derived d;
  d.base_value = 1;
  d.own_value = 2;
  int sum = 0;
  r::for_each_member(d, [&](auto, std::string_view, int& member) { sum += member; });
  EXPECT_EQ(sum, 3);
}

TEST(Reflect, ForEachMemberOnAnEmptyStruct) {
  empty value;
  int calls = 0;
  r::for_each_member(value, [&](auto, std::string_view, auto&) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(Reflect, ForEachMemberOnMembersWithoutDefaultConstructor) {
  needs_values value{1, no_default(2), "three"};
  std::vector<std::string> keys;
  r::for_each_member(value, [&](auto, std::string_view key, auto&) { keys.emplace_back(key); });
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "b", "c"}));
}

// The decoder's dispatch: key -> index -> the member itself.
TEST(Reflect, VisitMemberByIndex) {
  jot_test::keyed_200 value{};
  for (std::size_t i = 0; i < r::member_count<jot_test::keyed_200>; ++i) {
    const std::size_t index = r::member_index<jot_test::keyed_200>(jot_test::keyed_200_keys[i]);
    ASSERT_EQ(index, i);
    EXPECT_TRUE(r::visit_member(value, index, [&](auto k, std::string_view key, int& member) {
      EXPECT_EQ(k(), i);
      EXPECT_EQ(key, jot_test::keyed_200_keys[i]);
      member = static_cast<int>(i) + 1;
    }));
  }
  int expected = 1;
  r::for_each_member(value, [&](auto, std::string_view, int& member) {
    EXPECT_EQ(member, expected);
    ++expected;
  });
  EXPECT_FALSE(r::visit_member(value, r::member_count<jot_test::keyed_200>,
                               [](auto, std::string_view, int&) { FAIL(); }));
  EXPECT_FALSE(r::visit_member(value, r::npos, [](auto, std::string_view, int&) { FAIL(); }));

  config c{1, "", 2, ""};
  EXPECT_TRUE(r::visit_member(c, 1, [](auto, std::string_view key, auto& member) {
    EXPECT_EQ(key, "retry-count");
    EXPECT_EQ(member, 2);
  }));
  EXPECT_FALSE(r::visit_member(c, 2, [](auto, std::string_view, auto&) { FAIL(); }));

  account a(5, "x");
  EXPECT_TRUE(r::visit_member(a, 1, [](auto, std::string_view key, auto& member) {
    EXPECT_EQ(key, "id");
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(member)>, int>) EXPECT_EQ(member, 5);
  }));
}

}  // namespace
