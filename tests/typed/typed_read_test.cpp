// tests/typed/typed_read_test.cpp - jot::read (jot/typed.h): every shape, the key
// policies, error codes, positions and pointers, and every engine. Numbers
// are in typed_numbers_test.cpp, memory (the arena, std::pmr) in
// typed_memory_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "jot/typed.h"
#include "support/alloc_counter.h"
#include "support/indented_document.h"
#include "support/test_engines.h"
#include "support/typed_read_checks.h"

namespace {

using jot::error_code;
using namespace jot_test;  // must_read, read_fails, describe (support/typed_read_checks.h)


struct point {
  int x = 0;
  int y = 0;
};
struct shape {
  std::string name;
  std::vector<point> points;
  std::optional<double> scale;
  bool closed = false;
};

TEST(TypedRead, NestedStructs) {
  const auto s = must_read<shape>(R"({"name":"tri","points":[{"x":1,"y":2},{"y":4,"x":3}],"closed":true})");
  EXPECT_EQ(s.name, "tri");
  ASSERT_EQ(s.points.size(), 2u);
  EXPECT_EQ(s.points[1].x, 3);
  EXPECT_EQ(s.points[1].y, 4);
  EXPECT_FALSE(s.scale.has_value());
  EXPECT_TRUE(s.closed);
}

TEST(TypedRead, WhitespaceEverywhere) {
  const auto s = must_read<shape>(" \n{ \"name\" :\t\"a\" , \"points\" : [ { \"x\" : 1 , \"y\" : 2 } ] ,"
                                  " \"scale\" : 2.5 , \"closed\" : false } \r\n");
  EXPECT_EQ(s.points.at(0).y, 2);
  EXPECT_EQ(s.scale.value_or(0), 2.5);
}

TEST(TypedRead, BoolAndLiterals) {
  EXPECT_TRUE(must_read<bool>("true"));
  EXPECT_FALSE(must_read<bool>("false"));
  // Bad literals as jot::parse reports them: at the first byte that differs,
  // unexpected_end where the input ends inside one.
  EXPECT_EQ(read_fails<bool>("tru").error().code, error_code::unexpected_end);
  const auto trux = read_fails<bool>("trux");
  EXPECT_EQ(trux.error().code, error_code::invalid_literal);
  EXPECT_EQ(trux.error().offset, 3u);
  EXPECT_EQ(read_fails<bool>("fals").error().code, error_code::unexpected_end);
  // Not "expected an integer, got null": it is no null.
  const auto null_l = read_fails<std::optional<int>>("nulL");
  EXPECT_EQ(null_l.error().code, error_code::invalid_literal);
  EXPECT_EQ(null_l.error().offset, 3u);
  EXPECT_EQ(read_fails<std::string>("[-x]").error().code, error_code::type_mismatch);  // an array
  EXPECT_EQ(read_fails<std::string>("-x").error().code, error_code::invalid_number);
  EXPECT_EQ(read_fails<std::string>("1e999").error().code, error_code::number_out_of_range);
  EXPECT_EQ(read_fails<std::string>("12").error().code, error_code::type_mismatch);
  EXPECT_EQ(read_fails<std::vector<bool>>("[ft]").error().offset, 2u);
  EXPECT_EQ(read_fails<bool>("1").error().code, error_code::type_mismatch);
  EXPECT_EQ(read_fails<bool>("nul").error().code, error_code::unexpected_end);
  EXPECT_EQ(read_fails<bool>("null").error().code, error_code::type_mismatch);
}

TEST(TypedRead, StringsAndViews) {
  EXPECT_EQ(must_read<std::string>(R"("a\"b\\c\u00e9\ud83d\ude00")"), "a\"b\\c\xC3\xA9\xF0\x9F\x98\x80");
  const std::string input = R"(["plain","esc\naped"])";
  char buf[256];
  jot::arena a(buf, sizeof buf);
  std::vector<std::string_view> views;
  ASSERT_TRUE(jot::read(input, views, a).ok());
  ASSERT_EQ(views.size(), 2u);
  EXPECT_EQ(views[0], "plain");
  EXPECT_EQ(views[0].data(), input.data() + 2);  // zero-copy: a view of the input
  EXPECT_EQ(views[1], "esc\naped");
  EXPECT_GE(views[1].data(), buf);  // decoded into the arena
  EXPECT_LT(views[1].data(), buf + sizeof buf);
  // Without an arena, a string with escapes cannot be viewed.
  std::string_view v;
  const auto r = jot::read(R"("a\tb")", v);
  EXPECT_EQ(r.error().code, error_code::capacity_exceeded);
  EXPECT_TRUE(jot::read(R"("ab")", v).ok());
  EXPECT_EQ(v, "ab");
}

TEST(TypedRead, StringErrorsMatchTheParser) {
  EXPECT_EQ(read_fails<std::string>("\"abc").error().code, error_code::unterminated_string);
  EXPECT_EQ(read_fails<std::string>("\"a\\x\"").error().code, error_code::invalid_escape);
  EXPECT_EQ(read_fails<std::string>("\"\xC0\x80\"").error().code, error_code::invalid_utf8);
  EXPECT_EQ(read_fails<std::string>("\"\\ud800\"").error().code, error_code::lone_surrogate);
  EXPECT_EQ(read_fails<std::string>(std::string("\"a\x01\"")).error().code, error_code::control_character);
  jot::read_options lax;
  lax.syntax.validate_utf8 = false;
  EXPECT_EQ(must_read<std::string>("\"\xC0\x80\"", lax), "\xC0\x80");
}

struct holder {
  std::optional<int> o;
  std::unique_ptr<point> p;
  std::array<int, 3> a{};
  int c[2] = {};
  std::map<std::string, int> m;
  std::unordered_map<std::string, std::vector<int>> u;
};

TEST(TypedRead, OptionalPointerArraysMaps) {
  const auto h = must_read<holder>(
      R"({"o":null,"p":{"x":5,"y":6},"a":[1,2,3],"c":[7,8],"m":{"k":1,"a\/b":2},"u":{"z":[1,2]}})");
  EXPECT_FALSE(h.o.has_value());
  ASSERT_TRUE(h.p);
  EXPECT_EQ(h.p->y, 6);
  EXPECT_EQ(h.a[2], 3);
  EXPECT_EQ(h.c[1], 8);
  EXPECT_EQ(h.m.at("a/b"), 2);
  EXPECT_EQ(h.u.at("z").size(), 2u);
  using three = std::array<int, 3>;
  using dict = std::map<std::string, int>;
  EXPECT_EQ(read_fails<three>("[1,2]").error().code, error_code::wrong_length);
  EXPECT_EQ(read_fails<three>("[1,2,3,4]").error().code, error_code::wrong_length);
  // No fourth value at all is the parser's syntax error, at its offset (was
  // wrong_length at the ']').
  for (std::string_view bad : {"[1,2,3,]", "[1,2,3, ", "[1,2,3,}"}) {
    const auto typed = read_fails<three>(bad);
    const auto dom = jot::parse(bad);
    ASSERT_FALSE(dom.ok()) << bad;
    EXPECT_EQ(typed.error().code, dom.error().code) << bad;
    EXPECT_EQ(typed.error().offset, dom.error().offset) << bad;
  }
  EXPECT_EQ(read_fails<dict>(R"({"a":1,"a":2})").error().code, error_code::duplicate_key);
  jot::read_options dup;
  dup.allow_duplicate_keys = true;
  EXPECT_EQ(must_read<dict>(R"({"a":1,"a":2})", dup).at("a"), 2);
}

TEST(TypedRead, SpansLiveInTheArena) {
  char buf[4096];
  jot::arena a(buf, sizeof buf);
  std::span<std::uint32_t> s;
  std::string json = "[";
  for (int i = 0; i < 100; ++i) json += std::to_string(i) + (i == 99 ? "]" : ",");
  ASSERT_TRUE(jot::read(json, s, a).ok());
  ASSERT_EQ(s.size(), 100u);
  EXPECT_EQ(s[99], 99u);
  EXPECT_GE(reinterpret_cast<char*>(s.data()), buf);
  std::span<int> none;
  EXPECT_EQ(jot::read("[1]", none).error().code, error_code::capacity_exceeded);
}

// A span grows before each 8th, 16th... element; when the arena is spent
// there and no element follows (a trailing comma, the end of the input), the
// error is the parser's syntax error, not capacity_exceeded at the bracket
// (found by the typed fuzzer: the capacity error came after the text's first
// syntax error).
TEST(TypedRead, SpanOutOfArenaWhereNoElementFollowsIsTheSyntaxError) {
  std::span<std::uint32_t> none;
  // No arena at all: the first element's place already has no value.
  for (const std::string_view text : {"[,]", "[", "[ ", "[}"}) {
    jot::arena dom;
    const auto parsed = jot::parse(text, dom);
    ASSERT_FALSE(parsed.ok()) << text;
    const jot::read_result read = jot::read(text, none);
    ASSERT_FALSE(read.ok()) << text;
    EXPECT_EQ(read.error().code, parsed.error().code) << text;
    EXPECT_EQ(read.error().offset, parsed.error().offset) << text;
  }
  // At the ninth element of a span in a small arena, as the fuzzer had it.
  alignas(8) char small[8 * sizeof(std::uint32_t)];
  jot::arena a(small, sizeof small);
  const jot::read_result ninth = jot::read("[1,2,3,4,5,6,7,8,]", none, a);
  ASSERT_FALSE(ninth.ok());
  EXPECT_EQ(ninth.error().code, error_code::trailing_comma);
  EXPECT_EQ(ninth.error().offset, 16u);
  // A value there still fails for want of memory, at the value.
  jot::arena b(small, sizeof small);
  const jot::read_result value = jot::read("[1,2,3,4,5,6,7,8,9]", none, b);
  ASSERT_FALSE(value.ok());
  EXPECT_EQ(value.error().code, error_code::capacity_exceeded);
  EXPECT_EQ(value.error().offset, 17u);
}

struct with_variant {
  std::variant<std::monostate, std::int64_t, double, std::string, std::vector<int>, point> v;
};

TEST(TypedRead, VariantsPickByJsonType) {
  EXPECT_EQ(must_read<with_variant>(R"({"v":null})").v.index(), 0u);
  EXPECT_EQ(std::get<1>(must_read<with_variant>(R"({"v":-7})").v), -7);
  EXPECT_EQ(std::get<2>(must_read<with_variant>(R"({"v":1.5})").v), 1.5);
  EXPECT_EQ(std::get<2>(must_read<with_variant>(R"({"v":1e3})").v), 1000.0);
  EXPECT_EQ(std::get<3>(must_read<with_variant>(R"({"v":"s"})").v), "s");
  EXPECT_EQ(std::get<4>(must_read<with_variant>(R"({"v":[1]})").v).size(), 1u);
  EXPECT_EQ(std::get<5>(must_read<with_variant>(R"({"v":{"x":1,"y":2}})").v).y, 2);
  // Integers prefer an integer alternative wherever it is listed; a number
  // with a fraction goes to a floating one, else to an integer one.
  using reversed = std::variant<double, std::int64_t>;
  EXPECT_EQ(must_read<reversed>("3").index(), 1u);
  EXPECT_EQ(must_read<reversed>("3.5").index(), 0u);
  using only_int = std::variant<std::string, std::int64_t>;
  EXPECT_EQ(std::get<1>(must_read<only_int>("1e2")), 100);
  EXPECT_EQ(read_fails<only_int>("1.5").error().code, error_code::type_mismatch);
  using only_double = std::variant<bool, double>;
  EXPECT_EQ(std::get<1>(must_read<only_double>("7")), 7.0);
  // Optionals and pointers take null and what their value type takes (a
  // std::unique_ptr alternative did not compile: it has no value_type).
  using pointers = std::variant<std::string, std::unique_ptr<std::int64_t>, std::optional<double>>;
  EXPECT_EQ(*std::get<1>(must_read<pointers>("5")), 5);
  EXPECT_EQ(std::get<1>(must_read<pointers>("null")), nullptr);
  EXPECT_EQ(std::get<2>(must_read<pointers>("2.5")), 2.5);
  EXPECT_EQ(std::get<0>(must_read<pointers>("\"s\"")), "s");
  const auto r = read_fails<with_variant>(R"({"v":true})");
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/v");
}

struct keeper {
  jot::raw_json ext;
  jot::value dom;
};

TEST(TypedRead, RawJsonAndValuesKeepSubtrees) {
  const std::string json = R"({"ext":{"a" : [1, {"b":null}]},"dom":{"k":[true,"x"]}})";
  char buf[4096];
  jot::arena a(buf, sizeof buf);
  keeper k;
  ASSERT_TRUE(jot::read(json, k, a).ok());
  EXPECT_EQ(k.ext.text, R"({"a" : [1, {"b":null}]})");
  EXPECT_EQ(k.dom["k"][1].get_string().value_or(""), "x");
  // Raw JSON is validated like everything else, its errors as jot::parse
  // reports them (the comma of a trailing comma, a comment).
  const jot::read_result trailing = read_fails<keeper>(R"({"ext":{"a":[1,]},"dom":1})");
  EXPECT_EQ(trailing.error().code, error_code::trailing_comma);
  EXPECT_EQ(trailing.error().offset, 14u);
  EXPECT_EQ(read_fails<keeper>(R"({"ext":{"a":1,},"dom":1})").error().code, error_code::trailing_comma);
  EXPECT_EQ(read_fails<keeper>(R"({"ext":{"a":/*c*/1},"dom":1})").error().code, error_code::comment_not_allowed);
  EXPECT_EQ(read_fails<keeper>(R"({"ext":{"a":"open)").error().code, error_code::unterminated_string);
  EXPECT_EQ(read_fails<keeper>(R"({"ext":[1.)").error().code, error_code::invalid_number);
  EXPECT_EQ(read_fails<keeper>(R"({"ext":"\x","dom":1})").error().code, error_code::invalid_escape);
}

TEST(TypedRead, UnknownKeysAreSkippedButValidated) {
  const std::string ok_json = R"({"x":1,"junk":{"deep":[1,2,{"q":"\u00e9"}],"n":-1.5e3},"y":2,"more":null})";
  const auto p = must_read<point>(ok_json);
  EXPECT_EQ(p.x, 1);
  EXPECT_EQ(p.y, 2);
  for (const char* bad : {R"({"x":1,"junk":[1,2,],"y":2})", R"({"x":1,"junk":tru,"y":2})",
                          R"({"x":1,"junk":"\uZZZZ","y":2})", R"({"x":1,"junk":01,"y":2})",
                          "{\"x\":1,\"junk\":\"\xFF\",\"y\":2}", R"({"x":1,"junk":{"a" 1},"y":2})",
                          R"({"x":1,"junk":[-1.1e309],"y":2})"}) {
    const auto r = read_fails<point>(bad);
    EXPECT_NE(r.error().code, error_code::ok) << bad;
    EXPECT_EQ(r.error().path(), "/junk") << bad;
  }
  jot::read_options strict;
  strict.reject_unknown_keys = true;
  const auto r = read_fails<point>(ok_json, strict);
  EXPECT_EQ(r.error().code, error_code::unknown_key);
  EXPECT_EQ(r.error().path(), "/junk");
  EXPECT_EQ(r.error().offset, 7u);
}

// Reads json into a point, and expects the DOM parser's verdict: success
// (with y read), or the same error code at the same offset.
void expect_dom_verdict(const std::string& json) {
  char dom_buf[1 << 12];
  jot::arena dom_arena(dom_buf, sizeof dom_buf);
  const auto dom = jot::parse(json, dom_arena);
  if (dom) {
    EXPECT_EQ(must_read<point>(json).y, 2) << json;
  } else {
    const auto r = read_fails<point>(json);
    EXPECT_EQ(r.error().code, dom.error().code) << json;
    EXPECT_EQ(r.error().offset, dom.error().offset) << json;
  }
}

// A skipped number far from the input's end takes the grammar-only skip
// (skip_plain_number); whatever it accepts or refuses, the verdict and the
// error's position must be the DOM parser's.
TEST(TypedRead, SkippedNumbersAreJudgedAsTheParserJudgesThem) {
  const std::string pad(64, ' ');
  for (const char* number :
       {"0", "-0", "7", "-7", "12345678", "123456789", "1234567890123456", "12345678901234567",
        "123456789012345678901234567890", "0.5", "-0.25", "3.14159265", "1.2345678901234567",
        "1.23456789012345678", "01", "-01", "00", "-", "-a", "1.", "1.e5", ".5", "1e5", "1E+2", "-1.5e-3", "1e309",
        "-1.1e309", "1e", "1e+", "12a", "1.5x", "2.", "0x10", "1.0.0", "--1", "+1"}) {
    expect_dom_verdict(std::string(R"({"x":1,"junk":)") + number + R"(,"y":2,"pad":")" + pad + "\"}");
  }
  // A 400-digit integer is beyond double's range: an error, skipped or parsed.
  const std::string huge = std::string(R"({"x":1,"junk":)") + std::string(400, '9') + R"(,"y":2})";
  EXPECT_EQ(read_fails<point>(huge).error().code, error_code::number_out_of_range);
}

// A skipped string with escapes: the two-byte escapes are checked by the
// skipper, a \u escape hands the rest to the unescaper. Either way the verdict
// and the error's position must be the DOM parser's, in a skipped string
// value, a skipped key, and a string inside a skipped container.
TEST(TypedRead, SkippedEscapesAreJudgedAsTheParserJudgesThem) {
  for (const char* body :
       {R"(a\/b)", R"(\"q\")", R"(\\)", R"(\/\/\/)", R"(x\n\t\r\b\f)", R"(a\/b\u00e9c\/d)", R"(\ud83d\ude00\/)",
        "\\/\xC3\xA9\\/", R"(a\/b\q)", R"(a\/b\x)", R"(a\/\ud800)", R"(a\/\ud800\/)", R"(a\/\udc00)",
        R"(a\/\u12)", R"(a\/\uZZZZ)", "a\\/b\x01", "a\\/b\n", "a\\/\xFF", "a\\/\xC3", R"(a\/)", R"(\)"}) {
    for (const char* shape : {"V", "K", "C"}) {
      std::string junk;
      if (shape[0] == 'V') junk = std::string(R"("junk":")") + body + "\"";
      else if (shape[0] == 'K') junk = std::string(R"("junk":{")") + body + R"(":1})";
      else junk = std::string(R"("junk":[1,{"k":")") + body + R"("}])";
      expect_dom_verdict(R"({"x":1,)" + junk + R"(,"y":2})");
    }
  }
  // The escapes above that the parser accepts: a test that cannot pass vacuously.
  EXPECT_EQ(must_read<point>(R"({"x":1,"junk":"a\/b\"c\u00e9\/","y":2})").y, 2);
  EXPECT_EQ(read_fails<point>(R"({"x":1,"junk":"a\/b\q","y":2})").error().code, error_code::invalid_escape);
  EXPECT_EQ(read_fails<point>(R"({"x":1,"junk":"a\/b\q","y":2})").error().offset, 19u);
}

// Unknown members in a row are skipped by one loop (skip_members), which
// hands back known keys, keys with escapes, the object's end and errors: the
// values read, the errors' codes and offsets (the DOM parser's) and their
// paths must be those of members skipped one by one.
TEST(TypedRead, RunsOfUnknownMembers) {
  const auto p = must_read<point>(
      R"({"a":1,"b":[2,{"q":[]}],"c":{"d":"\u00e9"}, "x" : 5 ,"e":"s","f":true,"y":6,"g":null,"h":-0.5})");
  EXPECT_EQ(p.x, 5);
  EXPECT_EQ(p.y, 6);
  // A key with escapes ends a run; known ("\u0078" is "x") or not.
  const auto escaped = must_read<point>(R"({"a":1,"b":2,"\u0078":7,"c":3,"\u0062":4,"d":5,"y":1})");
  EXPECT_EQ(escaped.x, 7);
  EXPECT_EQ(escaped.y, 1);
  // Indented, with the indentation changing between runs.
  const auto indented = must_read<point>("{\n  \"a\": 1,\n  \"b\": 2,\n    \"x\": 3,\n\t\"c\": [],\n\"d\": {},\n  \"y\": 4\n}");
  EXPECT_EQ(indented.x, 3);
  EXPECT_EQ(indented.y, 4);
  for (const char* bad : {
           R"({"x":1,"a":1,"b":[1,],"y":2})",     // in a later member's value
           R"({"x":1,"a":[1,],"b":1,"y":2})",     // in the run's first value
           R"({"x":1,"a":1,"b":1 "c":2,"y":2})",  // between members
           R"({"x":1,"a":1,"b" 1,"y":2})",        // no colon
           R"({"x":1,"a":1,"b":1,})",             // trailing comma
           R"({"x":1,"a":1,"b":1,7:1})",          // not a key
           R"({"x":1,"a":1,"b":1,"c\q":1})",      // a bad escape in a key
           "{\"x\":1,\"a\":1,\"b\":1,\"c\x01\":1}",  // a control in a key
           R"({"x":1,"a":1,"b":1)",               // cut after a value
           R"({"x":1,"a":1,"b":1,)",              // cut after a comma
           R"({"x":1,"a":1,"b")",                 // cut after a key
           R"({"x":1,"a":1,"b":)",                // cut before a value
           R"({"x":1,"a":1,"b":1 /*c*/})",        // a comment
           R"({"x":1,"a":1,"b" /*c*/:1})",        // a comment before the colon
           R"({"x":1,})",                         // the same in the member loop
           R"({"x":1 /*c*/,"y":2})",
           R"({"x":1, /*c*/ "y":2})",
           R"({ /*c*/ "x":1,"y":2})",
           R"({"x" /*c*/:1,"y":2})",
           R"({"x":1,"y":2,"a":[1,2,]})",
           R"({"x":1,"y":2,"a":[1 /*c*/]})",
       }) {
    expect_dom_verdict(bad);
  }
  // Read elements too: a trailing comma, a comment, as jot::parse says.
  const auto trailing = read_fails<std::vector<int>>("[1, 2 ,\n ]");
  EXPECT_EQ(trailing.error().code, error_code::trailing_comma);
  EXPECT_EQ(trailing.error().offset, 6u);
  EXPECT_EQ(read_fails<std::vector<int>>("[1 /*c*/]").error().code, error_code::comment_not_allowed);
  EXPECT_EQ(read_fails<std::vector<int>>("[1, //c\n2]").error().code, error_code::comment_not_allowed);
  EXPECT_EQ(read_fails<std::vector<int>>("]").error().code, error_code::unexpected_character);
  EXPECT_EQ(read_fails<point>(R"({"x":1,"a":1,"b":[1,],"y":2})").error().path(), "/b");
  EXPECT_EQ(read_fails<point>(R"({"x":1,"a":[1,],"b":1,"y":2})").error().path(), "/a");
  EXPECT_EQ(read_fails<point>(R"({"x":1,"\u0061":[1,],"b":1,"y":2})").error().path(), "/a");
  EXPECT_EQ(read_fails<point>(R"({"x":1,"a":1,"b":1 "c":2,"y":2})").error().path(), "");
  EXPECT_EQ(read_fails<point>(R"({"x":1,"a":1,"b":1,"y":"s"})").error().path(), "/y");
  const auto dup = read_fails<point>(R"({"x":1,"a":1,"x":2,"y":2})");
  EXPECT_EQ(dup.error().code, error_code::duplicate_key);
  EXPECT_EQ(dup.error().offset, 13u);
  // The depth limit counts from the object, as for one skipped member.
  jot::read_options shallow;
  shallow.syntax.max_depth = 3;
  EXPECT_EQ(must_read<point>(R"({"a":1,"b":[[1]],"x":1,"y":2})", shallow).x, 1);
  EXPECT_EQ(read_fails<point>(R"({"a":1,"b":[[[1]]],"x":1,"y":2})", shallow).error().code,
            error_code::depth_exceeded);
}

struct named {
  std::string name;
  int y = 0;
};

// With validate_utf8 off, bytes above 0x7F are opaque: a read string, an
// escaped one and a skipped one all run on through them to the next '"',
// '\\' or control. Oracle: the text with each such byte replaced by 'x',
// read with validation on, gives the same verdict, error and offset, and the
// same string once its bytes above 0x7F are replaced the same way.
TEST(TypedRead, WithValidationOffNonAsciiBytesAreOpaque) {
  const auto stand_in = [](std::string t) {
    for (char& c : t)
      if (static_cast<unsigned char>(c) >= 0x80) c = 'x';
    return t;
  };
  int checked = 0, failed = 0;
  for (int run = 0; run < 80; run += 3) {
    std::string high;
    for (int i = 0; i < run; ++i) high += (i % 5 == 4) ? "\xFF" : "\xE3\x81\x82";
    for (const char* tail : {"\"", "\\n\xC3\xA9z\"", "\\u00e9\xC3\"", "\x01\"", "\n\"", "\\q\""}) {
      const std::string body = high + tail;
      for (const std::string& json : {R"({"name":")" + body + R"(,"y":2})",
                                      R"({"junk":")" + body + R"(,"name":"n","y":2})",
                                      R"({"name":"n","junk":[{"k":")" + body + R"(}],"y":2})"}) {
        for (jot::kernel k : jot_test::one_kernel_per_engine()) {
          jot::read_options lax;
          lax.syntax.validate_utf8 = false;
          lax.kernel = k;
          jot::read_options strict;
          strict.kernel = k;
          named got, want;
          const jot::read_result r = jot::read(json, got, lax);
          const jot::read_result ref = jot::read(stand_in(json), want, strict);
          ASSERT_EQ(r.ok(), ref.ok()) << jot_test::engine_name(k) << ": " << json;
          if (ref.ok()) {
            EXPECT_EQ(stand_in(got.name), stand_in(want.name)) << jot_test::engine_name(k) << ": " << json;
            EXPECT_EQ(got.y, 2);
          } else {
            EXPECT_EQ(r.error().code, ref.error().code) << jot_test::engine_name(k) << ": " << json;
            EXPECT_EQ(r.error().offset, ref.error().offset) << jot_test::engine_name(k) << ": " << json;
            ++failed;
          }
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(failed, 0);
  EXPECT_LT(failed, checked);
}

TEST(TypedRead, MissingAndDuplicateMembers) {
  const auto missing = read_fails<point>(R"({"x":1})");
  EXPECT_EQ(missing.error().code, error_code::missing_member);
  EXPECT_EQ(missing.error().path(), "/y");
  jot::read_options lenient;
  lenient.allow_missing_members = true;
  EXPECT_EQ(must_read<point>(R"({"x":1})", lenient).x, 1);
  // Optional members may be absent, and are emptied when they are.
  const auto s = must_read<shape>(R"({"name":"a","points":[],"closed":true})");
  EXPECT_FALSE(s.scale.has_value());
  const auto dup = read_fails<point>(R"({"x":1,"y":2,"x":3})");
  EXPECT_EQ(dup.error().code, error_code::duplicate_key);
  EXPECT_EQ(dup.error().path(), "/x");
  jot::read_options last_wins;
  last_wins.allow_duplicate_keys = true;
  EXPECT_EQ(must_read<point>(R"({"x":1,"y":2,"x":3})", last_wins).x, 3);
}

struct banner {
  int w = 0;
  int h = 0;
};
struct imp {
  std::string id;
  std::optional<banner> b;
};
struct request {
  std::vector<imp> imps;
};

TEST(TypedRead, ErrorsNameTheMemberWithPointerLineAndColumn) {
  const std::string json = "{\"imps\":[{\"id\":\"1\",\"b\":{\"w\":1,\"h\":2}},\n {\"id\":\"2\",\"b\":{\"w\":\"300\",\"h\":2}}]}";
  const auto r = read_fails<request>(json);
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/imps/1/b/w");
  EXPECT_EQ(r.error().found(), jot::type::string);
  EXPECT_EQ(r.error().line, 2u);
  EXPECT_EQ(r.error().column, 21u);
  EXPECT_EQ(json[r.error().offset], '"');
  EXPECT_EQ(describe(r), "/imps/1/b/w: expected an integer, got string (2:21)");
  // Keys with '/' and '~' are escaped in the pointer.
  using dict = std::map<std::string, int>;
  const auto m = read_fails<dict>(R"({"a/b~c":"x"})");
  EXPECT_EQ(m.error().path(), "/a~1b~0c");
  // The root has an empty path.
  const auto root = read_fails<int>("\"x\"");
  EXPECT_EQ(root.error().path(), "");
  EXPECT_EQ(describe(root), "expected an integer, got string (1:1)");
}

// jot::read<T> returns the value in a result<T, read_error>: the same value
// and the same error, path included, as the out-parameter form.
TEST(TypedRead, ReadReturningTheValue) {
  char buf[4096];
  jot::arena a(buf, sizeof buf);
  const jot::result<shape, jot::read_error> s =
      jot::read<shape>(R"({"name":"a\"b","points":[{"x":1,"y":2}],"closed":true})", a);
  ASSERT_TRUE(s) << describe_error(s.error());
  EXPECT_EQ(s->name, "a\"b");
  ASSERT_EQ(s->points.size(), 1u);
  EXPECT_EQ(s->points[0].y, 2);
  EXPECT_TRUE(s->closed);

  const std::string bad = "{\"imps\":[{\"id\":\"1\",\"b\":{\"w\":\"300\",\"h\":2}}]}";
  const jot::result<request, jot::read_error> r = jot::read<request>(bad, a);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/imps/0/b/w");
  EXPECT_EQ(r.error().found(), jot::type::string);
  EXPECT_EQ(describe_error(r.error()), describe(read_fails<request>(bad)));
  // The base part is the error every other call gives: it slices as one.
  const jot::error& plain = r.error();
  EXPECT_EQ(plain.offset, bad.find("\"300\""));

  // Without an arena, what needs memory fails; a view of an unescaped
  // string does not.
  const auto no_memory = jot::read<std::string_view>(R"("a\nb")");
  ASSERT_FALSE(no_memory);
  EXPECT_EQ(no_memory.error().code, error_code::capacity_exceeded);
  const auto view = jot::read<std::string_view>(R"("ab")");
  ASSERT_TRUE(view);
  EXPECT_EQ(*view, "ab");
  // Options apply: trailing content read off the front.
  const auto first = jot::read<int>("12 34", {.syntax = {.allow_trailing_content = true}});
  ASSERT_TRUE(first);
  EXPECT_EQ(*first, 12);
}

// Relaxed text into a struct: the members as from the strict text, typed
// errors at their place in the text as written, with the member's path.
TEST(TypedRead, RelaxedSyntaxIntoAStruct) {
  const jot::read_options relaxed{.syntax = {.allow_comments = true, .allow_trailing_commas = true, .allow_bom = true}};
  const std::string text = "\xEF\xBB\xBF{ // a shape\n \"name\": \"tri\", /* its points: */\n"
                           " \"points\": [{\"x\":1,\"y\":2,}, {\"y\":4, \"x\":3},],\n \"closed\": true,\n}\n";
  const auto s = must_read<shape>(text, relaxed);
  EXPECT_EQ(s.name, "tri");
  ASSERT_EQ(s.points.size(), 2u);
  EXPECT_EQ(s.points[1].x, 3);
  EXPECT_TRUE(s.closed);
  // Strict by default: the byte order mark is the first thing refused.
  EXPECT_EQ(read_fails<shape>(text).error().code, error_code::byte_order_mark);
  EXPECT_EQ(read_fails<shape>(text.substr(3)).error().code, error_code::comment_not_allowed);

  const std::string bad = "{ /* x */ \"name\": \"n\",\n  \"points\": [{\"x\": \"1\",}], \"closed\": false }";
  const auto r = read_fails<shape>(bad, relaxed);
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/points/0/x");
  EXPECT_EQ(r.error().offset, bad.find("\"1\""));
  EXPECT_EQ(r.error().line, 2u);
  EXPECT_EQ(r.error().column, 20u);

  // A view of a string in the relaxed text points into the arena's copy,
  // with the same bytes.
  char buf[1024];
  jot::arena a(buf, sizeof buf);
  const auto view = jot::read<std::string_view>("\"ab\" // c", a, relaxed);
  ASSERT_TRUE(view);
  EXPECT_EQ(*view, "ab");
  EXPECT_GE(view->data(), buf);
  EXPECT_LT(view->data(), buf + sizeof buf);
  // The copy needs arena memory; strict text read with the same options does not.
  const auto no_memory = jot::read<int>("1 // c", relaxed);
  ASSERT_FALSE(no_memory);
  EXPECT_EQ(no_memory.error().code, error_code::capacity_exceeded);
  const auto strict_text = jot::read<int>(" 1 ", relaxed);
  ASSERT_TRUE(strict_text);
  EXPECT_EQ(*strict_text, 1);
}

// The out-parameter form's value is the input bytes decoded.
TEST(TypedRead, TheResultsValueIsTheBytesDecoded) {
  int x = 0;
  const jot::read_result whole = jot::read(" 7 ", x);
  ASSERT_TRUE(whole);
  EXPECT_EQ(*whole, 3u);
  const jot::read_result first = jot::read("7 8", x, {.syntax = {.allow_trailing_content = true}});
  ASSERT_TRUE(first);
  EXPECT_EQ(*first, 2u);
  std::vector<int> lines;
  const jot::read_result nd = jot::read_ndjson("1\n2\n", lines);
  ASSERT_TRUE(nd);
  EXPECT_EQ(*nd, 4u);
  EXPECT_EQ(lines, (std::vector<int>{1, 2}));
}

// Keys the member loop did not guess (find_member): looked up, decoded when
// escaped, and still named by the errors that follow them.
TEST(TypedRead, UnguessedKeysNameTheirErrors) {
  using dict = std::map<std::string, int>;
  // A map's key is read again for the path: escaped, plain, not the first.
  EXPECT_EQ(read_fails<dict>(R"({"a\u002fb":"x"})").error().path(), "/a~1b");
  EXPECT_EQ(read_fails<dict>(R"({"a":1, "b" : "x"})").error().path(), "/b");
  EXPECT_EQ(read_fails<dict>(R"({"a":1,"a":2})").error().path(), "/a");
  // A struct's member found by lookup, not by the guess.
  const auto late = read_fails<point>(R"({"y":"s","x":1})");
  EXPECT_EQ(late.error().code, error_code::type_mismatch);
  EXPECT_EQ(late.error().path(), "/y");
  // A duplicate whose key is escaped, and one found after a run of unknown members.
  const auto escaped = read_fails<point>(R"({"x":1,"y":2,"\u0078":3})");
  EXPECT_EQ(escaped.error().code, error_code::duplicate_key);
  EXPECT_EQ(escaped.error().offset, 13u);
  EXPECT_EQ(escaped.error().path(), "/x");
  const auto after_run = read_fails<point>(R"({"y":1,"q":[1],"r":{},"y":2,"x":1})");
  EXPECT_EQ(after_run.error().code, error_code::duplicate_key);
  EXPECT_EQ(after_run.error().offset, 22u);
  EXPECT_EQ(after_run.error().path(), "/y");
  // An unknown escaped key, rejected by the option, is named decoded.
  jot::read_options strict;
  strict.reject_unknown_keys = true;
  const auto unknown = read_fails<point>(R"({"x":1,"\u0071":1,"y":2})", strict);
  EXPECT_EQ(unknown.error().code, error_code::unknown_key);
  EXPECT_EQ(unknown.error().offset, 7u);
  EXPECT_EQ(unknown.error().path(), "/q");
  // An object closed by a run of unknown members, and a key with escapes after one.
  EXPECT_EQ(must_read<point>(R"({"y":2,"x":1,"q":0})").x, 1);
  EXPECT_EQ(must_read<point>(R"({"q":0,"\u0079":2,"x":1})").y, 2);
}

TEST(TypedRead, LongPathsKeepTheirEnd) {
  using nest = std::vector<std::vector<std::vector<std::map<std::string, int>>>>;
  const std::string key(300, 'k');
  const auto r = read_fails<nest>("[[[{\"" + key + "\":\"x\"}]]]");
  EXPECT_TRUE(r.error().path_truncated());
  EXPECT_EQ(r.error().path().size(), jot::read_error::max_path);
  EXPECT_EQ(r.error().path().substr(r.error().path().size() - 3), "kkk");
}

TEST(TypedRead, DocumentLevelErrors) {
  EXPECT_EQ(read_fails<int>("").error().code, error_code::empty_input);
  EXPECT_EQ(read_fails<int>("  ").error().code, error_code::empty_input);
  EXPECT_EQ(read_fails<int>("1 2").error().code, error_code::trailing_content);
  EXPECT_EQ(read_fails<int>("1 /*c*/").error().code, error_code::comment_not_allowed);
  EXPECT_EQ(read_fails<int>("\xEF\xBB\xBF" "1").error().code, error_code::byte_order_mark);
  EXPECT_EQ(read_fails<point>(R"({"x":1,"y":2)").error().code, error_code::unexpected_end);
  EXPECT_EQ(read_fails<point>(R"({"x":1 "y":2})").error().code, error_code::unexpected_character);
  EXPECT_EQ(read_fails<point>(R"({"x":1,"y":2,})").error().code, error_code::trailing_comma);
  EXPECT_EQ(read_fails<std::vector<int>>("[1,2,]").error().code, error_code::trailing_comma);
  EXPECT_EQ(read_fails<std::vector<int>>("[1 2]").error().code, error_code::unexpected_character);
}

struct tree {
  std::vector<tree> kids;
};

TEST(TypedRead, DepthIsLimited) {
  std::string deep;
  for (int i = 0; i < 40; ++i) deep += "{\"kids\":[";
  for (int i = 0; i < 40; ++i) deep += "]}";
  jot::read_options o;
  o.syntax.max_depth = 200;
  EXPECT_TRUE(must_read<tree>(deep, o).kids.size() == 1);
  o.syntax.max_depth = 50;
  EXPECT_EQ(read_fails<tree>(deep, o).error().code, error_code::depth_exceeded);
  // Inside a skipped value too.
  std::string skipped = "{\"x\":1,\"y\":2,\"z\":" + std::string(100, '[') + std::string(100, ']') + "}";
  EXPECT_EQ(read_fails<point>(skipped, o).error().code, error_code::depth_exceeded);
  o.syntax.max_depth = 1000;
  EXPECT_EQ(must_read<point>(skipped, o).y, 2);
}

enum class color { red, green = 5, blue };
// Keys of every length class the key guess compares differently (up to 3
// bytes, 4-7, 8-16, longer than 16), and renamed keys it must not guess:
// one with a quote, one with a non-ASCII byte.
struct guessed {
  int a = 0;
  int four = 0;
  int eight_plus = 0;
  int much_longer_than_sixteen_x = 0;
  int quoted = 0;
  int accented = 0;
};
enum class level : std::uint8_t { low, high };
struct palette {
  color main = color::red;
  std::vector<color> others;
  level l = level::low;
};

struct celsius {
  double degrees = 0;
};
}  // namespace

template <>
struct jot::meta<level> {
  static constexpr bool as_integer = true;
};

template <>
struct jot::meta<celsius> {
  using proxy = double;
  static bool read(const double& in, celsius& out) noexcept {
    if (in < -273.15) return false;
    out.degrees = in;
    return true;
  }
  static double write(const celsius& in) noexcept { return in.degrees; }
};

template <>
struct jot::meta<guessed> {
  static constexpr auto rename = jot::rename({{"quoted", "say \"hi\""}, {"accented", "caf\u00e9"}});
};

namespace {

TEST(TypedRead, EnumsByNameOrAsIntegers) {
  const auto p = must_read<palette>(R"({"main":"green","others":["blue","red"],"l":1})");
  EXPECT_EQ(p.main, color::green);
  ASSERT_EQ(p.others.size(), 2u);
  EXPECT_EQ(p.others[0], color::blue);
  EXPECT_EQ(p.l, level::high);
  const auto bad = read_fails<palette>(R"({"main":"purple","others":[],"l":0})");
  EXPECT_EQ(bad.error().code, error_code::invalid_value);
  EXPECT_EQ(bad.error().path(), "/main");
  EXPECT_EQ(read_fails<palette>(R"({"main":5,"others":[],"l":0})").error().code, error_code::type_mismatch);
  EXPECT_EQ(read_fails<palette>(R"({"main":"red","others":[],"l":256})").error().code,
            error_code::number_out_of_range);
  // An escaped name is decoded before it is looked up.
  EXPECT_EQ(must_read<color>(R"("gr\u0065en")"), color::green);
}

// The reader guesses each key to be the member after the previous one and
// compares bytes; a guess must never accept what the full lookup would not.
TEST(TypedRead, KeysInAnyOrderAndTheirLookalikes) {
  const std::string in_order =
      R"({"a":1,"four":2,"eight_plus":3,"much_longer_than_sixteen_x":4,"say \"hi\"":5,"caf\u00e9":6})";
  const std::string reversed =
      R"({"caf\u00e9":6,"say \"hi\"":5,"much_longer_than_sixteen_x":4,"eight_plus":3,"four":2,"a":1})";
  for (const std::string& json : {in_order, reversed, std::string("{\"a\":1,\"four\":2,\"eight_plus\":3,"
                                                                  "\"much_longer_than_sixteen_x\":4,"
                                                                  "\"say \\\"hi\\\"\":5,\"caf\xC3\xA9\":6}")}) {
    const auto g = must_read<guessed>(json);
    EXPECT_EQ(g.a, 1) << json;
    EXPECT_EQ(g.four, 2) << json;
    EXPECT_EQ(g.eight_plus, 3) << json;
    EXPECT_EQ(g.much_longer_than_sixteen_x, 4) << json;
    EXPECT_EQ(g.quoted, 5) << json;
    EXPECT_EQ(g.accented, 6) << json;
  }
  // Escaped spellings of the guessed key are the same key.
  EXPECT_EQ(must_read<guessed>(R"({"\u0061":7})", {.allow_missing_members = true}).a, 7);
  // Lookalikes of the guessed key: a prefix, a longer key, one byte changed at
  // the start, the middle and the end of a long key; all unknown, so skipped,
  // or rejected with reject_unknown_keys.
  jot::read_options strict;
  strict.reject_unknown_keys = true;
  strict.allow_missing_members = true;
  for (const char* json : {R"({"a":1,"fou":2})", R"({"a":1,"fourr":2})", R"({"a":1,"four":2,"Eight_plus":3})",
                           R"({"a":1,"four":2,"eight_plus":3,"much_longer_thaN_sixteen_x":4})",
                           R"({"a":1,"four":2,"eight_plus":3,"much_longer_than_sixteen_y":4})",
                           R"({"a":1,"four":2,"eight_plus":3,"Much_longer_than_sixteen_x":4})",
                           R"({"a":1,"four":2,"eight_plus":3,"much_longer_than_sixteen_x ":4})",
                           R"({"a":1,"four":2,"eight_plus":3,"much_longer_than_sixteen_x":4,"say \"hi\" ":5})"}) {
    const auto r = read_fails<guessed>(json, strict);
    EXPECT_EQ(r.error().code, error_code::unknown_key) << json;
  }
  // Input that ends inside or right after a guessed key.
  for (const char* json : {R"({"a":1,"four)", R"({"a":1,"four")", R"({"a":1,"four":)", R"({"a":1,"fo)"}) {
    const auto r = read_fails<guessed>(json);
    EXPECT_TRUE(r.error().code == error_code::unexpected_end || r.error().code == error_code::unterminated_string)
        << json << " -> " << describe(r);
  }
  // A duplicate found by guessing is still a duplicate, named by its key.
  const auto dup = read_fails<guessed>(R"({"a":1,"four":2,"a":3})", {.allow_missing_members = true});
  EXPECT_EQ(dup.error().code, error_code::duplicate_key);
  EXPECT_EQ(dup.error().path(), "/a");
  // An error inside a guessed member names it.
  const auto bad = read_fails<guessed>(R"({"a":1,"four":"x"})", {.allow_missing_members = true});
  EXPECT_EQ(bad.error().code, error_code::type_mismatch);
  EXPECT_EQ(bad.error().path(), "/four");
}

TEST(TypedRead, ProxyTypes) {
  EXPECT_EQ(must_read<celsius>("21.5").degrees, 21.5);
  const auto r = read_fails<std::vector<celsius>>("[1,-300]");
  EXPECT_EQ(r.error().code, error_code::invalid_value);
  EXPECT_EQ(r.error().path(), "/1");
}

// A vector read again keeps its elements and grows or shrinks to the new
// array: each length after every other, and the values all new.
TEST(TypedRead, ReusedVectorsTakeEveryLength) {
  char buf[1024];
  jot::arena a(buf, sizeof buf);
  std::vector<int> v{7, 7, 7};
  for (const std::size_t n : {3u, 5u, 2u, 0u, 4u, 1u, 6u, 6u, 0u, 3u}) {
    std::string json = "[";
    for (std::size_t i = 0; i < n; ++i) json += (i ? ", " : "") + std::to_string(n * 10 + i);
    json += "]";
    ASSERT_TRUE(jot::read(json, v, a).ok()) << json;
    ASSERT_EQ(v.size(), n) << json;
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(v[i], static_cast<int>(n * 10 + i)) << json;
  }
}

TEST(TypedRead, ReusedObjectsReuseAndResetTheirMembers) {
  char buf[4096];
  jot::arena a(buf, sizeof buf);
  shape s;
  ASSERT_TRUE(jot::read(R"({"name":"a","points":[{"x":1,"y":1},{"x":2,"y":2}],"scale":3,"closed":true})", s, a).ok());
  ASSERT_TRUE(jot::read(R"({"name":"b","points":[{"x":9,"y":9}],"closed":false})", s, a).ok());
  EXPECT_EQ(s.name, "b");
  ASSERT_EQ(s.points.size(), 1u);
  EXPECT_EQ(s.points[0].x, 9);
  EXPECT_FALSE(s.scale.has_value());
  // A reused string member takes every length, shorter or longer than the
  // last (each of copy_short's size classes), with nothing left of the old.
  for (const std::size_t n : {40u, 33u, 32u, 17u, 16u, 9u, 8u, 5u, 4u, 3u, 2u, 1u, 0u, 7u, 15u, 31u, 64u, 2u}) {
    std::string name;
    for (std::size_t i = 0; i < n; ++i) name += static_cast<char>('a' + (i * 7 + n) % 26);
    ASSERT_TRUE(jot::read(R"({"name":")" + name + R"(","points":[],"closed":true})", s, a).ok()) << n;
    EXPECT_EQ(s.name, name) << n;
    EXPECT_EQ(s.name.size(), n);
    EXPECT_EQ(s.name.c_str()[n], '\0') << n;
  }
}

// The typed tests loop over one kernel per engine: each kernel maps to the
// engine jot/detail/engine/skip_engines.h names, and the loop runs each engine once.
TEST(TypedRead, EachKernelRunsTheEngineDocumented) {
  std::set<std::string> engines;
  for (jot::kernel k : jot_test::supported_kernels()) {
#if defined(JOT_HAS_X86_KERNELS)
    const bool vector = k == jot::kernel::avx2 || k == jot::kernel::avx512;
    EXPECT_STREQ(jot_test::engine_name(k), vector ? "avx2" : "sse2") << jot::kernel_name(k);
#elif defined(JOT_HAS_NEON_KERNEL)
    EXPECT_STREQ(jot_test::engine_name(k), k == jot::kernel::neon ? "neon" : "portable") << jot::kernel_name(k);
#else
    EXPECT_STREQ(jot_test::engine_name(k), "portable") << jot::kernel_name(k);
#endif
    engines.insert(jot_test::engine_name(k));
  }
  std::set<std::string> looped;
  for (jot::kernel k : jot_test::one_kernel_per_engine())
    EXPECT_TRUE(looped.insert(jot_test::engine_name(k)).second) << "engine run twice: " << jot_test::engine_name(k);
  EXPECT_EQ(looped, engines);
}

TEST(TypedRead, EveryEngineReadsTheSame) {
  const std::string json = R"({"name":"caf\u00e9 \u2603 long enough to need a few vector blocks ......","points":[{"x":1,"y":2}],"closed":true})";
  for (jot::kernel k : jot_test::one_kernel_per_engine()) {
    jot::read_options o;
    o.kernel = k;
    const auto s = must_read<shape>(json, o);
    EXPECT_EQ(s.name, "caf\xC3\xA9 \xE2\x98\x83 long enough to need a few vector blocks ......") << jot_test::engine_name(k);
    EXPECT_EQ(read_fails<shape>("{\"name\":\"caf\xC3\"}", o).error().code, error_code::invalid_utf8);
  }
}

}  // namespace

namespace {
struct only_a {
  int a = 0;
};
}  // namespace

// The validating skip of an unknown member guesses the length of its
// indentation runs per depth, as the DOM parser does; a wrong guess must
// only cost time. The skip must accept exactly what the DOM parser accepts
// and fail at the same byte.
TEST(TypedRead, SkippedIndentedValuesAreJudgedLikeTheDom) {
  std::mt19937 rng(99);
  std::size_t valid = 0, invalid = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string json = "{\"skip\": " + jot_test::indented_case(rng, i) + ", \"a\": 7}";
    jot::arena dom_arena;
    const auto dom = jot::parse(json, dom_arena);
    only_a out;
    const jot::read_result r = jot::read(json, out);
    ASSERT_EQ(r.ok(), static_cast<bool>(dom)) << json << " -> " << describe(r);
    if (dom) {
      ++valid;
      ASSERT_EQ(out.a, 7) << json;
    } else {
      ++invalid;
      ASSERT_EQ(r.error().offset, dom.error().offset) << json << " -> " << describe(r);
    }
  }
  EXPECT_GT(valid, 1000u);
  EXPECT_GT(invalid, 500u);
}

namespace {
struct indented_leaf {
  int a = 0;
  std::vector<int> b;
};
struct indented_root {
  std::vector<indented_leaf> items;
  std::string name;
  int n = 0;
};

// A random indented_root and its text, with whitespace runs of 0 to 80
// bytes chosen per depth (so that the reader's per-depth guess of their
// length is sometimes right, sometimes wrong).
std::string indented_text(std::mt19937& rng, indented_root& want) {
  static const int lengths[] = {0, 1, 2, 5, 15, 16, 17, 31, 32, 33, 63, 64, 65, 80};
  const auto run = [&](int depth) {
    const int n = lengths[(depth * 5 + static_cast<int>(rng() % 2)) % std::size(lengths)];
    std::string r = rng() % 2 ? "\n" : "";
    while (static_cast<int>(r.size()) < n) r += rng() % 8 == 0 ? '\t' : ' ';
    return r;
  };
  want = {};
  std::string t = "{" + run(1) + "\"items\": [";
  const int items = static_cast<int>(rng() % 4);
  for (int i = 0; i < items; ++i) {
    indented_leaf leaf;
    leaf.a = static_cast<int>(rng() % 1000);
    t += (i ? "," : "") + run(2) + "{" + run(3) + "\"a\": " + std::to_string(leaf.a) + "," + run(3) + "\"b\": [";
    const int count = static_cast<int>(rng() % 4);
    for (int j = 0; j < count; ++j) {
      leaf.b.push_back(static_cast<int>(rng() % 100));
      t += (j ? "," : "") + run(4) + std::to_string(leaf.b.back());
    }
    t += run(3) + "]" + run(2) + "}";
    want.items.push_back(leaf);
  }
  want.name = "x" + std::to_string(rng() % 10);
  want.n = static_cast<int>(rng() % 10);
  t += run(1) + "]," + run(1) + "\"name\": \"" + want.name + "\"," + run(1) + "\"n\": " + std::to_string(want.n) +
       run(0) + "}";
  return t;
}
}  // namespace

// The reader's own loops (members, elements) guess indentation per depth:
// right or wrong, the value read must be the one written, and a stray byte
// in a run must fail where the DOM parser fails.
TEST(TypedRead, IndentedStructsReadTheSameWhateverTheRuns) {
  std::mt19937 rng(4);
  for (int i = 0; i < 3000; ++i) {
    indented_root want;
    std::string text = indented_text(rng, want);
    indented_root got;
    const jot::read_result r = jot::read(text, got);
    ASSERT_TRUE(r.ok()) << text << " -> " << describe(r);
    ASSERT_EQ(got.items.size(), want.items.size()) << text;
    for (std::size_t k = 0; k < want.items.size(); ++k) {
      ASSERT_EQ(got.items[k].a, want.items[k].a) << text;
      ASSERT_EQ(got.items[k].b, want.items[k].b) << text;
    }
    ASSERT_EQ(got.name, want.name) << text;
    ASSERT_EQ(got.n, want.n) << text;
    // The same text with one space or tab replaced by a stray byte.
    std::vector<std::size_t> spaces;
    for (std::size_t k = 0; k < text.size(); ++k)
      if (text[k] == ' ' || text[k] == '\t') spaces.push_back(k);
    if (spaces.empty()) continue;
    text[spaces[rng() % spaces.size()]] = i % 2 ? 'x' : '\x01';
    jot::arena dom_arena;
    const auto dom = jot::parse(text, dom_arena);
    ASSERT_FALSE(dom) << text;
    indented_root bad;
    const jot::read_result rb = jot::read(text, bad);
    ASSERT_FALSE(rb.ok()) << text;
    ASSERT_EQ(rb.error().offset, dom.error().offset) << text << " -> " << describe(rb);
  }
}
