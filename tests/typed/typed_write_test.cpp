// The typed encoder, jot::write(const T&): every shape of typed_traits.h,
// numbers at their limits, escaping options, pretty layout, failures, both
// output overloads. The property behind most checks: writing a value typed,
// parsing that text and writing it with the DOM writer gives the same bytes,
// compact and pretty, under every escaping option.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <memory_resource>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "jot/jot.h"
#include "jot/typed.h"
#include "write/write_string.h"  // src/: the byte-by-byte escaping reference

namespace typed_write_test {

// ---- types under test ----

struct inner {
  int q = 0;
  double w = 0;
};
struct empty_struct {};
enum class color : std::uint8_t { red, green = 5, blue };
enum class signed_level : int { low = -100, high = 100 };
enum class raw_code : std::int16_t { a = -300, b = 7 };
enum class raw_flag : std::uint16_t { x = 65535 };
enum class http : int { ok = 200, not_found = 404 };

struct everything {
  bool b = true;
  std::int8_t i8 = -128;
  std::uint64_t u64 = UINT64_MAX;
  float f = 0.25f;
  double d = -1.5e-9;
  std::string s = "tab\there \"quoted\" \\ /slash\x01 \xc3\xa9";
  std::string_view sv = "view";
  std::optional<int> none;
  std::optional<std::string> some = "x";
  std::unique_ptr<inner> no_ptr;
  std::unique_ptr<inner> ptr = std::make_unique<inner>(inner{1, 2});
  std::vector<int> ints{1, -2, 3};
  std::vector<bool> bits{true, false};
  std::vector<std::vector<int>> nested{{}, {1}, {}};
  std::array<double, 2> pair{0.5, 100.0};
  std::array<int, 0> none_of;
  int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
  std::map<std::string, inner> by_name{{"b", {2, 0.0}}, {"a", {1, -0.0}}};
  std::map<std::string, int> no_members;
  std::variant<std::monostate, int, std::string, inner> v0;
  std::variant<std::monostate, int, std::string, inner> v1 = 7;
  std::variant<std::monostate, int, std::string, inner> v3 = inner{3, 3.5};
  color c = color::blue;
  std::optional<color> oc = color::red;
  http h = http::not_found;
  signed_level level = signed_level::low;
  empty_struct nothing;
  std::vector<empty_struct> nothings{{}, {}};
};

// Members whose text the type bounds (booleans, numbers, enums as integers,
// optionals of these), which the compact encoder writes in the room their
// key reserves, and sequences of them (one reservation per element).
struct bounded_members {
  bool yes = true;
  bool no = false;
  std::int8_t i8 = -128;
  std::uint16_t u16 = 65535;
  std::int64_t i64 = INT64_MIN;
  std::uint64_t u64 = UINT64_MAX;
  float f = -0.5f;
  double d = 1.7976931348623157e308;
  std::optional<bool> no_bool;
  std::optional<bool> some_bool = false;
  std::optional<double> some_double = 2.5;
  std::optional<std::int64_t> no_int;
  raw_code code = raw_code::a;
  std::optional<raw_flag> flag = raw_flag::x;
  std::vector<std::int64_t> ints{INT64_MIN, 0, INT64_MAX};
  std::vector<bool> bits{false, true, true};
  std::vector<std::optional<double>> maybe{std::nullopt, -0.0, 1e-7};
  std::set<unsigned> sorted{3, 1, 2};
  std::vector<int> no_ints;
  std::set<int> no_set;
  std::span<const double> no_span;
  std::array<bool, 1> one{true};
};
// Keys that escaping touches: renamed to them.
struct odd_keys {
  int quote = 1;
  int slash = 2;
  int accent = 3;
  int control = 4;
  int backslash = 5;
  int plain = 6;
};

// Members that skip_null_members may leave out, the first one among them;
// one key the escaper must write ("a/b" under escape_slash, "q\"" always).
struct sparse {
  std::optional<int> first;
  std::unique_ptr<inner> p;
  int kept = 7;
  std::optional<std::string> slash;
  std::optional<int> quote;
  std::vector<std::optional<int>> list{std::nullopt, 2};  // elements are still written as null
};
struct only_optional {
  std::optional<int> a;
  std::unique_ptr<int> b;
};
struct escaped_after {
  std::optional<int> gone;
  int quote = 1;  // renamed to a key the escaper writes
};

struct bounded_and_odd_keys {
  bounded_members b;
  odd_keys k;  // keys written at run time, then their bounded values
};
// A class with private members, listed.
class account {
 public:
  account(int id, std::string name) : id_(id), name_(std::move(name)) {}

 private:
  friend struct jot::meta<account>;
  int id_;
  std::string name_;
};

// A type written through a proxy: seconds as "HH:MM:SS".
struct clock_time {
  int seconds = 0;
};

}  // namespace typed_write_test

template <>
struct jot::meta<typed_write_test::odd_keys> {
  static constexpr auto rename = jot::rename({{"quote", "say \"hi\""},
                                              {"slash", "a/b"},
                                              {"accent", "caf\xc3\xa9 \xf0\x9f\x98\x80"},
                                              {"control", "line\nbreak\x1f"},
                                              {"backslash", "back\\slash"}});
};
template <>
struct jot::meta<typed_write_test::sparse> {
  static constexpr auto rename = jot::rename({{"slash", "a/b"}, {"quote", "q\""}});
};
template <>
struct jot::meta<typed_write_test::escaped_after> {
  static constexpr auto rename = jot::rename({{"quote", "q\""}});
};
template <>
struct jot::meta<typed_write_test::account> {
  static constexpr auto members =
      jot::members(&typed_write_test::account::id_, "id", &typed_write_test::account::name_, "name");
};
template <>
struct jot::meta<typed_write_test::raw_code> {
  static constexpr bool as_integer = true;
};
template <>
struct jot::meta<typed_write_test::raw_flag> {
  static constexpr bool as_integer = true;
};
template <>
struct jot::meta<typed_write_test::http> {
  static constexpr auto enumerators = jot::enumerators(typed_write_test::http::ok, "200 OK",
                                                       typed_write_test::http::not_found, "404 \"Not Found\"");
};
template <>
struct jot::meta<typed_write_test::clock_time> {
  using proxy = std::string;
  static std::string write(const typed_write_test::clock_time& t) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%02d:%02d:%02d", t.seconds / 3600, t.seconds / 60 % 60,
                  t.seconds % 60);
    return buf;
  }
  static bool read(const std::string&, typed_write_test::clock_time&) { return false; }
};

namespace typed_write_test {
namespace {

// Every combination of the options, pretty with 2 and 3 spaces.
std::vector<jot::write_options> all_options() {
  std::vector<jot::write_options> out;
  for (std::uint32_t indent : {0u, 2u, 3u}) {
    for (int bits = 0; bits < 4; ++bits) {
      out.push_back({.indent = indent, .escape_non_ascii = (bits & 2) != 0, .escape_slash = (bits & 1) != 0});
    }
  }
  return out;
}

std::string describe(const jot::write_options& o) {
  return "indent " + std::to_string(o.indent) + (o.escape_slash ? " slash" : "") +
         (o.escape_non_ascii ? " non_ascii" : "");
}

// v written typed, through both overloads. The caller-buffer one must give
// the same bytes when there is room, the exact size when there is one byte
// too little, and never touch a byte past its capacity.
template <class T>
std::string typed(const T& v, const jot::write_options& o = {}) {
  jot::output_buffer out;
  out.append("prefix");
  auto r = jot::write(v, out, o);
  EXPECT_TRUE(r) << r.error().message;
  if (!r) return {};
  EXPECT_EQ(out.view().substr(0, 6), "prefix");
  const std::string text(*r);

  constexpr std::size_t guard = 64;
  std::string buf(text.size() + guard, '\x7f');
  auto n = jot::write(v, buf.data(), text.size(), o);
  EXPECT_TRUE(n);
  EXPECT_EQ(buf.substr(0, text.size()), text);
  EXPECT_EQ(buf.substr(text.size()), std::string(guard, '\x7f'));
  if (!text.empty()) {
    std::string small(text.size() + guard, '\x7f');
    auto m = jot::write(v, small.data(), text.size() - 1, o);
    EXPECT_FALSE(m);
    EXPECT_EQ(m.error().code, jot::error_code::buffer_too_small);
    EXPECT_EQ(m.error().needed, text.size());
    EXPECT_EQ(small.substr(text.size() - 1), std::string(guard + 1, '\x7f'));
  }
  return text;
}

std::string dom(jot::value v, const jot::write_options& o) {
  jot::output_buffer out;
  auto r = jot::write(v, out, o);
  EXPECT_TRUE(r);
  return std::string(r.value_or({}));
}

// Typed -> parse -> DOM writer gives the typed bytes, under every option.
template <class T>
void expect_like_dom(const T& v) {
  const std::string compact = typed(v);
  auto doc = jot::parse(compact);
  ASSERT_TRUE(doc) << doc.error().message << ": " << compact;
  for (const jot::write_options& o : all_options()) {
    EXPECT_EQ(typed(v, o), dom(doc->root(), o)) << describe(o);
  }
}

template <class T>
jot::error failure(const T& v, const jot::write_options& o = {}) {
  jot::output_buffer out;
  out.append("kept");
  auto r = jot::write(v, out, o);
  EXPECT_FALSE(r);
  EXPECT_EQ(out.view(), "kept");  // the buffer is as before the call
  char buf[4];
  auto n = jot::write(v, buf, sizeof buf, o);  // too small, but the failure wins
  EXPECT_FALSE(n);
  EXPECT_EQ(n.error().code, r.error().code);
  return r.error();
}

// v written into a caller buffer of every capacity up to its size: the
// whole text when it fits, else the size it needs, and never a byte
// changed past the capacity.
template <class T>
void expect_every_capacity(const T& v, const jot::write_options& o) {
  const std::string text = typed(v, o);
  ASSERT_FALSE(text.empty());
  std::string buf(text.size() + 64, '\x7f');
  for (std::size_t cap = 0; cap <= text.size(); ++cap) {
    auto n = jot::write(v, buf.data(), cap, o);
    if (cap == text.size()) {
      ASSERT_TRUE(n);
      EXPECT_EQ(buf.substr(0, cap), text);
    } else {
      ASSERT_FALSE(n);
      EXPECT_EQ(n.error().needed, text.size());
    }
    EXPECT_EQ(buf.substr(cap), std::string(buf.size() - cap, '\x7f')) << "capacity " << cap;
    std::fill(buf.begin(), buf.end(), '\x7f');
  }
}

// ---- scalars ----

template <class I>
void expect_integer_limits() {
  for (I v : {std::numeric_limits<I>::min(), static_cast<I>(std::numeric_limits<I>::min() + 1),
              I{0}, I{1}, static_cast<I>(std::numeric_limits<I>::max() - 1),
              std::numeric_limits<I>::max()}) {
    EXPECT_EQ(typed(v), std::to_string(v));
    expect_like_dom(v);
  }
}

TEST(TypedWrite, IntegersOfEveryWidth) {
  expect_integer_limits<signed char>();
  expect_integer_limits<unsigned char>();
  expect_integer_limits<short>();
  expect_integer_limits<unsigned short>();
  expect_integer_limits<int>();
  expect_integer_limits<unsigned>();
  expect_integer_limits<long>();
  expect_integer_limits<unsigned long>();
  expect_integer_limits<long long>();
  expect_integer_limits<unsigned long long>();
  for (std::uint64_t p = 1; p != 0; p *= 10) {
    expect_like_dom(p - 1);
    expect_like_dom(p);
  }
}

TEST(TypedWrite, BooleansAndNulls) {
  EXPECT_EQ(typed(true), "true");
  EXPECT_EQ(typed(false), "false");
  EXPECT_EQ(typed(std::optional<bool>()), "null");
  EXPECT_EQ(typed(std::monostate{}), "null");
  EXPECT_EQ(typed(std::unique_ptr<int>()), "null");
}

TEST(TypedWrite, DoublesInShortestForm) {
  const std::pair<double, const char*> cases[] = {
      {0.0, "0.0"},
      {-0.0, "-0.0"},
      {1.0, "1.0"},
      {100.0, "100.0"},
      {0.1, "0.1"},
      {-123.456, "-123.456"},
      {1e20, "100000000000000000000.0"},
      {1e21, "1e+21"},
      {1e-6, "0.000001"},
      {1e-7, "1e-7"},
      {1.5e300, "1.5e+300"},
      {9007199254740992.0, "9007199254740992.0"},
      {5e-324, "5e-324"},
      {std::numeric_limits<double>::max(), "1.7976931348623157e+308"},
      {std::numeric_limits<double>::min(), "2.2250738585072014e-308"},
  };
  for (const auto& [d, text] : cases) {
    EXPECT_EQ(typed(d), text);
    expect_like_dom(d);
  }
}

std::string printed(char* (*print)(char*, double), double d) {
  char buf[64];
  char* end = print(buf, d);
  return end == nullptr ? std::string("(declined)") : std::string(buf, end);
}

// The fast path for doubles with few fraction digits (short_double.h), when
// it takes a double, writes print_double's bytes (the shortest digits).
// Checked where it is most likely wrong: decimals of 0-12 fraction digits
// (n / 10^k, the doubles nearest to short decimals), their neighbours one and
// two ulps away, doubles of j fraction bits, powers of two (a narrower gap
// below) and random bit patterns in its exponent range.
TEST(TypedWrite, ShortDecimalDoublesAreTheShortest) {
  using jot::detail::print_double;
  using jot::detail::print_short_double;
  std::mt19937_64 rng(36);
  long taken = 0;
  const auto check = [&](double v) {
    for (const double w : {v, -v}) {
      const std::string fast = printed(print_short_double, w);
      if (fast == "(declined)") continue;
      ++taken;
      ASSERT_EQ(fast, printed(print_double, w)) << std::hexfloat << w;
    }
  };
  const auto check_around = [&](double d) {
    check(d);
    double below = d, above = d;
    for (int i = 0; i < 2; ++i) {
      below = std::nextafter(below, 0.0);
      above = std::nextafter(above, 1e300);
      check(below);
      check(above);
    }
  };
  double scale = 1;
  for (int k = 0; k <= 12; ++k, scale *= 10) {
    for (int digits = 1; digits <= 17; ++digits) {
      const std::uint64_t top = digits >= 17 ? 100000000000000000ull : [&] {
        std::uint64_t t = 1;
        for (int i = 0; i < digits; ++i) t *= 10;
        return t;
      }();
      for (int i = 0; i < 300; ++i) check_around(static_cast<double>(rng() % top) / scale);
    }
  }
  for (int j = 0; j <= 12; ++j)
    for (int e = -25; e <= 60; ++e) {
      if (e + j < 0 || e + j > 52) continue;
      for (int i = 0; i < 30; ++i) {
        const std::uint64_t low = std::uint64_t{1} << (e + j);
        check_around(std::ldexp(static_cast<double>((low + rng() % low) | (j > 0 ? 1 : 0)), -j));
      }
    }
  for (int e = -25; e <= 60; ++e) check_around(std::ldexp(1.0, e));
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t exponent = 1023 - 22 + rng() % 78;  // binary exponents -22..55
    check(std::bit_cast<double>((exponent << 52) | (rng() >> 12)));
  }
  EXPECT_GT(taken, 200000);
  // The benchmark's doubles (rpc, OpenRTB) take it; these do not.
  EXPECT_EQ(printed(print_short_double, 12.75), "12.75");
  EXPECT_EQ(printed(print_short_double, 0.35), "0.35");
  EXPECT_EQ(printed(print_short_double, 52.52), "52.52");
  EXPECT_EQ(printed(print_short_double, 13.405), "13.405");
  EXPECT_EQ(printed(print_short_double, 140.0), "140.0");
  EXPECT_EQ(printed(print_short_double, 0.00049), "0.00049");
  EXPECT_EQ(printed(print_short_double, -0.00390625), "-0.00390625");
  EXPECT_EQ(printed(print_short_double, 9007199254740991.0), "9007199254740991.0");
  for (const double declined : {0.0, -0.0, 0.1 + 0.2, 1.0 / 3, 0.000245, 0.123456789, 9007199254740992.0, 1e300, 5e-324})
    EXPECT_EQ(printed(print_short_double, declined), "(declined)") << declined;
}

TEST(TypedWrite, FloatsAsTheDoubleTheyConvertTo) {
  // The exact double of the float, in its shortest form: it reads back to
  // the same float (and to the same double the DOM would hold).
  EXPECT_EQ(typed(0.1f), "0.10000000149011612");
  EXPECT_EQ(typed(0.5f), "0.5");
  EXPECT_EQ(typed(16777216.0f), "16777216.0");
  EXPECT_EQ(typed(-0.0f), "-0.0");
  EXPECT_EQ(static_cast<float>(std::stod(typed(0.1f))), 0.1f);
  expect_like_dom(std::numeric_limits<float>::max());
  expect_like_dom(std::numeric_limits<float>::denorm_min());
}

TEST(TypedWrite, NonFiniteNumbersFail) {
  // JSON has no NaN or infinity; the DOM writer prints null for a hand-made
  // node holding one, which would not read back into a double, so the typed
  // encoder fails instead.
  for (double d : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                   -std::numeric_limits<double>::infinity()}) {
    EXPECT_EQ(failure(d).code, jot::error_code::invalid_number);
    EXPECT_EQ(failure(std::vector<double>{1.0, d}).code, jot::error_code::invalid_number);
    EXPECT_EQ(failure(static_cast<float>(d)).code, jot::error_code::invalid_number);
  }
  inner bad{1, std::nan("")};
  EXPECT_EQ(failure(bad, jot::write_options{.indent = 2}).code, jot::error_code::invalid_number);
  EXPECT_STREQ(failure(bad).message, "NaN and infinities have no JSON form");
}

// ---- strings ----

TEST(TypedWrite, StringsEscapedLikeTheDom) {
  std::string every_byte;
  for (int c = 1; c < 0x80; ++c) every_byte += static_cast<char>(c);
  every_byte += "\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80";  // 2, 3 and 4-byte sequences
  every_byte += std::string("nul:\0:", 6);
  expect_like_dom(every_byte);
  expect_like_dom(std::string());
  expect_like_dom(std::string_view("a/b</script>"));
  EXPECT_EQ(typed(std::string("a/b\n")), "\"a/b\\n\"");
  EXPECT_EQ(typed(std::string("a/b\x1f"), jot::write_options{.indent = 0, .escape_slash = true}), "\"a\\/b\\u001f\"");
  EXPECT_EQ(typed(std::string("\xc3\xa9\xf0\x9f\x98\x80"), jot::write_options{.indent = 0, .escape_non_ascii = true}),
            "\"\\u00e9\\ud83d\\ude00\"");
  // Bytes that are not UTF-8 go out as they are, or as U+FFFD when escaping
  // non-ASCII (the DOM writer's rule for text parsed without validation).
  EXPECT_EQ(typed(std::string("\xff")), "\"\xff\"");
  EXPECT_EQ(typed(std::string("\xff"), jot::write_options{.indent = 0, .escape_non_ascii = true}), "\"\\ufffd\"");
}

TEST(TypedWrite, LongStringsInChunks) {
  for (std::size_t n : {15u, 16u, 17u, 511u, 512u, 513u, 2047u, 2048u, 2049u, 5000u, 100000u}) {
    std::string s(n, 'x');
    for (std::size_t i = 0; i < n; i += 97) s[i] = (i / 97) % 3 == 0 ? '"' : (i / 97) % 3 == 1 ? '/' : 'y';
    expect_like_dom(s);
    expect_like_dom(std::vector<std::string>{s, s});
  }
}

TEST(TypedWrite, StringsWithAnyAllocator) {
  std::pmr::monotonic_buffer_resource pool;
  std::pmr::string s("pooled \"text\"", &pool);
  EXPECT_EQ(typed(s), "\"pooled \\\"text\\\"\"");
  std::pmr::vector<std::pmr::string> v(&pool);
  v.emplace_back("a");
  EXPECT_EQ(typed(v), "[\"a\"]");
}

// ---- containers and structs ----

TEST(TypedWrite, EveryShapeInOneStruct) {
  const everything e;
  EXPECT_EQ(typed(e),
            "{\"b\":true,\"i8\":-128,\"u64\":18446744073709551615,\"f\":0.25,\"d\":-1.5e-9,"
            "\"s\":\"tab\\there \\\"quoted\\\" \\\\ /slash\\u0001 \xc3\xa9\",\"sv\":\"view\","
            "\"none\":null,\"some\":\"x\",\"no_ptr\":null,\"ptr\":{\"q\":1,\"w\":2.0},"
            "\"ints\":[1,-2,3],\"bits\":[true,false],\"nested\":[[],[1],[]],\"pair\":[0.5,100.0],"
            "\"none_of\":[],\"grid\":[[1,2,3],[4,5,6]],"
            "\"by_name\":{\"a\":{\"q\":1,\"w\":-0.0},\"b\":{\"q\":2,\"w\":0.0}},\"no_members\":{},"
            "\"v0\":null,\"v1\":7,\"v3\":{\"q\":3,\"w\":3.5},\"c\":\"blue\",\"oc\":\"red\","
            "\"h\":\"404 \\\"Not Found\\\"\",\"level\":\"low\",\"nothing\":{},\"nothings\":[{},{}]}");
  expect_like_dom(e);
}

TEST(TypedWrite, BoundedMembersAndElements) {
  const bounded_members b;
  EXPECT_EQ(typed(b),
            "{\"yes\":true,\"no\":false,\"i8\":-128,\"u16\":65535,\"i64\":-9223372036854775808,"
            "\"u64\":18446744073709551615,\"f\":-0.5,\"d\":1.7976931348623157e+308,\"no_bool\":null,"
            "\"some_bool\":false,\"some_double\":2.5,\"no_int\":null,\"code\":-300,\"flag\":65535,"
            "\"ints\":[-9223372036854775808,0,9223372036854775807],\"bits\":[false,true,true],"
            "\"maybe\":[null,-0.0,1e-7],\"sorted\":[1,2,3],\"no_ints\":[],\"no_set\":[],"
            "\"no_span\":[],\"one\":[true]}");
  expect_like_dom(b);
  // A NaN member or element fails as it does through the general path.
  bounded_members nan_member;
  nan_member.some_double = std::nan("");
  EXPECT_EQ(failure(nan_member).code, jot::error_code::invalid_number);
  bounded_members nan_element;
  nan_element.maybe.push_back(-std::numeric_limits<double>::infinity());
  EXPECT_EQ(failure(nan_element).code, jot::error_code::invalid_number);
}

// Compact output at every capacity: the shared reservations of key and
// value never let a write pass the caller's buffer, and a short buffer
// still reports the whole size.
TEST(TypedWrite, EveryCapacityGivesTheExactSizeCompact) {
  const bounded_and_odd_keys v;
  expect_every_capacity(v, jot::write_options{});
  expect_every_capacity(v, jot::write_options{.escape_slash = true});
}

TEST(TypedWrite, PrettyLayoutIsTheDomWritersLayout) {
  const everything e;
  const std::string pretty = typed(e, jot::write_options{.indent = 2});
  EXPECT_EQ(pretty.substr(0, 26), "{\n  \"b\": true,\n  \"i8\": -12");
  EXPECT_NE(pretty.find("\"none_of\": [],\n"), std::string::npos);
  EXPECT_NE(pretty.find("\"grid\": [\n    [\n      1,\n      2,"), std::string::npos);
  EXPECT_TRUE(pretty.ends_with(",\n  \"nothings\": [\n    {},\n    {}\n  ]\n}")) << pretty;
  EXPECT_EQ(typed(empty_struct{}, jot::write_options{.indent = 4}), "{}");
  EXPECT_EQ(typed(std::vector<int>{}, jot::write_options{.indent = 4}), "[]");
  EXPECT_EQ(typed(std::vector<int>{1}, jot::write_options{.indent = 4}), "[\n    1\n]");
}

TEST(TypedWrite, SkipNullMembersLeavesEmptyOptionalsOut) {
  sparse v;
  const jot::write_options skip{.skip_null_members = true};
  EXPECT_EQ(typed(v), R"({"first":null,"p":null,"kept":7,"a/b":null,"q\"":null,"list":[null,2]})");
  EXPECT_EQ(typed(v, skip), R"({"kept":7,"list":[null,2]})");
  v.quote = 5;
  EXPECT_EQ(typed(v, skip), R"({"kept":7,"q\"":5,"list":[null,2]})");
  v.kept = 8;
  v.slash = "s";
  v.p = std::make_unique<inner>();
  EXPECT_EQ(typed(v, skip), R"({"p":{"q":0,"w":0.0},"kept":8,"a/b":"s","q\"":5,"list":[null,2]})");
  EXPECT_EQ(typed(v, jot::write_options{.escape_slash = true, .skip_null_members = true}),
            R"({"p":{"q":0,"w":0.0},"kept":8,"a\/b":"s","q\"":5,"list":[null,2]})");
  EXPECT_EQ(typed(v, jot::write_options{.indent = 2, .skip_null_members = true}),
            "{\n  \"p\": {\n    \"q\": 0,\n    \"w\": 0.0\n  },\n  \"kept\": 8,\n  \"a/b\": \"s\",\n"
            "  \"q\\\"\": 5,\n  \"list\": [\n    null,\n    2\n  ]\n}");
  // An escaped key first, after members left out: it takes the '{'.
  EXPECT_EQ(typed(escaped_after{}, skip), R"({"q\"":1})");
  EXPECT_EQ(typed(escaped_after{}, jot::write_options{.indent = 2, .skip_null_members = true}),
            "{\n  \"q\\\"\": 1\n}");
  EXPECT_EQ(typed(escaped_after{2, 1}, skip), R"({"gone":2,"q\"":1})");
  EXPECT_EQ(typed(only_optional{}, skip), "{}");
  EXPECT_EQ(typed(only_optional{}, jot::write_options{.indent = 4, .skip_null_members = true}), "{}");
  EXPECT_EQ(typed(only_optional{std::nullopt, std::make_unique<int>(3)}, skip), R"({"b":3})");
  // What is left out reads back as empty.
  for (const bool pretty : {false, true}) {
    sparse w;
    w.first = 4;
    const std::string text = typed(w, jot::write_options{.indent = pretty ? 2u : 0u, .skip_null_members = true});
    sparse back;
    back.quote = 9;
    ASSERT_TRUE(jot::read(text, back).ok()) << text;
    EXPECT_EQ(back.first, 4);
    EXPECT_FALSE(back.quote.has_value());
    EXPECT_EQ(back.p, nullptr);
  }
}

TEST(TypedWrite, KeysEscapedPerOptions) {
  const odd_keys k;
  EXPECT_EQ(typed(k),
            "{\"say \\\"hi\\\"\":1,\"a/b\":2,\"caf\xc3\xa9 \xf0\x9f\x98\x80\":3,"
            "\"line\\nbreak\\u001f\":4,\"back\\\\slash\":5,\"plain\":6}");
  EXPECT_EQ(typed(k, jot::write_options{.indent = 0, .escape_non_ascii = true, .escape_slash = true}),
            "{\"say \\\"hi\\\"\":1,\"a\\/b\":2,\"caf\\u00e9 \\ud83d\\ude00\":3,"
            "\"line\\nbreak\\u001f\":4,\"back\\\\slash\":5,\"plain\":6}");
  expect_like_dom(k);
  std::map<std::string, int> m{{"a/b", 1}, {"\xc3\xa9", 2}, {"q\"", 3}};
  expect_like_dom(m);
}

TEST(TypedWrite, MembersListedInMeta) {
  EXPECT_EQ(typed(account(7, "ada")), "{\"id\":7,\"name\":\"ada\"}");
  expect_like_dom(std::vector<account>{account(1, "a"), account(2, "b")});
}

TEST(TypedWrite, SequencesOfEveryKind) {
  const int c_array[3] = {1, 2, 3};
  EXPECT_EQ(typed(c_array), "[1,2,3]");
  std::vector<int> v{4, 5};
  EXPECT_EQ(typed(std::span<int>(v)), "[4,5]");
  EXPECT_EQ(typed(std::span<const int>()), "[]");
  EXPECT_EQ(typed(std::array<std::optional<int>, 2>{std::nullopt, 1}), "[null,1]");
  expect_like_dom(std::vector<std::vector<std::string>>{{"a", "b"}, {}, {"c"}});
}

TEST(TypedWrite, UnorderedMapsInIterationOrder) {
  std::unordered_map<std::string, int> m;
  for (int i = 0; i < 20; ++i) m["k" + std::to_string(i)] = i;
  std::string expected = "{";
  for (const auto& [k, v] : m) expected += (expected.size() > 1 ? ",\"" : "\"") + k + "\":" + std::to_string(v);
  EXPECT_EQ(typed(m), expected + "}");
  expect_like_dom(m);
}

struct tree {
  int value = 0;
  std::vector<tree> children;
  std::unique_ptr<tree> next;
};

TEST(TypedWrite, RecursiveTypes) {
  tree t{1, {}, nullptr};
  t.children.push_back({2, {}, nullptr});
  t.children.push_back({3, {}, std::make_unique<tree>(tree{4, {}, nullptr})});
  EXPECT_EQ(typed(t),
            "{\"value\":1,\"children\":[{\"value\":2,\"children\":[],\"next\":null},"
            "{\"value\":3,\"children\":[],\"next\":{\"value\":4,\"children\":[],\"next\":null}}],"
            "\"next\":null}");
  expect_like_dom(t);
  tree deep{0, {}, nullptr};  // 300 levels: every level indented
  tree* at = &deep;
  for (int i = 1; i < 300; ++i) at = (at->next = std::make_unique<tree>(tree{i, {}, nullptr})).get();
  expect_like_dom(deep);
}

// ---- enums ----

TEST(TypedWrite, EnumsByName) {
  EXPECT_EQ(typed(color::green), "\"green\"");
  EXPECT_EQ(typed(http::ok), "\"200 OK\"");
  EXPECT_EQ(typed(std::map<std::string, color>{{"x", color::red}}), "{\"x\":\"red\"}");
  expect_like_dom(std::vector<color>{color::red, color::green, color::blue});
  // A value without a name has no JSON form.
  const jot::error e = failure(static_cast<color>(3));
  EXPECT_EQ(e.code, jot::error_code::type_mismatch);
  EXPECT_EQ(std::string_view(e.message).substr(0, 26), "enum value has no name (li");
  EXPECT_EQ(failure(std::vector<http>{http::ok, static_cast<http>(500)}).code,
            jot::error_code::type_mismatch);
}

TEST(TypedWrite, EnumsAsIntegers) {
  EXPECT_EQ(typed(raw_code::a), "-300");
  EXPECT_EQ(typed(raw_code::b), "7");
  EXPECT_EQ(typed(static_cast<raw_code>(1234)), "1234");  // any value, named or not
  EXPECT_EQ(typed(raw_flag::x), "65535");
}

// ---- DOM values, raw text, proxies, documents ----

TEST(TypedWrite, DomValuesInPlace) {
  auto doc = jot::parse(R"({"a":[1,{"b":null}],"s":"x/y\u00e9","e":{},"n":-0.0})");
  ASSERT_TRUE(doc);
  struct holder {
    std::string name;
    jot::value extra;
    std::vector<jot::value> more;
  };
  const holder h{"h", doc->root(), {(*doc)["a"], (*doc)["s"]}};
  expect_like_dom(h);
  EXPECT_EQ(typed(h), R"({"name":"h","extra":{"a":[1,{"b":null}],"s":"x/y)"
                      "\xc3\xa9"
                      R"(","e":{},"n":-0.0},"more":[[1,{"b":null}],"x/y)"
                      "\xc3\xa9\"]}");
  const holder absent{"h", (*doc)["missing"], {}};
  EXPECT_EQ(failure(absent).code, jot::error_code::not_found);
}

TEST(TypedWrite, RawJsonVerbatim) {
  struct with_raw {
    int id = 1;
    jot::raw_json ext;
  };
  const with_raw r{1, {R"({"a": [1, 2]})"}};
  EXPECT_EQ(typed(r), R"({"id":1,"ext":{"a": [1, 2]}})");
  // Kept as it is in pretty output too: the text is not re-laid out.
  EXPECT_EQ(typed(r, jot::write_options{.indent = 2}), "{\n  \"id\": 1,\n  \"ext\": {\"a\": [1, 2]}\n}");
  EXPECT_EQ(typed(jot::raw_json{"12.50"}), "12.50");
  // Empty text is not JSON: writing it would make invalid output.
  const jot::error e = failure(with_raw{1, {""}});
  EXPECT_EQ(e.code, jot::error_code::empty_input);
}

TEST(TypedWrite, ProxyTypes) {
  EXPECT_EQ(typed(clock_time{3723}), "\"01:02:03\"");
  EXPECT_EQ(typed(std::vector<clock_time>{{0}, {59}}), "[\"00:00:00\",\"00:00:59\"]");
}

TEST(TypedWrite, DocumentsAndValuesUseTheDomWriter) {
  auto doc = jot::parse(R"({"k":[true,1.5]})");
  ASSERT_TRUE(doc);
  jot::output_buffer a, b;
  EXPECT_EQ(*jot::write(*doc, a), R"({"k":[true,1.5]})");
  EXPECT_EQ(*jot::write(doc->root(), b, jot::write_options{.indent = 1}), "{\n \"k\": [\n  true,\n  1.5\n ]\n}");
  char buf[64];
  EXPECT_EQ(*jot::write(*doc, buf, sizeof buf), 16u);
  EXPECT_EQ(jot::write(*doc, buf, 3).error().needed, 16u);
  const jot::value absent = (*doc)["nope"];
  EXPECT_EQ(jot::write(absent, a).error().code, jot::error_code::not_found);
}

// ---- output buffers ----

TEST(TypedWrite, OutputBufferGrowsAndFailsCleanly) {
  std::vector<std::string> big(1000, std::string(100, 'z'));
  jot::output_buffer out;
  auto r = jot::write(big, out);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->size(), 1000u * 103 + 1);
  // No allocator: the 512 inline bytes are all there is.
  const std::string fits(510, 'a');  // 512 with its quotes
  jot::output_buffer fixed{jot::allocator{}};
  ASSERT_TRUE(jot::write(fits, fixed));
  EXPECT_EQ(fixed.size(), 512u);
  fixed.clear();
  fixed.append("kept");
  auto over = jot::write(std::string(509, 'a'), fixed);
  EXPECT_FALSE(over);
  EXPECT_EQ(over.error().code, jot::error_code::out_of_memory);
  EXPECT_EQ(fixed.view(), "kept");
}

TEST(TypedWrite, EveryCapacityGivesTheExactSize) {
  const everything e;
  expect_every_capacity(e, jot::write_options{.indent = 2, .escape_non_ascii = true, .escape_slash = true});
  EXPECT_EQ(jot::write(e, nullptr, 0).error().needed, typed(e).size());
}

}  // namespace
}  // namespace typed_write_test

namespace typed_write_test {

// Strings of up to 40 bytes (the short path takes up to 32 in one or two
// blocks) and of lengths around the block-by-block path's edges (16-byte
// blocks up to clean_string_max, 128) with an escapable byte at every
// position, as values and as map keys: each reads back as itself, at the
// size the byte-by-byte reference gives; past 40 bytes also into caller
// buffers of the exact size and one byte less (typed()).
TEST(TypedWrite, ShortStringsEscapeAtEveryPosition) {
  const char specials[] = {'"', '\\', '\n', '\x01', '\x1f', '\t'};
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n <= 40; ++n) lengths.push_back(n);
  for (std::size_t n : {47, 48, 49, 63, 64, 65, 95, 112, 127, 128, 129, 130, 145}) lengths.push_back(n);
  for (std::size_t n : lengths) {
    std::vector<std::string> cases = {std::string(n, 'x')};
    for (std::size_t at = 0; at < n; ++at) {
      for (char c : specials) {
        std::string s(n, 'x');
        s[at] = c;
        cases.push_back(s);
      }
    }
    if (n >= 3) cases.push_back(std::string(n - 3, 'y') + "\xe6\x97\xa5");  // non-ASCII passes through
    for (const std::string& s : cases) {
      jot::output_buffer out;
      auto r = jot::write(s, out);
      ASSERT_TRUE(r);
      EXPECT_EQ(r->size(), jot::detail::escaped_size_reference(s.data(), s.data() + s.size(), false, false) + 2);
      if (n > 40) EXPECT_EQ(typed(s), *r);
      jot::arena a;
      auto back = jot::parse(*r, a);
      ASSERT_TRUE(back) << *r;
      auto text = back->root().get_string();
      ASSERT_TRUE(text) << *r;
      EXPECT_EQ(*text, s);

      const std::map<std::string, int> m = {{s, 1}};
      jot::output_buffer key_out;
      auto k = jot::write(m, key_out);
      ASSERT_TRUE(k);
      EXPECT_EQ(*k, "{" + std::string(*r) + ":1}");
    }
  }
}

}  // namespace typed_write_test
