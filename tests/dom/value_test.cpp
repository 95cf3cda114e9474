// DOM access: types, getters, iteration, lookup, sizes and equality.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <ranges>
#include <string>
#include <vector>

#include "support/must.h"

namespace {

using jot::error_code;
using jot_test::must;

TEST(Value, TypesAndGetters) {
  auto d = jot::parse(R"({"n": null, "t": true, "u": 7, "i": -7, "d": 2.5, "s": "x", "a": [], "o": {}})");
  ASSERT_TRUE(d);
  auto r = d->root();
  EXPECT_EQ(r.type(), jot::type::object);
  EXPECT_EQ(r["n"].type(), jot::type::null);
  EXPECT_EQ(r["t"].type(), jot::type::boolean);
  EXPECT_EQ(r["u"].type(), jot::type::number);
  EXPECT_EQ(r["s"].type(), jot::type::string);
  EXPECT_EQ(r["a"].type(), jot::type::array);
  EXPECT_EQ(r["o"].type(), jot::type::object);
  EXPECT_TRUE(r["u"].is_integer());
  EXPECT_TRUE(r["i"].is_integer());
  EXPECT_TRUE(r["d"].is_double());
  EXPECT_EQ(must(r["u"].get_double()), 7.0);
  EXPECT_EQ(must(r["i"].get_double()), -7.0);
  EXPECT_EQ(r["d"].get_int64().error().code, error_code::type_mismatch);
  EXPECT_EQ(r["s"].get_bool().error().code, error_code::type_mismatch);
  EXPECT_EQ(r["t"].get_string().error().code, error_code::type_mismatch);
  EXPECT_EQ(r["n"].get_array().error().code, error_code::type_mismatch);
  EXPECT_EQ(r["missing"].get_uint64().error().code, error_code::not_found);
  EXPECT_FALSE(r["missing"].exists());
  EXPECT_FALSE(r["missing"].is_null());
  EXPECT_EQ(r.size(), 8u);
  EXPECT_EQ(r["s"].size(), 0u);
  EXPECT_EQ(r["u"].get_uint64().value_or(0), 7u);
  EXPECT_EQ(r["s"].get_uint64().value_or(99), 99u);
}

TEST(Value, ArrayIterationAndIndexing) {
  auto d = jot::parse(R"([1, [2, 3], {"a": [4]}, "five", 6])");
  ASSERT_TRUE(d);
  auto r = d->root();
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(must(r[0].get_uint64()), 1u);
  EXPECT_EQ(must(r[1][1].get_uint64()), 3u);
  EXPECT_EQ(must(r[2]["a"][0].get_uint64()), 4u);
  EXPECT_EQ(must(r[4].get_uint64()), 6u);  // skipping containers is O(1) each
  EXPECT_FALSE(r[5].exists());
  EXPECT_FALSE(r[-1].exists());
  std::vector<jot::type> types;
  for (jot::value v : must(r.get_array())) types.push_back(v.type());
  EXPECT_EQ(types, (std::vector<jot::type>{jot::type::number, jot::type::array, jot::type::object,
                                           jot::type::string, jot::type::number}));
  auto empty = jot::parse("[]");
  ASSERT_TRUE(empty);
  jot::array none = must(empty->root().get_array());
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none.begin(), none.end());
}

TEST(Value, ObjectIterationAndLookup) {
  auto d = jot::parse(R"({"a": 1, "b": {"c": [1, 2]}, "": "empty", "d\u00e9": 4})");
  ASSERT_TRUE(d);
  auto o = must(d->root().get_object());
  EXPECT_EQ(o.size(), 4u);
  std::vector<std::string> keys;
  for (jot::member m : o) keys.emplace_back(m.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "b", "", "d\xC3\xA9"}));
  EXPECT_EQ(must(o.find("").get_string()), "empty");
  EXPECT_EQ(must(o["d\xC3\xA9"].get_uint64()), 4u);
  EXPECT_EQ(o["b"]["c"].size(), 2u);
  EXPECT_FALSE(o.find("z").exists());
  EXPECT_FALSE(d->root()[0].exists());  // indexing an object
  EXPECT_FALSE(d->root()["a"]["x"].exists());  // key lookup in a number
}

TEST(Value, RangeForOverATemporaryResultIsSafe) {
  // A regression test: *get_array() on a temporary result used to hand the
  // range-for a reference into the dying temporary (caught by ASan).
  auto d = jot::parse(R"({"a": [1, 2, 3], "o": {"x": 1, "y": 2}})");
  ASSERT_TRUE(d);
  std::uint64_t sum = 0;
  ASSERT_TRUE((*d)["a"].is_array() && (*d)["o"].is_object());
  for (jot::value v : *(*d)["a"].get_array()) sum += must(v.get_uint64());
  EXPECT_EQ(sum, 6u);
  std::string keys;
  for (jot::member m : *(*d)["o"].get_object()) keys += m.key;
  EXPECT_EQ(keys, "xy");
  auto s = jot::parse("\"s\"");
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->root().is_string());
  EXPECT_EQ(s->root().get_string().value(), "s");
}

TEST(Value, EqualityComparesNumbersByValue) {
  auto a = jot::parse(R"({"x": [1, 2.0, -3, 1e2, "s", null, true, {"k": {}}]})");
  auto b = jot::parse(R"({"x":[1.0,2,-3.0,100,"s",null,true,{"k":{}}]})");
  auto c = jot::parse(R"({"x": [1, 2, -3, 100, "s", null, false, {"k": {}}]})");
  auto e = jot::parse(R"({"x": [1, 2, -3, 100, "s", null, true, {"k": []}]})");
  ASSERT_TRUE(a && b && c && e);
  EXPECT_TRUE(a->root() == b->root());
  EXPECT_FALSE(a->root() == c->root());
  EXPECT_FALSE(a->root() == e->root());
  EXPECT_TRUE(jot::value() == jot::value());
  EXPECT_FALSE(a->root() == jot::value());
  auto big = jot::parse("[18446744073709551615, 18446744073709551616, 9007199254740993]");
  auto big2 = jot::parse("[18446744073709551615, 1.8446744073709551616e19, 9007199254740992.0]");
  ASSERT_TRUE(big && big2);
  EXPECT_TRUE(big->root()[1] == big2->root()[1]);
  EXPECT_TRUE(big->root()[0] == big2->root()[0]);
  EXPECT_FALSE(big->root()[0] == big2->root()[1]);  // 2^64-1 != 2^64
  EXPECT_FALSE(big->root()[2] == big2->root()[2]);  // 2^53+1 != 2^53
  auto one = jot::parse("[1]");
  auto two = jot::parse("[1, 2]");
  auto ka = jot::parse("{\"a\":1}");
  auto kb = jot::parse("{\"b\":1}");
  ASSERT_TRUE(one && two && ka && kb);
  EXPECT_FALSE(one->root() == two->root());
  EXPECT_FALSE(ka->root() == kb->root());
  jot::parse_options raw;
  raw.keep_number_text = true;
  auto r = jot::parse("[1.0, 1e400]", raw);
  auto r2 = jot::parse("[1, 1e400]", raw);
  ASSERT_TRUE(r && r2);
  EXPECT_TRUE(r->root()[0] == a->root()["x"][0]);
  EXPECT_TRUE(r->root()[1] == r2->root()[1]);
  EXPECT_FALSE(r->root()[0] == r2->root()[1]);
}

// Numbers kept as text compare by their exact decimal value, never through a
// double: digits a double cannot hold still count, and a text beyond a
// double's range still has a value.
TEST(Value, NumbersKeptAsTextCompareExactly) {
  struct pair {
    const char* a;
    const char* b;
    bool equal;
  };
  const pair pairs[] = {
      {"1", "1.0", true},
      {"1", "1e0", true},
      {"1", "10e-1", true},
      {"1.0", "100E-2", true},
      {"123.450", "12345e-2", true},
      {"-5", "-5.000", true},
      {"-0", "0", true},
      {"0.0e10", "-0E-5", true},
      {"0.1", "1e-1", true},
      {"1e400", "10e399", true},
      {"1e400", "0.001e403", true},
      {"1e1000000000000000000", "10e999999999999999999", true},
      {"1e-1000000000000000000", "0.1e-999999999999999999", true},
      {"18446744073709551616", "1.8446744073709551616e19", true},
      {"9007199254740993", "9007199254740992", false},
      {"9007199254740993.0", "9007199254740992", false},
      {"9007199254740993", "9007199254740992.0", false},
      {"0.1", "0.10000000000000001", false},
      {"100000000000000000000000001", "1e26", false},
      {"18446744073709551616", "18446744073709551615", false},
      {"1e400", "1e401", false},
      {"1e400", "2e400", false},
      {"1", "-1", false},
      {"1e1000000000000000000", "1e1000000000000000001", false},
      {"1e1000000000000000000", "1e-1000000000000000000", false},
      {"12", "1.2", false},
      {"0", "1e-400", false},
  };
  jot::parse_options raw;
  raw.keep_number_text = true;
  for (const pair& p : pairs) {
    auto a = jot::parse(p.a, raw);
    auto b = jot::parse(p.b, raw);
    ASSERT_TRUE(a && b) << p.a << " " << p.b;
    EXPECT_EQ(a->root() == b->root(), p.equal) << p.a << " == " << p.b;
    EXPECT_EQ(b->root() == a->root(), p.equal) << p.b << " == " << p.a;
  }
}

// A number read as a double compares as the shortest decimal that reads back
// as that double, the text jot writes for it, and, when it holds an integer
// below 2^64, also as that integer; integers and texts by their exact value.
TEST(Value, DoublesCompareAsTheDecimalWrittenForThem) {
  struct pair {
    const char* text;     // kept as text, or decoded when it fits
    bool keep;
    const char* decoded;  // parsed into a double or an integer
    bool equal;
  };
  const pair pairs[] = {
      {"0.1", true, "0.1", true},
      {"0.10000000000000001", true, "0.1", false},
      {"9007199254740992", true, "9007199254740992.0", true},
      {"9007199254740993", true, "9007199254740992.0", false},
      {"9007199254740993.0", true, "9007199254740993", true},
      {"9007199254740993", false, "9007199254740992.0", false},
      {"1e23", true, "1e23", true},
      {"99999999999999991611392", true, "1e23", false},  // the double's exact value
      {"2.5", false, "25e-1", true},
      {"-0.0", false, "0", true},
      {"1e2", false, "100", true},
      {"12345678901234567890", false, "1.234567890123456789e19", false},
      // 2^60: written 1.152921504606847e18, but a double that holds an
      // integer below 2^64 also equals that integer exactly, kept or not.
      {"1152921504606846976", false, "1152921504606846976.0", true},
      {"1152921504606846976", true, "1152921504606846976.0", true},
      {"1.152921504606847e18", true, "1152921504606846976.0", true},
      {"1152921504606846977", true, "1152921504606846976.0", false},
      {"-9007199254740992", false, "-9007199254740992.0", true},
  };
  jot::parse_options raw;
  for (const pair& p : pairs) {
    raw.keep_number_text = p.keep;
    auto a = jot::parse(p.text, raw);
    auto b = jot::parse(p.decoded);
    ASSERT_TRUE(a && b) << p.text << " " << p.decoded;
    EXPECT_EQ(a->root() == b->root(), p.equal) << p.text << " == " << p.decoded;
    EXPECT_EQ(b->root() == a->root(), p.equal) << p.decoded << " == " << p.text;
  }
}

TEST(Value, DeepEqualityDoesNotRecurse) {
  jot::parse_options o;
  o.syntax.max_depth = 200000;
  std::string deep = std::string(150000, '[') + std::string(150000, ']');
  auto a = jot::parse(deep, o);
  auto b = jot::parse(deep, o);
  ASSERT_TRUE(a && b);
  EXPECT_TRUE(a->root() == b->root());
}

TEST(Pointer, Rfc6901Examples) {
  auto d = jot::parse(R"({"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4,
                          "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8})");
  ASSERT_TRUE(d);
  EXPECT_TRUE(must(d->at_pointer("")) == d->root());
  const auto number_at = [&](std::string_view pointer) {
    return must(must(d->at_pointer(pointer)).get_uint64());
  };
  EXPECT_EQ(must(must(d->at_pointer("/foo/0")).get_string()), "bar");
  EXPECT_EQ(number_at("/"), 0u);
  EXPECT_EQ(number_at("/a~1b"), 1u);
  EXPECT_EQ(number_at("/c%d"), 2u);
  EXPECT_EQ(number_at("/i\\j"), 5u);
  EXPECT_EQ(number_at("/k\"l"), 6u);
  EXPECT_EQ(number_at("/ "), 7u);
  EXPECT_EQ(number_at("/m~0n"), 8u);
  EXPECT_EQ(d->at_pointer("/foo/2").error().code, error_code::not_found);
  EXPECT_EQ(d->at_pointer("/foo/01").error().code, error_code::not_found);
  EXPECT_EQ(d->at_pointer("/foo/-").error().code, error_code::not_found);
  EXPECT_EQ(d->at_pointer("/foo/0/x").error().code, error_code::not_found);
  EXPECT_EQ(d->at_pointer("/nope").error().code, error_code::not_found);
  EXPECT_EQ(d->at_pointer("foo").error().code, error_code::invalid_pointer);
  EXPECT_EQ(d->at_pointer("/m~2n").error().code, error_code::invalid_pointer);
  EXPECT_EQ(d->at_pointer("/m~").error().code, error_code::invalid_pointer);
  EXPECT_EQ(jot::value().at_pointer("").error().code, error_code::not_found);
}

// ---- absent values ----

// A regression test: type() of an absent value dereferenced a null node.
TEST(Value, AbsentHasTypeAbsent) {
  EXPECT_EQ(jot::value().type(), jot::type::absent);
  auto d = jot::parse(R"({"a": [1]})");
  ASSERT_TRUE(d);
  EXPECT_EQ((*d)["missing"].type(), jot::type::absent);
  EXPECT_EQ((*d)["a"][7].type(), jot::type::absent);
  EXPECT_EQ(jot::document().root().type(), jot::type::absent);
}

TEST(Value, EveryAccessorOfAnAbsentValueIsSafe) {
  const jot::value v;
  EXPECT_FALSE(v.exists());
  EXPECT_EQ(v.type(), jot::type::absent);
  EXPECT_FALSE(v.is_null() || v.is_bool() || v.is_number() || v.is_integer() || v.is_double() ||
               v.is_string() || v.is_array() || v.is_object());
  EXPECT_EQ(v.get_bool().error().code, error_code::not_found);
  EXPECT_EQ(v.get_int64().error().code, error_code::not_found);
  EXPECT_EQ(v.get_uint64().error().code, error_code::not_found);
  EXPECT_EQ(v.get_double().error().code, error_code::not_found);
  EXPECT_EQ(v.get_string().error().code, error_code::not_found);
  EXPECT_EQ(v.get_array().error().code, error_code::not_found);
  EXPECT_EQ(v.get_object().error().code, error_code::not_found);
  EXPECT_EQ(v.get<int>().error().code, error_code::not_found);
  EXPECT_EQ(v.get<float>().error().code, error_code::not_found);
  EXPECT_EQ(v.get<jot::value>().error().code, error_code::not_found);
  EXPECT_EQ(v.get_or(5), 5);
  EXPECT_EQ(v.get_or("none"), "none");
  EXPECT_EQ(v.number_text(), "");
  EXPECT_EQ(v.size(), 0u);
  EXPECT_FALSE(v[0].exists());
  EXPECT_FALSE(v[std::size_t{3}].exists());
  EXPECT_FALSE(v[-1].exists());
  EXPECT_FALSE(v["k"].exists());
  EXPECT_FALSE(v[std::string_view("k")].exists());
  EXPECT_EQ(v.at_pointer("").error().code, error_code::not_found);
  EXPECT_EQ(v.at_pointer("/0").error().code, error_code::not_found);
  EXPECT_TRUE(v == jot::value());
  EXPECT_EQ(v.node(), nullptr);
  EXPECT_EQ(jot::written_size(v), 0u);
  char out[8];
  EXPECT_EQ(jot::write(v, out, sizeof out).error().code, error_code::not_found);
  // The views of nothing are empty.
  const jot::array a;
  const jot::object o;
  EXPECT_TRUE(a.empty() && o.empty());
  EXPECT_EQ(a.size() + o.size(), 0u);
  EXPECT_EQ(a.begin(), a.end());
  EXPECT_EQ(o.begin(), o.end());
  EXPECT_FALSE(a[0].exists());
  EXPECT_FALSE(o["k"].exists() || o.find("k").exists());
}

TEST(Value, TypeNames) {
  EXPECT_STREQ(jot::type_name(jot::type::null), "null");
  EXPECT_STREQ(jot::type_name(jot::type::boolean), "boolean");
  EXPECT_STREQ(jot::type_name(jot::type::number), "number");
  EXPECT_STREQ(jot::type_name(jot::type::string), "string");
  EXPECT_STREQ(jot::type_name(jot::type::array), "array");
  EXPECT_STREQ(jot::type_name(jot::type::object), "object");
  EXPECT_STREQ(jot::type_name(jot::type::absent), "absent");
  static_assert(static_cast<int>(jot::type::absent) == 6, "appended: earlier values are stable");
  auto d = jot::parse(R"({"id": "x"})");
  ASSERT_TRUE(d);
  std::string message = std::string("expected number, got ") + jot::type_name((*d)["id"].type());
  EXPECT_EQ(message, "expected number, got string");
}

// ---- indexing with every integer type ----

template <class T, class I>
constexpr bool indexes = requires(const T& t, I i) {
  { t[i] } -> std::same_as<jot::value>;
};

template <class I>
constexpr bool every_view_indexes =
    indexes<jot::value, I> && indexes<jot::document, I> && indexes<jot::array, I>;

// A regression test: only size_t and int compiled, and document[0] was
// ambiguous between size_t and const char*.
static_assert(every_view_indexes<int>);
static_assert(every_view_indexes<unsigned>);
static_assert(every_view_indexes<short>);
static_assert(every_view_indexes<unsigned short>);
static_assert(every_view_indexes<long>);
static_assert(every_view_indexes<unsigned long>);
static_assert(every_view_indexes<long long>);
static_assert(every_view_indexes<unsigned long long>);
static_assert(every_view_indexes<signed char>);
static_assert(every_view_indexes<unsigned char>);
static_assert(every_view_indexes<std::int8_t> && every_view_indexes<std::uint8_t>);
static_assert(every_view_indexes<std::int16_t> && every_view_indexes<std::uint16_t>);
static_assert(every_view_indexes<std::int32_t> && every_view_indexes<std::uint32_t>);
static_assert(every_view_indexes<std::int64_t> && every_view_indexes<std::uint64_t>);
static_assert(every_view_indexes<std::size_t> && every_view_indexes<std::ptrdiff_t>);
static_assert(every_view_indexes<const int&> && every_view_indexes<volatile long>);
// Literal 0 is an index, not a null const char*.
static_assert(requires(const jot::document& d) { { d[0] } -> std::same_as<jot::value>; });
static_assert(requires(const jot::value& v) { { v[0] } -> std::same_as<jot::value>; });
static_assert(requires(const jot::array& a) { { a[0] } -> std::same_as<jot::value>; });
// Keys still work, and bool or character types are no index.
static_assert(indexes<jot::document, const char*> && indexes<jot::value, std::string_view>);
static_assert(!indexes<jot::value, bool> && !indexes<jot::document, bool>);
static_assert(!indexes<jot::value, char> && !indexes<jot::document, char>);
static_assert(!indexes<jot::value, char8_t> && !indexes<jot::value, wchar_t>);
static_assert(!indexes<jot::array, char32_t>);

TEST(Value, IndexingWithAnyIntegerType) {
  auto d = jot::parse("[10, 20, 30]");
  ASSERT_TRUE(d);
  const jot::value r = d->root();
  const jot::array a = must(r.get_array());
  EXPECT_EQ(must((*d)[0].get_int64()), 10);
  EXPECT_EQ(must(r[0].get_int64()), 10);
  EXPECT_EQ(must(a[0].get_int64()), 10);
  EXPECT_EQ(must(r[2L].get_int64()), 30);
  EXPECT_EQ(must(r[2u].get_int64()), 30);
  EXPECT_EQ(must(r[std::uint8_t{1}].get_int64()), 20);
  EXPECT_EQ(must(r[short{1}].get_int64()), 20);
  EXPECT_EQ(must(r[std::ptrdiff_t{2}].get_int64()), 30);
  EXPECT_EQ(must((*d)[std::uint32_t{1}].get_int64()), 20);
  EXPECT_EQ(must(a[std::size_t{2}].get_int64()), 30);
  // Negative indices are absent in every width, never a huge unsigned index.
  EXPECT_FALSE(r[-1].exists());
  EXPECT_FALSE(r[-1L].exists());
  EXPECT_FALSE(r[std::int8_t{-1}].exists());
  EXPECT_FALSE((*d)[std::ptrdiff_t{-3}].exists());
  EXPECT_FALSE(a[INT64_MIN].exists());
  EXPECT_FALSE(r[3u].exists());
  EXPECT_FALSE(r[UINT64_MAX].exists());
}

// ---- arrays and objects as ranges ----

static_assert(std::forward_iterator<jot::array::iterator>);
static_assert(std::forward_iterator<jot::object::iterator>);
static_assert(std::ranges::forward_range<jot::array>);
static_assert(std::ranges::forward_range<jot::object>);
static_assert(std::ranges::borrowed_range<jot::array>);
static_assert(std::ranges::borrowed_range<jot::object>);
static_assert(std::same_as<std::ranges::range_value_t<jot::array>, jot::value>);
static_assert(std::same_as<std::ranges::range_reference_t<jot::object>, jot::member>);

TEST(Value, RangesAlgorithmsWorkOnTemporaryViews) {
  auto d = jot::parse(R"({"a": [1, "two", 3, 4.5, {"k": 5}], "o": {"x": 1, "y": "s", "z": 2}})");
  ASSERT_TRUE(d);
  ASSERT_TRUE((*d)["a"].is_array() && (*d)["o"].is_object());
  // The array is a temporary: a borrowed range hands back a usable iterator,
  // not std::ranges::dangling.
  auto it =
      std::ranges::find_if(*(*d)["a"].get_array(), [](jot::value v) { return v.is_string(); });
  static_assert(std::same_as<decltype(it), jot::array::iterator>);
  ASSERT_NE(it, must((*d)["a"].get_array()).end());
  EXPECT_EQ(must((*it).get_string()), "two");
  const auto is_number = [](jot::value v) { return v.is_number(); };
  EXPECT_EQ(std::ranges::count_if(*(*d)["a"].get_array(), is_number), 3);
  auto m = std::ranges::find_if(*(*d)["o"].get_object(),
                                [](const jot::member& x) { return x.value.is_string(); });
  static_assert(std::same_as<decltype(m), jot::object::iterator>);
  EXPECT_EQ((*m).key, "y");
  EXPECT_EQ(std::ranges::distance(*(*d)["o"].get_object()), 3);
  // Multi-pass: a copy of an iterator walks the same elements again.
  jot::array a = must((*d)["a"].get_array());
  auto first = a.begin();
  auto second = first++;
  EXPECT_TRUE((*second) == a[0]);
  EXPECT_TRUE((*first) == a[1]);
}

// ---- pre-order ----

static_assert(std::forward_iterator<jot::preorder_view::iterator>);
static_assert(std::ranges::forward_range<jot::preorder_view>);
static_assert(std::ranges::borrowed_range<jot::preorder_view>);
static_assert(std::same_as<std::ranges::range_reference_t<jot::preorder_view>, jot::value>);

// What a recursive walk sees, in order: each value's type, and the text of
// keys and strings (a key as a string value just before its member's value).
void walk_recursively(jot::value v, std::vector<std::string>& out) {
  out.push_back(std::to_string(static_cast<int>(v.type())));
  if (v.is_string()) out.back() += ":" + std::string(must(v.get_string()));
  if (v.is_number()) out.back() += ":" + std::to_string(must(v.get_double()));
  if (v.is_array()) {
    for (jot::value e : must(v.get_array())) walk_recursively(e, out);
  } else if (v.is_object()) {
    for (jot::member m : must(v.get_object())) {
      out.push_back(std::to_string(static_cast<int>(jot::type::string)) + ":" + std::string(m.key));
      walk_recursively(m.value, out);
    }
  }
}

std::vector<std::string> walk_in_preorder(jot::value v) {
  std::vector<std::string> out;
  for (jot::value x : v.preorder()) {
    out.push_back(std::to_string(static_cast<int>(x.type())));
    if (x.is_string()) out.back() += ":" + std::string(must(x.get_string()));
    if (x.is_number()) out.back() += ":" + std::to_string(must(x.get_double()));
  }
  return out;
}

TEST(Value, PreorderVisitsWhatARecursiveWalkVisits) {
  const char* docs[] = {
      "7", "\"s\"", "null", "[]", "{}", "[[]]", R"({"": {}})",
      R"({"a": [1, "two", {"k": [true, false, null]}, []], "b": {"c": {"d": "e"}}, "f": -2.5})",
      R"([{"x": 1}, [{"y": [2, [3, [4]]]}], "z\u00e9", {"": ""}])",
  };
  for (const char* text : docs) {
    SCOPED_TRACE(text);
    auto d = jot::parse(text);
    ASSERT_TRUE(d);
    std::vector<std::string> expected;
    walk_recursively(d->root(), expected);
    EXPECT_EQ(walk_in_preorder(d->root()), expected);
    EXPECT_EQ(d->root().preorder().size(), expected.size());
  }
}

TEST(Value, PreorderOfASubtreeStopsAtItsEnd) {
  auto d = jot::parse(R"({"a": {"k": ["x", {"y": 1}]}, "after": "not visited", "z": [9]})");
  ASSERT_TRUE(d);
  const jot::value a = (*d)["a"];
  ASSERT_TRUE(a.is_object());
  std::vector<std::string> expected;
  walk_recursively(a, expected);
  EXPECT_EQ(walk_in_preorder(a), expected);
  EXPECT_EQ(expected.size(), 7u);  // {}, "k", [], "x", {}, "y", 1
  // A scalar's pre-order is itself alone.
  const jot::value z0 = (*d)["z"][0];
  EXPECT_EQ(std::ranges::distance(z0.preorder()), 1);
  EXPECT_TRUE(*z0.preorder().begin() == z0);
  // Absent: nothing to visit.
  EXPECT_TRUE((*d)["missing"].preorder().empty());
  EXPECT_EQ(std::ranges::distance((*d)["missing"].preorder()), 0);
  // Every string of the document, keys included, without recursion.
  std::string strings;
  for (jot::value v : d->root().preorder())
    if (v.is_string()) strings += std::string(must(v.get_string())) + ",";
  EXPECT_EQ(strings, "a,k,x,y,after,not visited,z,");
}

// ---- get<T> and get_or ----

TEST(Value, GenericGetterForEveryType) {
  auto d = jot::parse(R"({"t": true, "n": 300, "neg": -129, "d": 2.5, "w": 1e2, "s": "str",
                          "a": [1], "o": {"k": 1}, "big": 1e300, "z": null})");
  ASSERT_TRUE(d);
  const jot::value r = d->root();
  EXPECT_EQ(must(r["t"].get<bool>()), true);
  EXPECT_EQ(must(r["d"].get<double>()), 2.5);
  EXPECT_EQ(must(r["d"].get<float>()), 2.5f);
  EXPECT_EQ(must(r["s"].get<std::string_view>()), "str");
  EXPECT_EQ(must(r["a"].get<jot::array>()).size(), 1u);
  EXPECT_EQ(must(r["o"].get<jot::object>()).size(), 1u);
  EXPECT_TRUE(must(r["o"].get<jot::value>()) == r["o"]);
  EXPECT_EQ(r["big"].get<float>().error().code, error_code::number_out_of_range);
  EXPECT_EQ(must(r["big"].get<double>()), 1e300);
  // Every integer width, range-checked.
  EXPECT_EQ(must(r["n"].get<std::int16_t>()), 300);
  EXPECT_EQ(must(r["n"].get<std::uint16_t>()), 300u);
  EXPECT_EQ(must(r["n"].get<std::int32_t>()), 300);
  EXPECT_EQ(must(r["n"].get<std::uint32_t>()), 300u);
  EXPECT_EQ(must(r["n"].get<std::int64_t>()), 300);
  EXPECT_EQ(must(r["n"].get<std::uint64_t>()), 300u);
  EXPECT_EQ(must(r["n"].get<long>()), 300);
  EXPECT_EQ(must(r["n"].get<unsigned short>()), 300u);
  EXPECT_EQ(must(r["w"].get<std::uint8_t>()), 100u);  // 1e2 is whole
  EXPECT_EQ(r["n"].get<std::uint8_t>().error().code, error_code::number_out_of_range);
  EXPECT_EQ(r["n"].get<std::int8_t>().error().code, error_code::number_out_of_range);
  EXPECT_EQ(r["neg"].get<std::int8_t>().error().code, error_code::number_out_of_range);
  EXPECT_EQ(must(r["neg"].get<std::int16_t>()), -129);
  EXPECT_EQ(r["neg"].get<unsigned>().error().code, error_code::number_out_of_range);
  EXPECT_EQ(r["d"].get<int>().error().code, error_code::type_mismatch);
  EXPECT_EQ(r["s"].get<int>().error().code, error_code::type_mismatch);
  EXPECT_EQ(r["z"].get<bool>().error().code, error_code::type_mismatch);
  EXPECT_EQ(r["n"].get<std::string_view>().error().code, error_code::type_mismatch);
  EXPECT_EQ(r["a"].get<jot::object>().error().code, error_code::type_mismatch);
  EXPECT_EQ(r["nope"].get<std::uint8_t>().error().code, error_code::not_found);
}

TEST(Value, GenericGetterBoundaries) {
  auto d = jot::parse(R"([127, 128, -128, -129, 255, 256, 65535, 65536, 2147483647, 2147483648,
                          -2147483648, -2147483649, 4294967295, 4294967296, 3.4028234663852886e38,
                          3.4028235677973366e38, -3.4028234663852886e38])");
  ASSERT_TRUE(d);
  const jot::value r = d->root();
  constexpr auto out = error_code::number_out_of_range;
  EXPECT_EQ(must(r[0].get<std::int8_t>()), 127);
  EXPECT_EQ(r[1].get<std::int8_t>().error().code, out);
  EXPECT_EQ(must(r[2].get<std::int8_t>()), -128);
  EXPECT_EQ(r[3].get<std::int8_t>().error().code, out);
  EXPECT_EQ(must(r[4].get<std::uint8_t>()), 255u);
  EXPECT_EQ(r[5].get<std::uint8_t>().error().code, out);
  EXPECT_EQ(must(r[6].get<std::uint16_t>()), 65535u);
  EXPECT_EQ(r[7].get<std::uint16_t>().error().code, out);
  EXPECT_EQ(must(r[8].get<std::int32_t>()), INT32_MAX);
  EXPECT_EQ(r[9].get<std::int32_t>().error().code, out);
  EXPECT_EQ(must(r[10].get<std::int32_t>()), INT32_MIN);
  EXPECT_EQ(r[11].get<std::int32_t>().error().code, out);
  EXPECT_EQ(must(r[12].get<std::uint32_t>()), UINT32_MAX);
  EXPECT_EQ(r[13].get<std::uint32_t>().error().code, out);
  EXPECT_EQ(must(r[14].get<float>()), std::numeric_limits<float>::max());
  EXPECT_EQ(r[15].get<float>().error().code, out);
  EXPECT_EQ(must(r[16].get<float>()), -std::numeric_limits<float>::max());
}

TEST(Value, GetOrFallsBackWhenAbsentMistypedOrOutOfRange) {
  auto d = jot::parse(R"({"n": 300, "s": "str", "b": false, "a": [1, 2]})");
  ASSERT_TRUE(d);
  const jot::value r = d->root();
  EXPECT_EQ(r["n"].get_or(7), 300);
  EXPECT_EQ(r["missing"].get_or(7), 7);
  EXPECT_EQ(r["s"].get_or(7), 7);                    // another type
  EXPECT_EQ(r["n"].get_or(std::uint8_t{7}), 7u);     // out of range
  EXPECT_EQ(r["b"].get_or(true), false);
  EXPECT_EQ(r["n"].get_or(0.5), 300.0);
  EXPECT_EQ(r["s"].get_or("none"), "str");
  EXPECT_EQ(r["n"].get_or("none"), "none");
  EXPECT_EQ(r["n"].get_or(static_cast<const char*>(nullptr)), "");
  EXPECT_EQ(r["s"].get_or(std::string_view("v")), "str");
  EXPECT_EQ(r["a"].get_or(jot::array()).size(), 2u);
  EXPECT_TRUE(r["s"].get_or(jot::array()).empty());
  static_assert(std::same_as<decltype(r.get_or(0)), int>);
  static_assert(std::same_as<decltype(r.get_or("x")), std::string_view>);
}

template <class T>
constexpr bool gettable = requires(const jot::value& v) { v.get<T>(); };
static_assert(gettable<bool> && gettable<float> && gettable<double> && gettable<long long>);
static_assert(gettable<std::int8_t> && gettable<std::uint64_t> && gettable<std::string_view>);
static_assert(gettable<jot::array> && gettable<jot::object> && gettable<jot::value>);
static_assert(!gettable<char> && !gettable<std::string> && !gettable<const char*>);
static_assert(!gettable<long double> && !gettable<jot::document>);

}  // namespace
