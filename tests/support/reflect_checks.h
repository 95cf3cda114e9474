// tests/support/reflect_checks.h - the compile-time half of the reflection tests:
// types and static_asserts, no test framework. Included by
// tests/reflect/reflect_test.cpp (the build's compiler) and compiled alone by
// tests/reflect_clang/ with clang++ -fsyntax-only, so that both compilers
// hold the same contract.
#pragma once

#include <any>
#include <array>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "jot/reflect.h"
#include "reflect_test_structs.h"

namespace reflect_checks {

namespace r = jot::reflect;
using status = jot::detail::reflect::status;
template <class T>
inline constexpr status status_of = jot::detail::reflect::status_of<T>;

// ---- member types that trip naive counting ----

struct inner {
  int q;
  double w;
};
struct deep {
  inner a;
  inner b[2];
};
struct mixed {
  int id;
  std::string name;
  inner nested;  // an aggregate member is one member, not two
  double grid[2][3];
  char label[8];
  std::optional<int> maybe;  // constructible from anything
  std::vector<std::string> tags;
  std::any anything;
  std::function<void()> callback;
  std::variant<int, std::string> either;
  std::map<std::string, int> counts;
  std::unique_ptr<int> owned;
  deep nested_arrays;
};
static_assert(r::member_count<mixed> == 13);
static_assert(r::member_names<mixed>[0] == "id");
static_assert(r::member_names<mixed>[2] == "nested");
static_assert(r::member_names<mixed>[3] == "grid");
static_assert(r::member_names<mixed>[4] == "label");
static_assert(r::member_names<mixed>[5] == "maybe");
static_assert(r::member_names<mixed>[12] == "nested_arrays");
static_assert(r::member_count<deep> == 2);
static_assert(r::member_count<inner> == 2);

struct empty {};
static_assert(r::member_count<empty> == 0);
static_assert(r::member_index<empty>("") == r::npos);

struct one {
  std::string only;
};
static_assert(r::member_count<one> == 1);
static_assert(r::member_names<one>[0] == "only");

// Identifiers as C++ allows them: digits, leading and doubled underscores.
struct spelled {
  int x1;
  int _leading;
  int snake_case_2;
  int CamelCase;
  int a__b;
};
static_assert(r::member_names<spelled>[0] == "x1");
static_assert(r::member_names<spelled>[1] == "_leading");
static_assert(r::member_names<spelled>[2] == "snake_case_2");
static_assert(r::member_names<spelled>[3] == "CamelCase");
static_assert(r::member_names<spelled>[4] == "a__b");

// A class template, a type in an unnamed namespace, and const members.
template <class V>
struct box {
  V value;
  std::vector<V> more;
};
static_assert(r::member_names<box<std::string>>[1] == "more");
namespace {
struct internal {
  int hidden;
};
}  // namespace
static_assert(r::member_names<internal>[0] == "hidden");
struct with_const {
  const int fixed = 3;
  int free;
};
static_assert(r::member_count<with_const> == 2);
static_assert(r::member_count<const mixed> == 13);

// A local class has no linkage: the object whose member addresses name the
// members must still exist (a declared-only extern one would not link).
constexpr bool local_class_works() {
  struct local {
    int first;
    std::string second;
  };
  return r::member_names<local>[1] == "second" && r::member_index<local>("first") == 0;
}
static_assert(local_class_works());

// ---- members without a default constructor (counted by conversion) ----

struct no_default {
  explicit no_default(int) {}
};
struct needs_values {
  int a;
  no_default b;
  std::string c;
};
static_assert(r::member_count<needs_values> == 3);
static_assert(r::member_names<needs_values>[1] == "b");
struct needs_values_last {
  std::string a;
  no_default b;
};
static_assert(r::member_count<needs_values_last> == 2);

// A default member initializer of a type without default constructor stops
// the braces early; that is detected, not miscounted.
struct hidden_by_initializer {
  int a;
  no_default b = no_default(1);
  int c;
};
static_assert(status_of<hidden_by_initializer> == status::default_initializer);

// ---- rejected types ----

struct with_reference {
  int a;
  int& r;
};
struct with_const_reference {
  int a;
  const std::string& r;
};
static_assert(status_of<with_reference> == status::reference_member);
static_assert(status_of<with_const_reference> == status::reference_member);
static_assert(!r::reflectable<with_reference>);
union either_or {
  int i;
  float f;
};
static_assert(status_of<either_or> == status::union_type);
static_assert(status_of<int> == status::not_a_class);
class with_constructor {
 public:
  explicit with_constructor(int v) : v_(v) {}
  int v() const { return v_; }

 private:
  int v_;
};
static_assert(status_of<with_constructor> == status::not_aggregate);
static_assert(status_of<std::string> == status::not_aggregate);
static_assert(status_of<jot_test::wide_257> == status::too_many_members);

// ---- every size up to the limit ----

static_assert(r::member_count<jot_test::wide_1> == 1);
static_assert(r::member_count<jot_test::wide_2> == 2);
static_assert(r::member_count<jot_test::wide_63> == 63);
static_assert(r::member_count<jot_test::wide_64> == 64);
static_assert(r::member_count<jot_test::wide_127> == 127);
static_assert(r::member_count<jot_test::wide_128> == 128);
static_assert(r::member_count<jot_test::wide_129> == 129);
static_assert(r::member_count<jot_test::wide_255> == 255);
static_assert(r::member_count<jot_test::wide_256> == 256);
static_assert(r::member_names<jot_test::wide_256>[0] == "m0");
static_assert(r::member_names<jot_test::wide_256>[255] == "m255");
static_assert(r::member_index<jot_test::wide_256>("m200") == 200);
static_assert(r::member_index<jot_test::wide_256>("m256") == r::npos);

// ---- renames and skips ----

struct config {
  int max_size;
  std::string cache;
  int retries;
  std::string scratch;
};
}  // namespace reflect_checks

template <>
struct jot::meta<reflect_checks::config> {
  static constexpr auto rename = jot::rename({{"max_size", "maxSize"}, {"retries", "retry-count"}});
  static constexpr auto skip = jot::skip({"cache", "scratch"});
};

namespace reflect_checks {
static_assert(r::member_count<config> == 2);
static_assert(r::member_names<config>[0] == "maxSize");
static_assert(r::member_names<config>[1] == "retry-count");
static_assert(r::member_index<config>("maxSize") == 0);
static_assert(r::member_index<config>("retry-count") == 1);
static_assert(r::member_index<config>("max_size") == r::npos);  // the identifier is no key
static_assert(r::member_index<config>("cache") == r::npos);     // skipped

struct only_skips {
  int keep;
  int drop;
};
struct bad_rename {
  int a;
};
struct bad_skip {
  int a;
};
struct clashing {
  int a;
  int b;
};
}  // namespace reflect_checks

template <>
struct jot::meta<reflect_checks::only_skips> {
  static constexpr auto skip = jot::skip({"drop"});
};
template <>
struct jot::meta<reflect_checks::bad_rename> {
  static constexpr auto rename = jot::rename({{"nope", "x"}});
};
template <>
struct jot::meta<reflect_checks::bad_skip> {
  static constexpr auto skip = jot::skip({"nope"});
};
template <>
struct jot::meta<reflect_checks::clashing> {
  static constexpr auto rename = jot::rename({{"a", "b"}});
};

namespace reflect_checks {
static_assert(r::member_count<only_skips> == 1);
static_assert(r::member_names<only_skips>[0] == "keep");
static_assert(status_of<bad_rename> == status::unknown_rename);
static_assert(status_of<bad_skip> == status::unknown_skip);
static_assert(status_of<clashing> == status::duplicate_key);

// ---- explicit member lists: non-aggregates, private members, bases ----

class account {
 public:
  account(int id, std::string name) : id_(id), name_(std::move(name)) {}
  int id() const { return id_; }

 private:
  friend struct jot::meta<account>;
  int id_;
  std::string name_;
  std::string cache_;  // not listed: never read nor written
};

struct base {
  int base_value;
};
struct derived : base {
  derived() = default;
  int own_value = 0;
};
struct listed_and_renamed {
  int a;
};
}  // namespace reflect_checks

template <>
struct jot::meta<reflect_checks::account> {
  static constexpr auto members =
      jot::members(&reflect_checks::account::name_, "name", &reflect_checks::account::id_, "id");
};
template <>
struct jot::meta<reflect_checks::derived> {
  static constexpr auto members = jot::members(&reflect_checks::derived::base_value, "base",
                                               &reflect_checks::derived::own_value, "own");
};
template <>
struct jot::meta<reflect_checks::listed_and_renamed> {
  static constexpr auto members = jot::members(&reflect_checks::listed_and_renamed::a, "a");
  static constexpr auto rename = jot::rename({{"a", "b"}});
};

namespace reflect_checks {
static_assert(r::member_count<account> == 2);
static_assert(r::member_names<account>[0] == "name");  // list order, not declaration order
static_assert(r::member_index<account>("id") == 1);
static_assert(r::member_count<derived> == 2);
static_assert(r::member_names<derived>[0] == "base");
static_assert(status_of<listed_and_renamed> == status::members_and_rename);

// ---- key lookup: keys that share length, first and last byte ----

struct lookalikes {
  int abcd;
  int abzd;
  int azcd;
  int abc;
  int ab;
  int a;
  int abcdefgh;
  int abcdefgx;
  int xbcdefgh;
};
static_assert(r::member_index<lookalikes>("abcd") == 0);
static_assert(r::member_index<lookalikes>("abzd") == 1);
static_assert(r::member_index<lookalikes>("azcd") == 2);
static_assert(r::member_index<lookalikes>("abc") == 3);
static_assert(r::member_index<lookalikes>("ab") == 4);
static_assert(r::member_index<lookalikes>("a") == 5);
static_assert(r::member_index<lookalikes>("abcdefgx") == 7);
static_assert(r::member_index<lookalikes>("aacd") == r::npos);
static_assert(r::member_index<lookalikes>("ABCD") == r::npos);
static_assert(r::member_index<lookalikes>("") == r::npos);
static_assert(r::member_index<lookalikes>("abcdefghi") == r::npos);

// Up to 8 keys are compared in turn, more go through the hash table: both
// ways must tell these apart.
struct few_lookalikes {
  int abcd;
  int abzd;
  int azcd;
  int ab;
};
static_assert(r::member_index<few_lookalikes>("abzd") == 1);
static_assert(r::member_index<few_lookalikes>("ab") == 3);
static_assert(r::member_index<few_lookalikes>("abdd") == r::npos);
static_assert(r::member_index<few_lookalikes>("a") == r::npos);

// Longer than 16 bytes with the same length, first 8 and last 8 bytes: the
// cheap hash cannot tell them apart, so the table hashes every byte, and the
// middle bytes decide the match.
struct long_twins {
  int prefix_1_middle_a_suffix_1;
  int prefix_1_middle_b_suffix_1;
  int prefix_1_middle_c_suffix_1;
};
struct many_long_twins {
  int prefix_1_middle_a_suffix_1;
  int prefix_1_middle_b_suffix_1;
  int prefix_1_middle_c_suffix_1;
  int prefix_1_middle_d_suffix_1;
  int prefix_1_middle_e_suffix_1;
  int prefix_1_middle_f_suffix_1;
  int prefix_1_middle_g_suffix_1;
  int prefix_1_middle_h_suffix_1;
  int prefix_1_middle_i_suffix_1;
  int prefix_1_middle_j_suffix_1;
};
static_assert(jot::detail::reflect::key_table_of<many_long_twins>.every_byte);
static_assert(!jot::detail::reflect::key_table_of<lookalikes>.every_byte);

// Up to 64 keys the hash alone picks the slot (direct), with either hash;
// more keys go through a bucket's displacement. reflect_test.cpp looks up
// every key and its near misses in each kind.
static_assert(jot::detail::reflect::key_table_of<many_long_twins>.direct);
static_assert(jot::detail::reflect::key_table_of<jot_test::keyed_20>.direct);
static_assert(jot::detail::reflect::key_table_of<jot_test::wide_64>.direct);
static_assert(!jot::detail::reflect::key_table_of<jot_test::wide_129>.direct);
static_assert(!jot::detail::reflect::key_table_of<jot_test::keyed_200>.direct);
static_assert(r::member_index<long_twins>("prefix_1_middle_b_suffix_1") == 1);
static_assert(r::member_index<long_twins>("prefix_1_middle_d_suffix_1") == r::npos);
static_assert(r::member_index<many_long_twins>("prefix_1_middle_i_suffix_1") == 8);
static_assert(r::member_index<many_long_twins>("prefix_1_middle_k_suffix_1") == r::npos);

// for_each_member gives const references for a const object.
constexpr bool const_members_are_const() {
  const inner value{1, 2.0};
  bool all_const = true;
  r::for_each_member(value, [&](auto, std::string_view, auto& member) {
    all_const = all_const && std::is_const_v<std::remove_reference_t<decltype(member)>>;
  });
  return all_const;
}
static_assert(const_members_are_const());

// Everything works in constant expressions.
constexpr int sum_members() {
  inner value{3, 4.5};
  int sum = 0;
  r::for_each_member(value, [&](auto index, std::string_view, auto& member) {
    sum += static_cast<int>(member) * static_cast<int>(index + 1);
  });
  return sum;
}
static_assert(sum_members() == 3 + 2 * 4);

}  // namespace reflect_checks
